import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { createTagSchema } from '@answer/contract';
import { badRequest, FieldErrors, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import { tagSlug } from '../../core/slug.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { tagIdOrThrow } from './edit.js';
import { tagsBySlugs } from './queries.js';
import { createTag } from './service.js';

const AVAILABLE = 1;
const DELETED = 10;
const QUESTION_DELETED = 10;
const now = () => Math.floor(Date.now() / 1000);

/** The tags' rows, locked in id order until the transaction ends (SQLite transactions are exclusive). */
export async function lockTags(trx: Transaction<Database>, ids: string[]) {
  if (!ids.length) return [];
  let q = trx.selectFrom('tag').selectAll().where('id', 'in', ids).orderBy('id');
  if (dialectOf(trx) !== 'sqlite3') q = q.forUpdate();
  return q.execute();
}

/**
 * `POST /tag` (domain.md 7.2): needs tag.add. A slug held by an available tag is a field error;
 * one held by a deleted tag brings that tag back, as asking with the slug does (7.1).
 */
export async function createTagByRequest(runtime: Runtime, user: SessionUser, input: z.infer<typeof createTagSchema>) {
  ensure(user, 'tag.add', await loadThresholds(runtime));
  const slug = tagSlug(input.slug_name);
  const taken = new FieldErrors([{ field: 'slug_name', reason: 'error.tag.already_exist' }]);
  try {
    await runtime.database.transaction().execute(async (trx) => {
      const [found] = await tagsBySlugs(trx, [slug]);
      if (found && Number(found.status) === AVAILABLE) throw taken;
      await createTag(trx, user.id, { slug_name: slug, display_name: input.display_name, original_text: input.original_text }, found);
    });
  } catch (err) {
    // Two creations of one slug at once: the unique key stops the second.
    throw isUniqueViolation(err) ? taken : err;
  }
  return { slug_name: slug };
}

/**
 * `DELETE /tag` (domain.md 7.3): needs tag.delete; refused while a question that is not deleted
 * carries the tag, or while it has synonyms. The tag's row is locked first, and a question gaining
 * a tag locks it too, so a question asked at the same moment either is seen here or is refused.
 */
export async function deleteTag(runtime: Runtime, user: SessionUser, rawId: string): Promise<void> {
  const id = tagIdOrThrow(rawId);
  ensure(user, 'tag.delete', await loadThresholds(runtime));
  await runtime.database
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      const [tag] = await lockTags(trx, [id]);
      if (!tag || Number(tag.status) !== AVAILABLE) throw notFound('error.tag.not_found');
      const used = await trx
        .selectFrom('tag_rel')
        .innerJoin('question', 'question.id', 'tag_rel.object_id')
        .select('tag_rel.id')
        .where('tag_rel.tag_id', '=', id)
        .where('tag_rel.status', '=', 1)
        .where('question.status', '!=', QUESTION_DELETED)
        .limit(1)
        .executeTakeFirst();
      if (used) throw badRequest('error.tag.is_used_cannot_delete');
      const synonym = await trx.selectFrom('tag').select('id').where('main_tag_id', '=', id).where('status', '=', AVAILABLE).limit(1).executeTakeFirst();
      if (synonym) throw badRequest('error.tag.has_synonyms_cannot_delete');
      await trx.updateTable('tag').set({ status: DELETED, updated_at: now() }).where('id', '=', id).execute();
      await recordEvent(trx, { type: ACT.tagDeleted, userId: user.id, objectId: id, originalObjectId: id });
    });
  await changedQuestionLists(runtime);
}

/** `POST /tag/recover` (domain.md 7.3): needs tag.undeleted; a tag that is not deleted is a 400. */
export async function recoverTag(runtime: Runtime, user: SessionUser, rawId: string): Promise<void> {
  const id = tagIdOrThrow(rawId);
  ensure(user, 'tag.undeleted', await loadThresholds(runtime));
  await runtime.database.transaction().execute(async (trx) => {
    const [tag] = await lockTags(trx, [id]);
    if (!tag) throw notFound('error.tag.not_found');
    if (Number(tag.status) !== DELETED) throw badRequest('error.tag.not_deleted');
    await trx.updateTable('tag').set({ status: AVAILABLE, updated_at: now() }).where('id', '=', id).execute();
    await recordEvent(trx, { type: ACT.tagUndeleted, userId: user.id, objectId: id, originalObjectId: id });
  });
  await changedQuestionLists(runtime);
}
