// The review area (one lazily loaded chunk): the review queues and the suggested edits in them.
export { Review } from './Review';
