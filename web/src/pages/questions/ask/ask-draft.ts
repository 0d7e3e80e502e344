import type { ChosenTag } from '../../../components/tag-input';

/** What the ask form keeps between visits (spec section 3: the question draft). */
export interface QuestionDraft {
  title: string;
  content: string;
  tags: ChosenTag[];
  answer: string;
}

export const EMPTY_DRAFT: QuestionDraft = { title: '', content: '', tags: [], answer: '' };

export const isEmptyDraft = (d: QuestionDraft) => !d.title.trim() && !d.content.trim() && !d.tags.length && !d.answer.trim();
