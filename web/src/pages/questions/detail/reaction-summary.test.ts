import { describe, expect, it } from 'vitest';
import type { ReactionItem } from '../../../api/reactions';
import { isActive, toggleReaction } from './reaction-summary';

const heart: ReactionItem = { emoji: 'heart', count: 2, tooltip: 'ann, bob', is_active: false };
const smile: ReactionItem = { emoji: 'smile', count: 1, tooltip: 'me', is_active: true };

describe('reaction summary', () => {
  it('adds the first reaction of a kind', () => {
    expect(toggleReaction([], 'frown')).toEqual([{ emoji: 'frown', count: 1, tooltip: '', is_active: true }]);
  });

  it('joins others who reacted the same way', () => {
    expect(toggleReaction([heart, smile], 'heart')).toEqual([{ ...heart, count: 3, is_active: true }, smile]);
  });

  it('takes the viewer reaction back, dropping an emoji nobody uses any more', () => {
    expect(toggleReaction([heart, smile], 'smile')).toEqual([heart]);
    expect(toggleReaction([{ ...heart, is_active: true }], 'heart')).toEqual([{ ...heart, count: 1, is_active: false }]);
  });

  it('knows which reactions are the viewer own', () => {
    expect(isActive([heart, smile], 'smile')).toBe(true);
    expect(isActive([heart, smile], 'heart')).toBe(false);
    expect(isActive([], 'frown')).toBe(false);
  });
});
