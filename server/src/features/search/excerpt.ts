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
/** A letter or digit ending or starting a text (two UTF-16 units hold any one character). */
const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;
const STARTS_WITH_WORD = /^[\p{L}\p{N}]/u;

/**
 * The searched words: one plain alternation to find where any may start, then each word on its own
 * there, longest first, with whether it must stand whole (not inside a longer word; CJK text,
 * written without spaces, matches anywhere). Whole words are checked in code, not with look-behind
 * on \p{L}: a pattern with those classes under /iu takes V8 over a millisecond to compile, and
 * every search has a pattern of its own.
 */
interface Pattern {
  any: RegExp;
  words: { at: RegExp; whole: boolean }[];
}

function patternOf(surfaces: string[]): Pattern | null {
  const words = surfaces
    .map((s) => s.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
  if (!words.length) return null;
  const source = (w: string) => escapeRegExp(w).replace(/\s+/g, '\\s+');
  return {
    any: new RegExp(words.map(source).join('|'), 'giu'),
    words: words.map((w) => ({ at: new RegExp(source(w), 'iuy'), whole: !CJK.test(w) })),
  };
}

const standsAlone = (text: string, start: number, end: number) =>
  !ENDS_IN_WORD.test(text.slice(Math.max(0, start - 2), start)) && !STARTS_WITH_WORD.test(text.slice(end, end + 2));

/** Each place a word matches in the text, whole where it must be. */
function* matches(text: string, { any, words }: Pattern): Generator<{ index: number; text: string }> {
  const next = new RegExp(any);
  for (let m = next.exec(text); m; m = next.exec(text)) {
    let found: string | undefined;
    for (const { at, whole } of words) {
      at.lastIndex = m.index;
      const w = at.exec(text)?.[0];
      if (w && (!whole || standsAlone(text, m.index, m.index + w.length))) {
        found = w;
        break;
      }
    }
    if (found) yield { index: m.index, text: found };
    next.lastIndex = m.index + (found?.length ?? 1);
  }
}

/** The excerpt maker of one search: the pattern is made once for all its hits. */
export function highlighter(surfaces: string[]): (text: string) => string {
  const pattern = patternOf(surfaces);
  return (text) => excerptOf(text, pattern);
}

export const highlight = (text: string, surfaces: string[]): string => highlighter(surfaces)(text);

function excerptOf(text: string, pattern: Pattern | null): string {
  const first = pattern ? (matches(text, pattern).next().value?.index ?? -1) : -1;
  let start = first <= BEFORE ? 0 : first - BEFORE;
  // Start at a word boundary rather than inside one.
  if (start > 0) {
    const space = text.lastIndexOf(' ', start);
    if (space >= 0 && start - space < 20) start = space + 1;
  }
  // LENGTH characters are at most twice as many UTF-16 units: only that much is split into characters.
  const chars = [...text.slice(start, start + 2 * LENGTH)].slice(0, LENGTH);
  const window = chars.join('');
  const tail = start + window.length < text.length ? '...' : '';
  const head = start > 0 ? '...' : '';
  if (!pattern) return head + escapeHtml(window) + tail;
  let out = '';
  let at = 0;
  for (const m of matches(window, pattern)) {
    out += `${escapeHtml(window.slice(at, m.index))}<em>${escapeHtml(m.text)}</em>`;
    at = m.index + m.text.length;
  }
  return head + out + escapeHtml(window.slice(at)) + tail;
}
