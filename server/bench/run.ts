/**
 * npm run bench: starts the built server on a temporary data directory (auto-installed), drives
 * named routes with wrk (or autocannon) and prints req/s and latency percentiles for each, with /healthz
 * as the same-run baseline. `--write` records the table in docs/benchmarks.md.
 *
 * Options (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_TOOL=wrk|autocannon (the load generator; default wrk when installed, `apt-get install wrk`),
 * BENCH_QUESTIONS (demo questions seeded first, default 10000; the recorded figures use 100000),
 * BENCH_USERS (demo users, default one per 10 questions),
 * BENCH_SITE=<dir> to keep the seeded SQLite site in <dir> and measure it again on later runs without seeding
 * (a million questions take about 20 minutes to seed; BENCH_QUESTIONS and BENCH_USERS must stay the same),
 * BENCH_DB=postgres|mysql to run on a throwaway database of TEST_PG_URL / TEST_MYSQL_URL,
 * BENCH_ONLY=<text>[,<text>...] to measure only the routes whose name contains one of them (and the baseline),
 * e.g. BENCH_ONLY=search for the search routes and the first-time search timing,
 * BENCH_PROFILE=<dir> to write the server's CPU profile there (open it in Chrome's DevTools),
 * BENCH_PLUGINS_OFF=<slug>[,<slug>...] to switch those plugins off first (e.g. code_highlight, to compare pages with it on and off),
 * BENCH_PAIRED=1 to measure /healthz again right before each route and give each route's share of that one too
 * (on a machine shared with other work the baseline drifts within a run; a pair measured together drifts less).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createThrowawayDb, type ThrowawayDb } from '../test/support/databases.js';
import { cpuMicroseconds } from './cpu.js';
import { ANSWER_BIN, seedSite, serverNodeFlags } from './local-site.js';
import { rssMegabytes } from './rss.js';
import { searchSets, timeFirstSearches } from './search-queries.js';
import { type LoadResult, wrkInstalled, wrkLoad } from './wrk.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const PORT = 19080 + Math.floor(Math.random() * 500);
const BASE = `http://127.0.0.1:${PORT}`;

/** Routes measured; later features add theirs here. */
const QUESTIONS = Number(process.env.BENCH_QUESTIONS || 10000);
const USERS = Number(process.env.BENCH_USERS || Math.max(20, Math.ceil(QUESTIONS / 10)));
const DB = (process.env.BENCH_DB || 'sqlite3') as 'sqlite3' | 'postgres' | 'mysql';

const SEARCH = searchSets();

/**
 * `signedIn` routes are called with the benchmark administrator's access token; routes with `paths`
 * ask for those paths in turn (`path` is then the first, shown in the table).
 */
interface Route {
  name: string;
  path: string;
  signedIn?: boolean;
  headers?: Record<string, string>;
  paths?: string[];
}

