import { describe, expect, it } from 'vitest';
import type { BadgeAward } from '../../api/badges';
import { BADGE_ICON_PATHS } from './badge-icons';
import { awardTarget, badgePath, iconPaths, isImageIcon, levelName, readBadgeDetailState } from './badge-view';

const award = (over: Partial<BadgeAward> = {}): BadgeAward => ({
  created_at: 1_700_000_000,
  object_id: '',
  question_id: '',
  answer_id: '',
  comment_id: '',
  object_type: '',
  url_title: '',
  author_user_info: { username: 'ann', display_name: 'Ann' },
  ...over,
});

describe('badge view helpers', () => {
  it('names the levels, reading anything unknown as bronze', () => {
    expect([1, 2, 3].map(levelName)).toEqual(['bronze', 'silver', 'gold']);
    expect(levelName(0)).toBe('bronze');
    expect(levelName(7)).toBe('bronze');
  });

  it('draws every icon the built-in badges name, and the award for any other', () => {
    for (const icon of ['person-badge-fill', 'pencil-fill', 'flag-fill', 'hand-thumbs-up-fill', 'emoji-smile-fill', 'share-fill', 'check-circle-fill', 'check-square-fill', 'chat-square-text-fill', 'question-circle-fill']) {
      expect(iconPaths(icon)).toBe(BADGE_ICON_PATHS[icon]);
    }
    expect(iconPaths('rocket-takeoff')).toBe(BADGE_ICON_PATHS['award-fill']);
    expect(isImageIcon('https://cdn.example/badge.png')).toBe(true);
    expect(isImageIcon('/uploads/badge.png')).toBe(true);
    expect(isImageIcon('data:image/png;base64,AAAA')).toBe(true);
    expect(isImageIcon('pencil-fill')).toBe(false);
  });

  it('builds badge addresses with the person and page only when they are set', () => {
    expect(badgePath('3')).toBe('/badges/3');
    expect(badgePath('3', 'ann lee')).toBe('/badges/3?username=ann+lee');
    expect(badgePath('3', '', 2)).toBe('/badges/3?page=2');
    expect(badgePath('3', 'ann', 1)).toBe('/badges/3?username=ann');
  });

  it('reads the person and page from the address, ignoring nonsense pages', () => {
    expect(readBadgeDetailState(new URLSearchParams('username=%20ann%20&page=3'))).toEqual({ username: 'ann', page: 3 });
    expect(readBadgeDetailState(new URLSearchParams('page=-1'))).toEqual({ username: '', page: 1 });
    expect(readBadgeDetailState(new URLSearchParams('page=x'))).toEqual({ username: '', page: 1 });
  });

  it('links an award to its post, a comment to the post it is on, and a badge for the person to nothing', () => {
    expect(awardTarget(award(), undefined)).toBeNull();
    expect(awardTarget(award({ object_type: 'question', object_id: 'q1', question_id: 'q1', url_title: 'how-to' }), 1)).toEqual({ kind: 'question', href: '/questions/q1/how-to' });
    expect(awardTarget(award({ object_type: 'answer', object_id: 'a1', question_id: 'q1', answer_id: 'a1', url_title: 'how-to' }), 2)).toEqual({ kind: 'answer', href: '/questions/q1/a1' });
    expect(awardTarget(award({ object_type: 'comment', object_id: 'c1', question_id: 'q1', comment_id: 'c1' }), 2)).toEqual({ kind: 'comment', href: '/questions/q1' });
  });
});
