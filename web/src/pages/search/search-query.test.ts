import { describe, expect, it } from 'vitest';
import { addOperator, excerptRuns, parseQuery, readSearchState, searchHref } from './search-query';

describe('parseQuery', () => {
  it('lifts tags and operators out and keeps the words', () => {
    expect(parseQuery('[PostgreSQL] user:alice is:question slow  join')).toEqual({
      words: ['slow', 'join'],
      tags: ['postgresql'],
      filters: [
        { kind: 'user', value: 'alice' },
        { kind: 'is', value: 'question' },
      ],
      conflict: false,
    });
  });

  it('keeps quoted phrases whole, operators inside them included, and reads hyphenated tags', () => {
    const parsed = parseQuery('node.js "is:answer pool" [my-tag] c++');
    expect(parsed.words).toEqual(['is:answer pool', 'node.js', 'c++']);
    expect(parsed.tags).toEqual(['my-tag']);
    expect(parsed.filters).toEqual([]);
  });

  it('takes at most five tags and five words, skipping tokens with nothing to search', () => {
    const parsed = parseQuery('[a] [b] [c] [d] [e] [f] one -- two three four five six');
    expect(parsed.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(parsed.words).toEqual(['one', 'two', 'three', 'four', 'five']);
  });

  it('searches malformed or unknown operators as words', () => {
    const parsed = parseQuery('score:many is:comment hasaccepted:no answers:0 color:red');
    expect(parsed.filters).toEqual([
      { kind: 'hasaccepted', value: false },
      { kind: 'answers', value: 0 },
    ]);
    expect(parsed.words).toEqual(['score:many', 'is:comment', 'color:red']);
  });

  it('notices operators that want questions and answers at once', () => {
    expect(parseQuery('views:10 isaccepted:yes').conflict).toBe(true);
    expect(parseQuery('is:accepted inquestion:12').conflict).toBe(false);
  });
});

describe('search state in the address', () => {
  it('round-trips and leaves defaults out', () => {
    expect(searchHref({ q: '[go] error', order: 'relevance', page: 1 })).toBe('/search?q=%5Bgo%5D+error');
    expect(searchHref({ q: 'x', order: 'score', page: 3 })).toBe('/search?q=x&order=score&page=3');
    expect(readSearchState(new URLSearchParams('q=x&order=score&page=3'))).toEqual({ q: 'x', order: 'score', page: 3 });
  });

  it('falls back to relevance and page 1 on values the server would refuse', () => {
    expect(readSearchState(new URLSearchParams('q=%20x%20&order=hot&page=-2'))).toEqual({ q: 'x', order: 'relevance', page: 1 });
  });
});

describe('addOperator', () => {
  it('appends an example once', () => {
    expect(addOperator('', 'is:question')).toBe('is:question');
    expect(addOperator('slow query ', 'is:question')).toBe('slow query is:question');
    expect(addOperator('slow is:question', 'is:question')).toBe('slow is:question');
  });
});

describe('excerptRuns', () => {
  it('marks the <em> runs and unescapes the text', () => {
    expect(excerptRuns('...use <em>Postgres</em> &amp; <em>pg</em>_dump')).toEqual([
      { text: '...use ', hit: false },
      { text: 'Postgres', hit: true },
      { text: ' & ', hit: false },
      { text: 'pg', hit: true },
      { text: '_dump', hit: false },
    ]);
  });

  it('keeps only text from any other markup', () => {
    expect(excerptRuns('a <img src=x onerror="alert(1)"><b>b</b> &lt;script&gt;')).toEqual([
      { text: 'a ', hit: false },
      { text: 'b', hit: false },
      { text: ' <script>', hit: false },
    ]);
  });
});
