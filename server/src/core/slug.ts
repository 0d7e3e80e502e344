/**
 * `url_title` of a title (domain.md 1.10): accents folded to ASCII, a few symbols spelled out,
 * 4-byte characters (emoji) dropped, every other run of characters one "-", cut to 150 bytes;
 * "topic" when nothing is left. (Upstream turns Han characters into pinyin first; we keep them
 * percent-encoded instead, which browsers display as the original characters.)
 */
const SPELLED: Record<string, string> = { '&': ' and ', '@': ' at ', '©': 'c', '®': 'r', 'Æ': 'ae', 'æ': 'ae', 'ß': 'ss', 'Ø': 'o', 'ø': 'o', 'Œ': 'oe', 'œ': 'oe', 'Đ': 'd', 'đ': 'd', 'Ł': 'l', 'ł': 'l' };

export function urlTitle(title: string): string {
  const folded = [...(title ?? '')]
    .filter((ch) => Buffer.byteLength(ch) < 4)
    .map((ch) => SPELLED[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const slug = folded
    .replace(/[^a-z0-9\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  let out = '';
  for (const ch of slug) {
    if (Buffer.byteLength(encodeURIComponent(out + ch)) > 150) break;
    out += ch;
  }
  return out.replace(/-+$/, '') || 'topic';
}

/** Tag slugs: lower-case, spaces to "-", nothing else changed (domain.md 7.1). */
export const tagSlug = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');
