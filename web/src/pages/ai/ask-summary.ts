// The ask page's summary of what the site already says: a chunk of its own, loaded when the
// assistant is on, so the ask form does not carry it otherwise.
export { AskSummary } from './AskSummary';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
