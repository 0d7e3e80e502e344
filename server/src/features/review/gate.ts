import { ROLE } from '@answer/contract';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { askReviewerPlugins } from '../plugin/reviewers.js';
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

/**
 * Runs the review rules on a new question or answer, before its transaction: the status it is
 * created with, and the review row it needs. Edits are never asked (domain.md 5.11), nor staff.
 *
 * First the site's own rules (rules.ts), then the reviewer plugins about the posts those let
 * through: the first rejection wins, as upstream asks its reviewers in turn. `need_review` queues
 * the post with the plugin as submitter and its reason; `delete_directly` creates it deleted, as
 * upstream does (no review row, nothing counted, no create event). A failing plugin is skipped.
 * The site's rules are not a built-in ReviewerHooks plugin: they need what ReviewContent does not
 * carry (the Markdown, the author's published post counts), keep translatable reasons, let a
 * delete from any rule win over a hold, and are set in the site's `review` settings, not a plugin
 * form; the plugin hook therefore runs after them, here.
 */
export async function gateNewPost(runtime: Runtime, user: SessionUser, post: Omit<ReviewPost, 'author'>, client: PostClient = NO_CLIENT): Promise<GateResult> {
  const role = roleName(user);
  if (role !== 'user') return AVAILABLE;
  const settings = (await loadSiteSettings(runtime)).review;
  const counts = await runtime.database.selectFrom('user').select(['question_count', 'answer_count', 'rank']).where('id', '=', user.id).executeTakeFirst();
  const rank = Number(counts?.rank ?? user.rank);
  const { verdict, rule } = await judge(
    {
      ...post,
      author: {
        id: user.id,
        rank,
        role,
        approvedQuestions: Number(counts?.question_count ?? 0),
        approvedAnswers: Number(counts?.answer_count ?? 0),
      },
    },
    settings,
  );
  if (verdict.decision === 'delete') return DELETED;
  if (verdict.decision === 'need_review') return { status: POST_STATUS.pending, queued: { submitter: rule, reason: JSON.stringify(verdict.reason ?? {}) } };
  const plugin = await askReviewerPlugins(runtime, {
    objectType: post.objectType,
    ...(post.objectType === 'question' && { title: post.title, tags: post.tags }),
    content: post.html,
    author: { id: user.id, rank, role },
    ...client,
  });
  if (plugin?.result === 'delete_directly') return DELETED;
  if (plugin?.result === 'need_review') return { status: POST_STATUS.pending, queued: { submitter: plugin.slug, reason: plugin.reason } };
  return AVAILABLE;
}

/**
 * A new comment's status: the reviewer plugins are asked (the site's own rules never judge
 * comments, domain.md 5.11). `delete_directly` creates it deleted, as upstream does. `need_review`
 * cannot hold it: the queued-posts queue of this API (its contract and its client) lists questions
 * and answers only, so a held comment would wait where no moderator can see it; it is published.
 */
export async function gateNewComment(runtime: Runtime, user: SessionUser, html: string, client: PostClient = NO_CLIENT): Promise<typeof POST_STATUS.available | typeof POST_STATUS.deleted> {
  const role = roleName(user);
  if (role !== 'user') return POST_STATUS.available;
  const plugin = await askReviewerPlugins(runtime, { objectType: 'comment', content: html, author: { id: user.id, rank: user.rank, role }, ...client });
  return plugin?.result === 'delete_directly' ? POST_STATUS.deleted : POST_STATUS.available;
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
