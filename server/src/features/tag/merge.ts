import type { Transaction } from 'kysely';
import { FieldErrors, notFound } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import { retryOnConflict } from '../../db/retry.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagIdOrThrow } from './edit.js';
import { lockTags } from './manage.js';

const AVAILABLE = 1;
const LISTED = [1, 2];
const now = () => Math.floor(Date.now() / 1000);

/** The counter check's definition (features/counters/specs.ts): live relations of listed questions. */
async function countQuestions(trx: Transaction<Database>, tagId: string): Promise<number> {
  const { n } = await trx
    .selectFrom('tag_rel')
    .innerJoin('question', 'question.id', 'tag_rel.object_id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tag_rel.tag_id', '=', tagId)
    .where('tag_rel.status', '=', 1)
    .where('question.status', 'in', LISTED)
    .where('question.show', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(n);
}

async function countFollows(trx: Transaction<Database>, tagId: string): Promise<number> {
  const { n } = await trx
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('object_id', '=', tagId)
    .where('activity_type', '=', ACT.tagFollow)
    .where('cancelled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Tag merge (beyond 1.4; Answer 2.0 has it), staff only: every question of the source is retagged
 * to the target (a question carrying both keeps one relation), its followers follow the target
 * (once), its synonyms and the source itself become synonyms of the target.
 *
 * Lock order, as everywhere: the source's questions first (id order), then both tags (lower id
 * first). Counts are recounted under those locks with read committed, so writes committed
 * meanwhile are seen and writes still waiting for a tag lock adjust the new value afterwards.
 */
export async function mergeTags(runtime: Runtime, user: SessionUser, input: { source_tag_id: string; target_tag_id: string }): Promise<void> {
  ensure(user, 'tag.merge', await loadThresholds(runtime));
  const sourceId = tagIdOrThrow(input.source_tag_id);
  const targetId = tagIdOrThrow(input.target_tag_id);
  if (sourceId === targetId) throw new FieldErrors([{ field: 'target_tag_id', reason: 'error.tag.merge_into_itself' }]);
  const settings = await loadSiteSettings(runtime);
  const flagged = new Set([...settings.write.recommend_tags, ...settings.write.reserved_tags].map((r) => r.slug_name));

  await retryOnConflict(() =>
    runtime.database
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        const sqlite = dialectOf(trx) === 'sqlite3';
        const questionIds = (await trx.selectFrom('tag_rel').select('object_id').where('tag_id', '=', sourceId).execute()).map((r) => String(r.object_id)).sort();
        if (questionIds.length && !sqlite) {
          await trx.selectFrom('question').select('id').where('id', 'in', questionIds).orderBy('id').forUpdate().execute();
        }
        const tags = await lockTags(trx, [sourceId, targetId].sort());
        const source = tags.find((r) => String(r.id) === sourceId);
        const target = tags.find((r) => String(r.id) === targetId);
        if (!source || Number(source.status) !== AVAILABLE) throw notFound('error.tag.not_found');
        if (!target || Number(target.status) !== AVAILABLE) throw notFound('error.tag.not_found');
        if (String(target.main_tag_id) !== '0') throw new FieldErrors([{ field: 'target_tag_id', reason: 'error.tag.main_tag_is_synonym' }]);
        if (flagged.has(source.slug_name)) {
          throw new FieldErrors([{ field: 'source_tag_id', reason: 'error.tag.synonym_recommended_or_reserved', vars: { tag: source.slug_name } }]);
        }
        const t = now();

        // Relations: moved, or folded into the target's relation of the same question.
        const moving = await trx.selectFrom('tag_rel').select(['id', 'object_id', 'status']).where('tag_id', '=', sourceId).execute();
        const onTarget = moving.length
          ? await trx.selectFrom('tag_rel').select(['id', 'object_id', 'status']).where('tag_id', '=', targetId).where('object_id', 'in', moving.map((r) => String(r.object_id))).execute()
          : [];
        const targetRel = new Map(onTarget.map((r) => [String(r.object_id), r]));
        for (const rel of moving) {
          const existing = targetRel.get(String(rel.object_id));
          if (!existing) continue;
          if (Number(rel.status) === 1 && Number(existing.status) !== 1) {
            await trx.updateTable('tag_rel').set({ status: 1, updated_at: t }).where('id', '=', existing.id).execute();
          }
          await trx.deleteFrom('tag_rel').where('id', '=', rel.id).execute();
        }
        await trx.updateTable('tag_rel').set({ tag_id: targetId, updated_at: t }).where('tag_id', '=', sourceId).execute();

        // Followers: those not following the target yet follow it; every follow of the source ends.
        const followers = (
          await trx.selectFrom('activity').select('user_id').where('object_id', '=', sourceId).where('activity_type', '=', ACT.tagFollow).where('cancelled', '=', 0).execute()
        ).map((r) => String(r.user_id));
        if (followers.length) {
          const already = new Set(
            (
              await trx
                .selectFrom('activity')
                .select('user_id')
                .where('object_id', '=', targetId)
                .where('activity_type', '=', ACT.tagFollow)
                .where('cancelled', '=', 0)
                .where('user_id', 'in', followers)
                .execute()
            ).map((r) => String(r.user_id)),
          );
          const newcomers = [...new Set(followers)].filter((id) => !already.has(id));
          if (newcomers.length) {
            await trx
              .insertInto('activity')
              .values(newcomers.map((userId) => ({ user_id: userId, trigger_user_id: userId, object_id: targetId, original_object_id: targetId, activity_type: ACT.tagFollow, rank: 0, has_rank: 0, cancelled: 0, created_at: t, updated_at: t })))
              .execute();
          }
          await trx
            .updateTable('activity')
            .set({ cancelled: 1, cancelled_at: t, updated_at: t })
            .where('object_id', '=', sourceId)
            .where('activity_type', '=', ACT.tagFollow)
            .where('cancelled', '=', 0)
            .execute();
        }

        await trx.updateTable('tag').set({ main_tag_id: targetId, main_tag_slug_name: target.slug_name, updated_at: t }).where('main_tag_id', '=', sourceId).execute();
        await trx
          .updateTable('tag')
          .set({ main_tag_id: targetId, main_tag_slug_name: target.slug_name, question_count: await countQuestions(trx, sourceId), follow_count: await countFollows(trx, sourceId), updated_at: t })
          .where('id', '=', sourceId)
          .execute();
        await trx
          .updateTable('tag')
          .set({ question_count: await countQuestions(trx, targetId), follow_count: await countFollows(trx, targetId), updated_at: t })
          .where('id', '=', targetId)
          .execute();
      }),
  );
  await changedQuestionLists(runtime);
}
