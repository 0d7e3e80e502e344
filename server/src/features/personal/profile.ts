import type { PublicProfile } from '@answer/contract';
import { t } from '../../core/i18n.js';
import { renderBasic } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { avatarUrl, statusName, type UserRow } from '../user/presenter.js';
import { roleOf } from '../user/queries.js';

const SUSPENDED = 9;

/**
 * A public profile (domain.md 6.6): what anyone may read about a person, never their e-mail.
 * The bio is rendered from its Markdown on read, so HTML stored by an import or an older version
 * reaches no browser unsanitised. Suspended accounts say so in `status_msg`.
 */
export async function publicProfile(runtime: Runtime, user: UserRow, lang: string): Promise<PublicProfile> {
  const [settings, roleId] = await Promise.all([loadSiteSettings(runtime), roleOf(runtime.database, user.id)]);
  return {
    id: String(user.id),
    username: user.username,
    display_name: user.display_name || user.username,
    avatar: avatarUrl(user, settings),
    rank: Number(user.rank),
    bio: user.bio,
    bio_html: renderBasic(user.bio),
    website: user.website,
    location: user.location,
    follow_count: Number(user.follow_count),
    answer_count: Number(user.answer_count),
    question_count: Number(user.question_count),
    created_at: Number(user.created_at),
    last_login_date: Number(user.last_login_date),
    role_id: roleId,
    status: statusName(user),
    status_msg: Number(user.status) === SUSPENDED ? t(lang, 'user.status_msg.suspended') : '',
  };
}
