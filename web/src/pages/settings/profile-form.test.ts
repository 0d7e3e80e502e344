import type { SiteUsers } from '@answer/contract';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../api/types';
import { profileUpdate, profileValues } from './profile-form';

const allowAll: SiteUsers = {
  default_avatar: 'gravatar',
  gravatar_base_url: 'https://www.gravatar.com/avatar/',
  allow_update_display_name: true,
  allow_update_username: true,
  allow_update_avatar: true,
  allow_update_bio: true,
  allow_update_website: true,
  allow_update_location: true,
};

const user = {
  display_name: 'Ann',
  username: 'ann',
  avatar: { type: '', gravatar: 'https://g/abc', custom: '' },
  bio: '**hi**',
  website: '',
  location: 'Berlin',
} as UserInfo;

describe('the profile form', () => {
  it('opens with the site default picked for a user who never chose an avatar', () => {
    expect(profileValues(user, allowAll).avatar_type).toBe('gravatar');
    expect(profileValues({ ...user, avatar: { ...user.avatar, type: 'custom', custom: '/uploads/avatar/a.webp' } }, allowAll)).toMatchObject({
      avatar_type: 'custom',
      avatar_custom: '/uploads/avatar/a.webp',
    });
  });

  it('sends the avatar only when it changed', () => {
    const initial = profileValues(user, allowAll);
    expect(profileUpdate({ ...initial, location: ' Paris ' }, initial, allowAll)).toEqual({
      display_name: 'Ann',
      username: 'ann',
      bio: '**hi**',
      website: '',
      location: 'Paris',
    });
    const chosen = { ...initial, avatar_type: 'custom', avatar_custom: '/uploads/avatar/b.webp' };
    expect(profileUpdate(chosen, initial, allowAll).avatar).toEqual({ type: 'custom', custom: '/uploads/avatar/b.webp' });
    expect(profileUpdate({ ...chosen, avatar_type: 'system' }, initial, allowAll).avatar).toEqual({ type: 'system', custom: '' });
  });

  it('leaves out what the admin locked', () => {
    const locked = { ...allowAll, allow_update_username: false, allow_update_avatar: false, allow_update_bio: false };
    const initial = profileValues(user, locked);
    const body = profileUpdate({ ...initial, username: 'other', avatar_type: 'system', bio: 'x' }, initial, locked);
    expect(body).toEqual({ display_name: 'Ann', website: '', location: 'Berlin' });
  });
});
