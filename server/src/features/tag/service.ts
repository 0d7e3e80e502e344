import type { Transaction } from 'kysely';
import { FieldErrors } from '../../core/errors.js';
import { ensure, type SessionUser, can } from '../../core/guardian.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import type { Thresholds } from '../../core/privileges.js';
import { tagSlug } from '../../core/slug.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { nextObjectId } from '../../db/uniqid.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { addRevision } from '../revision/service.js';
import type { SiteSettings } from '../siteinfo/service.js';
import { tagsBySlugs } from './queries.js';

export interface TagInput {
  slug_name: string;
  display_name?: string;
  original_text?: string;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * The tag rules of asking and editing (domain.md 5.2, 5.4, 7.5): at least one tag; a recommended
 * tag when required; reserved tags added or removed only by those allowed; unknown tags created
 * only with the tag.add privilege. Returns the tag ids to attach, in the order given.
 */
export async function resolvePostTags(
  trx: Transaction<Database>,
  user: SessionUser,
  thresholds: Thresholds,
  settings: SiteSettings,
  input: TagInput[],
  previousSlugs: string[] = [],
): Promise<string[]> {
  const slugs = [...new Set(input.map((t) => tagSlug(t.slug_name)).filter(Boolean))];
  if (!slugs.length) throw new FieldErrors([{ field: 'tags', reason: 'error.tag.required' }]);
  for (const slug of slugs) {
    if ([...slug].length > 35) throw new FieldErrors([{ field: 'tags', reason: 'error.tag.too_long' }]);
  }
  const known = new Map((await tagsBySlugs(trx, [...new Set([...slugs, ...previousSlugs])])).map((t) => [t.slug_name, t]));
  const existing = new Map(slugs.flatMap((s) => (known.has(s) ? [[s, known.get(s)!] as const] : [])));
  // A synonym stands for its main tag (its questions list under it), so it meets the requirement
  // and shares the reservation of a recommended or reserved main tag.
  const standsFor = (slug: string, list: Set<string>) => list.has(slug) || list.has(known.get(slug)?.main_tag_slug_name ?? '');

  const recommended = new Set(settings.write.recommend_tags.map((t) => t.slug_name));
  if (settings.write.required_tag && recommended.size && !slugs.some((s) => standsFor(s, recommended))) {
    throw new FieldErrors([{ field: 'tags', reason: 'error.tag.recommend_tag_enter' }]);
  }
  const reserved = new Set(settings.write.reserved_tags.map((t) => t.slug_name));
  const touchedReserved = [
    ...slugs.filter((s) => standsFor(s, reserved) && !previousSlugs.includes(s)),
    ...previousSlugs.filter((s) => standsFor(s, reserved) && !slugs.includes(s)),
  ];
  if (touchedReserved.length && !can(user, 'tag.use_reserved_tag', thresholds)) {
    throw new FieldErrors([{ field: 'tags', reason: 'error.tag.reserved_for_moderators', vars: { tags: touchedReserved.join(', ') } }]);
  }

  const ids: string[] = [];
  for (const slug of slugs) {
    const found = existing.get(slug);
    if (found && Number(found.status) === 1) {
      ids.push(String(found.id));
      continue;
    }
    ensure(user, 'tag.add', thresholds);
    const given = input.find((t) => tagSlug(t.slug_name) === slug);
    ids.push(await createTag(trx, user.id, { slug_name: slug, display_name: given?.display_name, original_text: given?.original_text }, found));
  }
  return ids;
}

/**
 * Writes a new tag, or brings a deleted one back under its old id (domain.md 7.1), with its first
 * revision and its "created" (or "undeleted") event. The caller has checked the privilege and that
 * no available tag holds the slug; `deleted` is the deleted row holding it, if any.
 */
export async function createTag(trx: Transaction<Database>, userId: string, input: TagInput, deleted?: { id: string | number }): Promise<string> {
  const slug = tagSlug(input.slug_name);
  const displayName = (input.display_name || slug).slice(0, 35);
  const text = input.original_text ?? '';
  const t = now();
  let id: string;
  if (deleted) {
    id = String(deleted.id);
    await trx
      .updateTable('tag')
      .set({ status: 1, display_name: displayName, original_text: text, parsed_text: renderMarkdown(text), updated_at: t })
      .where('id', '=', id)
      .execute();
  } else {
    id = await nextObjectId(trx, OBJECT_TYPE.tag);
    await trx
      .insertInto('tag')
      .values({ id, created_at: t, updated_at: t, slug_name: slug, display_name: displayName, original_text: text, parsed_text: renderMarkdown(text), user_id: userId })
      .execute();
  }
  // Its first version starts the tag's history and timeline (domain.md 5.9, 12.1).
  const snapshot = { slug_name: slug, display_name: displayName, original_text: text };
  const revisionId = await addRevision(trx, { userId, objectType: OBJECT_TYPE.tag, objectId: id, title: displayName, snapshot });
  await trx.updateTable('tag').set({ revision_id: revisionId }).where('id', '=', id).execute();
  await recordEvent(trx, { type: deleted ? ACT.tagUndeleted : ACT.tagCreated, userId, objectId: id, originalObjectId: id, revisionId });
  return id;
}

/**
 * A question's tag relations, read with a lock on PostgreSQL and MySQL. The caller has locked the
 * question's row, so edits of one question take turns; a locking read is also a current read, so
 * under MySQL's repeatable read it sees the edit committed just before, which a plain read of the
 * transaction's older snapshot would miss (and count its tags twice).
 */
async function currentTagRels(trx: Transaction<Database>, questionId: string) {
  let q = trx.selectFrom('tag_rel').select(['tag_id', 'status']).where('object_id', '=', questionId);
  if (dialectOf(trx) !== 'sqlite3') q = q.forUpdate();
  return q.execute();
}

/**
 * Replaces a question's tags and keeps every affected tag's question_count right, with atomic
 * increments. A new question (`fresh`) has no relations to read: locking them would take a MySQL
 * gap lock on which concurrent askers' inserts deadlock.
 */
export async function setQuestionTags(trx: Transaction<Database>, questionId: string, tagIds: string[], countable: boolean, options: { fresh?: boolean } = {}): Promise<void> {
  const current = options.fresh ? [] : await currentTagRels(trx, questionId);
  const active = new Set(current.filter((r) => Number(r.status) === 1).map((r) => String(r.tag_id)));
  const known = new Set(current.map((r) => String(r.tag_id)));
  const wanted = new Set(tagIds);
  const t = now();
  const added = tagIds.filter((id) => !active.has(id));
  const removed = [...active].filter((id) => !wanted.has(id));
  for (const id of added) {
    if (known.has(id)) await trx.updateTable('tag_rel').set({ status: 1, updated_at: t }).where('object_id', '=', questionId).where('tag_id', '=', id).execute();
    else await trx.insertInto('tag_rel').values({ object_id: questionId, tag_id: id, status: 1, created_at: t }).execute();
  }
  if (removed.length) {
    await trx.updateTable('tag_rel').set({ status: 10, updated_at: t }).where('object_id', '=', questionId).where('tag_id', 'in', removed).execute();
  }
  if (added.length) await lockAvailableTags(trx, added);
  if (!countable) return;
  if (added.length) await trx.updateTable('tag').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', 'in', added).execute();
  if (removed.length) await trx.updateTable('tag').set((eb) => ({ question_count: eb('question_count', '-', 1) })).where('id', 'in', removed).execute();
}

/**
 * Locks the tags a question is about to gain and refuses if one was deleted meanwhile: a deletion
 * locks the tag before checking that no question uses it, so one of the two waits for the other
 * and a deleted tag never gains a question.
 */
async function lockAvailableTags(trx: Transaction<Database>, tagIds: string[]): Promise<void> {
  let q = trx.selectFrom('tag').select('id').where('id', 'in', [...tagIds].sort()).where('status', '=', 1);
  if (dialectOf(trx) !== 'sqlite3') q = q.forUpdate();
  const live = await q.execute();
  if (live.length < new Set(tagIds).size) throw new FieldErrors([{ field: 'tags', reason: 'error.tag.not_found' }]);
}

/**
 * Counts a question in (delta 1) or out of (delta -1) its tags' question_count, when it becomes
 * listed again or stops being listed (hidden, deleted, undeleted). Its tag relations stay as they
 * are, so the question page still shows its tags.
 */
export async function shiftTagCounts(trx: Transaction<Database>, questionId: string, delta: 1 | -1): Promise<void> {
  const rels = await trx.selectFrom('tag_rel').select('tag_id').where('object_id', '=', questionId).where('status', '=', 1).execute();
  if (!rels.length) return;
  await trx
    .updateTable('tag')
    .set((eb) => ({ question_count: eb('question_count', '+', delta) }))
    .where('id', 'in', rels.map((r) => String(r.tag_id)))
    .execute();
}
