// The tag pages (one lazily loaded chunk): the list, a tag's questions and wiki. Creating and editing a
// tag are a chunk of their own (forms.ts), and the wiki's staff forms load when they show (TagInfo.tsx).
export { TagDetail } from './TagDetail';
export { TagInfo } from './TagInfo';
export { TagList } from './TagList';
