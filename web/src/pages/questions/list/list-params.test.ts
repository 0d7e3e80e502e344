import { describe, expect, it } from 'vitest';
import { listHref, readListState } from './list-params';

describe('question list state in the address', () => {
  it('reads order and page, falling back on unknown values', () => {
    expect(readListState(new URLSearchParams('order=score&page=2'), false)).toEqual({ order: 'score', page: 2 });
    expect(readListState(new URLSearchParams('order=hot&page=x'), false)).toEqual({ order: 'newest', page: 1 });
  });

  it('offers the followed-tags feed to signed-in users only', () => {
    expect(readListState(new URLSearchParams('order=recommend'), true).order).toBe('recommend');
    expect(readListState(new URLSearchParams('order=recommend'), false).order).toBe('newest');
  });

  it('builds links under any base, defaults left out', () => {
    expect(listHref('/questions', { order: 'newest', page: 1 })).toBe('/questions');
    expect(listHref('/questions', { order: 'active', page: 3 }, { tag: 'go' })).toBe('/questions?order=active&tag=go&page=3');
    expect(listHref('/tags/c%23', { order: 'unanswered', page: 1 })).toBe('/tags/c%23?order=unanswered');
  });
});
