import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checkCounters } from './check.js';

/** Drift lines printed in full; beyond this a count per column says how many more there are. */
const SHOWN = 200;

/**
 * `answer check --counters [--fix]`: recounts every counter, prints each drift as
 * `table.column id: stored -> expected`, and with `fix` writes the expected values. Progress goes
 * to stderr (one line per table, rewritten in place) so the report on stdout stays clean.
 * Returns the exit code: 1 when drift was found (also when fixed, so scripts notice), else 0.
 */
export async function runCounterCheck(db: Kysely<Database>, fix: boolean): Promise<number> {
  let current = '';
  const drift = await checkCounters(db, {
    fix,
    onProgress(table, done, total) {
      if (current && current !== table) process.stderr.write('\n');
      current = table;
      process.stderr.write(`\rchecking ${table}: ${done}/${total}`);
    },
  });
  if (current) process.stderr.write('\n');
  for (const d of drift.slice(0, SHOWN)) console.log(`${d.table}.${d.column} ${d.id}: ${d.stored} -> ${d.expected}`);
  if (drift.length > SHOWN) {
    const perColumn = new Map<string, number>();
    for (const d of drift) perColumn.set(`${d.table}.${d.column}`, (perColumn.get(`${d.table}.${d.column}`) ?? 0) + 1);
    console.log(`... ${drift.length - SHOWN} more; per column: ${[...perColumn].map(([c, n]) => `${c} ${n}`).join(', ')}`);
  }
  if (!drift.length) console.log('ok   every counter matches its rows');
  else console.log(fix ? `Fixed ${drift.length} counter value(s).` : `${drift.length} counter value(s) drifted: run "npx answer check --counters --fix" to rewrite them.`);
  return drift.length ? 1 : 0;
}
