import { REACTION_EMOJI, type ReactionEmojiName, type ReactionSummaryItem } from '@answer/contract';
import { AppError, notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { loadThresholds } from '../../core/privileges.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { loadVisibleObject, type VisibleObject } from '../visibility/objects.js';
import { loadUserBasics } from '../user/basic.js';
import { publish } from '../events/publish.js';

/** Reactions live in one meta row per post, in upstream's format (domain.md 2.13). */
const META_KEY = 'object.react.summary';
interface StoredReactions {
  reactions: { emoji: string; user_ids: string[] }[];
}
const TOOLTIP_NAMES = 5;
const DELETED = 10;

const toast = (reason: string) => new AppError(400, reason, { err_type: 'toast' });

/** Only questions and answers take reactions; anything else is refused, unknown posts are 404. */
async function reactionTarget(runtime: Runtime, user: SessionUser | null, rawId: string): Promise<VisibleObject & { kind: 'question' | 'answer' }> {
  const id = toLongId(rawId);
  if (!id) throw notFound('error.object.not_found');
  const type = objectTypeOf(id);
  if (type !== OBJECT_TYPE.question && type !== OBJECT_TYPE.answer) throw toast('error.reaction.unsupported_object');
  const target = await loadVisibleObject(runtime, user, id, await loadThresholds(runtime));
  if (!target || target.kind === 'tag') throw notFound('error.object.not_found');
  return target as VisibleObject & { kind: 'question' | 'answer' };
}

function parseStored(value: string | undefined): StoredReactions {
  try {
    const parsed = value ? (JSON.parse(value) as Partial<StoredReactions>) : null;
    return { reactions: Array.isArray(parsed?.reactions) ? parsed.reactions.filter((r) => r && Array.isArray(r.user_ids)) : [] };
  } catch {
    return { reactions: [] };
  }
}

/**
 * The summary under a post: each emoji someone chose, how many did, who (up to five names, then
 * "and N more") and whether the viewer is among them. Users are loaded in one query.
 */
async function presentSummary(runtime: Runtime, stored: StoredReactions, viewer: SessionUser | null, lang: string): Promise<{ reaction_summary: ReactionSummaryItem[] }> {
  const users = await loadUserBasics(runtime, stored.reactions.flatMap((r) => r.user_ids));
  const summary: ReactionSummaryItem[] = [];
  for (const emoji of REACTION_EMOJI) {
    const ids = stored.reactions.find((r) => r.emoji === emoji)?.user_ids.map(String) ?? [];
    const names = ids.flatMap((id) => (users.has(id) ? [users.get(id)!.display_name] : []));
    if (!names.length) continue;
    const shown = names.slice(0, TOOLTIP_NAMES).join(', ');
    summary.push({
      emoji,
      count: names.length,
      tooltip: names.length > TOOLTIP_NAMES ? t(lang, 'reaction.tooltip', { names: shown, count: names.length - TOOLTIP_NAMES }) : shown,
      is_active: !!viewer && ids.includes(viewer.id),
    });
  }
  return { reaction_summary: summary };
}

/** GET /meta/reaction. */
export async function reactionSummary(runtime: Runtime, user: SessionUser | null, rawId: string, lang: string) {
  const target = await reactionTarget(runtime, user, rawId);
  const row = await runtime.database.selectFrom('meta').select('value').where('object_id', '=', target.id).where('key', '=', META_KEY).orderBy('id').executeTakeFirst();
  return presentSummary(runtime, parseStored(row?.value), user, lang);
}

/**
 * PUT /meta/reaction: adds or takes back the caller's emoji. The post's row is locked first, so
 * every change to its reactions runs one after another on the freshest meta row: repeated
 * activations by one person count once and simultaneous ones by different people all stay.
 */
export async function react(runtime: Runtime, user: SessionUser, input: { object_id: string; emoji: ReactionEmojiName; reaction: 'activate' | 'deactivate' }, lang: string) {
  const target = await reactionTarget(runtime, user, input.object_id);
  if (target.status === DELETED) throw toast('error.object.already_deleted');
  const stored = await runtime.database.transaction().execute(async (trx) => {
    let lock = trx.selectFrom(target.kind).select('id').where('id', '=', target.id);
    if (dialectOf(trx) !== 'sqlite3') lock = lock.forUpdate();
    await lock.executeTakeFirst();
    const row = await trx.selectFrom('meta').select(['id', 'value']).where('object_id', '=', target.id).where('key', '=', META_KEY).orderBy('id').executeTakeFirst();
    const current = parseStored(row?.value);
    const others = current.reactions.filter((r) => r.emoji !== input.emoji);
    const mine = new Set(current.reactions.find((r) => r.emoji === input.emoji)?.user_ids.map(String) ?? []);
    const had = mine.has(user.id);
    if (input.reaction === 'activate') mine.add(user.id);
    else mine.delete(user.id);
    if (had !== mine.has(user.id)) await publish(trx, { kind: 'react', actorId: user.id, objectType: target.kind, objectId: target.id });
    const next: StoredReactions = { reactions: mine.size ? [...others, { emoji: input.emoji, user_ids: [...mine] }] : others };
    const value = JSON.stringify(next);
    const now = Math.floor(Date.now() / 1000);
    if (row) await trx.updateTable('meta').set({ value, updated_at: now }).where('id', '=', row.id).execute();
    else await trx.insertInto('meta').values({ object_id: target.id, key: META_KEY, value, created_at: now, updated_at: now }).execute();
    return next;
  });
  return presentSummary(runtime, stored, user, lang);
}
