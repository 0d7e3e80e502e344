/** The answer being written (spec section 3: the answer draft belongs to one question). */
export interface AnswerDraft {
  questionId: string;
  content: string;
}
