/**
 * The one tokenizer of search, used both when posts are indexed and when a query is read, so every
 * database sees the same terms: NFKC, lower case, Latin/Greek/Cyrillic accents folded, letters and
 * digits only. Scripts written without spaces (Han, kana, Hangul) become overlapping bigrams, so a
 * word inside a sentence is found without a dictionary and without an ngram parser (MariaDB has
 * none): "配置邮件" is indexed as 配置 置邮 邮件 and found by the phrase of the same bigrams.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]/u;
const CJK_RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+)|([^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+)/gu;
const WORDS = /[\p{L}\p{N}]+/gu;
/** Longer tokens (hashes, base64) are cut; both sides cut alike, so they still match. */
const MAX_TOKEN = 40;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');
}

/**
 * The terms of a text, in order (positions matter to phrases). Most texts are plain ASCII, where
 * normalising changes nothing but case and every word is one run of letters and digits: they take a
 * shorter path with the same result (test/search-terms.test.ts compares the two).
 */
export function terms(text: string): string[] {
  return NON_ASCII.test(text) ? anyScriptTerms(text) : asciiTerms(text);
}

const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_WORDS = /[a-z0-9]+/g;

function asciiTerms(text: string): string[] {
  const out = text.toLowerCase().match(ASCII_WORDS) ?? [];
  for (let i = 0; i < out.length; i++) if (out[i]!.length > MAX_TOKEN) out[i] = out[i]!.slice(0, MAX_TOKEN);
  return out;
}

/** The terms of any text, whatever its scripts (exported for the test that holds the ASCII path to it). */
export function anyScriptTerms(text: string): string[] {
  const out: string[] = [];
  for (const [word] of normalize(text).matchAll(WORDS)) {
    for (const [, cjk, other] of word.matchAll(CJK_RUNS)) {
      // A run no longer than MAX_TOKEN code units has no more code points than that: kept whole.
      if (other) out.push(other.length <= MAX_TOKEN ? other : [...other].slice(0, MAX_TOKEN).join(''));
      else out.push(...bigrams(cjk!));
    }
  }
  return out;
}

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(1).map((c, i) => chars[i] + c);
}

export const hasCjk = (text: string) => CJK.test(text);
