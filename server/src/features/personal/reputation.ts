import { pageOf } from '../../core/pagination.js';
import { presentId } from '../../core/ids.js';
import { t } from '../../core/i18n.js';
import type { SessionUser } from '../../core/guardian.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { ACT_KEY } from '../activity/types.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { postRefs } from './post-refs.js';

/**
 * A person's reputation history (domain.md 3.4): every live ledger row that changed their
 * reputation, newest first, with the post it came from. Upstream lists gains only, so the history
 * does not add up to the total; we list losses too (a quirk not copied), and the rows then sum to
 * the reputation earned since the account began. Posts the viewer may not see keep their row
 * without their text.
 */
export async function reputationHistory(runtime: Runtime, viewer: SessionUser | null, userId: string, page: { pageSize: number; offset: number }, lang: string) {
  const db = runtime.database;
  const live = db.selectFrom('activity').where('user_id', '=', userId).where('has_rank', '=', 1).where('cancelled', '=', 0).where('rank', '!=', 0);
  const [total, rows, settings, thresholds] = await Promise.all([
    live.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    live.select(['id', 'created_at', 'object_id', 'activity_type', 'rank']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.pageSize).offset(page.offset).execute(),
    loadSiteSettings(runtime),
    loadThresholds(runtime),
  ]);
  const permalink = settings.seo.permalink;
  const refs = await postRefs(db, rows.map((r) => String(r.object_id)), permalink, t(lang, 'personal.deleted_question'), { user: viewer, thresholds });
  return pageOf(
    total.n,
    rows.map((r) => {
      const key = ACT_KEY[Number(r.activity_type)] ?? '';
      const post = refs.get(String(r.object_id))!;
      return {
        ...post,
        // A change with no post behind it (the activation bonus, imported reputation) says what it was.
        title: String(r.object_id) === '0' && key ? t(lang, `rank_reason.${key}`) : post.title,
        created_at: Number(r.created_at),
        object_id: String(r.object_id) === '0' ? '0' : presentId(String(r.object_id), permalink),
        reputation: Number(r.rank),
        rank_type: key ? t(lang, `rank_type.${key}`) : '',
      };
    }),
  );
}
