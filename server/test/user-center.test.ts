import { detectClientAgent } from '@answer/contract';
import type { AnswerPlugin, ExternalUser } from '@answer/plugin-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncAfterConnectorSignIn } from '../src/features/user-center/sync.js';
import { ADMIN, body, installedSite, login, member, type TestSite } from './support/app.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
const SITE = 'http://127.0.0.1:9080';
const WECOM_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh';

/** The people the test user centre knows, by the code its callback is given. */
const PEOPLE: Record<string, ExternalUser> = {
  ada: { externalId: 'uc-ada', username: 'ada_uc', displayName: 'Ada Lovelace', email: 'ada@uc.example.com', emailVerified: true },
  grace: { externalId: 'uc-grace', username: 'grace', displayName: 'Grace Hopper', email: 'grace@uc.example.com', emailVerified: true },
};
/** What the test user centre was asked, for the checks. */
const asked: { clientAgents: (string | null)[]; logouts: { externalId: string; postLogoutRedirectUrl: string }[] } = { clientAgents: [], logouts: [] };

const switchField = (name: string, value: boolean) => ({ name, type: 'switch' as const, title: name, default: value });

/**
 * A user centre as a third party would write one: it acts while its "acting" switch is on and
 * keeps the site's own accounts when "original" is on; its in-app login differs for WeCom.
 */
function userCentre(slug: string): AnswerPlugin {
  return {
    info: { slug_name: slug, name: `User centre ${slug}`, description: 'A user centre for the tests.', version: '1.0.0' },
    config: { fields: [switchField('acting', true), switchField('original', false), { name: 'login_url', type: 'input', title: 'Login', default: 'https://uc.example.com/login' }] },
    userCenter: {
      active: (ctx) => ctx.config().acting !== false,
      description(ctx, request) {
        asked.clientAgents.push(request.clientAgent);
        return {
          name: 'TestUC',
          displayName: { en_US: 'Test Centre', zh_CN: '测试中心' },
          icon: '<svg xmlns="http://www.w3.org/2000/svg"/>',
          url: 'https://uc.example.com/',
          loginRedirectUrl: request.clientAgent === 'WeCom' ? 'https://uc.example.com/wecom' : String(ctx.config().login_url),
          signUpRedirectUrl: 'https://uc.example.com/join',
          userStatusAgentEnabled: true,
          enabledOriginalUserSystem: ctx.config().original === true,
        };
      },
      controlCenterItems: () => [{ name: 'home', label: { en_US: 'My centre', zh_CN: '我的中心' }, url: 'https://uc.example.com/me' }, { name: 'bad', label: 'Bad', url: 'javascript:alert(1)' }],
      async loginCallback({ query }) {
        const person = PEOPLE[query.code ?? ''];
        if (!person) throw new Error('unknown person');
        return person;
      },
      ownedProfileFields: () => ['display_name', 'email'],
      userSettings: async (externalId) => ({ profileSettingRedirectUrl: `https://uc.example.com/profile/${externalId}`, accountSettingRedirectUrl: 'javascript:void(0)' }),
      personalBranding: async (externalId) => [{ icon: 'home', name: 'homepage', label: 'Home page', url: `https://uc.example.com/u/${externalId}` }],
      async logoutUrl(request) {
        asked.logouts.push(request);
        return `https://uc.example.com/logout?back=${encodeURIComponent(request.postLogoutRedirectUrl)}`;
      },
    },
  };
}

/** A connector of another service, to see that a user centre that replaces the accounts is the only way in. */
const OTHER_CONNECTOR: AnswerPlugin = {
  info: { slug_name: 'other_connector', name: 'Other', description: 'Another sign-in.', version: '1.0.0' },
  connector: {
    slug: 'otherid',
    name: 'Other',
    logoSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    sender: async ({ receiverUrl }) => ({ redirectUrl: `https://other.example.com/auth?back=${encodeURIComponent(receiverUrl)}` }),
    receiver: async () => PEOPLE.ada!,
  },
};

