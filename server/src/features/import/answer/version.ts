import { ImportError } from '../report.js';
import type { Source } from './source.js';

/**
 * Upstream's `version` table holds one row whose `version_number` counts the migrations applied
 * (internal/migrations/migrations.go): the n-th entry of this list is the release that brought the
 * schema to number n. A fresh install writes the count of its own release.
 */
const MIGRATION_RELEASES = [
  '0.0.1', '0.3.0', '0.4.1', '0.5.0', '0.6.0', '1.0.0', '1.0.2', '1.0.5', '1.0.7', '1.0.8', '1.0.9',
  '1.1.0-beta.1', '1.1.0-beta.2', '1.1.0', '1.1.1', '1.1.2', '1.1.3', '1.2.0', '1.2.1', '1.2.5',
  '1.3.0', '1.3.6', '1.4.0', '1.4.1', '1.4.2', '1.4.5', '1.5.1', '1.6.0', '1.7.0', '1.7.2', '1.8.0',
  '1.8.1', '2.0.1', '2.0.2', '2.0.3',
];

/** 1.2.0: the oldest schema this importer reads (user_role_rel, notification config, plugins in place). */
export const OLDEST_SUPPORTED = MIGRATION_RELEASES.indexOf('1.2.0') + 1;
/** The newest schema it was written against (2.0.x). */
export const NEWEST_SUPPORTED = MIGRATION_RELEASES.length;

export interface SourceVersion {
  number: number;
  /** The upstream release whose migration set the number, e.g. "1.4.0". */
  release: string;
}

export const releaseOf = (n: number) => MIGRATION_RELEASES[n - 1] ?? `unknown (${n})`;

/** Reads and checks the source's schema version; refuses a database that is not Answer's or not supported. */
export async function detectVersion(source: Source, tables: Set<string>): Promise<SourceVersion> {
  if (!tables.has('version') || !tables.has('user') || !tables.has('question')) {
    throw new ImportError(`${source.label} is not an Apache Answer database: it has no "version", "user" and "question" tables.`);
  }
  const row = await source.db.selectFrom('version').select('version_number').orderBy('id').executeTakeFirst();
  const number = Number(row?.version_number);
  if (!row || !Number.isInteger(number) || number <= 0) throw new ImportError(`${source.label}: the "version" table holds no schema version; is the Answer installation finished?`);
  if (number < OLDEST_SUPPORTED) {
    throw new ImportError(
      `The source is Apache Answer ${releaseOf(number)} (schema ${number}); the import reads ${releaseOf(OLDEST_SUPPORTED)} to ${releaseOf(NEWEST_SUPPORTED)}. Upgrade the old site with its own "answer upgrade" first.`,
    );
  }
  if (number > NEWEST_SUPPORTED) {
    throw new ImportError(`The source's schema version ${number} is newer than Apache Answer ${releaseOf(NEWEST_SUPPORTED)}, the newest this import knows; its tables may have changed.`);
  }
  return { number, release: releaseOf(number) };
}
