// The timeline area (one lazily loaded chunk): the history of a question, an answer or a tag.
export { Timeline } from './Timeline';
