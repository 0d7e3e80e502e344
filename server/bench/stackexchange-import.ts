import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANSWER_BIN, serverNodeFlags, spawnSite, untilHealthy } from './local-site.js';
import { rssMegabytes } from './rss.js';
import { writeDump } from './stackexchange-dump.js';

/**
 * Measures `answer import stackexchange` on a fresh SQLite site:
 *
 *   node --import tsx server/bench/stackexchange-import.ts [posts=100000]
 *
 * Installs a site in a temporary folder, writes a synthetic dump of that many posts
 * (stackexchange-dump.ts), runs the import as the CLI does (counter recount included) and prints
 * posts per second and the import process's peak resident memory.
 */
const posts = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-se-bench-'));
const dataDir = path.join(work, 'data');
const dump = path.join(work, 'bench.stackexchange.com');

const admin = { name: 'admin', email: 'admin@example.com', password: 'admin-pass-123' };
const port = 20000 + Math.floor(Math.random() * 20000);
const site = spawnSite(dataDir, port, admin, 'ignore');
await untilHealthy(site, port);
site.kill('SIGTERM');
await new Promise((r) => site.once('exit', r));

let started = Date.now();
await writeDump(dump, posts);
console.log(`dump of ${posts} posts written in ${((Date.now() - started) / 1000).toFixed(1)} s (${(dirSize(dump) / 1e6).toFixed(0)} MB)`);

started = Date.now();
const child = spawn(process.execPath, [...serverNodeFlags(), ANSWER_BIN, 'import', 'stackexchange', dump, '-C', dataDir], { stdio: ['ignore', 'inherit', 'inherit'] });
let peak = 0;
const poll = setInterval(() => {
  peak = Math.max(peak, rssMegabytes(child.pid!, 'VmHWM') ?? 0);
}, 200);
const code = await new Promise<number | null>((r) => child.once('exit', r));
clearInterval(poll);
const seconds = (Date.now() - started) / 1000;
console.log(`import exit ${code}: ${posts} posts in ${seconds.toFixed(1)} s = ${Math.round(posts / seconds)} posts/s (everything included), peak RSS ${peak} MB`);
fs.rmSync(work, { recursive: true, force: true });

function dirSize(dir: string): number {
  return fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
}
