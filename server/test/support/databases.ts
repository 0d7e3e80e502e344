import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DbDriver } from '../../src/config/config.js';

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

/** A fresh, empty database ready for createDb, and the way to remove it. */
export interface TestDatabase {
  driver: DbDriver;
  connection: string;
  drop(): Promise<void>;
}

/**
 * Every dialect a database test should run on: SQLite always (a file in a temp directory), plus
 * the servers serverDialects() selects. create() rejects when a required server is unset or down,
 * so the test fails rather than skips.
 */
export function testDatabases(): { name: DbDriver; create(): Promise<TestDatabase> }[] {
  const sqlite = {
    name: 'sqlite3' as const,
    async create(): Promise<TestDatabase> {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-test-'));
      return {
        driver: 'sqlite3',
        connection: path.join(dir, 'answer.db'),
        drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  };
  const servers = serverDialects().map(({ dialect, url }) => ({
    name: dialect,
    async create(): Promise<TestDatabase> {
      const db = await createThrowawayDb(dialect, url);
      return { driver: dialect, connection: db.url, drop: db.drop };
    },
  }));
  return [sqlite, ...servers];
}
