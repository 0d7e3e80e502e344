/**
 * The excerpt of a search result: plain text around the first place a searched word occurs, HTML
 * escaped, with every occurrence in it wrapped in <em> (the only markup it ever holds, so a post
 * containing "<script>" comes back as text). Without a match in the body (a title hit), the start.
 */
const BEFORE = 60;
const LENGTH = 240;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A word matches whole (not inside a longer word); CJK text, written without spaces, anywhere. */
function patternOf(surfaces: string[]): RegExp | null {
  const parts = surfaces
    .map((s) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .map((s) => (CJK.test(s) ? escapeRegExp(s) : `(?<![\\p{L}\\p{N}])${escapeRegExp(s).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`));
  return parts.length ? new RegExp(parts.join('|'), 'giu') : null;
}

export function highlight(text: string, surfaces: string[]): string {
  const pattern = patternOf(surfaces);
  const first = pattern ? text.search(pattern) : -1;
  let start = first <= BEFORE ? 0 : first - BEFORE;
  // Start at a word boundary rather than inside one.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    if (space >= 0 && start - space < 20) start = space + 1;
  }
  const chars = [...text.slice(start)];
  const window = chars.slice(0, LENGTH).join('');
  const tail = chars.length > LENGTH ? '...' : '';
  const head = start > 0 ? '...' : '';
  if (!pattern) return head + escapeHtml(window) + tail;
  let out = '';
  let at = 0;
  for (const m of window.matchAll(pattern)) {
    out += `${escapeHtml(window.slice(at, m.index))}<em>${escapeHtml(m[0])}</em>`;
    at = m.index + m[0].length;
  }
  return head + out + escapeHtml(window.slice(at)) + tail;
}
