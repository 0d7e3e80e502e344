import type { z } from 'zod';
import type { inviteSchema } from '@answer/contract';
import { AppError, notFound } from '../../core/errors.js';
import { can, ensure, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { loadUserBasics } from '../user/basic.js';
import { publish } from '../events/publish.js';
import { findQuestion, lockQuestion } from './queries.js';
import { canSeeQuestion } from '../visibility/rules.js';
import { Q, questionIdOrThrow } from './service.js';

const PRIVILEGE = 'answer.invite_someone_to_answer';
const AVAILABLE_USER = 1;

/** `question.invite_user_id` holds a JSON array of user ids (domain.md 2.2). */
function invitedIds(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw || '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** The question's `extends_actions` (domain.md 4.4): inviting, while the question takes answers. */
export function inviteActions(user: SessionUser | null, thresholds: Thresholds, status: number, lang: string) {
  if (status !== Q.available || !can(user, PRIVILEGE, thresholds)) return [];
  return [{ action: 'invite_other_to_answer', name: t(lang, 'action.invite_someone_to_answer'), type: 'confirm' }];
}

async function visibleQuestion(runtime: Runtime, user: SessionUser | null, rawId: string, thresholds: Thresholds) {
  const q = await findQuestion(runtime.database, questionIdOrThrow(rawId));
  if (!q || Number(q.status) === Q.deleted || !canSeeQuestion(user, q, thresholds)) throw notFound('error.question.not_found');
  return q;
}

/** GET /question/invite: the invited people, in the order they were invited; departed accounts left out. */
export async function invitedUsers(runtime: Runtime, user: SessionUser | null, rawId: string) {
  const q = await visibleQuestion(runtime, user, rawId, await loadThresholds(runtime));
  const ids = invitedIds(q.invite_user_id);
  const users = await loadUserBasics(runtime, ids);
  return ids.flatMap((id) => {
    const u = users.get(id);
    return u && u.status !== 'deleted' ? [u] : [];
  });
}

/**
 * PUT /question/invite (domain.md 5.14): the given usernames replace the invite list. Unknown,
 * deleted or suspended accounts are dropped, and so are the inviter and the asker: inviting
 * yourself or the author to answer means nothing, and dropping them keeps a list picked in the
 * search box usable. A closed question takes no answers, so nobody can be invited to it.
 */
export async function inviteUsers(runtime: Runtime, user: SessionUser, input: z.infer<typeof inviteSchema>): Promise<void> {
  const thresholds = await loadThresholds(runtime);
  const q = await visibleQuestion(runtime, user, input.id, thresholds);
  ensure(user, PRIVILEGE, thresholds);
  if (Number(q.status) === Q.closed) throw new AppError(400, 'error.answer.question_closed_cannot_add', { err_type: 'toast' });
  if (Number(q.status) !== Q.available) throw notFound('error.question.not_found');

  const names = [...new Set(input.invite_user.map((n) => n.trim()).filter(Boolean))];
  const found = names.length
    ? await runtime.database.selectFrom('user').select(['id', 'username']).where('username', 'in', names).where('status', '=', AVAILABLE_USER).execute()
    : [];
  const excluded = new Set([user.id, String(q.user_id)]);
  const ids = names.flatMap((name) => {
    const u = found.find((f) => f.username.toLowerCase() === name.toLowerCase());
    return u && !excluded.has(String(u.id)) ? [String(u.id)] : [];
  });
  await runtime.database.transaction().execute(async (trx) => {
    // Under the row lock, so of two saves at once only one tells a newly invited person.
    const current = await lockQuestion(trx, String(q.id));
    if (!current) throw notFound('error.question.not_found');
    const before = new Set(invitedIds(current.invite_user_id));
    await trx.updateTable('question').set({ invite_user_id: JSON.stringify(ids) }).where('id', '=', String(q.id)).execute();
    const added = ids.filter((id) => !before.has(id));
    if (added.length) await publish(trx, { kind: 'invite', actorId: user.id, questionId: String(q.id), userIds: added });
  });
}
