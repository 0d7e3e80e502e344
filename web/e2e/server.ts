import { type ChildProcess, spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SCREENSHOTS = path.join(os.tmpdir(), 'answer-e2e-screenshots');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** The SQLite database of an AUTO_INSTALL=1 DB_TYPE=sqlite3 server, for setting what no API sets. */
  dbFile: string;
  /** Stops and starts the server on the same port and data (settings are cached for an hour). */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Calls the API (path from the site root) and returns `data`, throwing on any non-2xx reply. */
  api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  /** Changes the SQLite database under the running server, for what no API does. */
  writeDb(change: (db: Database.Database) => void): void;
}

type ServerEnv = Record<string, string> | ((url: string) => Record<string, string>);

/**
 * The environment that makes a server install itself on SQLite with this site name and first
 * administrator. SITE_URL only goes into e-mails: pass the server's own address when a test follows
 * mailed links (`startServer((url) => autoInstall(name, admin, url))`).
 */
export const autoInstall = (siteName: string, admin: { name: string; email: string; password: string }, siteUrl = 'http://127.0.0.1') => ({
  AUTO_INSTALL: '1',
  DB_TYPE: 'sqlite3',
  SITE_NAME: siteName,
  SITE_URL: siteUrl,
  CONTACT_EMAIL: 'contact@example.com',
  ADMIN_NAME: admin.name,
  ADMIN_PASSWORD: admin.password,
  ADMIN_EMAIL: admin.email,
});

async function spawnServer(dataDir: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'server/bin/answer.js'), 'run', '-C', dataDir], {
    env: { ...process.env, SITE_ADDR: `127.0.0.1:${port}`, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await kill(child);
      throw new Error('server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function kill(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A port the system has just handed out as free (a random pick collided with a busy port in CI). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts `answer run` on a free port with a fresh data directory; it is killed when the test ends.
 * `env` may depend on the server's URL (SITE_URL, so that mailed links lead back to it).
 */
export async function startServer(env: ServerEnv = {}): Promise<RunningServer> {
  // Another process may still take the port between the probe and the server's listen: a server
  // that exits while starting is started once more, on a new port with a new data directory (the
  // first one may already be installed with the old address).
  const attempt = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-e2e-'));
    const port = await freePort();
    const vars = typeof env === 'function' ? env(`http://127.0.0.1:${port}`) : env;
    try {
      return { dataDir, port, vars, child: await spawnServer(dataDir, port, vars) };
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  };
  const started = await attempt().catch(attempt);
  const { dataDir, port, vars } = started;
  let { child } = started;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    dbFile: path.join(dataDir, 'sqlite3', 'answer.db'),
    async restart() {
      await kill(child);
      child = await spawnServer(dataDir, port, vars);
    },
    async stop() {
      await kill(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async api<T>(method: string, apiPath: string, body?: unknown, token = ''): Promise<T> {
      const res = await fetch(`${url}${apiPath}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { data: T };
      if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    writeDb(change) {
      const db = new Database(path.join(dataDir, 'sqlite3', 'answer.db'));
      db.pragma('busy_timeout = 5000');
      try {
        change(db);
      } finally {
        db.close();
      }
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

/**
 * Waits for the badge alert of `token`'s user (the outbox awards a badge a moment after the action
 * that earns it, e.g. First Upvote after a vote) and marks it seen, so that its popup does not cover
 * the pages a test then clicks through.
 */
export async function dismissBadgeAlert(server: RunningServer, token: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await server.api<{ badge_award: unknown }>('GET', '/answer/api/v1/notification/status', undefined, token)).badge_award) {
    if (Date.now() > deadline) throw new Error('no badge was awarded within 15 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.api('PUT', '/answer/api/v1/notification/read/state/all', { type: 'achievement' }, token);
}

/**
 * A tab in its own browser profile, logged in with `token` (the app's "<expiry>|<JSON>" storage
 * format) or anonymous. Leaving an edited form asks "leave the page?": the tests mean it, so such
 * dialogs are accepted. The tab is added to `opened`, which the tests screenshot and close.
 */
export async function openTab(browser: Browser, opened: Page[], token?: string): Promise<Page> {
  const context = await browser.newContext();
  if (token) {
    await context.addInitScript((t) => {
      if (!localStorage.getItem('_a_ltk_')) localStorage.setItem('_a_ltk_', `${Date.now() + 86_400_000}|${JSON.stringify(t)}`);
    }, token);
  }
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  waitForAppOnLoad(page);
  opened.push(page);
  return page;
}

/**
 * Makes `goto` and `reload` return once the app has taken over the page (web/src/app/App.tsx marks
 * it): a server-rendered page is there at once, but a click before the app runs does nothing.
 * Documents that are not the app (a feed, a sitemap) return as loaded.
 */
export function waitForAppOnLoad(page: Page): void {
  const started = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-started'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await started();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await started();
    return response;
  };
}

/** After a test: a screenshot of every tab when it failed, then the tabs closed and `opened` emptied. */
export async function closeTabs(testName: string, failed: boolean, opened: Page[]): Promise<void> {
  if (failed) for (const [i, page] of opened.entries()) await screenshotOnFailure(page, `${testName} tab ${i + 1}`);
  await Promise.all(opened.map((page) => page.context().close()));
  opened.length = 0;
}
