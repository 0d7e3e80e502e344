import { describe, expect, it } from 'vitest';
import { anyScriptTerms, terms } from '../src/features/search/terms.js';

/** Texts of every kind the tokenizer meets: the ASCII ones take terms()'s short path. */
const SAMPLES = [
  '',
  '   ',
  'How do I configure SMTP in Answer?',
  'MixedCase camelCase SHOUTING snake_case kebab-case dotted.name',
  'Numbers: 42, 3.14159, 1e10, 0x1F, v2.0.1-beta, 2026-11-27T10:00:00Z',
  'Punctuation!!! (parens) [brackets] {braces} <tags> "quotes" \'single\' `ticks` #hash @at $dollar %percent ^caret &amp; *star +plus =eq |pipe ~tilde \\back /slash',
  'tabs\tand\nnewlines\r\nand\u0000controls\u007f',
  `a${'x'.repeat(39)} b${'y'.repeat(40)} c${'z'.repeat(100)} ${'0123456789'.repeat(6)}`,
  'const value = list.map((item) => item.key); if (a < b) { run("the thread"); }',
  'Café naïve résumé façade coöperate Ångström ÉCOLE',
  'Straße İstanbul ΣΊΣΥΦΟΣ Москва Ёлка',
  '配置邮件 服务器 设置 ひらがな カタカナー 한국어 텍스트',
  'mixed 中文English混合 text123漢字',
  'ﬁ ligature ① circled ＡＢＣ fullwidth ½ fraction',
  `é${'a'.repeat(45)} ${'é'.repeat(45)}`,
  '🙂 emoji 👍🏽 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 math',
];

describe('search terms', () => {
  it('the ASCII path gives what the general tokenizer gives', () => {
    for (const text of SAMPLES) expect(terms(text), JSON.stringify(text)).toEqual(anyScriptTerms(text));
  });

  it('gives the same on random ASCII text', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    for (let n = 0; n < 500; n++) {
      const length = Math.floor(random() * 200);
      // Every ASCII code, with letters, digits and spaces drawn more often so that words form.
      const text = Array.from({ length }, () => {
        const r = random();
        if (r < 0.5) return String.fromCharCode(65 + Math.floor(random() * 58));
        if (r < 0.65) return String.fromCharCode(48 + Math.floor(random() * 10));
        if (r < 0.8) return ' ';
        return String.fromCharCode(Math.floor(random() * 128));
      }).join('');
      expect(terms(text), JSON.stringify(text)).toEqual(anyScriptTerms(text));
    }
  });

  it('folds case and accents, cuts long tokens and splits scripts without spaces', () => {
    expect(terms('Café NAÏVE v2.0')).toEqual(['cafe', 'naive', 'v2', '0']);
    expect(terms(`${'a'.repeat(50)} ok`)).toEqual(['a'.repeat(40), 'ok']);
    expect(terms('配置邮件 Answer')).toEqual(['配置', '置邮', '邮件', 'answer']);
    expect(terms('ＡＢＣ ﬁx')).toEqual(['abc', 'fix']);
  });
});
