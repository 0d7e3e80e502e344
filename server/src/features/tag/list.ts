import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { tagPageQuery } from '@answer/contract';
import type { SessionUser } from '../../core/guardian.js';
import { presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { pageOf } from '../../core/pagination.js';
import { tagSlug } from '../../core/slug.js';
import type { TagTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { ACT } from '../activity/types.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from './presenter.js';
import { tagsBySlugs } from './queries.js';

const AVAILABLE = 1;
const SUGGESTIONS = 10;

/** Drops LIKE wildcards from typed text: `%` and `_` match nothing literally in a slug search. */
const likeSafe = (text: string) => text.toLowerCase().replace(/[%_\\]/g, '');

/** Which of `tagIds` the user follows: one query for a whole page. */
export async function followedAmong(runtime: Runtime, user: SessionUser | null, tagIds: string[]): Promise<Set<string>> {
  if (!user || !tagIds.length) return new Set();
  const rows = await runtime.database
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', user.id)
    .where('activity_type', '=', ACT.tagFollow)
    .where('cancelled', '=', 0)
    .where('object_id', 'in', tagIds)
    .execute();
  return new Set(rows.map((r) => String(r.object_id)));
}

/**
 * `GET /tags/page` (domain.md 7.6): available main tags, with synonyms standing for their main tag.
 * The filter matches slug or display name anywhere (upstream's slug match is broken), or a
 * synonym's exact slug. Orders: popular (questions), name (slug), newest (creation).
 */
export async function tagsPage(runtime: Runtime, query: z.infer<typeof tagPageQuery>, user: SessionUser | null) {
  const db = runtime.database;
  let filtered = db.selectFrom('tag').where('status', '=', AVAILABLE).where('main_tag_id', '=', '0');
  const typed = query.slug_name.trim();
  if (typed) {
    const like = `%${likeSafe(typed)}%`;
    const synonymSlug = tagSlug(typed);
    filtered = filtered.where((eb) =>
      eb.or([
        eb('slug_name', 'like', like),
        eb(eb.fn('lower', ['display_name']), 'like', like),
        eb('id', 'in', eb.selectFrom('tag as s').select('s.main_tag_id').where('s.slug_name', '=', synonymSlug).where('s.status', '=', AVAILABLE)),
      ]),
    );
  }
  let rows = filtered.selectAll();
  if (query.query_cond === 'name') rows = rows.orderBy('slug_name', 'asc');
  else if (query.query_cond === 'newest') rows = rows.orderBy('created_at', 'desc').orderBy('id', 'desc');
  else rows = rows.orderBy('question_count', 'desc').orderBy('id', 'desc');
  const [list, total] = await Promise.all([
    rows.limit(query.page_size).offset((query.page - 1) * query.page_size).execute(),
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const settings = await loadSiteSettings(runtime);
  const following = await followedAmong(runtime, user, list.map((t) => String(t.id)));
  return pageOf(
    Number(total.n),
    list.map((tag) => {
      const brief = presentTagBrief(tag, settings.write.required_tag);
      return {
        tag_id: presentId(String(tag.id), settings.seo.permalink),
        slug_name: tag.slug_name,
        display_name: tag.display_name,
        excerpt: excerpt(tag.parsed_text),
        description: excerpt(tag.parsed_text),
        original_text: tag.original_text,
        parsed_text: tag.parsed_text,
        question_count: Number(tag.question_count),
        follow_count: Number(tag.follow_count),
        is_follower: following.has(String(tag.id)),
        recommend: brief.recommend,
        reserved: brief.reserved,
        created_at: Number(tag.created_at),
        updated_at: Number(tag.updated_at),
      };
    }),
  );
}

/** `GET /tags?tags=a,b`: the available tags among the named slugs, in the order named. */
export async function tagsBySlugList(runtime: Runtime, raw: string) {
  const slugs = [...new Set(raw.split(',').map(tagSlug).filter(Boolean))].slice(0, 100);
  const rows = (await tagsBySlugs(runtime.database, slugs)).filter((t) => Number(t.status) === AVAILABLE);
  const settings = await loadSiteSettings(runtime);
  const bySlug = new Map(rows.map((t) => [t.slug_name, t]));
  return slugs.flatMap((s) => {
    const tag = bySlug.get(s);
    return tag ? [{ tag_id: presentId(String(tag.id), settings.seo.permalink), ...presentTagBrief(tag, settings.write.required_tag) }] : [];
  });
}

/**
 * The tag selector (`GET /question/tags?tag=`, domain.md 7.6): available tags whose slug or display
 * name starts with the text, synonyms replaced by their main tag and duplicates dropped, the
 * recommended and reserved first, then by slug. Empty text: the recommended tags.
 */
export async function suggestTags(runtime: Runtime, typed: string) {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  const text = likeSafe(typed.trim());
  let hits: Selectable<TagTable>[];
  if (!text) {
    hits = await tagsBySlugs(db, settings.write.recommend_tags.map((t) => t.slug_name));
  } else {
    const like = `${text}%`;
    hits = await db
      .selectFrom('tag')
      .selectAll()
      .where('status', '=', AVAILABLE)
      .where((eb) => eb.or([eb('slug_name', 'like', like), eb(eb.fn('lower', ['display_name']), 'like', like)]))
      .orderBy('question_count', 'desc')
      .limit(SUGGESTIONS * 2)
      .execute();
  }
  const mainIds = [...new Set(hits.filter((t) => String(t.main_tag_id) !== '0').map((t) => String(t.main_tag_id)))];
  const mains = mainIds.length ? await db.selectFrom('tag').selectAll().where('id', 'in', mainIds).where('status', '=', AVAILABLE).execute() : [];
  const mainById = new Map(mains.map((t) => [String(t.id), t]));
  const unique = new Map<string, Selectable<TagTable>>();
  for (const hit of hits) {
    const tag = String(hit.main_tag_id) !== '0' ? mainById.get(String(hit.main_tag_id)) : hit;
    if (tag && Number(tag.status) === AVAILABLE) unique.set(String(tag.id), tag);
  }
  const recommended = new Set(settings.write.recommend_tags.map((t) => t.slug_name));
  const reserved = new Set(settings.write.reserved_tags.map((t) => t.slug_name));
  const rank = (t: Selectable<TagTable>) => (recommended.has(t.slug_name) ? 0 : 2) + (reserved.has(t.slug_name) ? 0 : 1);
  return [...unique.values()]
    .sort((a, b) => rank(a) - rank(b) || a.slug_name.localeCompare(b.slug_name))
    .slice(0, SUGGESTIONS)
    .map((t) => presentTagBrief(t, settings.write.required_tag));
}
