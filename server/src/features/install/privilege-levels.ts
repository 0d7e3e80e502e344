/**
 * Reputation thresholds of the three preset privilege levels (domain.md 4.2), keyed by the action
 * name that follows "rank." in the config table. Level 2 is written at install.
 */
export const PRIVILEGE_KEYS = [
  'question.add',
  'answer.add',
  'comment.add',
  'report.add',
  'comment.vote_up',
  'link.url_limit',
  'question.vote_up',
  'answer.vote_up',
  'question.vote_down',
  'answer.vote_down',
  'answer.invite_someone_to_answer',
  'tag.add',
  'tag.edit',
  'question.edit',
  'answer.edit',
  'question.edit_without_review',
  'answer.edit_without_review',
  'question.audit',
  'answer.audit',
  'tag.audit',
  'tag.edit_without_review',
  'tag.synonym',
] as const;
export type PrivilegeKey = (typeof PRIVILEGE_KEYS)[number];

// Values in PRIVILEGE_KEYS order, one row per level.
const L1 = [1, 1, 1, 1, 1, 1, 1, 1, 125, 125, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const L2 = [1, 1, 1, 1, 1, 10, 8, 8, 125, 125, 500, 750, 50, 100, 100, 1000, 1000, 1000, 1000, 2500, 10000, 10000];
const L3 = [1, 1, 1, 1, 1, 10, 15, 15, 125, 125, 1000, 1500, 100, 200, 200, 2000, 2000, 2000, 2000, 5000, 20000, 20000];

const toMap = (values: number[]) =>
  Object.fromEntries(PRIVILEGE_KEYS.map((k, i) => [k, values[i]!])) as Record<PrivilegeKey, number>;

export const PRIVILEGE_LEVELS: Record<1 | 2 | 3, Record<PrivilegeKey, number>> = {
  1: toMap(L1),
  2: toMap(L2),
  3: toMap(L3),
};
export const DEFAULT_PRIVILEGE_LEVEL = 2;
