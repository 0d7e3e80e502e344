import { ROLE } from '@answer/contract';
import { publish } from '../events/publish.js';
import type { ReviewContent } from '@answer/plugin-sdk';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { askReviewerPlugins } from '../plugin/reviewers.js';
import type { ReviewPost } from './rules.js';

/** Post status after the rules (the same numbers for questions and answers, domain.md 2.17). */
export const POST_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
/** review.status (domain.md 2.9). */
export const REVIEW = { pending: 1, approved: 2, rejected: 3 } as const;

export interface GateResult {
  status: (typeof POST_STATUS)[keyof typeof POST_STATUS];
  /** Set when the post waits in the queue: what goes on its review row. */
  queued: { submitter: string; reason: string } | null;
}

/** Who sent a post: reviewer plugins are given its address and browser (SDK ReviewContent). */
export interface PostClient {
  ip: string;
  userAgent: string;
}

/** Posts made without a request (seeding, tests) have no client. */
export const NO_CLIENT: PostClient = { ip: '', userAgent: '' };

export const postClientOf = (request: { ip: string; headers: { 'user-agent'?: string } }): PostClient => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

const roleName = (user: SessionUser): ReviewPost['author']['role'] =>
  user.roleId === ROLE.admin ? 'admin' : user.roleId === ROLE.moderator ? 'moderator' : 'user';

const AVAILABLE: GateResult = { status: POST_STATUS.available, queued: null };
const DELETED: GateResult = { status: POST_STATUS.deleted, queued: null };

/** What a reviewer is told about the author: their role, reputation and published post counts. */
async function authorOf(runtime: Runtime, user: SessionUser): Promise<ReviewContent['author']> {
  const counts = await runtime.database.selectFrom('user').select(['question_count', 'answer_count', 'rank']).where('id', '=', user.id).executeTakeFirst();
  return {
    id: user.id,
    rank: Number(counts?.rank ?? user.rank),
    role: roleName(user),
    approvedQuestions: Number(counts?.question_count ?? 0),
    approvedAnswers: Number(counts?.answer_count ?? 0),
  };
}

/**
 * Asks the reviewers about a new question or answer, before its transaction: the status it is
 * created with, and the review row it needs. Edits are never asked (domain.md 5.11), nor staff.
 *
 * The reviewers are the site's own rules (the built-in plugin of plugin.ts, asked first) and the
 * reviewer plugins, in load order: the first rejection wins, as upstream asks its reviewers in
 * turn. `need_review` queues the post with the reviewer (and its rule) as submitter and its
 * reason; `delete_directly` creates it deleted, as upstream does (no review row, nothing counted,
 * no create event). A failing reviewer is skipped.
 */
export async function gateNewPost(runtime: Runtime, user: SessionUser, post: Omit<ReviewPost, 'author'>, client: PostClient = NO_CLIENT): Promise<GateResult> {
  if (roleName(user) !== 'user') return AVAILABLE;
  const verdict = await askReviewerPlugins(runtime, {
    objectType: post.objectType,
    ...(post.objectType === 'question' && { title: post.title, tags: post.tags }),
    content: post.html,
    markdown: post.content,
    author: await authorOf(runtime, user),
    ...client,
  });
  if (verdict?.result === 'delete_directly') return DELETED;
  if (verdict?.result === 'need_review') return { status: POST_STATUS.pending, queued: { submitter: verdict.submitter, reason: verdict.reason } };
  return AVAILABLE;
}

/**
 * A new comment's status: the reviewers are asked (the site's own rules approve every comment,
 * domain.md 5.11). `delete_directly` creates it deleted, as upstream does. `need_review` cannot
 * hold it: the queued-posts queue of this API (its contract and its client) lists questions and
 * answers only, so a held comment would wait where no moderator can see it; it is published.
 */
export async function gateNewComment(
  runtime: Runtime,
  user: SessionUser,
  comment: { html: string; markdown: string },
  client: PostClient = NO_CLIENT,
): Promise<typeof POST_STATUS.available | typeof POST_STATUS.deleted> {
  if (roleName(user) !== 'user') return POST_STATUS.available;
  const verdict = await askReviewerPlugins(runtime, { objectType: 'comment', content: comment.html, markdown: comment.markdown, author: await authorOf(runtime, user), ...client });
  return verdict?.result === 'delete_directly' ? POST_STATUS.deleted : POST_STATUS.available;
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
  await publish(trx, { kind: 'post.queued', actorId: post.userId, objectType: post.objectType, objectId: post.objectId });
}
