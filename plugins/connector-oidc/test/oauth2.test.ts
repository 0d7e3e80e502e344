import { createHash } from 'node:crypto';
import type { ConfigValues, ConnectorHooks } from '@answer/plugin-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { RECEIVER_URL, fakeContext } from './context.ts';
import { OIDC_CLIENT, type TestProvider, browse, oauth2Config, startProvider } from './harness.ts';

const connector = plugin.connector as Required<ConnectorHooks>;

let op: TestProvider;
beforeAll(async () => {
  op = await startProvider();
});
afterAll(async () => {
  await op?.stop();
});
beforeEach(() => {
  op.seen.length = 0;
});

async function signIn(account: string, overrides: ConfigValues = {}) {
  op.nextAccount = account;
  const ctx = fakeContext(oauth2Config(op, overrides));
  const started = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
  const query = await browse(started.redirectUrl);
  const state = started.state ?? {};
  return { ctx, started, query, state, receive: (q = query, s = state) => connector.receiver({ receiverUrl: RECEIVER_URL, query: q, body: {}, state: s }, ctx) };
}

describe('OAuth 2', () => {
  it('sends the configured authorisation endpoint state and a PKCE challenge (S256), and no nonce', async () => {
    const ctx = fakeContext(oauth2Config(op));
    const { redirectUrl, state = {} } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'answer-oauth2',
      redirect_uri: RECEIVER_URL,
      scope: 'openid profile email groups account',
      state: state.state,
      code_challenge: createHash('sha256').update(state.verifier!).digest('base64url'),
      code_challenge_method: 'S256',
    });
    // OAuth 2 mode needs no discovery.
    expect(op.seen).toEqual([]);
  });

  it('leaves PKCE out when switched off', async () => {
    const { redirectUrl, state = {} } = await connector.sender({ receiverUrl: RECEIVER_URL }, fakeContext(oauth2Config(op, { pkce: false })));
    expect(new URL(redirectUrl).searchParams.has('code_challenge')).toBe(false);
    expect(state.verifier).toBeUndefined();
  });

  it('signs a person in through the token and user-info endpoints, reading dot paths', async () => {
    const { receive } = await signIn('alice', { claim_subject: 'account.numbers.id' });
    expect(await receive()).toEqual({
      externalId: '4242',
      displayName: 'Alice Example',
      username: 'alice-gh',
      email: 'alice@example.test',
      emailVerified: true,
      avatar: 'https://img.example.test/alice.png',
      groups: ['staff', 'admins'],
      metaInfo: JSON.stringify({ provider: op.issuer, subject: '4242' }),
    });
    expect(op.seen).toEqual(expect.arrayContaining(['POST /token', 'GET /me']));
    expect(op.seen).not.toContain('GET /.well-known/openid-configuration');
  });

  it('authenticates at the token endpoint with HTTP Basic when chosen', async () => {
    const { receive } = await signIn('bob', { client_id: OIDC_CLIENT.id, client_secret: OIDC_CLIENT.secret, token_auth_method: 'client_secret_basic' });
    expect(await receive()).toMatchObject({ externalId: 'bob', email: 'bob@example.test', emailVerified: false });
  });

  it('refuses a wrong or replayed state, and a code redeemed without the verifier', async () => {
    const first = await signIn('alice');
    await expect(first.receive({ ...first.query, state: 'forged' })).rejects.toThrow(/state parameter does not match/);
    expect(op.seen).not.toContain('POST /token');
    await first.receive();
    await expect(first.receive()).rejects.toThrow(/already used/);

    const second = await signIn('alice');
    const { verifier: _dropped, ...withoutVerifier } = second.state;
    await expect(second.receive(second.query, withoutVerifier)).rejects.toThrow(/PKCE verifier/);
    // A refused callback used its state up all the same: a sign-in is tried once.
    await expect(second.receive()).rejects.toThrow(/already used/);

    const third = await signIn('alice');
    await expect(third.receive(third.query, { ...third.state, verifier: 'y'.repeat(43) })).rejects.toThrow(/token endpoint refused the code \(invalid_grant\)/);
  });

  it("refuses the provider's error answer and a callback without a code", async () => {
    const ctx = fakeContext(oauth2Config(op));
    const receiveAfterStart = async (query: Record<string, string>) => {
      const { state = {} } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
      return connector.receiver({ receiverUrl: RECEIVER_URL, query: { state: state.state!, ...query }, body: {}, state }, ctx);
    };
    await expect(receiveAfterStart({ error: 'access_denied', error_description: 'no <b>thanks</b>' })).rejects.toThrow(/provider answered access_denied/);
    expect(ctx.logged.join('\n')).not.toContain('thanks');
    await expect(receiveAfterStart({})).rejects.toThrow(/no code/);
    expect(op.seen).not.toContain('POST /token');
  });

  it('refuses a user-info answer without a usable id', async () => {
    const { receive } = await signIn('alice', { claim_subject: 'account' });
    await expect(receive()).rejects.toThrow(/no usable permanent id/);
  });

  describe('GitHub-style e-mail addresses endpoint', () => {
    it('takes the verified primary address from the list', async () => {
      const { receive } = await signIn('alice', { emails_url: `${op.issuer}/user/emails`, claim_email: 'nowhere' });
      expect(await receive()).toMatchObject({ email: 'alice@example.test', emailVerified: true });
      expect(op.seen).toContain('GET /user/emails');
    });

    it('gives an unverified primary address as unverified', async () => {
      const { receive } = await signIn('bob', { emails_url: `${op.issuer}/user/emails` });
      expect(await receive()).toMatchObject({ email: 'bob@example.test', emailVerified: false });
    });

    it("keeps the profile's address, unverified, when the list cannot be read", async () => {
      // Alice's profile says email_verified: true; only the list may say so once it is configured.
      const { receive } = await signIn('alice', { emails_url: `${op.issuer}/no-such-endpoint` });
      expect(await receive()).toMatchObject({ email: 'alice@example.test', emailVerified: false });
    });
  });

  it('uses the GitHub preset endpoints, scopes and fields when those fields are empty', async () => {
    const ctx = fakeContext({ mode: 'oauth2', preset: 'github', client_id: 'Iv1.abc', client_secret: 'secret' });
    const { redirectUrl } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
    expect(connector.name).toBe('GitHub');
    expect(connector.logoSvg).toMatch(/^<svg[\s\S]*GH<\/text><\/svg>$/);
  });
});
