/**
 * Cold start: installs a SQLite site once (AUTO_INSTALL), then starts `answer run` on it three
 * times and prints the time from spawn to the first 200 on /healthz and the server's RSS then.
 * Run: node --import tsx server/bench/startup.ts (after `npm run build`, to time the compiled server).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMegabytes } from './rss.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = 19580 + Math.floor(Math.random() * 400);
const RUNS = 3;

function start(dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'server/bin/answer.js'), 'run', '-C', dataDir], {
    env: {
      ...process.env,
      SITE_ADDR: `127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      AUTO_INSTALL: '1',
      DB_TYPE: 'sqlite3',
      SITE_NAME: 'Startup',
      SITE_URL: `http://127.0.0.1:${PORT}`,
      CONTACT_EMAIL: 'startup@example.com',
      ADMIN_NAME: 'startupadmin',
      ADMIN_PASSWORD: 'startup-password-1',
      ADMIN_EMAIL: 'startup@example.com',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Milliseconds from spawn to the first 200 on /healthz (polled every 10 ms). */
async function untilHealthy(child: ChildProcess, spawnedAt: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status === 200) return performance.now() - spawnedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - spawnedAt > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-startup-'));
  try {
    // The first start installs the site; it is not one of the timed runs.
    const install = start(dataDir);
    await untilHealthy(install, performance.now());
    await stop(install);
    for (let run = 1; run <= RUNS; run++) {
      const spawnedAt = performance.now();
      const child = start(dataDir);
      const ms = await untilHealthy(child, spawnedAt);
      console.log(`run ${run}: first 200 on /healthz after ${Math.round(ms)} ms, RSS ${rssMegabytes(child.pid!)} MB`);
      await stop(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
