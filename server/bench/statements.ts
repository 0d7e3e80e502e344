import { createRequire } from 'node:module';
import { buildApp } from '../src/app.js';
import { resolveDataPaths } from '../src/config/paths.js';
import { Runtime } from '../src/runtime.js';

/**
 * SQL statements per request of members' and visitors' pages, on a seeded SQLite site (issue 25's
 * "statement counts per request"):
 *
 *   node --import tsx server/bench/statements.ts <site folder> <page path>...
 *
 * e.g. the site `BENCH_SITE=/tmp/ours-site` of run.ts, signed in as its administrator
 * (bench@example.com, as run.ts installs it). Each page is asked 200 times in process, as a visitor
 * and as the member (the visit cookie a browser sends), after 20 unmeasured requests; a statement is
 * one run of a prepared SQLite statement, whether through Kysely or a precompiled read.
 */
const [folder, ...pages] = process.argv.slice(2);
if (!folder || !pages.length) {
  console.error('Usage: node --import tsx server/bench/statements.ts <site folder> <page path>...');
  process.exit(2);
}

// Every way a better-sqlite3 statement runs, counted where the database driver calls it.
const statementPrototype = Object.getPrototypeOf(new (createRequire(import.meta.url)('better-sqlite3'))(':memory:').prepare('select 1'));
let statements = 0;
for (const method of ['run', 'get', 'all', 'iterate'] as const) {
  const original = statementPrototype[method] as (...args: unknown[]) => unknown;
  statementPrototype[method] = function (this: unknown, ...args: unknown[]) {
    statements++;
    return original.apply(this, args);
  };
}

const runtime = new Runtime(resolveDataPaths(folder));
await runtime.open();
const app = await buildApp({ runtime });
const login = await app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: 'bench@example.com', pass: 'bench-password-1' } });
const visit = [login.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('visit='))?.split(';')[0];
if (!visit) throw new Error(`the administrator could not sign in: ${login.body}`);

const ROUNDS = 200;
console.log('| page | reader | statements per request |\n|---|---|---:|');
for (const page of pages) {
  for (const [reader, headers] of [['visitor', {}], ['member', { cookie: visit }]] as const) {
    for (let i = 0; i < 20; i++) await app.inject({ url: page, headers });
    const before = statements;
    for (let i = 0; i < ROUNDS; i++) {
      const res = await app.inject({ url: page, headers });
      if (res.statusCode !== 200) throw new Error(`${page}: ${res.statusCode}`);
    }
    console.log(`| \`${page}\` | ${reader} | ${((statements - before) / ROUNDS).toFixed(2)} |`);
  }
}
await app.close();
await runtime.close();