describe('the user centre', () => {
  let site: TestSite;
  let admin: string;
  // Members of the site's own, from before the user centre.
  let natives: { id: string; token: string }[];
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, options: { token?: string; payload?: object; headers?: Record<string, string> } = {}) =>
    site.app.inject({ method, url, payload: options.payload, headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers } });
  const setEnabled = (slug: string, enabled: boolean) => call('PUT', `${ADMIN_API}/plugin/status`, { token: admin, payload: { plugin_slug_name: slug, enabled } });
  const configure = async (slug: string, values: Record<string, unknown>) => {
    const res = await call('PUT', `${ADMIN_API}/plugin/config`, { token: admin, payload: { plugin_slug_name: slug, config_fields: { acting: true, original: false, login_url: 'https://uc.example.com/login', ...values } } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const agent = async (headers: Record<string, string> = {}) => body(await call('GET', `${API}/user-center/agent`, { headers })).data;
  /** The user centre's callback for `code`: the landing's token, or the failed page. */
  const callback = async (code: string) => {
    const res = await call('GET', `${API}/user-center/login/callback?code=${code}`);
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    return { location, token: new URL(location, SITE).searchParams.get('access_token') ?? '' };
  };
  const me = async (token: string) => body(await call('GET', `${API}/user/info`, { token })).data;

  beforeAll(async () => {
    site = await installedSite();
    site.runtime.plugins.addBuiltIn(userCentre('uc_test'));
    site.runtime.plugins.addBuiltIn(userCentre('uc_second'));
    site.runtime.plugins.addBuiltIn(OTHER_CONNECTOR);
    admin = await login(site, ADMIN.email, ADMIN.password);
    natives = [await member(site, 'nativemember'), await member(site, 'nativeleaver'), await member(site, 'rolechanged')];
  });
  afterAll(async () => site?.close());
  afterEach(() => {
    delete process.env.ANSWER_LOCAL_LOGIN;
  });

  it('tells the in-app browsers of the four agents apart by their User-Agent', () => {
    expect(detectClientAgent(WECOM_UA)).toBe('WeCom');
    expect(detectClientAgent('Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64')).toBe('WeChat');
    expect(detectClientAgent('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 AliApp(DingTalk/7.0.40) com.laiwang.DingTalk/31071327 Channel/201200')).toBe('DingTalk');
    expect(detectClientAgent('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 SegmentFault/5.2.1')).toBe('SegmentFault');
    expect(detectClientAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36')).toBeNull();
    expect(detectClientAgent('')).toBeNull();
  });

  it('answers the agent as off while no user centre is enabled, and the native login works', async () => {
    expect(await agent()).toEqual({ enabled: false, agent_info: null });
    expect((await call('POST', `${API}/user/login/email`, { payload: { e_mail: ADMIN.email, pass: ADMIN.password } })).statusCode).toBe(200);
    expect(body(await call('GET', `${ADMIN_API}/user-center/agent`, { token: admin })).data).toEqual({
      allow_create_user: true,
      allow_update_user_status: true,
      allow_update_user_password: true,
      allow_update_user_role: true,
    });
  });

  it('describes an enabled user centre, in the reader\'s language, to anyone (a private site\'s login page too)', async () => {
    expect((await setEnabled('uc_test', true)).statusCode).toBe(200);
    const login = await call('GET', `${ADMIN_API}/siteinfo/login`, { token: admin });
    await call('PUT', `${ADMIN_API}/siteinfo/login`, { token: admin, payload: { ...body(login).data, login_required: true } });
    try {
      expect(await agent()).toEqual({
        enabled: true,
        agent_info: {
          name: 'TestUC',
          display_name: 'Test Centre',
          icon: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'),
          url: 'https://uc.example.com/',
          login_redirect_url: `${SITE}${API}/user-center/login/redirect`,
          sign_up_redirect_url: `${SITE}${API}/user-center/sign-up/redirect`,
          // Only http(s) addresses: a plugin's javascript: link is dropped.
          control_center: [{ name: 'home', label: 'My centre', url: 'https://uc.example.com/me' }],
          enabled_original_user_system: false,
        },
      });
      expect((await agent({ 'accept-language': 'zh_CN' })).agent_info.display_name).toBe('测试中心');
    } finally {
      await call('PUT', `${ADMIN_API}/siteinfo/login`, { token: admin, payload: { ...body(login).data, login_required: false } });
    }
    expect(body(await call('GET', `${ADMIN_API}/user-center/agent`, { token: admin })).data).toEqual({
      allow_create_user: false,
      allow_update_user_status: false,
      allow_update_user_password: false,
      allow_update_user_role: true,
    });
    // The admin calls follow it: what the user centre manages is refused, the rest still works.
    const target = natives[0]!.id;
    const refused: ['POST' | 'PUT', string, object][] = [
      ['POST', '/user', { display_name: 'New One', email: 'new.one@example.com', password: 'password-123' }],
      ['POST', '/users', { users: 'New Two, new.two@example.com, password-123' }],
      ['PUT', '/user/password', { user_id: target, password: 'password-456' }],
      ['PUT', '/user/status', { user_id: target, status: 'suspended' }],
    ];
    for (const [method, path, payload] of refused) {
      const res = await call(method, `${ADMIN_API}${path}`, { token: admin, payload });
      expect([path, res.statusCode, body(res).reason]).toEqual([path, 403, 'error.user_center.managed_there']);
    }
    expect(Number((await site.runtime.database.selectFrom('user').select('status').where('id', '=', target).executeTakeFirstOrThrow()).status)).toBe(1);
    const promoted = natives[2]!.id;
    const role = await call('PUT', `${ADMIN_API}/user/role`, { token: admin, payload: { user_id: promoted, role_id: 3 } });
    expect(role.statusCode, role.body).toBe(200);
  });

  it('refuses every native account route with 403 and a reason that says why, while the user centre replaces them', async () => {
    const nobody = { e_mail: 'nobody@example.com', pass: 'password-123', name: 'nobody', code: 'x', old_pass: 'password-123' };
    const routes: ['POST' | 'PUT', string][] = [
      ['POST', '/user/login/email'],
      ['POST', '/user/register/email'],
      ['POST', '/user/email/verification'],
      ['POST', '/user/email/verification/send'],
      ['POST', '/user/password/reset'],
      ['POST', '/user/password/replacement'],
      ['PUT', '/user/password'],
      ['POST', '/user/email/change/code'],
      ['PUT', '/user/email'],
    ];
    for (const [method, path] of routes) {
      const res = await call(method, `${API}${path}`, { token: admin, payload: nobody });
      expect([path, res.statusCode, body(res).reason]).toEqual([path, 403, 'error.user_center.replaced']);
      expect(body(res).msg).toMatch(/single sign-on/);
    }
    const zh = await call('POST', `${API}/user/login/email`, { payload: nobody, headers: { 'accept-language': 'zh_CN' } });
    expect(body(zh).msg).toBe('本站账户由单点登录服务统一管理：请在该服务中登录、注册以及修改密码或电子邮件地址。');
    // Unsubscribing from e-mails stays possible, and the rest of the site answers as before.
    expect((await call('PUT', `${API}/user/notification/unsubscribe`, { payload: { code: 'nope' } })).statusCode).not.toBe(403);
    expect((await call('GET', `${API}/user/info`, { token: admin })).statusCode).toBe(200);
  });

  it('opens the native routes again while the original user system is kept, or the user centre stops acting, or by the break glass', async () => {
    const loginAsAdmin = () => call('POST', `${API}/user/login/email`, { payload: { e_mail: ADMIN.email, pass: ADMIN.password } });
    await configure('uc_test', { original: true });
    expect((await loginAsAdmin()).statusCode).toBe(200);
    expect((await agent()).agent_info.enabled_original_user_system).toBe(true);
    await configure('uc_test', { acting: false });
    expect(await agent()).toEqual({ enabled: false, agent_info: null });
    expect((await loginAsAdmin()).statusCode).toBe(200);
    await configure('uc_test', {});
    expect((await loginAsAdmin()).statusCode).toBe(403);
    // ANSWER_LOCAL_LOGIN=1: the e-mail login works beside the user centre, and the pages say so.
    process.env.ANSWER_LOCAL_LOGIN = '1';
    expect((await loginAsAdmin()).statusCode).toBe(200);
    expect((await agent()).agent_info.enabled_original_user_system).toBe(true);
  });

  it('sends the login and sign-up pages on to the user centre, the in-app login for WeCom', async () => {
    const login = await call('GET', `${API}/user-center/login/redirect?redirect=%2Fquestions`);
    // Another site's address is left as the user centre gave it.
    expect([login.statusCode, login.headers.location]).toEqual([302, 'https://uc.example.com/login']);
    const inApp = await call('GET', `${API}/user-center/login/redirect`, { headers: { 'user-agent': WECOM_UA } });
    expect(inApp.headers.location).toBe('https://uc.example.com/wecom');
    expect(asked.clientAgents).toContain('WeCom');
    expect((await call('GET', `${API}/user-center/sign-up/redirect`)).headers.location).toBe('https://uc.example.com/join');
    // A login address of this site (a connector's start) is told where to come back to; never another site's page.
    await configure('uc_test', { login_url: `${SITE}${API}/connector/login/otherid` });
    try {
      expect((await call('GET', `${API}/user-center/login/redirect?redirect=%2Fquestions%3Fpage%3D2`)).headers.location).toBe(`${SITE}${API}/connector/login/otherid?redirect=%2Fquestions%3Fpage%3D2`);
      expect((await call('GET', `${API}/user-center/login/redirect?redirect=%2F%2Fevil.example`)).headers.location).toBe(`${SITE}${API}/connector/login/otherid`);
    } finally {
      await configure('uc_test', {});
    }
  });

  it('signs a person in at its callback, and sets the fields it owns from what it says at each sign-in', async () => {
    const first = await callback('ada');
    expect(first.location).toMatch(/^\/users\/auth-landing\?access_token=[\w-]+$/);
    const ada = await me(first.token);
    expect(ada).toMatchObject({ username: 'ada_uc', display_name: 'Ada Lovelace', e_mail: 'ada@uc.example.com', mail_status: 1 });
    const binding = await site.runtime.database.selectFrom('user_external_login').select(['provider', 'user_id']).where('external_id', '=', 'uc-ada').executeTakeFirstOrThrow();
    expect([binding.provider, String(binding.user_id)]).toEqual(['uc_test', String(ada.id)]);
    PEOPLE.ada = { ...PEOPLE.ada!, displayName: 'Ada King', email: 'ada.king@uc.example.com' };
    const again = await callback('ada');
    expect(await me(again.token)).toMatchObject({ id: ada.id, display_name: 'Ada King', e_mail: 'ada.king@uc.example.com' });
    // Someone it does not know (or that it refuses) sees the failed sign-in page.
    expect((await callback('mallory')).location).toBe('/user-center/auth-failed?reason=error.plugin.unavailable');
  });

  it('keeps what it owns read-only for the people it knows, and the rest of their profile theirs', async () => {
    const { token } = await callback('grace');
    const settings = body(await call('GET', `${API}/user-center/user/settings`, { token })).data;
    expect(settings).toEqual({
      profile_setting_agent: { enabled: true, redirect_url: 'https://uc.example.com/profile/uc-grace' },
      account_setting_agent: { enabled: false, redirect_url: '' },
      read_only_fields: ['display_name', 'email'],
    });
    const refused = await call('PUT', `${API}/user/info`, { token, payload: { display_name: 'Someone Else', bio: 'Admiral' } });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).reason).toBe('error.user_center.field_managed');
    expect(body(refused).data).toEqual([{ error_field: 'display_name', error_msg: expect.stringMatching(/single sign-on/) }]);
    // The same name sent back with the form is no change; the bio is the member's.
    expect((await call('PUT', `${API}/user/info`, { token, payload: { display_name: 'Grace Hopper', bio: 'Admiral' } })).statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ display_name: 'Grace Hopper', bio: 'Admiral' });
    // A member the user centre does not know keeps their profile.
    const native = natives[0]!;
    expect(body(await call('GET', `${API}/user-center/user/settings`, { token: native.token })).data.read_only_fields).toEqual([]);
    expect((await call('PUT', `${API}/user/info`, { token: native.token, payload: { display_name: 'Native Name' } })).statusCode).toBe(200);
  });

  it('shows its links on the profiles of the people it knows', async () => {
    expect(body(await call('GET', `${API}/user-center/personal/branding?username=grace`)).data).toEqual({
      enabled: true,
      personal_branding: [{ icon: 'home', name: 'homepage', label: 'Home page', url: 'https://uc.example.com/u/uc-grace' }],
    });
    expect(body(await call('GET', `${API}/user-center/personal/branding?username=admin`)).data).toEqual({ enabled: false, personal_branding: [] });
  });

  it('is the only way in: another connector\'s sign-in is refused while it replaces the accounts', async () => {
    expect((await setEnabled('other_connector', true)).statusCode).toBe(200);
    const refused = await call('GET', `${API}/connector/login/otherid`);
    expect([refused.statusCode, refused.headers.location]).toEqual([302, '/user-center/auth-failed?reason=error.user_center.only_sign_in']);
    const head = await site.app.inject({ method: 'HEAD', url: `${API}/connector/login/otherid` });
    expect([head.statusCode, head.headers.location]).toEqual([302, '/user-center/auth-failed?reason=error.user_center.only_sign_in']);
    const form = await call('POST', `${API}/connector/login/otherid`, { payload: { username: 'ada', password: 'x' } });
    expect([form.statusCode, body(form).reason]).toEqual([403, 'error.user_center.only_sign_in']);
    await configure('uc_test', { original: true });
    try {
      expect(String((await call('GET', `${API}/connector/login/otherid`)).headers.location)).toMatch(/^https:\/\/other\.example\.com\/auth/);
    } finally {
      await configure('uc_test', {});
      await setEnabled('other_connector', false);
    }
  });

  it('logs out of the site and names the user centre\'s logout, back to the site', async () => {
    const { token } = await callback('grace');
    const out = await call('GET', `${API}/user-center/logout`, { token });
    expect(out.statusCode).toBe(200);
    expect(body(out).data).toEqual({ redirect_url: `https://uc.example.com/logout?back=${encodeURIComponent(`${SITE}/`)}` });
    expect(asked.logouts.at(-1)).toEqual({ externalId: 'uc-grace', postLogoutRedirectUrl: `${SITE}/` });
    expect(await me(token)).toBeNull();
    // A member it does not know only leaves the site.
    const native = natives[1]!;
    expect(body(await call('GET', `${API}/user-center/logout`, { token: native.token })).data).toEqual({ redirect_url: '' });
    expect((await call('GET', `${API}/user-center/logout`)).statusCode).toBe(401);
  });

  it('follows a connector sign-in of its own connector (the hand-over connector/routes.ts calls)', async () => {
    const grace = await site.runtime.database.selectFrom('user').select('id').where('username', '=', 'grace').executeTakeFirstOrThrow();
    const person = { externalId: 'uc-grace', displayName: 'Rear Admiral Hopper', username: '', email: '', emailVerified: false, groups: [], metaInfo: '', providerId: '' };
    await syncAfterConnectorSignIn(site.runtime, 'otherid', String(grace.id), person);
    expect((await site.runtime.database.selectFrom('user').select('display_name').where('id', '=', grace.id).executeTakeFirstOrThrow()).display_name).toBe('Grace Hopper');
    await syncAfterConnectorSignIn(site.runtime, 'uc_test', String(grace.id), person);
    const row = await site.runtime.database.selectFrom('user').select(['display_name', 'e_mail']).where('id', '=', grace.id).executeTakeFirstOrThrow();
    // An address the user centre does not vouch for is not taken.
    expect(row).toEqual({ display_name: 'Rear Admiral Hopper', e_mail: 'grace@uc.example.com' });
  });

  it('lets one user centre act at a time: enabling another that acts switches the first off', async () => {
    await configure('uc_second', { acting: false });
    expect((await setEnabled('uc_second', true)).statusCode).toBe(200);
    const enabled = async (slug: string) =>
      (body(await call('GET', `${ADMIN_API}/plugins`, { token: admin })).data as { slug_name: string; enabled: boolean }[]).find((p) => p.slug_name === slug)?.enabled;
    // Not acting: both stay on, and the first is the user centre.
    expect([await enabled('uc_test'), await enabled('uc_second')]).toEqual([true, true]);
    await setEnabled('uc_second', false);
    await configure('uc_second', { acting: true });
    expect((await setEnabled('uc_second', true)).statusCode).toBe(200);
    expect([await enabled('uc_test'), await enabled('uc_second')]).toEqual([false, true]);
    expect((await agent()).enabled).toBe(true);
    await setEnabled('uc_second', false);
    expect(await agent()).toEqual({ enabled: false, agent_info: null });
  });
});
