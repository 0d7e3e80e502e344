// The timeline area (one lazily loaded chunk): the history of a question, an answer or a tag.
export { Timeline } from './Timeline';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
