import type { z } from 'zod';
import type { setSynonymsSchema } from '@answer/contract';
import { badRequest, FieldErrors, notFound } from '../../core/errors.js';
import { can, ensure, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { presentId } from '../../core/ids.js';
import { loadThresholds } from '../../core/privileges.js';
import { tagSlug } from '../../core/slug.js';
import { retryOnConflict } from '../../db/retry.js';
import type { Runtime } from '../../runtime.js';
import { changedQuestionLists } from '../question/list-cache.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { canSeeTag } from '../visibility/rules.js';
import { tagIdOrThrow } from './edit.js';
import { lockTags } from './manage.js';
import { tagsBySlugs } from './queries.js';
import { createTag } from './service.js';

const AVAILABLE = 1;
const now = () => Math.floor(Date.now() / 1000);

/**
 * `GET /tag/synonyms?tag_id=` (domain.md 7.4): the synonyms of a main tag; asked for a synonym,
 * those of its main tag. `member_actions` offers editing the set to holders of tag.synonym.
 */
export async function tagSynonyms(runtime: Runtime, user: SessionUser | null, rawId: string, lang: string) {
  const db = runtime.database;
  const thresholds = await loadThresholds(runtime);
  let tag = await db.selectFrom('tag').selectAll().where('id', '=', tagIdOrThrow(rawId)).executeTakeFirst();
  if (tag && String(tag.main_tag_id) !== '0') tag = await db.selectFrom('tag').selectAll().where('id', '=', String(tag.main_tag_id)).executeTakeFirst();
  if (!tag || !canSeeTag(user, tag, thresholds)) throw notFound('error.tag.not_found');
  const settings = await loadSiteSettings(runtime);
  const rows = await db.selectFrom('tag').selectAll().where('main_tag_id', '=', String(tag.id)).where('status', '=', AVAILABLE).orderBy('slug_name').execute();
  const editable = Number(tag.status) === AVAILABLE && can(user, 'tag.synonym', thresholds);
  return {
    synonyms: rows.map((r) => ({
      tag_id: presentId(String(r.id), settings.seo.permalink),
      slug_name: r.slug_name,
      display_name: r.display_name,
      main_tag_slug_name: r.main_tag_slug_name,
    })),
    member_actions: editable ? [{ action: 'edit', name: t(lang, 'action.edit'), type: 'edit' }] : [],
  };
}

/**
 * `PUT /tag/synonym` (domain.md 7.4): the main tag's synonyms become exactly the listed tags;
 * unknown ones are created, dropped ones become main tags again. Refused: the tag itself, a main
 * tag that is a synonym, listed tags with synonyms of their own (no chains), recommended or
 * reserved tags (the write settings may not hold synonyms). Every tag involved is locked in id
 * order. Questions keep their tags; lists under the main tag include its synonyms' questions.
 */
export async function setSynonyms(runtime: Runtime, user: SessionUser, input: z.infer<typeof setSynonymsSchema>): Promise<void> {
  const thresholds = await loadThresholds(runtime);
  ensure(user, 'tag.synonym', thresholds);
  const mainId = tagIdOrThrow(input.tag_id);
  const settings = await loadSiteSettings(runtime);
  const flagged = new Set([...settings.write.recommend_tags, ...settings.write.reserved_tags].map((r) => r.slug_name));
  const slugs = [...new Set(input.synonym_tag_list.map((s) => tagSlug(s.slug_name)))];
  const refuse = (reason: string, slug?: string) => new FieldErrors([{ field: 'synonym_tag_list', reason, vars: slug ? { tag: slug } : undefined }]);

  await retryOnConflict(() =>
    runtime.database
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        const before = await trx.selectFrom('tag').select('id').where('main_tag_id', '=', mainId).execute();
        let listed = await tagsBySlugs(trx, slugs);
        for (const slug of slugs) {
          const found = listed.find((r) => r.slug_name === slug);
          if (found && Number(found.status) === AVAILABLE) continue;
          ensure(user, 'tag.add', thresholds);
          const given = input.synonym_tag_list.find((s) => tagSlug(s.slug_name) === slug);
          await createTag(trx, user.id, { slug_name: slug, display_name: given?.display_name, original_text: given?.original_text }, found);
        }
        const ids = [mainId, ...before.map((r) => String(r.id))];
        listed = await tagsBySlugs(trx, slugs);
        const locked = await lockTags(trx, [...new Set([...ids, ...listed.map((r) => String(r.id))])].sort());
        const main = locked.find((r) => String(r.id) === mainId);
        if (!main || Number(main.status) !== AVAILABLE) throw notFound('error.tag.not_found');
        if (String(main.main_tag_id) !== '0') throw badRequest('error.tag.main_tag_is_synonym');
        if (slugs.includes(main.slug_name)) throw refuse('error.tag.cannot_set_synonym_as_itself');
        const listedIds = listed.map((r) => String(r.id));
        for (const row of listed) {
          if (flagged.has(row.slug_name)) throw refuse('error.tag.synonym_recommended_or_reserved', row.slug_name);
          const own = await trx.selectFrom('tag').select('id').where('main_tag_id', '=', String(row.id)).where('status', '=', AVAILABLE).limit(1).executeTakeFirst();
          if (own) throw refuse('error.tag.synonym_has_synonyms', row.slug_name);
        }
        const t = now();
        let dropped = trx.updateTable('tag').set({ main_tag_id: '0', main_tag_slug_name: '', updated_at: t }).where('main_tag_id', '=', mainId);
        if (listedIds.length) dropped = dropped.where('id', 'not in', listedIds);
        await dropped.execute();
        if (listedIds.length) {
          await trx.updateTable('tag').set({ main_tag_id: mainId, main_tag_slug_name: main.slug_name, updated_at: t }).where('id', 'in', listedIds).execute();
        }
      }),
  );
  await changedQuestionLists(runtime);
}
