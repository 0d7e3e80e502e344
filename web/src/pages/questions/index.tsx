// The question list (one lazily loaded chunk); asking and a question's page are chunks of their own (app/pages.ts).
export { QuestionList } from './list/QuestionList';
