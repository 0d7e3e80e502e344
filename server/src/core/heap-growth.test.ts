import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitHeapGrowth } from './heap-growth.js';

describe('limitHeapGrowth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts a whole percent and 0 without a word', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    limitHeapGrowth({ ANSWER_HEAP_GROWTH: '35' });
    limitHeapGrowth({ ANSWER_HEAP_GROWTH: '0' });
    limitHeapGrowth({});
    expect(warn).not.toHaveBeenCalled();
  });

  it('says so and keeps the default when the value is not a whole percent', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    limitHeapGrowth({ ANSWER_HEAP_GROWTH: 'lots' });
    limitHeapGrowth({ ANSWER_HEAP_GROWTH: '-5' });
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toContain('ANSWER_HEAP_GROWTH=lots');
  });
});
