// The questions area (one lazily loaded chunk): the list and asking; a question's page is its own chunk (app/pages.ts).
export { AskQuestion } from './ask/AskQuestion';
export { QuestionList } from './list/QuestionList';
