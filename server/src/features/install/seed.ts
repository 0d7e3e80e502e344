import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Database } from '../../db/schema.js';
import { nextObjectId } from '../../db/uniqid.js';
import { OBJECT_TYPE } from '../../core/ids.js';
import { DEFAULT_PRIVILEGE_LEVEL, PRIVILEGE_LEVELS } from './privilege-levels.js';
import { BADGE_GROUPS, BADGES, CONFIG_ROWS, POWER_TYPES, ROLES } from './seed-config.js';
import { paragraphsToHtml, STARTER_POSTS, STARTER_TAG } from './seed-content.js';
import { indexRows } from '../search/index-writer.js';
import { applyDefaultNotificationConfig } from '../user/notification-config.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';

export interface SeedInput {
  language: string;
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  loginRequired: boolean;
  adminName: string;
  adminEmail: string;
  adminPasswordHash: string;
}

const ADMIN_ID = 1;
const ROBOTS_DISALLOW = [
  '/admin', '/search', '/install', '/review', '/users/login', '/users/register', '/users/account-recovery',
  '/users/oauth/*', '/users/*/*', '/answer/api', '/*?code*',
];

export function defaultRobots(siteUrl: string): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** Links are built as site_url + path, so the stored value never ends with a slash (13.1). */
const normalizeSiteUrl = (url: string) => parseSiteUrl(url) ?? url.trim().replace(/\/+$/, '');

