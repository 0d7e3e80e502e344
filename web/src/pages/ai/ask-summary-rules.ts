/** The ask page asks for a summary once the question has this much to go on. */
export const SUMMARY_MIN_TITLE = 15;
export const SUMMARY_MIN_BODY = 30;
/** The pause in typing after which it asks, in ms. */
export const SUMMARY_PAUSE_MS = 2000;

const words = (text: string) => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));

/**
 * Whether a title is about something else than the one summarised: fewer than half of the words of
 * both are shared (a typo fixed or a word added is the same question; a rewrite is not). A title
 * without spaces (Chinese) is compared by its characters.
 */
export function titleMuchChanged(before: string, after: string): boolean {
  const split = (text: string) => (/\s/.test(text.trim()) ? words(text) : new Set([...text.replace(/\s+/g, '').toLowerCase()]));
  const a = split(before);
  const b = split(after);
  const union = new Set([...a, ...b]);
  if (!union.size) return false;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / union.size < 0.5;
}

export const readyForSummary = (title: string, content: string) => title.trim().length >= SUMMARY_MIN_TITLE && content.trim().length >= SUMMARY_MIN_BODY;
