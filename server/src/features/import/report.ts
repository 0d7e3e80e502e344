import type { Progress } from '../../core/progress.js';

/** What every importer is given besides its source. */
export interface ImportRun {
  /** Read and check everything, write nothing. */
  dryRun: boolean;
  progress: Progress;
}

/**
 * What an import did (or, in a dry run, would do): rows per kind, and every problem met in the
 * source. A problem is a row that could not be taken as it was (kept with a fix, or left out); the
 * import goes on past it. A source that cannot be read at all is an ImportError instead.
 */
export interface ImportReport {
  counts: Record<string, number>;
  problems: string[];
}

/** A source the importer refuses as a whole (wrong URL, unsupported version, truncated file); nothing was written. */
export class ImportError extends Error {}

export const newReport = (): ImportReport => ({ counts: {}, problems: [] });

export function count(report: ImportReport, kind: string, n = 1): void {
  report.counts[kind] = (report.counts[kind] ?? 0) + n;
}

/** Problems beyond this many are counted, not kept, so a broken dump cannot fill the memory. */
const KEPT_PROBLEMS = 1000;
const dropped = new WeakMap<ImportReport, number>();

export function problem(report: ImportReport, text: string): void {
  if (report.problems.length < KEPT_PROBLEMS) report.problems.push(text);
  else dropped.set(report, (dropped.get(report) ?? 0) + 1);
}

export function droppedProblems(report: ImportReport): number {
  return dropped.get(report) ?? 0;
}
