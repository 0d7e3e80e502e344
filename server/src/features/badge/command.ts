import type { Kysely } from 'kysely';
import { DEFAULT_LANGUAGE, t } from '../../core/i18n.js';
import type { Database } from '../../db/schema.js';
import { checkBadges } from './check.js';

/**
 * `answer check --badges`: awards what the badge rules say was earned but is missing (a site that
 * had content before badges, or lost events). Progress goes to stderr, one line per rule rewritten
 * in place; the summary goes to stdout. Awarding is the fix, so the exit code is 0.
 */
export async function runBadgeCheck(db: Kysely<Database>): Promise<number> {
  let current = '';
  const results = await checkBadges(db, (handler, done, total) => {
    if (current && current !== handler) process.stderr.write('\n');
    current = handler;
    process.stderr.write(`\rchecking ${handler}: ${done}/${total}`);
  });
  if (current) process.stderr.write('\n');
  const names = new Map(
    (await db.selectFrom('badge').select(['id', 'name']).execute()).map((b) => [String(b.id), t(DEFAULT_LANGUAGE, b.name)]),
  );
  let total = 0;
  for (const r of results) {
    total += r.awarded;
    const name = names.get(r.badgeId) ?? r.badgeId;
    if (r.skipped) console.log(`skip ${name}: ${r.skipped}`);
    else console.log(`${r.awarded ? 'new ' : 'ok  '} ${name}: ${r.candidates} earned, ${r.awarded} newly awarded`);
  }
  console.log(total ? `Awarded ${total} missing badge(s).` : 'ok   every earned badge is awarded');
  return 0;
}
