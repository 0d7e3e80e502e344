import { LIMITS } from '@answer/contract';
import type { ChosenTag } from '../../components/tag-input';

export interface QuestionFields {
  title: string;
  content: string;
  tags: ChosenTag[];
}

/** Field -> translation key of what is wrong with it (spec section 5); empty when all is well. */
export type FieldProblems = Partial<Record<'title' | 'content' | 'tags' | 'answer_content', string>>;

export function validateQuestion(q: QuestionFields): FieldProblems {
  const problems: FieldProblems = {};
  if (!q.title.trim()) problems.title = 'question.form.title_required';
  else if (q.title.trim().length > LIMITS.questionTitleMax) problems.title = 'question.form.title_too_long';
  if (!q.content.trim()) problems.content = 'question.form.body_required';
  if (!q.tags.length) problems.tags = 'question.form.tags_required';
  return problems;
}

/** Answers need at least 6 characters (spec section 5). */
export const validateAnswer = (content: string): string | undefined =>
  content.trim().length < LIMITS.answerMin ? 'question.form.answer_too_short' : undefined;

/**
 * The server's field errors keyed by the form field they belong to ("tags.0.slug_name" is about the
 * tags field); errors about fields the form does not show (a captcha it has not asked for) are
 * collected under `form` so they are not lost.
 */
export function serverFieldErrors(errors: Record<string, string>, shown: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, msg] of Object.entries(errors)) {
    const name = field.split('.')[0]!;
    const key = shown.includes(name) ? name : 'form';
    out[key] = out[key] ? `${out[key]} ${msg}` : msg;
  }
  return out;
}

/** Values for the translated messages above. */
export const PROBLEM_VALUES = { max: LIMITS.questionTitleMax, min: LIMITS.answerMin };
