import { describe, expect, it } from 'vitest';
import { listOf, pageOf } from './badges';

describe('badge replies', () => {
  it('take a person’s badges as a bare list or as a page', () => {
    const item = { id: '1' };
    expect(listOf([item])).toEqual([item]);
    expect(listOf({ count: 1, list: [item] })).toEqual([item]);
    expect(listOf(null)).toEqual([]);
  });

  it('take the admin list as a page or as a bare list', () => {
    const item = { id: '1' };
    expect(pageOf({ count: 40, list: [item] })).toEqual({ count: 40, list: [item] });
    expect(pageOf([item])).toEqual({ count: 1, list: [item] });
    expect(pageOf(null)).toEqual({ count: 0, list: [] });
  });
});
