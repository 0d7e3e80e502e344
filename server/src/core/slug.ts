/**
 * `url_title` of a title (domain.md 1.10): accents folded to ASCII, a few symbols spelled out,
 * 4-byte characters (emoji) dropped, every other run of characters one "-", cut to 150 bytes;
 * "topic" when nothing is left. (Upstream turns Han characters into pinyin first; we keep them
 * percent-encoded instead, which browsers display as the original characters.)
 */
const SPELLED: Record<string, string> = { '&': ' and ', '@': ' at ', '©': 'c', '®': 'r', 'Æ': 'ae', 'æ': 'ae', 'ß': 'ss', 'Ø': 'o', 'ø': 'o', 'Œ': 'oe', 'œ': 'oe', 'Đ': 'd', 'đ': 'd', 'Ł': 'l', 'ł': 'l' };

const SPELLED_CHARS = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');
/** Characters beyond the Basic Multilingual Plane are the 4-byte ones in UTF-8 (lone surrogates are not matched). */
const FOUR_BYTE = /[\u{10000}-\u{10FFFF}]/gu;
const MAX_BYTES = 150;

// One pass per step: this runs for every question shown, so the cut counts the encoded length as
// it goes instead of re-encoding the growing slug for each character.
export function urlTitle(title: string): string {
  const folded = (title ?? '')
    .replace(FOUR_BYTE, '')
    .replace(SPELLED_CHARS, (ch) => SPELLED[ch]!)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const slug = folded
    .replace(/[^a-z0-9\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  let bytes = 0;
  let end = 0;
  for (const ch of slug) {
    // The slug holds only ASCII letters, digits, "-" and 3-byte CJK characters, each percent-encoded on its own.
    bytes += ch.charCodeAt(0) < 0x80 ? 1 : encodeURIComponent(ch).length;
    if (bytes > MAX_BYTES) break;
    end += ch.length;
  }
  return slug.slice(0, end).replace(/-+$/, '') || 'topic';
}

/** Tag slugs: lower-case, spaces to "-", nothing else changed (domain.md 7.1). */
export const tagSlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');
