import { describe, expect, it } from 'vitest';
import { avatarUrl } from './avatar-url';

const avatar = (type: string) => ({ type, gravatar: 'https://www.gravatar.com/avatar/abc', custom: '/uploads/avatar/me.webp' });

describe('the avatar of the logged-in user', () => {
  it('follows their own choice', () => {
    expect(avatarUrl(avatar('custom'), { default_avatar: 'gravatar' })).toBe('/uploads/avatar/me.webp');
    expect(avatarUrl(avatar('gravatar'), { default_avatar: 'system' })).toBe('https://www.gravatar.com/avatar/abc');
    expect(avatarUrl(avatar('system'), { default_avatar: 'gravatar' })).toBe('');
  });

  it('falls back to the site default without a choice', () => {
    expect(avatarUrl(avatar(''), { default_avatar: 'gravatar' })).toBe('https://www.gravatar.com/avatar/abc');
    expect(avatarUrl(avatar('default'), { default_avatar: 'system' })).toBe('');
    expect(avatarUrl(undefined, undefined)).toBe('');
  });
});
