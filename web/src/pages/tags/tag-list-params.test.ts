import { describe, expect, it } from 'vitest';
import { readTagListState, tagListHref, withFilter } from './tag-list-params';

describe('tag list state in the address', () => {
  it('defaults to popular, no filter, page 1, and leaves defaults out of links', () => {
    const state = readTagListState(new URLSearchParams(''));
    expect(state).toEqual({ sort: 'popular', q: '', page: 1 });
    expect(tagListHref(state)).toBe('/tags');
  });

  it('round-trips sort, filter and page', () => {
    const href = tagListHref({ sort: 'name', q: 'c#', page: 2 });
    expect(href).toBe('/tags?sort=name&q=c%23&page=2');
    expect(readTagListState(new URLSearchParams(href.split('?')[1]))).toEqual({ sort: 'name', q: 'c#', page: 2 });
  });

  it('ignores unknown sorts and bad pages', () => {
    expect(readTagListState(new URLSearchParams('sort=random&page=0'))).toEqual({ sort: 'popular', q: '', page: 1 });
  });

  it('goes back to the first page when the filter changes', () => {
    expect(withFilter({ sort: 'newest', q: 'go', page: 4 }, ' rust ')).toEqual({ sort: 'newest', q: 'rust', page: 1 });
  });
});
