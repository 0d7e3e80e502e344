import { describe, expect, it } from 'vitest';
import { ANSWER_PAGE_SIZE_MAX, PAGE_NUMBER_MAX, PAGE_SIZE_MAX, pageNumber, pageSize } from './paging.js';

describe('page numbers and sizes', () => {
  it('reads query strings and numbers', () => {
    expect(pageSize(10).parse('25')).toBe(25);
    expect(pageSize(10).parse(25)).toBe(25);
    expect(pageNumber().parse('3')).toBe(3);
  });

  it('treats missing, empty, zero and negative as the default, as upstream does', () => {
    for (const v of [undefined, '', '0', '-5', 0, -1, '0.5']) {
      expect(pageSize(20).parse(v)).toBe(20);
      expect(pageNumber().parse(v)).toBe(1);
    }
  });

  it('clamps large values silently instead of refusing them', () => {
    expect(pageSize(10).parse('999')).toBe(PAGE_SIZE_MAX);
    expect(pageSize(20, ANSWER_PAGE_SIZE_MAX).parse('999')).toBe(999);
    expect(pageSize(20, ANSWER_PAGE_SIZE_MAX).parse('1e9')).toBe(ANSWER_PAGE_SIZE_MAX);
    expect(pageNumber().parse('9'.repeat(38))).toBe(PAGE_NUMBER_MAX);
    expect(pageSize(10).parse('7.9')).toBe(7);
  });

  it('refuses what is not a number at all', () => {
    for (const v of ['abc', ['1', '2'], {}, null, true, Number.NaN, '1,5']) expect(pageSize(10).safeParse(v).success).toBe(false);
  });
});
