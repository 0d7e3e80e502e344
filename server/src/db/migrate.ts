import { type Kysely, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };
const migratorFor = (db: Kysely<any>) => new Migrator({ db, provider });

/** Applies every pending migration; returns their names. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(failed ? `migration ${failed} failed: ${detail}` : detail);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await migratorFor(db).getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

/** True once at least one migration ran; never throws on an empty database. */
export async function hasInstalledSchema(db: Kysely<any>): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === 'kysely_migration')) return false;
  return (await pendingMigrations(db)).length < Object.keys(migrations).length;
}
