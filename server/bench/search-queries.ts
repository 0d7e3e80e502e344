import { WORDS } from '../src/features/seed/words.js';

/**
 * Search paths for the benchmark: distinct two-word queries made of the demo vocabulary, so each
 * matches a realistic share of the seeded posts (common words, as on a real site). Deterministic
 * order, so every run asks the same queries; three disjoint sets, so no set warms another's cache.
 */
function pairs(): string[] {
  const out: string[] = [];
  for (const a of WORDS) for (const b of WORDS) if (a !== b) out.push(`${a} ${b}`);
  // A fixed shuffle (a linear congruential generator), so neighbours do not share their first word.
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const path = (q: string) => `/answer/api/v1/search?q=${encodeURIComponent(q)}&size=20`;

export interface SearchSets {
  /** Timed one by one, each the first time it is asked. */
  firstTime: string[];
  /** The load: 600 queries asked in turn (a query comes round again within the 10 s page cache). */
  cycled: string[];
  /** Every request a query never asked before in the run (about 13,000: more than 10 s at 1,000 req/s). */
  fresh: string[];
}

export function searchSets(): SearchSets {
  const all = pairs().map(path);
  return { firstTime: all.slice(0, 10), cycled: all.slice(10, 610), fresh: all.slice(610) };
}

/** Milliseconds of each of `paths`, asked one at a time: the first three warm the server up and are left out. */
export async function timeFirstSearches(base: string, paths: string[]): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const res = await fetch(base + p);
    await res.text();
    if (!res.ok) throw new Error(`${p} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const measured = times.slice(3).sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { median: round(measured[Math.floor(measured.length / 2)]!), max: round(measured.at(-1)!) };
}
