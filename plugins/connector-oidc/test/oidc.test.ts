import { createHash } from 'node:crypto';
import type { ConfigValues, ConnectorHooks } from '@answer/plugin-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetDiscovery } from '../src/discovery.ts';
import plugin from '../src/server.ts';
import { RECEIVER_URL, fakeContext } from './context.ts';
import { type TestProvider, browse, oidcConfig, startProvider } from './harness.ts';

const connector = plugin.connector as Required<ConnectorHooks>;

let op: TestProvider;
beforeAll(async () => {
  op = await startProvider();
});
afterAll(async () => {
  await op?.stop();
});
beforeEach(() => {
  op.nextAccount = 'alice';
  op.tamperIdToken = false;
  op.seen.length = 0;
  forgetDiscovery();
});

/** The button, the provider and back: what the host's receiver call gets, and the context used. */
async function signIn(account: string, overrides: ConfigValues = {}) {
  op.nextAccount = account;
  const ctx = fakeContext(oidcConfig(op, overrides));
  const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
  const query = await browse(started.redirectUrl);
  return { ctx, started, query, state: started.state ?? {} };
}

const receive = (ctx: ReturnType<typeof fakeContext>, query: Record<string, string>, state: Record<string, string>) =>
  connector.receiver({ receiverUrl: RECEIVER_URL, query, body: {}, state }, ctx);

