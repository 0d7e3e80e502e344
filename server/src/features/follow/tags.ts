import type { Transaction } from 'kysely';
import { AppError, FieldErrors } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { tagSlug } from '../../core/slug.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsBySlugs } from '../tag/queries.js';
import { FOLLOW, lockFollowable, setFollow } from './service.js';

const AVAILABLE = 1;
const ATTEMPTS = 5;

/** The set changed between reading it and locking its tags: the transaction starts over. */
class SetMoved extends Error {}

const followedTagIds = async (trx: Transaction<Database>, userId: string) =>
  (
    await trx
      .selectFrom('activity')
      .select('object_id')
      .where('user_id', '=', userId)
      .where('activity_type', '=', FOLLOW.tag)
      .where('cancelled', '=', 0)
      .execute()
  ).map((r) => String(r.object_id));

/**
 * The tags named by slug, synonyms replaced by their main tag (a main tag's questions include its
 * synonyms', so following the main tag covers both). Unknown or deleted slugs are a field error: the
 * web only offers existing tags, so one missing means the list is stale and the user should know.
 */
async function resolveTagIds(trx: Transaction<Database>, rawSlugs: string[]): Promise<string[]> {
  const slugs = [...new Set(rawSlugs.map(tagSlug).filter(Boolean))];
  const found = (await tagsBySlugs(trx, slugs)).filter((t) => Number(t.status) === AVAILABLE);
  const missing = slugs.filter((s) => !found.some((t) => t.slug_name === s));
  if (missing.length) throw new FieldErrors([{ field: 'slug_name_list', reason: 'error.tag.unknown', vars: { tags: missing.join(', ') } }]);
  return [...new Set(found.map((t) => (String(t.main_tag_id) !== '0' ? String(t.main_tag_id) : String(t.id))))];
}

/**
 * PUT /follow/tags (domain.md 7.7): the caller's followed tags become exactly the given ones.
 * Every tag whose follow changes is locked in id order (so concurrent replacements cannot
 * deadlock), then the caller's user row, which serialises two replacements by the same person.
 * If the set read before locking has grown meanwhile (a follow from another tab), the
 * transaction starts over with the larger set. Read committed, so that counts read after the
 * locks see every committed follow on MySQL too; follow_count is recounted per tag by setFollow.
 */
export async function replaceFollowedTags(runtime: Runtime, user: SessionUser, slugs: string[]): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      await runtime.database
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (trx) => {
          const wanted = new Set(await resolveTagIds(trx, slugs));
          const before = await followedTagIds(trx, user.id);
          const locked = [...new Set([...before, ...wanted])].sort();
          const statuses = new Map<string, number | undefined>();
          for (const id of locked) statuses.set(id, await lockFollowable(trx, 'tag', id));
          let me = trx.selectFrom('user').select('id').where('id', '=', user.id);
          if (dialectOf(trx) !== 'sqlite3') me = me.forUpdate();
          await me.executeTakeFirst();

          const current = new Set(await followedTagIds(trx, user.id));
          if ([...current].some((id) => !statuses.has(id))) throw new SetMoved();
          for (const id of locked) {
            const on = wanted.has(id);
            if (on === current.has(id)) continue;
            // A tag deleted since it was resolved cannot be followed any more.
            if (on && statuses.get(id) !== AVAILABLE) throw new FieldErrors([{ field: 'slug_name_list', reason: 'error.tag.not_found' }]);
            await setFollow(trx, user.id, 'tag', id, on);
          }
        });
      return;
    } catch (err) {
      if (!(err instanceof SetMoved)) throw err;
    }
  }
  throw new AppError(409, 'base.duplicate_request_error');
}

/** GET /tags/following: the caller's followed tags, by slug; nobody follows anything anonymously. */
export async function followedTags(runtime: Runtime, user: SessionUser | null) {
  if (!user) return [];
  const db = runtime.database;
  const rows = await db
    .selectFrom('tag')
    .selectAll()
    .where('status', '=', AVAILABLE)
    .where('id', 'in', (eb) =>
      eb.selectFrom('activity').select('object_id').where('user_id', '=', user.id).where('activity_type', '=', FOLLOW.tag).where('cancelled', '=', 0),
    )
    .orderBy('slug_name')
    .execute();
  const settings = await loadSiteSettings(runtime);
  return rows.map((row) => ({ tag_id: String(row.id), ...presentTagBrief(row, settings.write.required_tag) }));
}
