import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Provider } from 'oidc-provider';

export const OIDC_CLIENT = { id: 'answer-e2e', secret: 'answer-e2e-client-secret' };

/** The provider's one person: a newcomer to the site, with an address the provider vouches for. */
export const PERSON = { sub: 'ada-at-idp', name: 'Ada Lovelace', preferred_username: 'ada', email: 'ada@idp.example.com', email_verified: true };

export interface TestIdentityProvider {
  issuer: string;
  /** Requests seen, by method and path. */
  seen: string[];
  stop(): Promise<void>;
}

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1 for a site at `siteUrl`: the site's
 * connector callback is its client's redirect URI, the site's home its post-logout redirect URI.
 * Its login and consent pages are one route that signs PERSON in and grants what was asked, so a
 * browser goes through without typing; its logout asks "sign out?" as providers do.
 */
export async function startIdentityProvider(siteUrl: string): Promise<TestIdentityProvider> {
  let provider: Provider | undefined;
  const sockets = new Set<Socket>();
  const seen: string[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    seen.push(`${req.method} ${path}`);
    if (path.startsWith('/interaction/')) {
      const details = await provider!.interactionDetails(req, res);
      const grant = new provider!.Grant({ accountId: PERSON.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? ''));
      await provider!.interactionFinished(req, res, { login: { accountId: PERSON.sub }, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
      return;
    }
    provider!.callback()(req, res);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: [`${siteUrl}/answer/api/v1/connector/redirect/oidc`],
        post_logout_redirect_uris: [`${siteUrl}/`],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'e2e-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['e2e-cookie-signing-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, sub: string) {
      return sub === PERSON.sub ? { accountId: sub, claims: async () => ({ ...PERSON }) } : undefined;
    },
  });
  provider.silent = true;
  return {
    issuer,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
