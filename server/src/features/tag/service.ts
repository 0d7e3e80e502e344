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
  const existing = new Map((await tagsBySlugs(trx, slugs)).map((t) => [t.slug_name, t]));

  const recommended = settings.write.recommend_tags.map((t) => t.slug_name);
  if (settings.write.required_tag && recommended.length && !slugs.some((s) => recommended.includes(s))) {
    throw new FieldErrors([{ field: 'tags', reason: 'error.tag.recommend_tag_enter' }]);
  }
  const reserved = new Set(settings.write.reserved_tags.map((t) => t.slug_name));
  const touchedReserved = [
    ...slugs.filter((s) => reserved.has(s) && !previousSlugs.includes(s)),
    ...previousSlugs.filter((s) => reserved.has(s) && !slugs.includes(s)),
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
    const displayName = (given?.display_name || slug).slice(0, 35);
    const text = given?.original_text ?? '';
    const t = now();
    let id: string;
    if (found) {
      // A deleted tag comes back with its old id (domain.md 7.1).
      id = String(found.id);
      await trx
        .updateTable('tag')
        .set({ status: 1, display_name: displayName, original_text: text, parsed_text: renderMarkdown(text), updated_at: t })
        .where('id', '=', id)
        .execute();
    } else {
      id = await nextObjectId(trx, OBJECT_TYPE.tag);
      await trx
        .insertInto('tag')
        .values({ id, created_at: t, updated_at: t, slug_name: slug, display_name: displayName, original_text: text, parsed_text: renderMarkdown(text), user_id: user.id })
        .execute();
    }
    // Its first version starts the tag's history and timeline (domain.md 5.9, 12.1).
    const snapshot = { slug_name: slug, display_name: displayName, original_text: text };
    const revisionId = await addRevision(trx, { userId: user.id, objectType: OBJECT_TYPE.tag, objectId: id, title: displayName, snapshot });
    await trx.updateTable('tag').set({ revision_id: revisionId }).where('id', '=', id).execute();
    await recordEvent(trx, { type: found ? ACT.tagUndeleted : ACT.tagCreated, userId: user.id, objectId: id, originalObjectId: id, revisionId });
    ids.push(id);
  }
  return ids;
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
  if (!countable) return;
  if (added.length) await trx.updateTable('tag').set((eb) => ({ question_count: eb('question_count', '+', 1) })).where('id', 'in', added).execute();
  if (removed.length) await trx.updateTable('tag').set((eb) => ({ question_count: eb('question_count', '-', 1) })).where('id', 'in', removed).execute();
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
