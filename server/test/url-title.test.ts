import { describe, expect, it } from 'vitest';
import { urlTitle } from '../src/core/slug.js';

/** The implementation before it became linear (re-encoding the growing slug per character): the reference output. */
const SPELLED: Record<string, string> = { '&': ' and ', '@': ' at ', '©': 'c', '®': 'r', 'Æ': 'ae', 'æ': 'ae', 'ß': 'ss', 'Ø': 'o', 'ø': 'o', 'Œ': 'oe', 'œ': 'oe', 'Đ': 'd', 'đ': 'd', 'Ł': 'l', 'ł': 'l' };
function quadraticUrlTitle(title: string): string {
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

const CORPUS = [
  '',
  '   ',
  'How do I exit Vim?',
  'Why is processing a sorted array faster than an unsorted array?',
  'C# & .NET: async/await @ scale © 2024 ®',
  'Ærøskøbing, Œuvre, straße, Łódź, Đà Nẵng',
  'Café naïve résumé — crème brûlée',
  'İstanbul ĞÜŞÖÇ ığüşöç',
  'Ελληνικά και русский язык',
  '如何在 Go 中读取文件？',
  '日本語のタイトル：ひらがなとカタカナ',
  '한국어 제목입니다',
  'emoji 🚀 rocket 👩‍💻 coder 🎉🎉',
  '🚀🚀🚀',
  '𠀀𠀁 astral Han and 𝒳 math',
  'lone \ud800 surrogate \udc00 here',
  '---leading and trailing---',
  '123 456 789',
  'a'.repeat(149),
  'a'.repeat(150),
  'a'.repeat(151),
  `${'word '.repeat(60)}end`,
  '中'.repeat(16),
  '中'.repeat(17),
  `${'a'.repeat(140)} 中文标题`,
  `${'a'.repeat(144)}-中`,
  `${'a'.repeat(148)} b c`,
  `${'長いタイトル'.repeat(30)}`,
  `${'Fix & improve @ the ü ñ é '.repeat(20)}`,
  'tab\tnew\nline\r\ncontrol\u0000chars',
  'ﬁ ligature ﬂ and ½ fractions ² ™',
];

describe('urlTitle', () => {
  it.each(CORPUS.map((title) => [title]))('matches the former implementation for %j', (title) => {
    expect(urlTitle(title)).toBe(quadraticUrlTitle(title));
  });

  it('matches the former implementation on generated titles of mixed scripts and lengths', () => {
    const pieces = ['a', 'Z', '9', ' ', '-', '&', '@', 'é', 'ß', 'Ø', '中', 'ひ', 'カ', '한', 'Ж', '🚀', '!', '.', 'ł', '\u0301'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 500; i++) {
      const length = next() % 220;
      let title = '';
      for (let j = 0; j < length; j++) title += pieces[next() % pieces.length];
      expect(urlTitle(title)).toBe(quadraticUrlTitle(title));
    }
  });

  it('cuts at 150 bytes of the percent-encoded slug', () => {
    expect(urlTitle('a'.repeat(400))).toHaveLength(150);
    expect(encodeURIComponent(urlTitle('中'.repeat(100)))).toHaveLength(144);
  });
});
