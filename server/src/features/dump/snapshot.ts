import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';

/**
 * Runs `read` on one connection inside a read-only transaction that sees the database as it was at
 * its start, however much the running site writes meanwhile: SQLite's WAL keeps a reader's
 * snapshot from its first read, PostgreSQL's REPEATABLE READ from its first statement, and
 * InnoDB's consistent snapshot from START TRANSACTION. Every query of a dump goes through the
 * connection handed to `read` (a pool would answer from other connections, outside the snapshot).
 */
export async function inSnapshot<T>(db: Kysely<any>, read: (conn: Kysely<any>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    switch (dialectOf(db)) {
      case 'sqlite3':
        await sql`BEGIN`.execute(conn);
        break;
      case 'postgres':
        await sql`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`.execute(conn);
        break;
      case 'mysql':
        await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(conn);
        await sql`START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY`.execute(conn);
        break;
    }
    try {
      return await read(conn);
    } finally {
      // Nothing was written: ending the transaction only lets the snapshot go.
      await sql`ROLLBACK`.execute(conn);
    }
  });
}
