// The tags area (one lazily loaded chunk): the list, a tag's questions and wiki, creating and editing.
export { CreateTag } from './CreateTag';
export { EditTag } from './EditTag';
export { TagDetail } from './TagDetail';
export { TagInfo } from './TagInfo';
export { TagList } from './TagList';
