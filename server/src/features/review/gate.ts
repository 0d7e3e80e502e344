import { ROLE } from '@answer/contract';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { judge, type ReviewPost } from './rules.js';

/** Post status after the rules (the same numbers for questions and answers, domain.md 2.17). */
export const POST_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
/** review.status (domain.md 2.9). */
export const REVIEW = { pending: 1, approved: 2, rejected: 3 } as const;

export interface GateResult {
  status: (typeof POST_STATUS)[keyof typeof POST_STATUS];
  /** Set when the post waits in the queue: what goes on its review row. */
  queued: { submitter: string; reason: string } | null;
}

const roleName = (user: SessionUser): ReviewPost['author']['role'] =>
  user.roleId === ROLE.admin ? 'admin' : user.roleId === ROLE.moderator ? 'moderator' : 'user';

/**
 * Runs the review rules on a new question or answer, before its transaction: the status it is
 * created with, and the review row it needs. Edits and comments are never asked (domain.md 5.11).
 */
export async function gateNewPost(runtime: Runtime, user: SessionUser, post: Omit<ReviewPost, 'author'>): Promise<GateResult> {
  const role = roleName(user);
  if (role !== 'user') return { status: POST_STATUS.available, queued: null };
  const settings = (await loadSiteSettings(runtime)).review;
  const counts = await runtime.database.selectFrom('user').select(['question_count', 'answer_count', 'rank']).where('id', '=', user.id).executeTakeFirst();
  const { verdict, rule } = await judge(
    {
      ...post,
      author: {
        id: user.id,
        rank: Number(counts?.rank ?? user.rank),
        role,
        approvedQuestions: Number(counts?.question_count ?? 0),
        approvedAnswers: Number(counts?.answer_count ?? 0),
      },
    },
    settings,
  );
  if (verdict.decision === 'delete') return { status: POST_STATUS.deleted, queued: null };
  if (verdict.decision === 'need_review') return { status: POST_STATUS.pending, queued: { submitter: rule, reason: JSON.stringify(verdict.reason ?? {}) } };
  return { status: POST_STATUS.available, queued: null };
}

/** Writes the review row of a held-back post, in the transaction that creates the post. */
export async function queueForReview(
  trx: Kysely<Database>,
  post: { userId: string; objectId: string; objectType: 'question' | 'answer' },
  queued: NonNullable<GateResult['queued']>,
): Promise<void> {
  await trx
    .insertInto('review')
    .values({
      created_at: Math.floor(Date.now() / 1000),
      user_id: post.userId,
      object_id: post.objectId,
      object_type: OBJECT_TYPE[post.objectType],
      submitter: queued.submitter.slice(0, 100),
      reason: queued.reason,
      status: REVIEW.pending,
    })
    .execute();
}