function routes({ questionId, questionPath, tag, username, word, second, badgeId }: Targets): Route[] {
  return [
    { name: 'healthz (baseline)', path: '/healthz' },
    { name: 'siteinfo', path: '/answer/api/v1/siteinfo' },
    { name: 'question list (newest)', path: '/answer/api/v1/question/page?order=newest&page=1&page_size=20' },
    // What a browser asks for: the cached page compressed with Brotli.
    { name: 'question list (newest, brotli)', path: '/answer/api/v1/question/page?order=newest&page=1&page_size=20', headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'question list (tag, active)', path: `/answer/api/v1/question/page?order=active&tag=${tag}&page=1&page_size=20` },
    { name: 'hot questions', path: '/answer/api/v1/question/page?order=hot&page_size=6&in_days=7' },
    { name: 'question page', path: `/answer/api/v1/question/info?id=${questionId}` },
    { name: 'answers of a question', path: `/answer/api/v1/answer/page?question_id=${questionId}` },
    { name: 'comments of a question', path: `/answer/api/v1/comment/page?object_id=${questionId}&query_cond=vote&page=1&page_size=5` },
    // One primary-key select and nothing else (a visitor's badge): what one database round trip costs,
    // measured next to the signed-in reads that each make one.
    { name: 'badge (primary-key lookup)', path: `/answer/api/v1/badge?id=${badgeId}` },
    // The same three as a signed-in reader (the viewer's votes, bookmarks and actions).
    { name: 'question page (signed in)', path: `/answer/api/v1/question/info?id=${questionId}`, signedIn: true },
    { name: 'answers of a question (signed in)', path: `/answer/api/v1/answer/page?question_id=${questionId}`, signedIn: true },
    { name: 'comments of a question (signed in)', path: `/answer/api/v1/comment/page?object_id=${questionId}&query_cond=vote&page=1&page_size=5`, signedIn: true },
    { name: 'reactions of a question', path: `/answer/api/v1/meta/reaction?object_id=${questionId}` },
    { name: 'reputation history', path: `/answer/api/v1/personal/rank/page?username=${username}&page=1&page_size=20` },
    // Twenty results a page, as the client asks (the same page size as the question list above).
    { name: 'search (one word)', path: `/answer/api/v1/search?q=${word}&size=20` },
    { name: 'search (two words)', path: `/answer/api/v1/search?q=${encodeURIComponent(`${word} ${second}`)}&size=20` },
    { name: 'search (word and tag)', path: `/answer/api/v1/search?q=${encodeURIComponent(`${word} [${tag}]`)}&size=20` },
    // Distinct two-word queries of common words. The issue's set of 600 comes round again within the
    // 10 s page cache once the server answers more than 60 a second; the fresh set never repeats.
    { name: 'search (600 distinct two-word queries in turn)', path: SEARCH.cycled[0]!, paths: SEARCH.cycled },
    { name: 'search (two-word queries, none repeated)', path: SEARCH.fresh[0]!, paths: SEARCH.fresh },
    { name: 'tag list', path: '/answer/api/v1/tags/page?page=1&page_size=20&query_cond=popular' },
    { name: 'profile', path: `/answer/api/v1/personal/user/info?username=${username}` },
    // Every signed-in tab polls this every 3 s: the busiest call of a live site.
    { name: 'notification poll (signed in)', path: '/answer/api/v1/notification/status', signedIn: true },
    { name: 'SPA index', path: '/' },
    // Whole pages as a browser gets them: rendered by the server with the app's components, data inline.
    { name: 'rendered question page (visitor)', path: questionPath },
    { name: 'rendered question page (signed in)', path: questionPath, signedIn: true },
    { name: 'rendered home page (visitor)', path: '/' },
    { name: 'rendered tag page (visitor)', path: `/tags/${tag}` },
    { name: 'rendered profile (visitor)', path: `/users/${username}` },
    // A member's pages, as their browser asks (visit cookie, Brotli accepted): the visitors' page with their replies.
    { name: 'rendered question page (signed in, brotli)', path: questionPath, signedIn: true, headers: { 'accept-encoding': 'br, gzip' } },
    { name: 'rendered home page (signed in)', path: '/', signedIn: true },
    { name: 'rendered tag page (signed in)', path: `/tags/${tag}`, signedIn: true },
    { name: 'rendered profile (signed in)', path: `/users/${username}`, signedIn: true },
  ];
}

interface Row {
  name: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's resident set right after the route's load, MB (issue 15: at most 250). */
  rss?: number;
  /** /healthz req/s measured right before this route (BENCH_PAIRED). */
  pairedBase?: number;
  /** The server's CPU time per request during the route's load, microseconds. */
  cpu?: number;
}

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy in time');
}

function dbEnv(db: ThrowawayDb | null): Record<string, string> {
  if (!db) return { DB_TYPE: 'sqlite3' };
  return { DB_TYPE: DB, DB_HOST: db.host, DB_USERNAME: db.user, DB_PASSWORD: db.password, DB_NAME: db.name };
}

