import { LIMITS, type SiteInfo } from '@answer/contract';
import type { ChosenTag } from '../../components/tag-input';

export interface QuestionFields {
  title: string;
  content: string;
  tags: ChosenTag[];
}

/** Field -> translation key of what is wrong with it (spec section 5); empty when all is well. */
export type FieldProblems = Partial<Record<'title' | 'content' | 'tags' | 'answer_content', string>>;

/** The site's question rules (admin question group); the server checks them again. */
export type QuestionRules = Pick<SiteInfo['site_question'], 'min_title_length' | 'min_body_length' | 'max_tags'>;
export const DEFAULT_QUESTION_RULES: QuestionRules = { min_title_length: 1, min_body_length: 1, max_tags: 10 };
export const questionRules = (site: SiteInfo | null | undefined): QuestionRules => site?.site_question ?? DEFAULT_QUESTION_RULES;

export function validateQuestion(q: QuestionFields, rules: QuestionRules = DEFAULT_QUESTION_RULES): FieldProblems {
  const problems: FieldProblems = {};
  const title = q.title.trim().length;
  const content = q.content.trim().length;
  if (!title) problems.title = 'question.form.title_required';
  else if (title > LIMITS.questionTitleMax) problems.title = 'question.form.title_too_long';
  else if (title < rules.min_title_length) problems.title = 'question.form.title_too_short';
  if (!content) problems.content = 'question.form.body_required';
  else if (content < rules.min_body_length) problems.content = 'question.form.body_too_short';
  if (!q.tags.length) problems.tags = 'question.form.tags_required';
  else if (q.tags.length > rules.max_tags) problems.tags = 'question.form.tag_too_many';
  return problems;
}

/** Values for the translated message of each question problem under these rules. */
export const questionProblemValues = (rules: QuestionRules): Record<string, Record<string, number>> => ({
  'question.form.title_too_long': { max: LIMITS.questionTitleMax },
  'question.form.title_too_short': { min: rules.min_title_length },
  'question.form.body_too_short': { min: rules.min_body_length },
  'question.form.tag_too_many': { max: rules.max_tags },
  'question.form.answer_too_short': { min: LIMITS.answerMin },
});

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

/** Values for the translated answer message above. */
export const PROBLEM_VALUES = { max: LIMITS.questionTitleMax, min: LIMITS.answerMin };
