import { longToShort, objectTypeOf, OBJECT_TYPE, toLongId } from '../../core/ids.js';
import { urlTitle } from '../../core/slug.js';

/**
 * Canonical question and answer URLs for the permalink styles (domain.md 1.9):
 * 1 long id + title, 2 long id, 3 short id + title, 4 short id. Answers append their id.
 */
export function questionPath(style: number, questionId: string, title: string, answerId?: string): string {
  const short = style === 3 || style === 4;
  const withTitle = style === 1 || style === 3;
  const qid = short ? longToShort(questionId) : questionId;
  const aid = answerId ? (short ? longToShort(answerId) : answerId) : '';
  return ['/questions', qid, withTitle ? urlTitle(title) : '', aid].filter(Boolean).join('/');
}

/**
 * Reads /questions/<id>[/<title>][/<answer id>] in any style: the segment after the id is an answer
 * when it decodes to an answer id, else a title slug.
 */
export function parseQuestionPath(segments: string[]): { questionId: string; answerId?: string } | null {
  const questionId = toLongId(segments[0] ?? '');
  if (!questionId || objectTypeOf(questionId) !== OBJECT_TYPE.question) return null;
  const rest = segments.slice(1).filter(Boolean);
  const last = rest[rest.length - 1];
  const answerId = last && /^[0-9a-zA-Z]+$/.test(last) && objectTypeOf(last) === OBJECT_TYPE.answer ? toLongId(last)! : undefined;
  return { questionId, answerId };
}
