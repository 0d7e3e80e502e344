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

/** The terms of a text, in order (positions matter to phrases). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const [word] of normalize(text).matchAll(WORDS)) {
    for (const [, cjk, other] of word.matchAll(CJK_RUNS)) {
      if (other) out.push([...other].slice(0, MAX_TOKEN).join(''));
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
