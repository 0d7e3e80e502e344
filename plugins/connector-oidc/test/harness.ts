import { generateKeyPairSync } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ConfigValues } from '@answer/plugin-sdk';
import { Provider } from 'oidc-provider';
import { POST_LOGOUT_URL, RECEIVER_URL } from './context.ts';

export const OIDC_CLIENT = { id: 'answer-oidc', secret: 'oidc-client-secret-for-tests' };
export const OAUTH2_CLIENT = { id: 'answer-oauth2', secret: 'oauth2-client-secret-for-tests' };

/** The provider's people. Claims as a provider sends them, including the untrustworthy kind. */
export const ACCOUNTS: Record<string, Record<string, unknown>> = {
  alice: {
    name: 'Alice Example',
    preferred_username: 'alice',
    email: 'alice@example.test',
    email_verified: true,
    picture: 'https://img.example.test/alice.png',
    groups: ['staff', 'admins'],
    account: { login: 'alice-gh', numbers: { id: 4242 } },
  },
  bob: {
    name: 'Bob Unverified',
    preferred_username: 'bob',
    email: 'bob@example.test',
    email_verified: false,
    groups: [],
    account: { login: 'bob-gh', numbers: { id: 7 } },
  },
  mallory: {
    name: `  Mallory\u0000\u202e ${'x'.repeat(300)}`,
    preferred_username: 42,
    email: 'mallory at example',
    email_verified: true,
    picture: 'javascript:alert(1)',
    groups: ['ok', 5, { evil: true }, 'y'.repeat(500), 'ok'],
  },
};

/** GitHub-shaped lists of each person's addresses (`GET /user/emails`). */
export const EMAIL_LISTS: Record<string, unknown[]> = {
  alice: [
    { email: 'alice.old@example.test', primary: false, verified: true, visibility: null },
    { email: 'alice@example.test', primary: true, verified: true, visibility: 'public' },
  ],
  bob: [{ email: 'bob@example.test', primary: true, verified: false, visibility: 'private' }],
};

export interface TestProvider {
  issuer: string;
  /** The account the next interaction signs in as. */
  nextAccount: string;
  /** Alter the ID token's signature in the next token answers. */
  tamperIdToken: boolean;
  /** Requests seen, by method and path. */
  seen: string[];
  stop(): Promise<void>;
}

/** An RSA key for the provider to sign ID tokens with (RS256, what clients expect by default). */
function signingKey(): Record<string, unknown> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
}

/** Flips the first character of the ID token's signature; the length stays (Content-Length is already set). */
function tamperedBody(body: string): string {
  const answer = JSON.parse(body) as { id_token?: string };
  if (!answer.id_token) return body;
  const [header, payload, signature = ''] = answer.id_token.split('.');
  answer.id_token = `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  return JSON.stringify(answer);
}

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1 and a free port. Its login and consent
 * pages are replaced by one route that signs in `nextAccount` and grants what was asked, so a
 * test drives the whole authorisation flow with fetch. The same server answers a GitHub-shaped
 * `/user/emails` for the OAuth 2 tests.
 */
export async function startProvider(): Promise<TestProvider> {
  let provider: Provider | undefined;
  const sockets = new Set<Socket>();
  const state: Omit<TestProvider, 'issuer' | 'stop'> = { nextAccount: 'alice', tamperIdToken: false, seen: [] };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    state.seen.push(`${req.method} ${path}`);
    if (path.startsWith('/interaction/')) {
      const details = await provider!.interactionDetails(req, res);
      const accountId = state.nextAccount;
      const grant = new provider!.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? ''));
      const grantId = await grant.save();
      await provider!.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      return;
    }
    if (path === '/user/emails') {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const found = token ? await provider!.AccessToken.find(token) : undefined;
      res.writeHead(found ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(found ? (EMAIL_LISTS[found.accountId] ?? []) : { message: 'Requires authentication' }));
      return;
    }
    if (path === '/token' && state.tamperIdToken) {
      const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => end(typeof chunk === 'string' ? tamperedBody(chunk) : chunk, ...rest)) as typeof res.end;
    }
    provider!.callback()(req, res);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [RECEIVER_URL],
        // Where the provider's logout may send the browser back to (single sign-on's logout).
        post_logout_redirect_uris: [POST_LOGOUT_URL],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      { client_id: OAUTH2_CLIENT.id, client_secret: OAUTH2_CLIENT.secret, redirect_uris: [RECEIVER_URL], token_endpoint_auth_method: 'client_secret_post' },
    ],
    jwks: { keys: [signingKey()] },
    cookies: { keys: ['cookie-signing-key-for-tests'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'picture'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
      account: ['account'],
    },
    // Set, so the provider does not remark on its defaults in every run.
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    // Every claim of the granted scopes in the ID token too, as Google and Keycloak do.
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      const claims = ACCOUNTS[sub];
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });
  provider.silent = true;

  return Object.assign(state, {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/**
 * A browser: follows the provider's redirects by hand, keeping its cookies (by name, which is
 * enough for one provider), until it is sent to the receiver URL; the query it carries is what
 * the host would hand the receiver.
 */
export async function browse(startUrl: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  let url = startUrl;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(RECEIVER_URL)) return Object.fromEntries(new URL(url).searchParams);
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(pair.indexOf('=') + 1));
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location) {
      throw new Error(`the provider stopped at ${new URL(url).pathname} with HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
    await response.body?.cancel();
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

/** The admin form's values for the test provider in OpenID Connect mode. */
export function oidcConfig(op: { issuer: string }, overrides: ConfigValues = {}): ConfigValues {
  return {
    mode: 'oidc',
    preset: 'keycloak',
    client_id: OIDC_CLIENT.id,
    client_secret: OIDC_CLIENT.secret,
    issuer_url: op.issuer,
    scopes: 'openid profile email groups',
    use_userinfo: true,
    ...overrides,
  };
}

/** The same provider used as a plain OAuth 2 provider: its endpoints by hand, dot paths into its user info. */
export function oauth2Config(op: { issuer: string }, overrides: ConfigValues = {}): ConfigValues {
  return {
    mode: 'oauth2',
    preset: 'custom',
    client_id: OAUTH2_CLIENT.id,
    client_secret: OAUTH2_CLIENT.secret,
    authorize_url: `${op.issuer}/auth`,
    token_url: `${op.issuer}/token`,
    userinfo_url: `${op.issuer}/me`,
    token_auth_method: 'client_secret_post',
    pkce: true,
    // The provider's user info needs an access token with the openid scope.
    scopes: 'openid profile email groups account',
    claim_subject: 'sub',
    claim_username: 'account.login',
    ...overrides,
  };
}
