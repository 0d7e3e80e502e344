// The post editing area (one lazily loaded chunk): editing a question or an answer.
export { EditAnswer } from './EditAnswer';
export { EditQuestion } from './EditQuestion';
