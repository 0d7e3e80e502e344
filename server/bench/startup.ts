/**
 * Cold start: installs a SQLite site once (AUTO_INSTALL), then starts `answer run` on it three
 * times and prints the time from spawn to the first 200 on /healthz and the server's RSS then.
 * Run: node --import tsx server/bench/startup.ts (after `npm run build`, to time the compiled server).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSite, untilHealthy } from './local-site.js';
import { rssMegabytes } from './rss.js';

const PORT = 19580 + Math.floor(Math.random() * 400);
const RUNS = 3;

const ADMIN = { name: 'startupadmin', email: 'startup@example.com', password: 'startup-password-1' };
const start = (dataDir: string) => spawnSite(dataDir, PORT, ADMIN, ['ignore', 'ignore', 'inherit']);

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
    await untilHealthy(install, PORT);
    await stop(install);
    for (let run = 1; run <= RUNS; run++) {
      const spawnedAt = performance.now();
      const child = start(dataDir);
      const ms = await untilHealthy(child, PORT, spawnedAt);
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
