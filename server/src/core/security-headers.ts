import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { INSTALL_PREFIX } from '@answer/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one place that decides the browser security headers (docs/decisions.md, "Security headers").
 * Whoever adds content the policy must allow (admin custom HTML, a plugin's CDN) extends
 * `PolicyExtras` here instead of setting a second Content-Security-Policy elsewhere.
 */

/** Additional sources one page may use, appended to the defaults of each directive. */
export interface PolicyExtras {
  script?: string[];
  style?: string[];
  img?: string[];
  connect?: string[];
  frame?: string[];
}

/** Origins enabled embed plugins let pages frame (features/plugin/service.ts sets them on every change). */
let pluginFrames: string[] = [];
export function setFrameSources(origins: string[]): void {
  pluginFrames = [...new Set(origins)];
}

/** A fresh nonce for one HTML response (128 bits, base64 as CSP expects). */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The policy of the single-page app. Scripts: our bundle only, no inline script at all. Style
 * elements: our CSS files plus those carrying this response's nonce (CodeMirror writes its theme
 * into a <style> element and is given the nonce). Style attributes stay allowed: the sanitised post
 * HTML aligns table cells with them, and an attribute cannot load anything or read the page.
 * Images: posts may embed images by URL and avatars may come from Gravatar, so any http(s) image.
 */
export function contentSecurityPolicy(nonce: string, extras: PolicyExtras = {}): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(extras.script ?? [])]],
    ['style-src', ["'self'", `'nonce-${nonce}'`, ...(extras.style ?? [])]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'https:', 'http:', ...(extras.img ?? [])]],
    ['connect-src', ["'self'", ...(extras.connect ?? [])]],
    ['frame-src', ["'self'", ...pluginFrames, ...(extras.frame ?? [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Headers of an HTML page of the app; `nonce` is the one written into that page. */
export function setHtmlHeaders(reply: FastifyReply, nonce: string, extras?: PolicyExtras): FastifyReply {
  return reply
    .header('Content-Security-Policy', contentSecurityPolicy(nonce, extras))
    // Older browsers that ignore frame-ancestors.
    .header('X-Frame-Options', 'DENY');
}

const isApi = (url: string) => url.startsWith('/answer/') || url.startsWith(`${INSTALL_PREFIX}/`);

/** On every reply. Nothing is content-sniffed; other sites see only our origin as the referrer. */
export const COMMON_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * API replies carry per-user or per-language data: never stored by a browser or a shared cache,
 * unless the route set its own Cache-Control on purpose.
 */
export const API_CACHE_CONTROL = 'no-store';

/** onSend hook for every reply. */
export async function commonSecurityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.headers(COMMON_SECURITY_HEADERS);
  if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', API_CACHE_CONTROL);
  return payload;
}

// The only types the upload service writes (it re-encodes every image into one of these).
const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * Headers of a file under /uploads. An image is shown inline with its type forced from the name;
 * anything else (files left by another installation in the upload folder) is a download of opaque
 * bytes, so it can never be rendered as a page of this origin. The sandboxing policy stops scripts
 * even if a browser rendered it anyway.
 */
export function setUploadHeaders(reply: FastifyReply, filePath: string): void {
  const type = IMAGE_TYPES[path.extname(filePath).toLowerCase()];
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  reply.header('Content-Type', type ?? 'application/octet-stream');
  reply.header('Content-Disposition', type ? 'inline' : 'attachment');
}
