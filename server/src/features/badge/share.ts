import type { FastifyRequest } from 'fastify';
import { resolveVisit } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { VISIT_COOKIE } from '../auth/common.js';
import { publish } from '../events/publish.js';
import { parseQuestionPath } from '../question/permalink.js';
import { PUBLIC_QUESTION_STATUSES } from '../visibility/rules.js';
import { SINGLE_AWARD_KEY } from './award-key.js';
import { BADGE_STATUS } from './award.js';
import { HANDLER } from './rules.js';

/**
 * First Share (domain.md 9.2): a page request for a question URL with `?share=<username>` credits
 * that user, but only when someone else opens the link (upstream counts self-visits; we do not).
 * The opener must be signed in (known by the visit cookie) and not the sharer: a signed-out opener
 * cannot be told apart from the sharer who just signed out, so it earns nothing (docs/decisions.md).
 *
 * Page loads are frequent and cheap, so the work is done only while it can matter: nothing is
 * written when the sharer already holds the badge or the badge is off. Never fails the page.
 */
export async function creditShare(runtime: Runtime, request: FastifyRequest): Promise<void> {
  try {
    if (!runtime.installed) return;
    const url = request.url;
    if (!url.startsWith('/questions/') || !url.includes('share=')) return;
    const [pathname, search] = [url.split('?')[0]!, url.slice(url.indexOf('?') + 1)];
    const sharer = new URLSearchParams(search).get('share')?.trim();
    if (!sharer || sharer.length > 100) return;
    const visitCookie = request.cookies?.[VISIT_COOKIE];
    if (!visitCookie) return;
    const parsed = parseQuestionPath(pathname.split('/').slice(2).map(safeDecode));
    if (!parsed) return;
    const db = runtime.database;
    const user = await db.selectFrom('user').select(['id', 'status']).where('username', '=', sharer).executeTakeFirst();
    if (!user || Number(user.status) === 10) return;
    const sharerId = String(user.id);
    const badge = await db.selectFrom('badge').select(['id', 'status']).where('handler', '=', HANDLER.share).executeTakeFirst();
    if (!badge || Number(badge.status) !== BADGE_STATUS.active) return;
    const held = await db
      .selectFrom('badge_award')
      .select('id')
      .where('user_id', '=', sharerId)
      .where('badge_id', '=', String(badge.id))
      .where('award_key', '=', SINGLE_AWARD_KEY)
      .executeTakeFirst();
    if (held) return;
    const question = await db.selectFrom('question').select('status').where('id', '=', parsed.questionId).executeTakeFirst();
    if (!question || !PUBLIC_QUESTION_STATUSES.includes(Number(question.status))) return;
    const visitor = await resolveVisit(db, visitCookie);
    if (!visitor || visitor === sharerId) return;
    await db.transaction().execute((trx) => publish(trx, { kind: 'share', sharerId, questionId: parsed.questionId }));
    // Page reads do not wake the outbox worker (app.ts); this one wrote an event.
    void runtime.outbox.kick();
  } catch (err) {
    request.log.warn({ err }, 'share credit failed');
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
