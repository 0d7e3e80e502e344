// The review area (one lazily loaded chunk): the review queues and the suggested edits in them.
export { Review } from './Review';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
