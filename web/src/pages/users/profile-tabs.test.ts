import { describe, expect, it } from 'vitest';
import { listParams, tabOf, tabPath, visibleTabs } from './profile-tabs';

describe('profile tabs', () => {
  it('reads the tab from the address: none is the overview, an unknown one is a 404', () => {
    expect(tabOf(undefined)).toBe('overview');
    expect(tabOf('answers')).toBe('answers');
    expect(tabOf('badges')).toBe('badges');
    expect(tabOf('badge')).toBeNull();
    expect(tabOf('Answers')).toBeNull();
  });

  it('offers votes and bookmarks to the owner only', () => {
    expect(visibleTabs(false)).toEqual(['overview', 'answers', 'questions', 'comments', 'badges', 'reputation']);
    expect(visibleTabs(true)).toEqual(['overview', 'answers', 'questions', 'comments', 'badges', 'reputation', 'votes', 'bookmarks']);
  });

  it('takes page and order from the query string, order only where the list can be sorted', () => {
    expect(listParams('answers', new URLSearchParams('page=3&order=score'))).toEqual({ page: 3, order: 'score' });
    expect(listParams('comments', new URLSearchParams('order=score'))).toEqual({ page: 1, order: 'newest' });
    expect(listParams('questions', new URLSearchParams('page=-2&order=hot'))).toEqual({ page: 1, order: 'newest' });
    expect(listParams('questions', new URLSearchParams('page=abc'))).toEqual({ page: 1, order: 'newest' });
  });

  it('builds tab addresses without the defaults', () => {
    expect(tabPath('ann lee', 'overview')).toBe('/users/ann%20lee');
    expect(tabPath('ann', 'answers', { page: 1, order: 'newest' })).toBe('/users/ann/answers');
    expect(tabPath('ann', 'answers', { page: 2, order: 'score' })).toBe('/users/ann/answers?order=score&page=2');
    expect(tabPath('ann', 'reputation', { page: 2, order: 'score' })).toBe('/users/ann/reputation?page=2');
  });
});