describe('OpenID Connect', () => {
  it('discovers the provider and sends the person to its authorisation endpoint', async () => {
    const ctx = fakeContext(oidcConfig(op));
    const { redirectUrl } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    expect(redirectUrl.startsWith(`${op.issuer}/auth?`)).toBe(true);
    expect(op.seen).toContain('GET /.well-known/openid-configuration');
  });

  it('refuses a discovery document whose issuer is not the one configured', async () => {
    // The same server under another name: its document names 127.0.0.1, not localhost.
    const ctx = fakeContext(oidcConfig(op, { issuer_url: op.issuer.replace('127.0.0.1', 'localhost') }));
    await expect(connector.sender({ receiverUrl: RECEIVER_URL }, ctx)).rejects.toThrow(/sign-in refused/);
    expect(ctx.logged.join('\n')).toMatch(/issuer does not match the expected issuer/);
  });

  it('sends PKCE (S256), state and nonce, and keeps their secrets in the state record only', async () => {
    const ctx = fakeContext(oidcConfig(op));
    const { redirectUrl, state = {} } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    const params = new URL(redirectUrl).searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe('answer-oidc');
    expect(params.get('redirect_uri')).toBe(RECEIVER_URL);
    expect(params.get('scope')).toBe('openid profile email groups');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toBe(createHash('sha256').update(state.verifier!).digest('base64url'));
    expect(params.get('state')).toBe(state.state);
    expect(params.get('nonce')).toBe(state.nonce);
    // The verifier never travels through the browser.
    expect(redirectUrl).not.toContain(state.verifier);
    for (const value of [state.state, state.nonce, state.verifier]) expect(value).toMatch(/^[\w-]{43}$/);
    // Another sign-in gets other values.
    const again = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    expect(again.state?.state).not.toBe(state.state);
  });

  it('signs a person in: the mapped claims, the verified e-mail and the groups', async () => {
    const { ctx, query, state } = await signIn('alice');
    const user = await receive(ctx, query, state);
    expect(user).toEqual({
      externalId: 'alice',
      displayName: 'Alice Example',
      username: 'alice',
      email: 'alice@example.test',
      emailVerified: true,
      avatar: 'https://img.example.test/alice.png',
      groups: ['staff', 'admins'],
      metaInfo: JSON.stringify({ provider: op.issuer, subject: 'alice' }),
    });
    expect(op.seen).toContain('POST /token');
    expect(op.seen).toContain('GET /me');
  });

  it('gives an unverified address with emailVerified false', async () => {
    const { ctx, query, state } = await signIn('bob');
    const user = await receive(ctx, query, state);
    expect(user).toMatchObject({ externalId: 'bob', email: 'bob@example.test', emailVerified: false });
    expect(user.groups).toBeUndefined();
  });

  it('maps the claims the admin names, and reads only the ID token with user info off', async () => {
    const { ctx, query, state } = await signIn('alice', { use_userinfo: false, scopes: 'openid profile email groups account', claim_username: 'account.login', claim_name: 'email', claim_groups: '' });
    const user = await receive(ctx, query, state);
    expect(user).toMatchObject({ externalId: 'alice', username: 'alice-gh', displayName: 'alice@example.test', groups: ['staff', 'admins'] });
    expect(op.seen).not.toContain('GET /me');
  });

  it('keeps only what passes its checks from untrustworthy claims', async () => {
    const { ctx, query, state } = await signIn('mallory');
    const user = await receive(ctx, query, state);
    expect(user.externalId).toBe('mallory');
    expect(user.displayName).toMatch(/^Mallory x+$/);
    expect(user.displayName).toHaveLength(100);
    expect(user.username).toBeUndefined();
    expect(user.email).toBeUndefined();
    expect(user.emailVerified).toBeUndefined();
    expect(user.avatar).toBeUndefined();
    expect(user.groups).toEqual(['ok']);
  });

  it('refuses a callback whose state is not the stored one, before redeeming the code', async () => {
    const { ctx, query, state } = await signIn('alice');
    op.seen.length = 0;
    await expect(receive(ctx, { ...query, state: `${query.state}x` }, state)).rejects.toThrow(/state parameter does not match/);
    await expect(receive(ctx, { ...query, state: '' }, state)).rejects.toThrow(/state parameter does not match/);
    await expect(receive(ctx, query, { ...state, state: 'another-flow' })).rejects.toThrow(/state parameter does not match/);
    await expect(receive(ctx, query, {})).rejects.toThrow(/no sign-in under way/);
    expect(op.seen).not.toContain('POST /token');
  });

  it('refuses a replayed callback', async () => {
    const { ctx, query, state } = await signIn('alice');
    await receive(ctx, query, state);
    // The same state twice: refused by the plugin's own marker before the provider is asked.
    await expect(receive(ctx, query, state)).rejects.toThrow(/already used/);
    // Without the marker (another store), the provider refuses the used code.
    const elsewhere = fakeContext(oidcConfig(op));
    await expect(receive(elsewhere, query, state)).rejects.toThrow(/sign-in refused/);
  });

  it('refuses an ID token whose signature was altered', async () => {
    const { ctx, query, state } = await signIn('alice');
    op.tamperIdToken = true;
    await expect(receive(ctx, query, state)).rejects.toThrow(/sign-in refused/);
    expect(op.seen).toContain('POST /token');
    expect(ctx.logged.join('\n')).toMatch(/signature/i);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { ctx, query, state } = await signIn('alice');
    await expect(receive(ctx, query, { ...state, nonce: 'a-nonce-of-another-sign-in' })).rejects.toThrow(/sign-in refused/);
    expect(ctx.logged.join('\n')).toMatch(/nonce/);
  });

  it('refuses a code redeemed without the right PKCE verifier', async () => {
    const { ctx, query, state } = await signIn('alice');
    await expect(receive(ctx, query, { ...state, verifier: 'x'.repeat(43) })).rejects.toThrow(/invalid_grant/);
  });

  it("refuses the provider's error answer", async () => {
    const ctx = fakeContext(oidcConfig(op));
    const { state = {} } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    await expect(receive(ctx, { error: 'access_denied', state: state.state!, iss: op.issuer }, state)).rejects.toThrow(/access_denied/);
  });

  it('refuses a sign-in started before the provider settings changed, or too long ago', async () => {
    const { query, state } = await signIn('alice');
    const changed = fakeContext(oidcConfig(op, { client_id: 'another-client' }));
    await expect(receive(changed, query, state)).rejects.toThrow(/settings changed/);
    const old = { ...state, started: String(Date.now() - 11 * 60 * 1000) };
    await expect(receive(fakeContext(oidcConfig(op)), query, old)).rejects.toThrow(/took too long/);
  });

  it('never logs codes, tokens, state or claims', async () => {
    const { ctx, query, state } = await signIn('alice');
    await receive(ctx, query, state);
    await expect(receive(ctx, query, state)).rejects.toThrow();
    op.tamperIdToken = true;
    const second = await signIn('alice');
    await expect(receive(second.ctx, second.query, second.state)).rejects.toThrow();
    const log = [...ctx.logged, ...second.ctx.logged].join('\n');
    expect(log).not.toBe('');
    for (const secret of [query.code, second.query.code, state.state, state.nonce, state.verifier, 'alice@example.test', 'oidc-client-secret-for-tests']) {
      expect(log).not.toContain(secret);
    }
  });
});
