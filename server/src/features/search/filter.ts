import type { SessionUser } from '../../core/guardian.js';
import { toLongId } from '../../core/ids.js';
import type { Runtime } from '../../runtime.js';
import { findUserByUsername } from '../user/queries.js';
import type { ParsedQuery } from './parse.js';
import type { SearchFilter } from './queries.js';

/**
 * Names in the query (user, tags, question) to ids; null when one names nothing, so nothing
 * matches. Shared by the built-in search and the search plugin's query (plugin-search.ts), so both
 * read `user:me`, `user:name` and `[tag]` alike.
 */
export async function resolveFilter(runtime: Runtime, p: ParsedQuery, user: SessionUser | null, seesUnlisted: boolean): Promise<SearchFilter | null> {
  const db = runtime.database;
  const filter: SearchFilter = { parsed: p, tagGroups: [], seesUnlisted, viewerId: user?.id };
  if (p.user !== undefined) {
    if (p.user.toLowerCase() === 'me') {
      if (!user) return null;
      filter.userId = user.id;
    } else {
      const found = await findUserByUsername(db, p.user);
      if (!found) return null;
      filter.userId = String(found.id);
    }
  }
  if (p.inQuestion !== undefined) {
    const id = toLongId(p.inQuestion);
    if (!id) return null;
    filter.inQuestion = id;
  }
  for (const slug of p.tags) {
    // The tag, its main tag and every synonym of that main tag (domain.md 10.3); the main tag first.
    const tag = await db.selectFrom('tag').select(['id', 'main_tag_id']).where('slug_name', '=', slug).where('status', '=', 1).executeTakeFirst();
    if (!tag) return null;
    const main = String(tag.main_tag_id) !== '0' ? String(tag.main_tag_id) : String(tag.id);
    const synonyms = await db.selectFrom('tag').select('id').where('main_tag_id', '=', main).where('status', '=', 1).execute();
    filter.tagGroups.push([...new Set([main, String(tag.id), ...synonyms.map((s) => String(s.id))])]);
  }
  return filter;
}
