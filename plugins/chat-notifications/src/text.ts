/**
 * Making user text (titles, names, tags, excerpts) safe to put in a chat message. Cleaning and
 * shortening happen once, on the raw text; each platform's escaping comes last, so a cut can never
 * fall inside an escape sequence.
 */

// Line breaks would let a title start a heading, a list or a quote: every message line is ours.
const WHITESPACE = /\s+/g;
// Control characters, and the bidirectional overrides that can make text read differently from
// what it is (a link label that seems to say something else).
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** One line of plain text: whitespace runs become one space, invisible controls go. */
export function plainLine(text: string): string {
  return text.replace(WHITESPACE, ' ').replace(INVISIBLE, '').trim();
}

/**
 * At most `max` characters as people see them (grapheme clusters: an emoji with its modifiers or a
 * letter with its accents stays whole), with an ellipsis when something was cut.
 */
export function truncate(text: string, max: number): string {
  // A string is never shorter in UTF-16 units than in graphemes: short ones need no segmenting.
  if (text.length <= max) return text;
  const parts = Array.from(graphemes.segment(text), (s) => s.segment);
  if (parts.length <= max) return text;
  return parts.slice(0, Math.max(max - 1, 0)).join('').trimEnd() + '…';
}

/**
 * Breaks every @-word with a zero-width space, so `@everyone`, `@here`, `@channel`, `@all` (and a
 * member's name on Mattermost, where any @name notifies) read the same but mention nobody.
 */
export function neutraliseMentions(text: string): string {
  return text.replace(/@(?=[\p{L}\p{N}_])/gu, '@\u200b');
}

/** User text ready for any platform's escaping: one line, no mentions, at most `max` long. */
export function userText(raw: unknown, max: number): string {
  return typeof raw === 'string' ? truncate(neutraliseMentions(plainLine(raw)), max) : '';
}

/**
 * Slack mrkdwn: `&`, `<` and `>` are its only control characters (`<...>` makes links and
 * `<!channel>` mentions); Slack has no backslash escape, so `*bold*` in a title stays formatting,
 * which is harmless.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Discord and Mattermost Markdown: a backslash before the punctuation either gives a meaning to.
 * Both read `\` + any ASCII punctuation as the character itself. This covers links (`[]()`),
 * mention and channel syntax (`<@id>`), emphasis, spoilers (`|`), headings and quotes (`#`, `>`),
 * entities (`&`), maths (`$`) and auto-links (`http\://` is no longer a URL).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_~|[\]()<>#+\-.!{}$:&]/g, '\\$&');
}

/**
 * Teams cards: text runs are never read as Markdown, but `{{DATE(...)}}` and `{{TIME(...)}}` are
 * still replaced; a zero-width space between the braces keeps a title's text as it was typed.
 */
export function escapeTeams(text: string): string {
  return text.replace(/\{(?=\{)/g, '{\u200b');
}

/**
 * The longest escaped form of `text` that fits `max` UTF-16 units, for limits a platform counts
 * after escaping (Discord's 256-character embed title): shortens the raw text, then escapes again.
 */
export function clampEscaped(text: string, escape: (text: string) => string, max: number): string {
  const fit = (keep: number) => escape(truncate(text, keep));
  if (fit(max).length <= max) return fit(max);
  // The escaped length grows with what is kept: the longest that fits is found by bisection.
  let low = 1;
  let high = max - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fit(mid).length <= max) low = mid;
    else high = mid - 1;
  }
  return fit(low);
}

// What would end or split a link in one of the formats: `<url|label>` (Slack), `[label](url)`
// (Markdown). Percent-encoded, they mean the same to the site.
const LINK_BREAKERS = /[()[\]<>|\\`'" ]/g;

/**
 * A URL safe to put in a link: http(s) only (no `javascript:`), without credentials, with the
 * characters that could close a link percent-encoded; null for anything else. The host builds
 * these URLs, but a question's URL carries a slug made from its title, so it is checked too.
 */
export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.username = '';
  url.password = '';
  return url.href.replace(LINK_BREAKERS, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}
