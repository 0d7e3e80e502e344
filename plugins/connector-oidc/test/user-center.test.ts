import type { ConfigValues, ConnectorHooks, UserCenterHooks, UserCenterRequest } from '@answer/plugin-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetDiscovery } from '../src/discovery.ts';
import plugin from '../src/server.ts';
import { validateConfig } from '../src/validation.ts';
import { POST_LOGOUT_URL, RECEIVER_URL, SITE_URL, fakeContext } from './context.ts';
import { type TestProvider, browse, oauth2Config, oidcConfig, startProvider } from './harness.ts';

const connector = plugin.connector as Required<ConnectorHooks>;
const userCenter = plugin.userCenter as Required<UserCenterHooks>;
const BROWSER: UserCenterRequest = { clientAgent: null, language: 'en_US' };
const SSO = { sso_only: true };

let op: TestProvider;
beforeAll(async () => {
  op = await startProvider();
});
afterAll(async () => {
  await op?.stop();
});
beforeEach(() => {
  op.nextAccount = 'alice';
  op.seen.length = 0;
  forgetDiscovery();
});

/** The payload of a compact JWT, unchecked (the test only reads what it was given). */
const payloadOf = (jwt: string): Record<string, unknown> => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

/**
 * What the host does with the user centre's sign-up address: it is the connector's start on the
 * site, which calls the sender, and the browser goes through the provider back to the receiver.
 */
async function signUpThroughSingleSignOn(ctx: ReturnType<typeof fakeContext>, account: string) {
  op.nextAccount = account;
  const { signUpRedirectUrl } = userCenter.description(ctx, BROWSER);
  expect(signUpRedirectUrl).toBe('/answer/api/v1/connector/login/oidc');
  const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
  expect(started.redirectUrl.startsWith(`${op.issuer}/auth?`)).toBe(true);
  const query = await browse(started.redirectUrl);
  return connector.receiver({ receiverUrl: RECEIVER_URL, query, body: {}, state: started.state ?? {} }, ctx);
}

