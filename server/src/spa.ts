import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import { newNonce, setHtmlHeaders } from './core/security-headers.js';
import { creditShare } from './features/badge/share.js';
import type { Runtime } from './runtime.js';

export const WEB_DIST =
  process.env.ANSWER_STATIC_PATH || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

// Written by Vite wherever a nonce belongs (html.cspNonce in web/vite.config.ts); replaced per response.
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

let indexHtml: string | null = null;
function readIndex(): string {
  if (indexHtml === null || process.env.NODE_ENV === 'development') {
    const file = path.join(WEB_DIST, 'index.html');
    indexHtml = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : '<!doctype html><title>Answer</title><p>The web app is not built yet: run <code>npm run build</code>.</p>';
  }
  return indexHtml;
}

/** Every non-API path is the single-page app; before installation everything leads to /install. */
export async function serveSpa(runtime: Runtime, url: string, reply: FastifyReply) {
  const pathname = url.split('?')[0]!;
  if (!runtime.installed && pathname !== '/install' && !pathname.startsWith('/50x')) return reply.redirect('/install');
  await creditShare(runtime, reply.request);
  const nonce = newNonce();
  return setHtmlHeaders(reply, nonce)
    .header('Cache-Control', 'no-cache')
    .type('text/html; charset=utf-8')
    .send(readIndex().replaceAll(NONCE_PLACEHOLDER, nonce));
}
