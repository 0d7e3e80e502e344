import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ImportReport } from '../report.js';
import type { SourceSite } from './attribution.js';
import type { ConvertPool } from './convert-pool.js';
import type { IdSet, Ids } from './id-plan.js';
import type { DumpRow } from './xml-rows.js';

/** What the stages of one import share: where to write, how ids map, and which dump ids exist. */
export interface ImportContext {
  db: Kysely<Database>;
  dryRun: boolean;
  report: ImportReport;
  /** Where bodies are converted (worker threads); a dry run converts nothing. */
  pool: ConvertPool;
  ids: Ids;
  site: SourceSite;
  /** Our id of the dump's Community account, which also takes the posts of deleted accounts. */
  communityId: string;
  /** Dump ids seen so far, so a row pointing at a missing one is a problem, not a broken reference. */
  users: IdSet;
  questions: IdSet;
  answers: IdSet;
  closed: IdSet;
  /**
   * Answers read before their question (posts.ts): a merge moves a question's answers under
   * another question, which may come later in the file. They are imported after the last batch.
   */
  laterAnswers: DumpRow[];
  /** Tag slug -> our tag id (the site's tags and the dump's; a few thousand at most). */
  tags: Map<string, string>;
  /** The dump number the next tag that Tags.xml did not list gets (see tags.ts tagIdsOf). */
  nextTag: number;
  extraTagsCounted: boolean;
  /** Post id of a tag's excerpt or wiki (Tags.xml ExcerptPostId / WikiPostId) -> its tag slug. */
  tagTexts: Map<number, { slug: string; part: 'excerpt' | 'wiki' }>;
  /** The address of one of our questions, for a duplicate's close message. */
  questionUrl: (id: string) => string;
  /** The duplicate close reason (config id) and others, from the site's reason rows. */
  closeReasons: CloseReasons;
}

export interface CloseReasons {
  duplicate: number;
  offTopic: number;
  unclear: number;
  other: number;
}

/**
 * What a stage returns after reading a batch: the batch's writes, run while the next batch is read
 * and converted (a dry run returns one that writes nothing). The caller gives the transaction:
 * several batches share one (run.ts), and a stage reads nothing from the database outside it.
 */
export type Write = (trx: Transaction<Database>) => Promise<void>;
export const NOTHING: Write = async () => {};

/** Dump times are UTC without a zone ("2010-07-19T19:12:12.337"); ours are Unix seconds. */
export function seconds(text: string | undefined): number {
  if (!text) return 0;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** An integer attribute, or null when absent or not a number. */
export function int(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const n = Number(text);
  return Number.isInteger(n) ? n : null;
}

/** Our id of a dump user id, the Community account when the dump has no such user. */
export function userOf(ctx: ImportContext, seId: number | null): string {
  return seId !== null && ctx.users.has(seId) ? ctx.ids.user(seId) : ctx.communityId;
}
