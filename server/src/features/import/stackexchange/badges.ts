import { SINGLE_AWARD_KEY } from '../../badge/award-key.js';
import { count, problem } from '../report.js';
import { type ImportContext, int, NOTHING, seconds, type Write } from './context.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew } from '../insert-new.js';

interface OurBadge {
  id: string;
  groupId: string;
  single: boolean;
}

/** Our badges by the name a dump would give them: "Nice Answer" matches `badge.default_badges.nice_answer.name`. */
export async function loadBadges(ctx: ImportContext): Promise<Map<string, OurBadge>> {
  const rows = await ctx.db.selectFrom('badge').select(['id', 'name', 'badge_group_id', 'single']).execute();
  const out = new Map<string, OurBadge>();
  for (const r of rows) {
    const badge = { id: String(r.id), groupId: String(r.badge_group_id), single: Number(r.single) === 1 };
    const key = /^badge\.default_badges\.(.+)\.name$/.exec(r.name)?.[1];
    out.set(nameKey(key ?? r.name), badge);
  }
  return out;
}

const nameKey = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, '_');

/**
 * Badges.xml: an award of a badge this site also has (same name) is kept, once for a badge given
 * once per person, otherwise once per award; tag badges and badges this site lacks are counted by
 * name in one problem line when the import ends.
 */
export function importBadges(ctx: ImportContext, rows: DumpRow[], ours: Map<string, OurBadge>, unmatched: Map<string, number>): Write {
  const awards: object[] = [];
  for (const row of rows) {
    const a = row.attrs;
    const seId = int(a.Id);
    const user = int(a.UserId);
    const badge = a.TagBased === 'True' ? undefined : ours.get(nameKey(a.Name ?? ''));
    if (!badge) {
      unmatched.set(a.Name ?? '', (unmatched.get(a.Name ?? '') ?? 0) + 1);
      continue;
    }
    if (seId === null || user === null || !ctx.users.has(user)) continue;
    const at = seconds(a.Date);
    awards.push({
      id: ctx.ids.badgeAward(seId),
      created_at: at,
      updated_at: at,
      user_id: ctx.ids.user(user),
      badge_id: badge.id,
      award_key: badge.single ? SINGLE_AWARD_KEY : `se-${seId}`,
      badge_group_id: badge.groupId,
      is_badge_deleted: 0,
    });
  }
  count(ctx.report, 'badge awards', awards.length);
  if (ctx.dryRun || !awards.length) return NOTHING;
  return async (trx) => {
    await insertNew(trx, 'badge_award', awards);
  };
}

export function reportUnmatchedBadges(ctx: ImportContext, unmatched: Map<string, number>): void {
  if (!unmatched.size) return;
  const total = [...unmatched.values()].reduce((a, b) => a + b, 0);
  const names = [...unmatched.keys()].slice(0, 20).join(', ');
  problem(ctx.report, `Badges.xml: ${total} award(s) of ${unmatched.size} badge(s) this site does not have (or tag badges), left out: ${names}${unmatched.size > 20 ? ', ...' : ''}`);
}
