import type { SiteUsers } from '@answer/contract';
import type { ProfileUpdate } from '../../api/settings';
import type { UserInfo } from '../../api/types';

/** The profile form's values, all text: the avatar as its chosen type and uploaded file. */
export interface ProfileValues extends Record<string, string> {
  display_name: string;
  username: string;
  avatar_type: string;
  avatar_custom: string;
  bio: string;
  website: string;
  location: string;
}

/** The form as it opens: a user who never chose an avatar sees the site's default picked. */
export function profileValues(user: UserInfo, users: Pick<SiteUsers, 'default_avatar'>): ProfileValues {
  const type = user.avatar?.type;
  return {
    display_name: user.display_name ?? '',
    username: user.username ?? '',
    avatar_type: type && type !== 'default' ? type : users.default_avatar,
    avatar_custom: user.avatar?.custom ?? '',
    bio: user.bio ?? '',
    website: user.website ?? '',
    location: user.location ?? '',
  };
}

/**
 * PUT user/info's body: only the fields the admin lets users change, and the avatar only when it
 * changed (saving other fields must not pin a user who never chose one to today's site default).
 */
export function profileUpdate(values: ProfileValues, initial: ProfileValues, users: SiteUsers): ProfileUpdate {
  const body: ProfileUpdate = {};
  if (users.allow_update_display_name) body.display_name = values.display_name.trim();
  if (users.allow_update_username) body.username = values.username.trim();
  if (users.allow_update_bio) body.bio = values.bio;
  if (users.allow_update_website) body.website = values.website.trim();
  if (users.allow_update_location) body.location = values.location.trim();
  const avatarChanged = values.avatar_type !== initial.avatar_type || values.avatar_custom !== initial.avatar_custom;
  if (users.allow_update_avatar && avatarChanged) body.avatar = { type: values.avatar_type, custom: values.avatar_type === 'custom' ? values.avatar_custom : '' };
  return body;
}
