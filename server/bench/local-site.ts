import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ANSWER_BIN = path.join(ROOT, 'server/bin/answer.js');

/** Node's flags for the server: those `npm start` runs it with (the root package.json's start script). */
export function serverNodeFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = /\bnode ((?:--\S+ )*)server\/bin\/answer\.js\b/.exec(scripts.start);
  if (!command) throw new Error('the start script no longer runs node server/bin/answer.js: update serverNodeFlags');
  return command[1]!.trim().split(' ').filter(Boolean);
}

/**
 * `answer run` on a SQLite site in `dataDir`, on 127.0.0.1:`port`: the first start installs it
 * from the AUTO_INSTALL variables with `admin` as its administrator (the benches that need a
 * seeded site use `answer seed`, see run.ts).
 */
export function spawnSite(dataDir: string, port: number, admin: { name: string; email: string; password: string }, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags(), ANSWER_BIN, 'run', '-C', dataDir], {
    env: {
      ...process.env,
      SITE_ADDR: `127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      AUTO_INSTALL: '1',
      DB_TYPE: 'sqlite3',
      SITE_NAME: 'Bench',
      SITE_URL: `http://127.0.0.1:${port}`,
      CONTACT_EMAIL: admin.email,
      ADMIN_NAME: admin.name,
      ADMIN_PASSWORD: admin.password,
      ADMIN_EMAIL: admin.email,
    },
    stdio,
  });
}

/** Milliseconds from `since` to the first 200 on /healthz, polled every 10 ms; fails when the server exits or after 60 s. */
export async function untilHealthy(child: ChildProcess, port: number, since = performance.now()): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false)) return performance.now() - since;
    if (performance.now() - since > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** `answer seed` on the site in `dataDir` (its server may be running), with its progress on this terminal; fails when it fails. */
export async function seedSite(dataDir: string, questions: number, users: number): Promise<void> {
  const child = spawn(process.execPath, [...serverNodeFlags(), ANSWER_BIN, 'seed', '-C', dataDir, '--questions', String(questions), '--users', String(users)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding failed (exit ${code})`);
}
