// The tags area (one lazily loaded chunk): the list, a tag's questions and wiki, creating and editing.
export { CreateTag } from './CreateTag';
export { EditTag } from './EditTag';
export { TagDetail } from './TagDetail';
export { TagInfo } from './TagInfo';
export { TagList } from './TagList';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
