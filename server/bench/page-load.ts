/**
 * Front-end weight of a question page, measured with a real chromium (issue 15 point 5): starts the
 * server on a temporary auto-installed SQLite site, posts a question with an answer, then loads the
 * question page cold (empty cache) and warm (same profile, reloaded) and prints the JavaScript
 * files, bytes on the wire (as the browser negotiated them: br or gzip) and the time until the
 * title and answers are visible and until the app is interactive (hydrated).
 *
 * Run: `node --import tsx server/bench/page-load.ts` (npm run bench runs it with BENCH_BROWSER=1).
 * Options (environment): ANSWER_STATIC_PATH (the built web app, default web/dist),
 * CHROMIUM_PATH (default /usr/bin/chromium), BENCH_QUESTIONS (questions seeded first, default 0: the
 * issue's measure is on a site of 100000).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { seedSite, spawnSite, untilHealthy } from './local-site.js';

const PORT = 21080 + Math.floor(Math.random() * 500);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { name: 'benchpage', email: 'bench-page@example.com', password: 'bench-password-1' };

async function api<T>(method: string, apiPath: string, body: unknown, token = ''): Promise<T> {
  const res = await fetch(`${BASE}${apiPath}`, { method, headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify(body) });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawnSite(dataDir, PORT, ADMIN, ['ignore', 'inherit', 'inherit']);
  await untilHealthy(child, PORT);
  return child;
}

interface Load {
  /** `early`: requested before the page was interactive (what the 150 KB budget counts). */
  files: { url: string; encoding: string; bytes: number; cached: boolean; early: boolean }[];
  visibleMs: number;
  interactiveMs: number;
}

/** One navigation: JS files with their transferred size, and the times from navigation start. */
async function load(context: BrowserContext, url: string, answerText: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map<string, { url: string; encoding: string; bytes: number; cached: boolean; js: boolean; early: boolean }>();
  let interactive = false;
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    byId.set(e.requestId, {
      url: e.response.url,
      encoding: headers['content-encoding'] ?? 'identity',
      bytes: 0,
      cached: Boolean(e.response.fromDiskCache),
      js: e.type === 'Script',
      early: !interactive,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const row = byId.get(e.requestId);
    if (row) row.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const row = byId.get(e.requestId);
    if (row) row.bytes = e.encodedDataLength;
  });
  // Timed in the page: asking from here waits for the main thread, which runs the scripts by then.
  // Strings, not functions: the tsx loader would wrap named functions in a helper the page lacks.
  await page.addInitScript(`
    const observer = new MutationObserver(() => {
      if (!document.body || !document.body.textContent.includes(${JSON.stringify(answerText)})) return;
      window.answersInDom = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  `);
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByText(answerText).first().waitFor({ state: 'visible' });
  // Visible: in the document and painted (the first paint, for a server-rendered page).
  const visibleMs = (await page.evaluate(`(async () => {
    while (!performance.getEntriesByName('first-contentful-paint').length) await new Promise((r) => requestAnimationFrame(r));
    return Math.max(window.answersInDom, performance.getEntriesByName('first-contentful-paint')[0].startTime);
  })()`)) as number;
  // Hydrated: React has attached its props to the DOM (the vote buttons answer clicks from then on).
  await page.waitForFunction(`(() => {
    const el = document.querySelector('#root *');
    return Boolean(el && Object.keys(el).some((k) => k.startsWith('__reactProps')));
  })()`);
  const interactiveMs = await page.evaluate(() => performance.now());
  interactive = true;
  await page.waitForLoadState('networkidle');
  await page.close();
  const files = [...byId.values()].filter((r) => r.js).map(({ js: _js, ...r }) => r);
  return { files, visibleMs, interactiveMs };
}

/** The gzip size of the files, as a browser without Brotli would receive them (the measure). */
async function gzipBytes(urls: string[]): Promise<number> {
  // node:http, not fetch: fetch would decompress the body before it could be counted.
  const size = (url: string) =>
    new Promise<number>((resolve, reject) => {
      http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      }).on('error', reject);
    });
  const sizes = await Promise.all(urls.map(size));
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

async function report(name: string, result: Load) {
  const early = result.files.filter((f) => f.early);
  const wire = result.files.reduce((sum, f) => sum + (f.cached ? 0 : f.bytes), 0);
  const encodings = [...new Set(result.files.filter((f) => !f.cached).map((f) => f.encoding))].join('/') || '-';
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `${name}: ${early.length} JS files before interactive (${kb(await gzipBytes(early.map((f) => f.url)))} gzip), ` +
      `${result.files.length} in all (${kb(await gzipBytes(result.files.map((f) => f.url)))} gzip, ${kb(wire)} over the wire as ${encodings}), ` +
      `answers visible at ${result.visibleMs.toFixed(0)} ms, interactive at ${result.interactiveMs.toFixed(0)} ms`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-bench-page-'));
  const server = await startServer(dataDir);
  const seeded = Number(process.env.BENCH_QUESTIONS || 0);
  if (seeded > 0) await seedSite(dataDir, seeded, Math.max(10, Math.round(seeded / 10)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const admin = await api<{ access_token: string }>('POST', '/answer/api/v1/user/login/email', { e_mail: ADMIN.email, pass: ADMIN.password });
    const question = await api<{ id: string }>(
      'POST',
      '/answer/api/v1/question',
      { title: 'How heavy is the question page for a first visitor?', content: 'A question body with **markdown**, `code` and a [link](https://example.com).', tags: [{ slug_name: 'support' }] },
      admin.access_token,
    );
    // One answer per user and question (restrict_answer): the administrator's is enough here.
    const answerText = 'This answer explains the page weight.';
    await api('POST', '/answer/api/v1/answer', { question_id: question.id, content: answerText }, admin.access_token);
    const res = await fetch(`${BASE}/questions/${question.id}`, { redirect: 'manual' });
    const url = new URL(res.headers.get('location') ?? `/questions/${question.id}`, BASE).href;
    // bypassCSP: the page's policy forbids the string scripts the measurement evaluates in it.
    const context = await browser.newContext({ bypassCSP: true });
    // A first throwaway load warms the server's caches, not the browser's (its context is closed).
    const warmup = await browser.newContext({ bypassCSP: true });
    await load(warmup, url, answerText);
    await warmup.close();
    const cold = await load(context, url, answerText);
    const warm = await load(context, url, answerText);
    console.log(`Site: ${seeded} seeded questions besides the one loaded.`);
    await report('cold', cold);
    await report('warm', warm);
    console.log('JS files of the cold load:');
    for (const f of cold.files) console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(7)} KB ${f.encoding.padEnd(8)} ${new URL(f.url).pathname}${f.early ? '' : ' (after interactive)'}`);
    await context.close();
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
