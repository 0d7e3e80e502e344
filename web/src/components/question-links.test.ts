import { describe, expect, it } from 'vitest';
import { answerIdOf, isAnswerId, questionPath } from './question-links';

describe('question links', () => {
  const q = { id: '10010000000000001', url_title: 'what-is-a-tag' };

  it('follows the permalink style', () => {
    expect(questionPath(1, q)).toBe('/questions/10010000000000001/what-is-a-tag');
    expect(questionPath(2, q)).toBe('/questions/10010000000000001');
    expect(questionPath(3, { id: 'D1D1', url_title: 'what-is-a-tag' })).toBe('/questions/D1D1/what-is-a-tag');
    expect(questionPath(4, { id: 'D1D1', url_title: 'what-is-a-tag' })).toBe('/questions/D1D1');
    expect(questionPath(2, q, '10020000000000045')).toBe('/questions/10010000000000001/10020000000000045');
    expect(questionPath(1, q, '10020000000000045')).toBe('/questions/10010000000000001/what-is-a-tag/10020000000000045');
  });

  it('tells answer ids from title slugs', () => {
    expect(isAnswerId('10020000000000045')).toBe(true);
    expect(isAnswerId('E1l2')).toBe(true);
    expect(isAnswerId('10010000000000001')).toBe(false);
    expect(isAnswerId('e1-is-a-slug')).toBe(false);
    expect(isAnswerId('what-is-a-tag')).toBe(false);
  });

  it('finds the answer a URL points at', () => {
    expect(answerIdOf({ slugPermalink: 'E1l2' })).toBe('E1l2');
    expect(answerIdOf({ slugPermalink: 'what-is-a-tag', aid: '10020000000000045' })).toBe('10020000000000045');
    expect(answerIdOf({ slugPermalink: 'what-is-a-tag' })).toBeUndefined();
    expect(answerIdOf({})).toBeUndefined();
  });
});
