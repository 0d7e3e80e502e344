import type { SiteUsers } from '@answer/contract';
import type { AvatarInfo } from '../api/types';

/**
 * The picture to show for the user's own avatar choice: their upload, their Gravatar, or none (the
 * initial letter) for "system". No choice of their own means the site's default.
 */
export function avatarUrl(avatar: AvatarInfo | undefined, users: Pick<SiteUsers, 'default_avatar'> | undefined): string {
  if (!avatar) return '';
  const type = avatar.type && avatar.type !== 'default' ? avatar.type : users?.default_avatar;
  if (type === 'custom') return avatar.custom;
  if (type === 'gravatar') return avatar.gravatar;
  return '';
}
