import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANSWER_BIN, seedSite, serverNodeFlags, spawnSite, untilHealthy } from './local-site.js';
import { rssMegabytes } from './rss.js';

/**
 * Measures `answer dump` and `answer restore` on SQLite:
 *
 *   node --import tsx server/bench/dump-restore.ts [questions=100000]
 *
 * Installs a site in a temporary folder, seeds it (`answer seed`: that many questions, about 1.5
 * answers and 0.5 comments each, one user per 20 questions), dumps it to a .tar, restores the
 * archive into a new SQLite database in another data path, and prints each command's time and
 * peak resident memory. Everything is removed afterwards.
 */
const questions = Number(process.argv[2] ?? 100_000);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-dump-bench-'));
const dataDir = path.join(work, 'data');
const archive = path.join(work, 'site.tar');

try {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const site = spawnSite(dataDir, port, { name: 'admin', email: 'admin@example.com', password: 'admin-pass-123' }, 'ignore');
  await untilHealthy(site, port);
  site.kill('SIGTERM');
  await new Promise((r) => site.once('exit', r));
  let started = Date.now();
  await seedSite(dataDir, questions, Math.max(1, Math.floor(questions / 20)));
  console.log(`seeded ${questions} questions in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  await timed('dump', ['dump', archive, '-C', dataDir]);
  console.log(`archive: ${(fs.statSync(archive).size / 1e6).toFixed(0)} MB`);
  await timed('restore into SQLite', ['restore', archive, '--to', path.join(work, 'restored', 'answer.db'), '-C', path.join(work, 'restored')]);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** Runs one `answer` command to its end, with its output on this terminal; prints its time and peak RSS. */
async function timed(name: string, args: string[]): Promise<void> {
  const started = Date.now();
  const child = spawn(process.execPath, [...serverNodeFlags(), ANSWER_BIN, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, rssMegabytes(child.pid!, 'VmHWM') ?? 0)), 200);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearInterval(poll);
  if (code !== 0) throw new Error(`${name} failed (exit ${code})`);
  console.log(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s, peak RSS ${peak} MB`);
}
