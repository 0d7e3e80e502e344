import type { PublicProfile } from '@answer/contract';
import { t } from '../../core/i18n.js';
import { renderBasic } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { avatarUrl, statusName, type UserRow } from '../user/presenter.js';

/** The states a profile explains in `status_msg`, as upstream's does. */
const STATUS_MSG: Record<string, string> = {
  suspended: 'user.status_msg.suspended',
  inactive: 'user.status_msg.inactive',
};

/**
 * A public profile (domain.md 6.6): what anyone may read about a person, never their e-mail.
 * The bio is rendered from its Markdown on read, so HTML stored by an import or an older version
 * reaches no browser unsanitised. `status_msg` follows the status shown, so a suspension that has
 * ended says nothing; it is left out when empty, as upstream does.
 */
export async function publicProfile(runtime: Runtime, user: UserRow, lang: string): Promise<PublicProfile> {
  const settings = await loadSiteSettings(runtime);
  const status = statusName(user);
  const profile: PublicProfile = {
    id: String(user.id),
    created_at: Number(user.created_at),
    last_login_date: Number(user.last_login_date),
    username: user.username,
    follow_count: Number(user.follow_count),
    answer_count: Number(user.answer_count),
    question_count: Number(user.question_count),
    rank: Number(user.rank),
    display_name: user.display_name || user.username,
    avatar: avatarUrl(user, settings),
    mobile: '',
    bio: user.bio,
    bio_html: renderBasic(user.bio),
    website: user.website,
    location: user.location,
    status,
  };
  const msg = STATUS_MSG[status];
  if (msg) profile.status_msg = t(lang, msg);
  return profile;
}
