import type { z } from 'zod';
import type { tagInfoQuery } from '@answer/contract';
import { notFound } from '../../core/errors.js';
import { can, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import { tagSlug } from '../../core/slug.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { tagIdOrThrow } from './edit.js';
import { canSeeTag } from '../visibility/rules.js';
import { presentTagBrief } from './presenter.js';

const DELETED = 10;

/**
 * `GET /tag` (domain.md 7.6): one tag by id or slug. A synonym answers with its main tag, whose
 * slug the client then navigates to. Deleted tags are shown only to those who may restore them.
 */
export async function tagInfo(runtime: Runtime, query: z.infer<typeof tagInfoQuery>, user: SessionUser | null, lang: string) {
  const db = runtime.database;
  const rawId = query.id || query.tag_id;
  const lookup = db.selectFrom('tag').selectAll();
  const found = await (rawId ? lookup.where('id', '=', tagIdOrThrow(rawId)) : lookup.where('slug_name', '=', tagSlug(query.tag_name || query.name || ''))).executeTakeFirst();
  if (!found) throw notFound('error.tag.not_found');
  const main =
    String(found.main_tag_id) !== '0' ? await db.selectFrom('tag').selectAll().where('id', '=', String(found.main_tag_id)).executeTakeFirst() : undefined;
  const tag = main ?? found;
  const thresholds = await loadThresholds(runtime);
  if (!canSeeTag(user, tag, thresholds)) throw notFound('error.tag.not_found');
  const deleted = Number(tag.status) === DELETED;
  const settings = await loadSiteSettings(runtime);
  const following = user
    ? await db
        .selectFrom('activity')
        .select('id')
        .where('object_id', '=', String(tag.id))
        .where('user_id', '=', user.id)
        .where('activity_type', '=', ACT.tagFollow)
        .where('cancelled', '=', 0)
        .executeTakeFirst()
    : undefined;
  const brief = presentTagBrief(tag, settings.write.required_tag);
  const action = (name: string) => ({ action: name, name: t(lang, `action.${name}`), type: name === 'edit' ? 'edit' : 'confirm' });
  const actions = deleted
    ? can(user, 'tag.undeleted', thresholds) ? [action('undelete')] : []
    : [...(can(user, 'tag.edit', thresholds) ? [action('edit')] : []), ...(can(user, 'tag.delete', thresholds) ? [action('delete')] : [])];
  return {
    tag_id: presentId(String(tag.id), settings.seo.permalink),
    created_at: Number(tag.created_at),
    updated_at: Number(tag.updated_at),
    slug_name: tag.slug_name,
    display_name: tag.display_name,
    original_text: tag.original_text,
    parsed_text: tag.parsed_text,
    description: excerpt(tag.parsed_text),
    excerpt: excerpt(tag.parsed_text),
    follow_count: Number(tag.follow_count),
    question_count: Number(tag.question_count),
    is_follower: !!following,
    status: deleted ? 'deleted' : 'available',
    main_tag_slug_name: main ? main.slug_name : brief.main_tag_slug_name,
    recommend: brief.recommend,
    reserved: brief.reserved,
    member_actions: actions,
  };
}
