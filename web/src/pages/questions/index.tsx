// The questions area (one lazily loaded chunk): the list, asking, and a question with its answers.
export { AskQuestion } from './ask/AskQuestion';
export { QuestionDetail } from './detail/QuestionDetail';
export { QuestionList } from './list/QuestionList';
