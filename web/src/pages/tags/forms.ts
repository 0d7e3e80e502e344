// The tag forms (one lazily loaded chunk, with the Markdown editor's field): creating and editing a tag.
export { CreateTag } from './CreateTag';
export { EditTag } from './EditTag';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
