import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';

/**
 * Throwaway databases on the real PostgreSQL and MySQL/MariaDB servers named by TEST_PG_URL and
 * TEST_MYSQL_URL. A dialect whose URL is unset is skipped, unless REQUIRE_SERVICES=1, in which case
 * the test fails: CI must never pass by skipping.
 */
export type ServerDialect = 'postgres' | 'mysql';

export interface ThrowawayDb {
  /** Connection URL of the new database. */
  url: string;
  host: string;
  user: string;
  password: string;
  name: string;
  drop(): Promise<void>;
}

const ENV = { postgres: 'TEST_PG_URL', mysql: 'TEST_MYSQL_URL' } as const;

export const serviceRequired = () => process.env.REQUIRE_SERVICES === '1';

/** The dialects to run: [name, url] for each configured server, or a failing entry when required. */
export function serverDialects(): { dialect: ServerDialect; url: string | undefined }[] {
  return (['postgres', 'mysql'] as const)
    .map((dialect) => ({ dialect, url: process.env[ENV[dialect]] }))
    .filter((d) => d.url || serviceRequired());
}

export async function createThrowawayDb(dialect: ServerDialect, serverUrl: string | undefined): Promise<ThrowawayDb> {
  if (!serverUrl) throw new Error(`${ENV[dialect]} is not set but REQUIRE_SERVICES=1 requires ${dialect}`);
  const name = `answer_test_${randomBytes(6).toString('hex')}`;
  const parsed = new URL(serverUrl);
  const host = `${parsed.hostname}:${parsed.port || (dialect === 'postgres' ? 5432 : 3306)}`;
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    return {
      url: url.toString(),
      host,
      user,
      password,
      name,
      async drop() {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await c.end();
        }
      },
    };
  }
  const admin = await mysql.createConnection(serverUrl);
  try {
    await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }
  return {
    url: url.toString(),
    host,
    user,
    password,
    name,
    async drop() {
      const c = await mysql.createConnection(serverUrl);
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await c.end();
      }
    },
  };
}
