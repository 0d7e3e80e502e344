import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longToShort, toLongId } from '../src/core/ids.js';
import { t } from '../src/core/i18n.js';
import { body, login, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const ADMIN_API = '/answer/admin/api';
const GROUPS = ['general', 'interface', 'branding', 'login', 'users', 'write', 'legal', 'seo', 'custom-css-html', 'theme', 'security', 'question'] as const;
type Group = (typeof GROUPS)[number];

/** The message the envelope carries for a reason key (translated, capitalised, full stop). */
function messageOf(reason: string): string {
  const text = t('en_US', reason);
  expect(text, `translation of ${reason}`).not.toBe(reason);
  const s = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

const long = (n: number) => 'a'.repeat(n);

/** Valid bodies for every field of every group, unlike the install values, for the round trip. */
const VALID: Record<Group, Record<string, unknown>> = {
  general: {
    name: 'Round Trip Site',
    short_description: 'A short one',
    description: 'A longer description of the site.',
    site_url: 'https://qa.example.com/community',
    contact_email: 'owner@example.com',
    check_update: true,
  },
  interface: { language: 'zh_CN', time_zone: 'Europe/Berlin' },
  branding: { logo: '/uploads/branding/logo.png', mobile_logo: '/uploads/branding/m.png', square_icon: '/uploads/branding/sq.png', favicon: '/uploads/branding/fav.ico' },
  login: { allow_new_registrations: false, allow_email_registrations: false, allow_password_login: true, login_required: false, allow_email_domains: ['example.com', 'example.org'] },
  users: {
    default_avatar: 'gravatar',
    gravatar_base_url: 'https://avatars.example.net/avatar/',
    allow_update_display_name: false,
    allow_update_username: false,
    allow_update_avatar: false,
    allow_update_bio: false,
    allow_update_website: false,
    allow_update_location: false,
  },
  write: { restrict_answer: false, required_tag: true, recommend_tags: [{ slug_name: 'support', display_name: 'support' }], reserved_tags: [{ slug_name: 'support', display_name: 'support' }] },
  legal: { terms_of_service_original_text: 'Be **kind**.', terms_of_service_parsed_text: '', privacy_policy_original_text: 'We keep *nothing*.', privacy_policy_parsed_text: '' },
  seo: { permalink: 4, robots: 'User-agent: *\nDisallow: /private' },
  'custom-css-html': { custom_head: '<meta name="x" content="y">', custom_css: 'body{color:red}', custom_header: '<div>h</div>', custom_footer: '<div>f</div>', custom_sidebar: '<div>s</div>' },
  theme: { theme: 'default', theme_config: { default: { navbar_style: 'light', primary_color: '#112233' } }, color_scheme: 'dark' },
  security: {
    password_min_length: 10,
    session_lifetime_days: 30,
    captcha_enabled: false,
    limits: { captcha: { vote: { count: 100000, windowSeconds: 60 } }, login_account: { count: 50, windowSeconds: 60 }, hard: { register_ip: { max: 100000, windowSeconds: 60 } } },
  },
  question: { min_title_length: 5, min_body_length: 5, max_tags: 5, allow_answer_closed: true },
};

/** Per group: [field sent, bad value, field named in the reply, reason key]. Each is sent alone over a valid body. */
const INVALID: Record<Group, [string, unknown, string, string][]> = {
  general: [
    ['name', '', 'name', 'error.common.too_short'],
    ['name', 'x', 'name', 'error.common.too_short'],
    ['name', '<b>x</b>', 'name', 'error.common.too_short'],
    ['name', long(129), 'name', 'error.common.too_long'],
    ['short_description', 'abc', 'short_description', 'error.common.too_short'],
    ['short_description', long(256), 'short_description', 'error.common.too_long'],
    ['description', 'abc', 'description', 'error.common.too_short'],
    ['description', long(2001), 'description', 'error.common.too_long'],
    ['site_url', 'not a url', 'site_url', 'error.common.invalid_url'],
    ['site_url', 'ftp://files.example.com', 'site_url', 'error.common.invalid_url'],
    ['contact_email', 'nobody', 'contact_email', 'error.common.email_invalid'],
    ['check_update', 'yes', 'check_update', 'error.common.invalid'],
  ],
  interface: [
    ['language', 'xx_XX', 'language', 'error.lang.not_found'],
    ['language', '', 'language', 'error.common.required'],
    ['time_zone', 'Mars/Olympus_Mons', 'time_zone', 'error.common.invalid'],
    ['time_zone', 'U', 'time_zone', 'error.common.too_short'],
  ],
  branding: ['logo', 'mobile_logo', 'square_icon', 'favicon'].flatMap((f): [string, unknown, string, string][] => [
    [f, long(513), f, 'error.common.too_long'],
    [f, 'javascript:alert(1)', f, 'error.common.invalid_url'],
    [f, 'data:image/svg+xml,<svg onload=alert(1)>', f, 'error.common.invalid_url'],
    [f, '//evil.example/x.png', f, 'error.common.invalid_url'],
    [f, '/uploads/../conf/config.yaml', f, 'error.common.invalid_url'],
  ]),
  login: [
    ...['allow_new_registrations', 'allow_email_registrations', 'allow_password_login', 'login_required'].map(
      (f): [string, unknown, string, string] => [f, 'yes', f, 'error.common.invalid'],
    ),
    ['allow_email_domains', 'example.com', 'allow_email_domains', 'error.common.invalid'],
    ['allow_email_domains', [long(257)], 'allow_email_domains.0', 'error.common.too_long'],
  ],
  users: [
    ['default_avatar', 'letters', 'default_avatar', 'error.common.invalid'],
    ['gravatar_base_url', 'not a url', 'gravatar_base_url', 'error.common.invalid_url'],
    ...['display_name', 'username', 'avatar', 'bio', 'website', 'location'].map(
      (f): [string, unknown, string, string] => [`allow_update_${f}`, 1, `allow_update_${f}`, 'error.common.invalid'],
    ),
  ],
  write: [
    ['restrict_answer', 'no', 'restrict_answer', 'error.common.invalid'],
    ['required_tag', 'no', 'required_tag', 'error.common.invalid'],
    ['recommend_tags', [{ slug_name: 'no-such-tag' }], 'recommend_tags', 'error.tag.not_found'],
    ['recommend_tags', 'support', 'recommend_tags', 'error.common.invalid'],
    ['reserved_tags', [{ slug_name: 'support' }, { slug_name: 'missing-tag' }], 'reserved_tags', 'error.tag.not_found'],
    ['reserved_tags', [{ slug_name: '' }], 'reserved_tags.0.slug_name', 'error.common.required'],
  ],
  legal: [
    ['terms_of_service_original_text', long(65537), 'terms_of_service_original_text', 'error.common.too_long'],
    ['privacy_policy_original_text', long(65537), 'privacy_policy_original_text', 'error.common.too_long'],
    ['terms_of_service_parsed_text', long(262145), 'terms_of_service_parsed_text', 'error.common.too_long'],
    ['privacy_policy_parsed_text', long(262145), 'privacy_policy_parsed_text', 'error.common.too_long'],
  ],
  seo: [
    ['permalink', 5, 'permalink', 'error.common.out_of_range'],
    ['permalink', 'short', 'permalink', 'error.common.invalid'],
    ['robots', '   ', 'robots', 'error.common.required'],
    ['robots', long(65537), 'robots', 'error.common.too_long'],
  ],
  'custom-css-html': ['custom_head', 'custom_css', 'custom_header', 'custom_footer', 'custom_sidebar'].map((f) => [f, long(65537), f, 'error.common.too_long']),
  theme: [
    ['theme', 'fancy', 'theme', 'error.common.invalid'],
    ['theme_config', { default: { primary_color: 'red' } }, 'theme_config.default.primary_color', 'error.common.color_invalid'],
    ['theme_config', { default: { navbar_style: 'neon' } }, 'theme_config.default.navbar_style', 'error.common.invalid'],
    ['color_scheme', 'sepia', 'color_scheme', 'error.common.invalid'],
  ],
  security: [
    ['password_min_length', 1, 'password_min_length', 'error.common.out_of_range'],
    ['session_lifetime_days', 0, 'session_lifetime_days', 'error.common.out_of_range'],
    ['captcha_enabled', 'off', 'captcha_enabled', 'error.common.invalid'],
    ['limits', { captcha: { teleport: { count: 1, windowSeconds: 60 } } }, 'limits', 'error.common.invalid'],
    ['limits', { hard: { teleport_ip: { max: 1, windowSeconds: 60 } } }, 'limits', 'error.common.invalid'],
    ['limits', { hard: { login_ip: { max: 0, windowSeconds: 60 } } }, 'limits.hard.login_ip.max', 'error.common.out_of_range'],
  ],
  question: [
    ['min_title_length', 0, 'min_title_length', 'error.common.out_of_range'],
    ['min_body_length', 0, 'min_body_length', 'error.common.out_of_range'],
    ['max_tags', 11, 'max_tags', 'error.common.out_of_range'],
    ['allow_answer_closed', 'yes', 'allow_answer_closed', 'error.common.invalid'],
  ],
};

describe.each(targets)('admin settings on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;
  let plain: User;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: path, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const getGroup = async (group: Group) => body(await call('GET', `${ADMIN_API}/siteinfo/${group}`, admin)).data;
  const putGroup = (group: Group, payload: unknown) => call('PUT', `${ADMIN_API}/siteinfo/${group}`, admin, payload);
  const save = async (group: Group, changes: Record<string, unknown>) => {
    const res = await putGroup(group, { ...(await getGroup(group)), ...changes });
    expect(res.statusCode, res.body).toBe(200);
  };
  const siteinfo = async () => body(await call('GET', '/answer/api/v1/siteinfo')).data;
  const register = (name: string, email: string) =>
    site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/user/register/email',
      payload: { name, e_mail: email, pass: 'password-123' },
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    moderator = await member(site, 'setmoder', 1);
    expect((await call('PUT', `${ADMIN_API}/user/role`, admin, { user_id: moderator.id, role_id: 3 })).statusCode).toBe(200);
    moderator = { id: moderator.id, token: await login(site, 'setmoder@example.com', 'password-123') };
    plain = await member(site, 'setplain', 1);
    // A display name unlike the slug, to see the stored reference take the tag's own.
    await site.runtime.database.updateTable('tag').set({ display_name: 'Support Desk' }).where('slug_name', '=', 'support').execute();
  });
  afterAll(async () => stop?.());

  it('is for administrators only: visitors 401, members and moderators 403 on every group', async () => {
    const paths = [...GROUPS.map((g) => `/siteinfo/${g}`), '/theme/options', '/language/options', '/siteinfo/review'];
    for (const path of paths) {
      for (const [user, status] of [[undefined, 401], [plain, 403], [moderator, 403]] as const) {
        expect((await call('GET', `${ADMIN_API}${path}`, user)).statusCode, `GET ${path}`).toBe(status);
        if (path.startsWith('/siteinfo/')) expect((await call('PUT', `${ADMIN_API}${path}`, user, {})).statusCode, `PUT ${path}`).toBe(status);
      }
    }
    expect(body(await call('GET', `${ADMIN_API}/siteinfo/review`, admin)).code).toBe(200);
  });

  it('answers every field of every group, theme with its options, and the option lists', async () => {
    for (const group of GROUPS) {
      const data = await getGroup(group);
      for (const field of Object.keys(VALID[group])) expect(data, `${group}.${field}`).toHaveProperty(field);
    }
    expect((await getGroup('theme')).theme_options).toEqual([{ label: 'Default', value: 'default' }]);
    expect(body(await call('GET', `${ADMIN_API}/theme/options`, admin)).data).toEqual([{ label: 'Default', value: 'default' }]);
    const languages = body(await call('GET', `${ADMIN_API}/language/options`, admin)).data as { label: string; value: string }[];
    expect(languages.map((l) => l.value)).toEqual(expect.arrayContaining(['en_US', 'zh_CN']));
    expect(languages.every((l) => l.label && Object.keys(l).length === 2)).toBe(true);
  });

  it('refuses a bad value of each field with its reason, and stores nothing', async () => {
    for (const group of GROUPS) {
      const before = await getGroup(group);
      for (const [field, value, errorField, reason] of INVALID[group]) {
        const res = await putGroup(group, { ...VALID[group], [field]: value });
        const label = `${group}.${field}=${JSON.stringify(value).slice(0, 40)}`;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(400);
        expect(body(res).data, label).toContainEqual({ error_field: errorField, error_msg: messageOf(reason) });
      }
      expect(await getGroup(group), group).toEqual(before);
    }
  });

  it('stores every field of every group: admin GET and the public siteinfo show it', async () => {
    const originals = Object.fromEntries(await Promise.all(GROUPS.map(async (g) => [g, await getGroup(g)] as const)));
    for (const group of GROUPS) {
      // Fields 1.4.0 clients send back are accepted and not stored.
      const extra = group === 'general' ? { permalink: 3 } : group === 'theme' ? { theme_options: [{ label: 'x', value: 'y' }] } : {};
      const res = await putGroup(group, { ...VALID[group], ...extra });
      expect(res.statusCode, `${group}: ${res.body}`).toBe(200);
    }
    const expected: Record<Group, Record<string, unknown>> = {
      ...VALID,
      write: { ...VALID.write, recommend_tags: [{ slug_name: 'support', display_name: 'Support Desk' }], reserved_tags: [{ slug_name: 'support', display_name: 'Support Desk' }] },
      legal: {
        terms_of_service_original_text: 'Be **kind**.',
        terms_of_service_parsed_text: '<p>Be <strong>kind</strong>.</p>',
        privacy_policy_original_text: 'We keep *nothing*.',
        privacy_policy_parsed_text: '<p>We keep <em>nothing</em>.</p>',
      },
    };
    for (const group of GROUPS) {
      const data = await getGroup(group);
      expect(group === 'theme' ? { ...data, theme_options: undefined } : data, group).toEqual(group === 'theme' ? { ...expected.theme, theme_options: undefined } : expected[group]);
    }
    const info = await siteinfo();
    expect(info.general).toEqual({ ...VALID.general, permalink: 4 });
    expect(info.interface).toEqual(VALID.interface);
    expect(info.branding).toEqual(VALID.branding);
    expect(info.login).toEqual(VALID.login);
    expect(info.site_users).toEqual(VALID.users);
    expect(info.site_write).toEqual(expected.write);
    expect(info.site_seo).toEqual(VALID.seo);
    expect(info.custom_css_html).toEqual(VALID['custom-css-html']);
    expect(info.theme).toEqual(VALID.theme);
    expect(info.site_security).toEqual({ password_min_length: 10 });
    expect(info.site_question).toEqual(VALID.question);
    expect(info.site_legal).toEqual({ tos: true, privacy: true });
    expect(body(await call('GET', '/answer/api/v1/siteinfo/legal?info_type=tos')).data).toEqual({
      terms_of_service_original_text: 'Be **kind**.',
      terms_of_service_parsed_text: '<p>Be <strong>kind</strong>.</p>',
    });
    expect(body(await call('GET', '/answer/api/v1/siteinfo/legal?info_type=privacy')).data).toEqual({
      privacy_policy_original_text: 'We keep *nothing*.',
      privacy_policy_parsed_text: '<p>We keep <em>nothing</em>.</p>',
    });
    // What GET answers is itself a valid PUT (the web sends the form back as loaded): put the originals back.
    for (const group of GROUPS) expect((await putGroup(group, originals[group])).statusCode, group).toBe(200);
    for (const group of GROUPS) expect(await getGroup(group), group).toEqual(originals[group]);
    expect((await siteinfo()).site_legal).toEqual({ tos: false, privacy: false });
  });

  it('cleans what it stores: plain-text name, normalised site URL, rendered legal text, default gravatar base', async () => {
    const original = await getGroup('general');
    await save('general', { name: '<script>alert(1)</script><b>Cats &amp; Dogs</b>', site_url: 'HTTPS://Example.COM:8443/qa/?x=1#top' });
    expect(await getGroup('general')).toMatchObject({ name: 'Cats & Dogs', site_url: 'https://example.com:8443/qa' });
    await save('general', { site_url: 'http://example.com/' });
    expect((await getGroup('general')).site_url).toBe('http://example.com');
    await save('general', original);

    await save('legal', { terms_of_service_original_text: 'Hi <script>alert(1)</script>[x](javascript:alert(1))', terms_of_service_parsed_text: '<img src=x onerror=alert(1)>' });
    const legal = await getGroup('legal');
    expect(legal.terms_of_service_parsed_text).not.toMatch(/<script|onerror|href="javascript|<img/);
    expect(legal.terms_of_service_parsed_text).toContain('Hi');
    await save('legal', { terms_of_service_original_text: '', privacy_policy_original_text: '' });
    expect(body(await call('GET', '/answer/api/v1/siteinfo/legal?info_type=tos')).data).toEqual({});

    await save('users', { gravatar_base_url: '' });
    expect((await getGroup('users')).gravatar_base_url).toBe('https://www.gravatar.com/avatar/');
  });

  it('private mode: anonymous API calls get 401, robots disallows everything, uploads need the visit cookie', async () => {
    await save('login', { login_required: true });
    expect((await call('GET', '/answer/api/v1/question/page')).statusCode).toBe(401);
    expect((await call('GET', '/answer/api/v1/question/page', plain)).statusCode).toBe(200);
    const robots = await call('GET', '/robots.txt');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    const upload = await call('GET', '/uploads/post/none.png');
    expect(upload.statusCode).toBe(302);
    // Question pages are the bare app: no redirect to a canonical URL that would carry the title.
    const question = await site.runtime.database.selectFrom('question').select('id').where('title', '=', 'What are tags for?').executeTakeFirstOrThrow();
    const page = await call('GET', `/questions/${longToShort(String(question.id))}`);
    expect([page.statusCode, page.headers.location]).toEqual([200, undefined]);
    await save('login', { login_required: false });
    expect((await call('GET', `/questions/${longToShort(String(question.id))}`)).statusCode).toBe(301);
    expect((await call('GET', '/answer/api/v1/question/page')).statusCode).toBe(200);
    expect((await call('GET', '/robots.txt')).body).toBe((await getGroup('seo')).robots);
  });

  it('closed registration and email-domain restriction refuse sign-ups; password login off refuses logins', async () => {
    await save('login', { allow_new_registrations: false });
    let res = await register('closedone', 'closedone@example.com');
    expect([res.statusCode, body(res).reason]).toEqual([400, 'error.user.not_allowed_registration']);
    await save('login', { allow_new_registrations: true, allow_email_registrations: false });
    res = await register('closedtwo', 'closedtwo@example.com');
    expect([res.statusCode, body(res).reason]).toEqual([400, 'error.user.not_allowed_registration']);
    await save('login', { allow_email_registrations: true, allow_email_domains: ['Example.ORG'] });
    expect((await getGroup('login')).allow_email_domains).toEqual(['example.org']);
    res = await register('wrongdomain', 'wrongdomain@example.com');
    expect(res.statusCode).toBe(400);
    expect(body(res).data[0].error_field).toBe('e_mail');
    expect((await register('rightdomain', 'rightdomain@mail.example.org')).statusCode).toBe(200);
    await save('login', { allow_email_domains: [] });
    expect((await register('anydomain', 'anydomain@example.net')).statusCode).toBe(200);

    await save('login', { allow_password_login: false });
    res = await call('POST', '/answer/api/v1/user/login/email', undefined, { e_mail: 'setplain@example.com', pass: 'password-123' });
    expect([res.statusCode, body(res).reason]).toEqual([400, 'error.user.not_allowed_login_via_password']);
    await save('login', { allow_password_login: true });
    expect(await login(site, 'setplain@example.com', 'password-123')).toBeTruthy();
  });

  it('permalink style changes question ids in the API and the canonical URL', async () => {
    const created = await call('POST', '/answer/api/v1/question', admin, { title: 'How do permalinks change?', content: 'Asking to see the ids change.', tags: [{ slug_name: 'support' }] });
    expect(created.statusCode, created.body).toBe(200);
    const qid = toLongId(body(created).data.id)!;
    for (const style of [1, 2, 3, 4]) {
      await save('seo', { permalink: style });
      const short = style >= 3;
      const shown = short ? longToShort(qid) : qid;
      const info = body(await call('GET', `/answer/api/v1/question/info?id=${qid}`, admin)).data;
      expect(info.id, `style ${style}`).toBe(shown);
      expect((await siteinfo()).general.permalink).toBe(style);
      const canonical = style === 1 || style === 3 ? `/questions/${shown}/how-do-permalinks-change` : `/questions/${shown}`;
      const other = short ? `/questions/${qid}/x` : `/questions/${longToShort(qid)}/x`;
      expect((await call('GET', other)).headers.location, `style ${style}`).toBe(canonical);
    }
    await save('seo', { permalink: 2 });
  });

  it('update flags refuse changes to locked profile fields and let unchanged values through', async () => {
    const person = await member(site, 'lockedperson', 1);
    const me = body(await call('GET', '/answer/api/v1/user/info', person)).data;
    const form = { display_name: me.display_name, username: me.username, bio: '', website: '', location: '', avatar: { type: 'default', gravatar: '', custom: '' } };
    const changes: Record<string, unknown> = { display_name: 'New Name', username: 'newlockedname', bio: 'hello', website: 'https://example.com', location: 'Berlin', avatar: { type: 'gravatar', gravatar: '', custom: '' } };
    const flags = ['display_name', 'username', 'avatar', 'bio', 'website', 'location'];
    await save('users', Object.fromEntries(flags.map((f) => [`allow_update_${f}`, false])));
    expect((await call('PUT', '/answer/api/v1/user/info', person, form)).statusCode).toBe(200);
    for (const field of flags) {
      const res = await call('PUT', '/answer/api/v1/user/info', person, { ...form, [field]: changes[field] });
      expect(res.statusCode, field).toBe(400);
      expect(body(res).data, field).toEqual([{ error_field: field, error_msg: messageOf('error.user.update_not_allowed') }]);
    }
    await save('users', Object.fromEntries(flags.map((f) => [`allow_update_${f}`, true])));
    const res = await call('PUT', '/answer/api/v1/user/info', person, { ...form, ...changes });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(await call('GET', '/answer/api/v1/user/info', person)).data).toMatchObject({ display_name: 'New Name', username: 'newlockedname', bio: 'hello', location: 'Berlin' });
  });

  it('the system default avatar hands out no gravatar URL; gravatar does', async () => {
    const person = await member(site, 'avatarless', 1);
    await call('POST', '/answer/api/v1/question', person, { title: 'Where is my avatar shown?', content: 'Checking avatars in lists.', tags: [{ slug_name: 'support' }] });
    const pages = async () => [
      (await call('GET', '/answer/api/v1/user/info', person)).body,
      (await call('GET', '/answer/api/v1/question/page?order=newest', person)).body,
      (await call('GET', '/answer/api/v1/personal/user/info?username=avatarless', person)).body,
    ];
    await save('users', { default_avatar: 'gravatar', gravatar_base_url: 'https://avatars.example.net/avatar/' });
    expect((await pages()).join('\n')).toContain('avatars.example.net');
    await save('users', { default_avatar: 'system' });
    for (const page of await pages()) expect(page).not.toContain('avatars.example.net');
  });
});