function startServer(dataDir: string, db: ThrowawayDb | null): ChildProcess {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  return spawn(process.execPath, [...serverNodeFlags(), ...profile, ANSWER_BIN, 'run', '-C', dataDir], {
    env: {
      ...process.env,
      ...dbEnv(db),
      SITE_ADDR: `127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      AUTO_INSTALL: '1',
      SITE_NAME: 'Benchmark',
      SITE_URL: BASE,
      CONTACT_EMAIL: 'bench@example.com',
      ADMIN_NAME: 'benchadmin',
      ADMIN_PASSWORD: 'bench-password-1',
      ADMIN_EMAIL: 'bench@example.com',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * wrk when it is installed, else autocannon. autocannon runs in Node and spends more CPU per request
 * than a light route costs the server: on two cores it caps /healthz well below the server's limit,
 * which flatters every other route's share of it (docs/benchmarks.md, 2026-11-24).
 */
const TOOL = process.env.BENCH_TOOL || (wrkInstalled() ? 'wrk' : 'autocannon');

async function load(url: string, headers: Record<string, string>, paths?: string[]): Promise<LoadResult> {
  if (TOOL === 'wrk') return wrkLoad(paths ? BASE : url, { connections: CONNECTIONS, seconds: SECONDS, headers, paths });
  let next = 0;
  const requests = paths ? [{ setupRequest: (req: any) => ({ ...req, path: paths[next++ % paths.length] }) }] : undefined;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, requests });
  return {
    rps: Math.round(result.requests.average),
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measure(route: Route, headers: Record<string, string>, pid?: number): Promise<Row> {
  const cpuBefore = pid === undefined ? undefined : cpuMicroseconds(pid);
  const result = await load(BASE + route.path, headers, route.paths);
  const cpuAfter = pid === undefined ? undefined : cpuMicroseconds(pid);
  return {
    cpu: cpuBefore === undefined || cpuAfter === undefined || !result.total ? undefined : Math.round((cpuAfter - cpuBefore) / result.total),
    rss: pid === undefined ? undefined : rssMegabytes(pid),
    name: route.name,
    path: route.path,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
  };
}

/**
 * The baseline is /healthz measured first and again last: the mean of both, so a route measured
 * late (a bigger heap, warmer caches, a machine that slowed down) is compared with the state the
 * site was in around it, not only with a fresh process.
 */
function table(rows: Row[]): string {
  const baselines = rows.filter((r) => r.path === '/healthz');
  const base = baselines.reduce((sum, r) => sum + r.rps, 0) / (baselines.length || 1) || 1;
  const cpuBaselines = baselines.filter((r) => r.cpu);
  const cpuBase = cpuBaselines.reduce((sum, r) => sum + r.cpu!, 0) / (cpuBaselines.length || 1);
  // The req/s a route would reach, as a share of /healthz's, were the server the only thing running.
  const cpuShare = (r: Row) => (r.cpu && cpuBase ? `${Math.round((cpuBase / r.cpu) * 100)}%` : '-');
  const paired = rows.some((r) => r.pairedBase);
  const lines = [
    `| route | path | req/s | % of /healthz (mean of first and last) |${paired ? ' % of /healthz right before |' : ''} server CPU µs/request | /healthz CPU per request ÷ route's | p50 ms | p99 ms | errors | RSS after, MB |`,
    `|---|---|---:|---:|${paired ? '---:|' : ''}---:|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | \`${r.path}\` | ${r.rps} | ${Math.round((r.rps / base) * 100)}% |${paired ? ` ${r.pairedBase ? `${Math.round((r.rps / r.pairedBase) * 100)}%` : '-'} |` : ''} ${r.cpu ?? '-'} | ${cpuShare(r)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rss ?? '-'} |`,
    ),
  ];
  return lines.join('\n');
}

/**
 * Waits until the server answers /healthz quickly again: a load generator stops on time, but the
 * requests it left queued (slow searches) keep the server busy, and the next route would pay for them.
 */
async function settled(deadline: number) {
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${BASE}/healthz`).then((r) => r.text());
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code ?? 1))));

interface Targets {
  questionId: string;
  /** The question's canonical page URL (other forms redirect to it). */
  questionPath: string;
  tag: string;
  username: string;
  /** Two words of the top question's title, searched for. */
  word: string;
  second: string;
  /** A badge, read by its primary key. */
  badgeId: string;
}

/** The top-scored question, its first tag and the person its list item shows: the busiest objects of a real site. */
async function pickTargets(): Promise<Targets> {
  const list = (await (await fetch(`${BASE}/answer/api/v1/question/page?order=score&page_size=1`)).json()) as {
    data: { list: { id: string; title: string; tags: { slug_name: string }[]; operator: { username: string } }[] };
  };
  const top = list.data.list[0]!;
  const [word = 'question', second = 'answer'] = top.title.toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 3);
  const badges = (await (await fetch(`${BASE}/answer/api/v1/badges`)).json()) as { data: { badges: { id: string }[] }[] };
  const badgeId = badges.data[0]?.badges[0]?.id ?? '0';
  const page = await fetch(`${BASE}/questions/${top.id}`, { redirect: 'manual' });
  const questionPath = page.status === 301 ? new URL(page.headers.get('location')!, BASE).pathname : `/questions/${top.id}`;
  return { questionId: top.id, questionPath, tag: top.tags[0]!.slug_name, username: top.operator.username, word, second, badgeId };
}

/**
 * One load generator is one address, and search asks a visitor for a captcha after 20 searches a
 * minute; the benchmark measures the query, so the administrator switches the captcha off.
 */
async function captchaOff(): Promise<{ token: string; cookie: string }> {
  const login = await fetch(`${BASE}/answer/api/v1/user/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ e_mail: 'bench@example.com', pass: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  // Pages know the reader by the visit cookie the login set (the token stays in the browser).
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('visit='))?.split(';')[0] ?? '';
  const res = await fetch(`${BASE}/answer/admin/api/plugin/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ plugin_slug_name: 'basic_captcha', enabled: false }),
  });
  if (!res.ok) throw new Error(`switching the captcha off failed: ${res.status}`);
  return { token, cookie };
}

async function main() {
  const kept = process.env.BENCH_SITE;
  if (kept && DB !== 'sqlite3') throw new Error('BENCH_SITE keeps SQLite sites only (a throwaway database server database is dropped after the run)');
  const seeded = !!kept && fs.existsSync(kept);
  const dataDir = kept || fs.mkdtempSync(path.join(os.tmpdir(), 'answer-bench-'));
  const db = DB === 'sqlite3' ? null : await createThrowawayDb(DB, process.env[DB === 'postgres' ? 'TEST_PG_URL' : 'TEST_MYSQL_URL']);
  const server = startServer(dataDir, db);
  // The benchmark never outlives its budget, even if something hangs (seeding takes about 1 s per 1,000 questions).
  const guard = setTimeout(() => {
    server.kill('SIGKILL');
    process.exit(1);
  }, (10 * (SECONDS + 5) + 900 + QUESTIONS / 500) * 1000);
  try {
    await waitForHealth(Date.now() + 60_000);
    if (!seeded) {
      process.stdout.write(`seeding ${QUESTIONS} questions and ${USERS} users...\n`);
      await seedSite(dataDir, QUESTIONS, USERS);
    }
    const targets = await pickTargets();
    const { token, cookie } = await captchaOff();
    for (const slug of (process.env.BENCH_PLUGINS_OFF || '').split(',').filter(Boolean)) {
      const res = await fetch(`${BASE}/answer/admin/api/plugin/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ plugin_slug_name: slug, enabled: false }),
      });
      if (!res.ok) throw new Error(`switching ${slug} off failed: ${res.status}`);
    }
    // A live server has rendered pages before its API is busy, and a render leaves its mark on the
    // whole process (the JIT's view of shared code; before 2026-11-24's sixth run, promise hooks):
    // every row is measured on a server that has rendered a page for a visitor and a reader.
    for (const headers of [{}, { cookie }] as Record<string, string>[]) await fetch(BASE + targets.questionPath, { headers }).then((r) => r.text());
    const rows: Row[] = [];
    const only = (process.env.BENCH_ONLY || '').toLowerCase();
    const selected = (name: string) => !only || only.split(',').some((o) => name.toLowerCase().includes(o));
    // A search nobody asked before, one at a time: what a reader waits for, cache or not.
    let firstSearch = '';
    if (selected('search (first-time, one at a time)')) {
      const { median, max } = await timeFirstSearches(BASE, SEARCH.firstTime);
      firstSearch = `First-time two-word search, one at a time: median ${median} ms, slowest ${max} ms (of ${SEARCH.firstTime.length - 3}, after 3 to warm up).\n`;
      process.stdout.write(firstSearch);
    }
    for (const route of routes(targets)) {
      if (route.path !== '/healthz' && !selected(route.name)) continue;
      // Routes other features are still building are skipped until they answer.
      const headers: Record<string, string> = { ...route.headers, ...(route.signedIn ? { authorization: token, cookie } : {}) };
      if ((await fetch(BASE + route.path, { headers })).status === 404) {
        process.stdout.write(`skipping ${route.name}: 404\n`);
        continue;
      }
      const pairedBase = process.env.BENCH_PAIRED && route.path !== '/healthz' ? (await measure({ name: 'healthz', path: '/healthz' }, {})).rps : undefined;
      process.stdout.write(`measuring ${route.name} (${SECONDS}s)...\n`);
      rows.push({ ...(await measure(route, headers, server.pid)), pairedBase });
      await settled(Date.now() + 60_000);
    }
    if (rows.length > 1 && rows[0]!.path === '/healthz') {
      process.stdout.write(`measuring the baseline again (${SECONDS}s)...\n`);
      rows.push(await measure({ name: 'healthz (baseline, again at the end)', path: '/healthz' }, {}, server.pid));
    }
    const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const header = `## ${new Date().toISOString().slice(0, 10)}: ${DB}, ${QUESTIONS} questions, ${USERS} users, ${TOOL}, ${CONNECTIONS} connections, ${SECONDS} s per route\n\nMachine: ${machine}\n`;
    const peak = server.pid === undefined ? undefined : rssMegabytes(server.pid, 'VmHWM');
    const report = `${header}\n${firstSearch ? `${firstSearch}\n` : ''}${table(rows)}\n${peak === undefined ? '' : `\nPeak RSS of the server (VmHWM): ${peak} MB\n`}`;
    console.log(`\n${report}`);
    if (process.argv.includes('--write')) {
      const file = path.join(ROOT, 'docs/benchmarks.md');
      const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n\nProduced by `npm run bench -- --write`; newest run first.\n\n';
      // The newest run goes above the older ones, below the page's introduction.
      const at = existing.indexOf('\n## ');
      fs.writeFileSync(file, at < 0 ? `${existing}${report}\n` : `${existing.slice(0, at + 1)}${report}\n${existing.slice(at + 1)}`);
      console.log(`written to ${file}`);
    }
  } finally {
    clearTimeout(guard);
    server.kill('SIGTERM');
    await exited(server);
    await db?.drop();
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
