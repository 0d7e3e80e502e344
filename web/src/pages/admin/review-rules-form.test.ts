import { describe, expect, it } from 'vitest';
import { fromForm, toForm, wordList } from './review-rules-form';

describe('review rules form', () => {
  it('round-trips the settings, an empty link limit meaning none', () => {
    const settings = { reputation_below: 10, first_posts: 1, review_words: ['casino', 'free money'], delete_words: [], max_links: null };
    expect(toForm(settings)).toEqual({ reputation_below: '10', first_posts: '1', review_words: 'casino\nfree money', delete_words: '', max_links: '' });
    expect(fromForm(toForm(settings))).toEqual(settings);
  });

  it('reads one word a line or comma, drops blanks, and keeps 0 links as a limit', () => {
    expect(wordList(' a , b\n\n c ')).toEqual(['a', 'b', 'c']);
    expect(fromForm({ reputation_below: '', first_posts: ' ', review_words: '', delete_words: 'x', max_links: '0' })).toEqual({
      reputation_below: 0,
      first_posts: 0,
      review_words: [],
      delete_words: ['x'],
      max_links: 0,
    });
  });
});