describe('single sign-on only (the provider as the site\'s user centre)', () => {
  it('acts only while the switch is on and the connection is set up', () => {
    expect(userCenter.active(fakeContext(oidcConfig(op)))).toBe(false);
    expect(userCenter.active(fakeContext(oidcConfig(op, SSO)))).toBe(true);
    // A switch saved with the defaults only (no client) would lock everyone out: it does not act.
    expect(userCenter.active(fakeContext({ sso_only: true }))).toBe(false);
  });

  it('replaces the site\'s own accounts, sending logins and sign-ups to the connector\'s start', () => {
    const description = userCenter.description(fakeContext(oidcConfig(op, SSO)), BROWSER);
    expect(description).toMatchObject({
      name: 'Keycloak',
      displayName: 'Keycloak',
      loginRedirectUrl: '/answer/api/v1/connector/login/oidc',
      signUpRedirectUrl: '/answer/api/v1/connector/login/oidc',
      mustAuthEmailEnabled: true,
      enabledOriginalUserSystem: false,
      url: '',
    });
    expect(description.icon).toMatch(/^<svg/);
    const named = userCenter.description(fakeContext(oidcConfig(op, { ...SSO, sso_name: 'Example Corp', account_url: 'https://sso.example.test/account' })), BROWSER);
    expect(named).toMatchObject({ name: 'Example Corp', displayName: 'Example Corp', url: 'https://sso.example.test/account' });
    expect(userCenter.description(fakeContext(oidcConfig(op, { ...SSO, preset: 'custom' })), BROWSER).displayName).toEqual({ en_US: 'single sign-on', zh_CN: '单点登录' });
  });

  it('sends a newcomer\'s sign-up to the provider, and comes back with the person it vouches for', async () => {
    const ctx = fakeContext(oidcConfig(op, SSO));
    const person = await signUpThroughSingleSignOn(ctx, 'alice');
    expect(person).toMatchObject({ externalId: 'alice', displayName: 'Alice Example', username: 'alice', email: 'alice@example.test', emailVerified: true });
    expect(op.seen).toContain('POST /token');
  });

  it('owns the name and address (and the user name when a claim is mapped), with the account page to change them', async () => {
    const ctx = fakeContext(oidcConfig(op, { ...SSO, account_url: 'https://sso.example.test/account' }));
    expect(userCenter.ownedProfileFields(ctx)).toEqual(['display_name', 'email', 'username']);
    // Google has no user name claim: the site's user name stays the member's.
    expect(userCenter.ownedProfileFields(fakeContext(oidcConfig(op, { ...SSO, preset: 'google' })))).toEqual(['display_name', 'email']);
    expect(await userCenter.userSettings('alice', ctx)).toEqual({ profileSettingRedirectUrl: 'https://sso.example.test/account', accountSettingRedirectUrl: 'https://sso.example.test/account' });
    expect(await userCenter.userSettings('alice', fakeContext(oidcConfig(op, SSO)))).toEqual({});
  });

  it('logs out at the provider\'s end-session endpoint with the ID token of the sign-in as a hint, back to the site', async () => {
    const ctx = fakeContext(oidcConfig(op, SSO));
    await signUpThroughSingleSignOn(ctx, 'alice');
    const url = new URL((await userCenter.logoutUrl({ externalId: 'alice', postLogoutRedirectUrl: POST_LOGOUT_URL }, ctx))!);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe('answer-oidc');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${SITE_URL}/`);
    const hint = url.searchParams.get('id_token_hint')!;
    expect(payloadOf(hint)).toMatchObject({ iss: op.issuer, sub: 'alice', aud: 'answer-oidc' });
    // The provider takes the request (its sign-out page), rather than refusing the hint or the return address.
    const answer = await fetch(url, { redirect: 'manual' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/logout/i);
  });

  it('asks the provider by client id alone for a person whose ID token is not kept, and not at all when told not to', async () => {
    const ctx = fakeContext(oidcConfig(op, SSO));
    const url = new URL((await userCenter.logoutUrl({ externalId: 'bob', postLogoutRedirectUrl: POST_LOGOUT_URL }, ctx))!);
    expect(url.searchParams.has('id_token_hint')).toBe(false);
    expect([url.searchParams.get('client_id'), url.searchParams.get('post_logout_redirect_uri')]).toEqual(['answer-oidc', POST_LOGOUT_URL]);
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(200);
    // Off: no logout at the provider, and the ID token is not even kept (switched on later, there is no hint).
    const values = oidcConfig(op, { ...SSO, provider_logout: false });
    const off = fakeContext(values);
    await signUpThroughSingleSignOn(off, 'alice');
    expect(await userCenter.logoutUrl({ externalId: 'alice', postLogoutRedirectUrl: POST_LOGOUT_URL }, off)).toBeNull();
    values.provider_logout = true;
    const later = new URL((await userCenter.logoutUrl({ externalId: 'alice', postLogoutRedirectUrl: POST_LOGOUT_URL }, off))!);
    expect(later.searchParams.has('id_token_hint')).toBe(false);
    // Plain OAuth 2 has no such endpoint.
    expect(await userCenter.logoutUrl({ externalId: 'alice', postLogoutRedirectUrl: POST_LOGOUT_URL }, fakeContext(oauth2Config(op, SSO)))).toBeNull();
  });

  it('keeps no ID token when single sign-on is off', async () => {
    const values = oidcConfig(op);
    const ctx = fakeContext(values);
    const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    const query = await browse(started.redirectUrl);
    await connector.receiver({ receiverUrl: RECEIVER_URL, query, body: {}, state: started.state ?? {} }, ctx);
    values.sso_only = true;
    const withHint = new URL((await userCenter.logoutUrl({ externalId: 'alice', postLogoutRedirectUrl: POST_LOGOUT_URL }, ctx))!);
    expect(withHint.searchParams.has('id_token_hint')).toBe(false);
  });

  it('checks its settings: an https account page, a short name', () => {
    const fields = (values: ConfigValues) => validateConfig(oidcConfig(op, values)).map((e) => e.field);
    expect(fields({ ...SSO, account_url: 'https://sso.example.test/account', sso_name: 'Example' })).toEqual([]);
    expect(fields({ account_url: 'http://sso.example.test/account' })).toEqual(['account_url']);
    expect(fields({ account_url: 'javascript:alert(1)' })).toEqual(['account_url']);
    expect(fields({ sso_name: 'x'.repeat(61) })).toEqual(['sso_name']);
  });
});
