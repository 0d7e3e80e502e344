import type { z } from 'zod';
import type { updateTagSchema } from '@answer/contract';
import { badRequest, FieldErrors, notFound } from '../../core/errors.js';
import { can, ensure, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { renderMarkdown } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import { tagSlug } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { addRevision, hasPendingRevision, REVISION } from '../revision/service.js';

const AVAILABLE = 1;

/** What a tag revision's snapshot holds (the JSON in revision.content). */
export interface TagSnapshot {
  slug_name: string;
  display_name: string;
  original_text: string;
}

export function tagIdOrThrow(raw: string): string {
  const id = toLongId(raw);
  if (!id || objectTypeOf(id) !== OBJECT_TYPE.tag) throw notFound('error.tag.not_found');
  return id;
}

/**
 * `PUT /tag` (domain.md 7.3): needs tag.edit; applied at once with tag.edit_without_review,
 * otherwise stored as a suggestion for review. A pending suggestion blocks further edits.
 */
export async function editTag(runtime: Runtime, user: SessionUser, input: z.infer<typeof updateTagSchema>) {
  const db = runtime.database;
  const id = tagIdOrThrow(input.tag_id);
  const tag = await db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tag || Number(tag.status) !== AVAILABLE) throw notFound('error.tag.not_found');
  const thresholds = await loadThresholds(runtime);
  ensure(user, 'tag.edit', thresholds);
  const next: TagSnapshot = {
    slug_name: input.slug_name ? tagSlug(input.slug_name) : tag.slug_name,
    display_name: input.display_name ?? tag.display_name,
    original_text: input.original_text ?? tag.original_text,
  };
  // Upstream never checks the slug power (a quirk, domain.md 7.3): renaming a slug breaks links, so it stays with staff.
  if (next.slug_name !== tag.slug_name) ensure(user, 'tag.edit_slug_name', thresholds);
  if (await hasPendingRevision(db, id)) throw badRequest('error.tag.cannot_update');
  if (next.slug_name === tag.slug_name && next.display_name === tag.display_name && next.original_text === tag.original_text) {
    return { wait_for_review: false };
  }
  const direct = can(user, 'tag.edit_without_review', thresholds);
  const slugTaken = new FieldErrors([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
  const write = db.transaction().execute(async (trx) => {
    if (next.slug_name !== tag.slug_name) {
      const taken = await trx.selectFrom('tag').select('id').where('slug_name', '=', next.slug_name).where('id', '!=', id).executeTakeFirst();
      if (taken) throw slugTaken;
    }
    const revisionId = await addRevision(trx, {
      userId: user.id,
      objectType: OBJECT_TYPE.tag,
      objectId: id,
      title: next.display_name,
      snapshot: next,
      log: input.edit_summary,
      status: direct ? REVISION.normal : REVISION.unreviewed,
    });
    if (!direct) return { wait_for_review: true };
    await applyTagEdit(trx, id, next, { editorId: user.id, revisionId });
    return { wait_for_review: false };
  });
  // Two renames to the same new slug at once: the unique key stops the second one.
  return write.catch((err: unknown) => {
    throw next.slug_name !== tag.slug_name && isUniqueViolation(err) ? slugTaken : err;
  });
}

/**
 * Writes an accepted tag edit (at once, or a suggestion approved later) and its "edited" event, in
 * the caller's transaction. A new slug is copied to the tag's synonyms (domain.md 7.3).
 */
export async function applyTagEdit(trx: Db, tagId: string, edit: TagSnapshot, by: { editorId: string; revisionId: string }): Promise<void> {
  const t = Math.floor(Date.now() / 1000);
  const before = await trx.selectFrom('tag').select('slug_name').where('id', '=', tagId).executeTakeFirstOrThrow();
  await trx
    .updateTable('tag')
    .set({
      slug_name: edit.slug_name,
      display_name: edit.display_name,
      original_text: edit.original_text,
      parsed_text: renderMarkdown(edit.original_text),
      updated_at: t,
      revision_id: by.revisionId,
    })
    .where('id', '=', tagId)
    .execute();
  if (before.slug_name !== edit.slug_name) {
    await trx.updateTable('tag').set({ main_tag_slug_name: edit.slug_name, updated_at: t }).where('main_tag_id', '=', tagId).execute();
  }
  await recordEvent(trx, { type: ACT.tagEdited, userId: by.editorId, objectId: tagId, originalObjectId: tagId, revisionId: by.revisionId });
}
