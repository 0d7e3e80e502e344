import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOTS = path.join(os.tmpdir(), 'answer-e2e-screenshots');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts `answer run` on a free port with a fresh data directory; it is killed when the test ends. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-e2e-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'server/bin/answer.js'), 'run', '-C', dataDir], {
    env: { ...process.env, SITE_ADDR: `127.0.0.1:${port}`, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Saves a screenshot named after the failing test, for the person reading the CI log. */
export async function screenshotOnFailure(page: Page | undefined, name: string) {
  if (!page) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name.replace(/\W+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.error(`screenshot saved: ${file}`);
}
