import { describe, expect, it } from 'vitest';
import { clampEscaped, escapeMarkdown, neutraliseMentions, plainLine, safeUrl, truncate } from '../src/text.ts';

describe('text helpers', () => {
  it('cuts on whole graphemes and never leaves half a surrogate pair', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdef', 4)).toBe('abc…');
    const cut = truncate('😀'.repeat(10), 4);
    expect(cut).toBe('😀😀😀…');
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(truncate('e\u0301'.repeat(5), 3)).toBe('e\u0301e\u0301…');
  });

  it('makes one line without invisible controls', () => {
    expect(plainLine(' a\n\tb\u202Ec\u0000 ')).toBe('a bc');
  });

  it('breaks mentions but keeps e-mail-like text readable', () => {
    expect(neutraliseMentions('@everyone @here @channel @all a@b')).toBe('@\u200beveryone @\u200bhere @\u200bchannel @\u200ball a@\u200bb');
    expect(neutraliseMentions('@ alone')).toBe('@ alone');
  });

  it('clamps escaped text to a limit on whole escapes', () => {
    const out = clampEscaped('_'.repeat(20), escapeMarkdown, 11);
    expect(out.length).toBeLessThanOrEqual(11);
    expect(out).toBe('\\_\\_\\_\\_\\_…');
  });

  it('keeps only http(s) URLs, without credentials, with link breakers encoded', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,x')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl('https://user:pw@example.com/a b(c)[d]|e')).toBe('https://example.com/a%20b%28c%29%5Bd%5D%7Ce');
  });
});