/** Fresh-install values of every settings group (domain.md 13.1). */
export function siteInfoSeed(input: SeedInput): Record<string, unknown> {
  const siteUrl = normalizeSiteUrl(input.siteUrl);
  return {
    general: { name: input.siteName, site_url: siteUrl, contact_email: input.contactEmail, short_description: '', description: '' },
    interface: { language: input.language, time_zone: 'UTC' },
    branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
    login: {
      allow_new_registrations: true,
      allow_email_registrations: true,
      allow_password_login: true,
      login_required: input.loginRequired,
      allow_email_domains: [],
    },
    users: {
      default_avatar: 'system',
      gravatar_base_url: 'https://www.gravatar.com/avatar/',
      allow_update_display_name: true,
      allow_update_username: true,
      allow_update_avatar: true,
      allow_update_bio: true,
      allow_update_website: true,
      allow_update_location: true,
    },
    write: { restrict_answer: true, required_tag: false, recommend_tags: [], reserved_tags: [] },
    legal: {},
    seo: { permalink: 2, robots: defaultRobots(siteUrl) },
    theme: {
      theme: 'default',
      theme_config: { default: { navbar_style: 'colored', primary_color: '#0033ff' } },
      color_scheme: 'system',
    },
    'css-html': { custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
    privileges: { level: DEFAULT_PRIVILEGE_LEVEL },
  };
}

/** Writes everything a fresh installation starts with, in one transaction (domain.md 14.3). */
export async function seedInstall(db: Kysely<Database>, input: SeedInput): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await db.transaction().execute(async (trx) => {
    const level = PRIVILEGE_LEVELS[DEFAULT_PRIVILEGE_LEVEL];
    await trx
      .insertInto('config')
      .values(
        CONFIG_ROWS.map(([id, key, value]) => {
          const action = key.startsWith('rank.') ? (key.slice(5) as keyof typeof level) : null;
          return { id, key, value: action && action in level ? String(level[action]) : value };
        }),
      )
      .execute();

    await trx.insertInto('role').values(ROLES.map((r) => ({ ...r, created_at: now }))).execute();
    await trx
      .insertInto('power')
      .values(POWER_TYPES.map((type, i) => ({ id: i + 1, name: type, power_type: type, description: type, created_at: now })))
      .execute();
    const adminPowers = [...POWER_TYPES, 'tag.use_reserved_tag'];
    const rels = [
      ...adminPowers.map((power_type) => ({ role_id: 2, power_type, created_at: now })),
      ...adminPowers.filter((p) => p !== 'admin.access').map((power_type) => ({ role_id: 3, power_type, created_at: now })),
    ];
    await trx.insertInto('role_power_rel').values(rels).execute();

    // An explicit id, because a failed earlier attempt may have used up sequence values (sequences
    // do not roll back). PostgreSQL's sequence ignores explicit ids, so it is moved past the admin.
    await trx
      .insertInto('user')
      .values({
        id: ADMIN_ID,
        // Joined before the starter posts below, which are dated a few seconds back.
        created_at: now - STARTER_POSTS.length,
        updated_at: now,
        last_login_date: now,
        username: input.adminName,
        display_name: input.adminName,
        pass: input.adminPasswordHash,
        e_mail: input.adminEmail.trim().toLowerCase(),
        mail_status: 1,
        notice_status: 1,
        status: 1,
        rank: 1,
        avatar: JSON.stringify({ type: '', gravatar: '', custom: '' }),
        language: input.language,
        question_count: STARTER_POSTS.length,
        answer_count: STARTER_POSTS.length,
        is_admin: 1,
      })
      .execute();
    if (dialectOf(trx) === 'postgres') await sql`select setval(pg_get_serial_sequence('"user"', 'id'), ${ADMIN_ID})`.execute(trx);
    await trx.insertInto('user_role_rel').values({ user_id: ADMIN_ID, role_id: 2, created_at: now }).execute();
    await applyDefaultNotificationConfig(trx, ADMIN_ID);

    const settings = siteInfoSeed(input);
    await trx
      .insertInto('site_info')
      .values(Object.entries(settings).map(([type, content]) => ({ type, content: JSON.stringify(content), status: 1, created_at: now })))
      .execute();

    await trx.insertInto('badge_group').values(BADGE_GROUPS.map((g) => ({ ...g, created_at: now }))).execute();
    for (const badge of BADGES) {
      await trx
        .insertInto('badge')
        .values({
          id: await nextObjectId(trx, OBJECT_TYPE.badge),
          created_at: now,
          name: `badge.default_badges.${badge.key}.name`,
          description: `badge.default_badges.${badge.key}.desc`,
          icon: badge.icon,
          status: 1,
          badge_group_id: badge.group,
          level: badge.level,
          single: badge.single,
          collect: badge.collect,
          handler: badge.handler,
          param: badge.param,
        })
        .execute();
    }

    const tagId = await nextObjectId(trx, OBJECT_TYPE.tag);
    await trx
      .insertInto('tag')
      .values({
        id: tagId,
        created_at: now,
        updated_at: now,
        slug_name: STARTER_TAG.slug_name,
        display_name: STARTER_TAG.display_name,
        original_text: STARTER_TAG.description,
        parsed_text: paragraphsToHtml(STARTER_TAG.description),
        question_count: STARTER_POSTS.length,
        user_id: ADMIN_ID,
      })
      .execute();

    for (const [i, post] of STARTER_POSTS.entries()) {
      // Distinct past times keep the "newest" order stable and put real questions above them.
      const at = now - (STARTER_POSTS.length - i);
      const questionId = await nextObjectId(trx, OBJECT_TYPE.question);
      const answerId = await nextObjectId(trx, OBJECT_TYPE.answer);
      await trx
        .insertInto('question')
        .values({
          id: questionId,
          created_at: at,
          updated_at: at,
          user_id: ADMIN_ID,
          title: post.title,
          original_text: post.question,
          parsed_text: paragraphsToHtml(post.question),
          answer_count: 1,
          last_answer_id: answerId,
          post_update_time: at,
          invite_user_id: '[]',
        })
        .execute();
      await trx
        .insertInto('answer')
        .values({
          id: answerId,
          created_at: at,
          updated_at: at,
          question_id: questionId,
          user_id: ADMIN_ID,
          original_text: post.answer,
          parsed_text: paragraphsToHtml(post.answer),
        })
        .execute();
      await trx.insertInto('tag_rel').values({ object_id: questionId, tag_id: tagId, status: 1, created_at: at }).execute();
      await indexRows(trx, [
        { id: questionId, title: post.title, parsed_text: paragraphsToHtml(post.question) },
        { id: answerId, parsed_text: paragraphsToHtml(post.answer) },
      ]);
    }
  });
}
