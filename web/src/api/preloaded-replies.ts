import type { ApiReply } from './client-env';

/**
 * Replies the server sent with the page (a member's replies to the page's calls, app/reader-overlay.ts),
 * by the URL the request client builds. Each is used once, by the first GET of its URL: later
 * reads of that URL go to the server as usual.
 */
const replies = new Map<string, unknown>();

export function preloadReplies(byUrl: Record<string, unknown>): void {
  for (const [url, body] of Object.entries(byUrl)) replies.set(url, body);
}

export function takePreloadedReply(url: string): ApiReply | undefined {
  if (!replies.has(url)) return undefined;
  const body = replies.get(url);
  replies.delete(url);
  return { status: 200, ok: true, json: async () => body };
}
