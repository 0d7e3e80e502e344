import { pageOf } from '../../core/pagination.js';
import { OBJECT_TYPE, presentId } from '../../core/ids.js';
import { t } from '../../core/i18n.js';
import type { SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { postRefs } from './post-refs.js';

const firstIdOfType = (type: number) => `1${String(type).padStart(3, '0')}${'0'.repeat(13)}`;

/** Questions and answers the caller has voted on, newest vote first (domain.md 5.7). */
export async function myVotes(runtime: Runtime, user: SessionUser, page: { pageSize: number; offset: number }, lang: string) {
  const db = runtime.database;
  // Votes on comments are only likes; the list is about posts (as upstream). Question and answer
  // ids are the two adjacent ranges "1001…" and "1002…" of long ids.
  const posts = db
    .selectFrom('vote')
    .where('user_id', '=', user.id)
    .where('object_id', '>=', firstIdOfType(OBJECT_TYPE.question))
    .where('object_id', '<', firstIdOfType(OBJECT_TYPE.answer + 1));
  const [total, rows, settings, thresholds] = await Promise.all([
    posts.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    posts.select(['object_id', 'direction', 'created_at']).orderBy('created_at', 'desc').orderBy('object_id', 'desc').limit(page.pageSize).offset(page.offset).execute(),
    loadSiteSettings(runtime),
    loadThresholds(runtime),
  ]);
  const permalink = settings.seo.permalink;
  const refs = await postRefs(db, rows.map((r) => String(r.object_id)), permalink, t(lang, 'personal.deleted_question'), { user, thresholds });
  return pageOf(
    total.n,
    rows.map((r) => ({
      ...refs.get(String(r.object_id))!,
      created_at: Number(r.created_at),
      object_id: presentId(String(r.object_id), permalink),
      vote_type: t(lang, Number(r.direction) === 1 ? 'personal.vote_type.vote_up' : 'personal.vote_type.vote_down'),
    })),
  );
}
