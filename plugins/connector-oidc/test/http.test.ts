import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectorHooks } from '@answer/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, getJson } from '../src/http.ts';
import plugin from '../src/server.ts';
import { RECEIVER_URL, fakeContext } from './context.ts';

const connector = plugin.connector as Required<ConnectorHooks>;

/** A provider that misbehaves: redirects its token endpoint, answers huge or non-JSON bodies. */
const routes: Record<string, (res: ServerResponse) => void> = {
  '/token-redirect': (res) => res.writeHead(302, { location: 'https://elsewhere.example/steal' }).end(),
  '/token-form': (res) => res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' }).end('access_token=gho_abc&token_type=bearer&scope=read%3Auser'),
  '/token-error-200': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"error":"bad_verification_code","error_description":"The code passed is incorrect"}'),
  '/token-mac': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"t","token_type":"mac"}'),
  '/user': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":12,"login":"octo"}'),
  '/huge': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(MAX_RESPONSE_BYTES)}"`),
  '/not-json': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
};

let base = '';
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const route = routes[new URL(req.url ?? '/', 'http://x').pathname];
  req.resume();
  if (route) route(res);
  else res.writeHead(404).end();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A whole OAuth 2 callback against the misbehaving token endpoint. */
async function callbackWith(tokenPath: string) {
  const ctx = fakeContext({
    mode: 'oauth2',
    client_id: 'c',
    client_secret: 's',
    authorize_url: `${base}/authorize`,
    token_url: `${base}${tokenPath}`,
    userinfo_url: `${base}/user`,
    claim_subject: 'id',
    claim_username: 'login',
  });
  const { state = {} } = await connector.sender({ receiverUrl: RECEIVER_URL }, ctx);
  return connector.receiver({ receiverUrl: RECEIVER_URL, query: { code: 'the-code', state: state.state! }, body: {}, state }, ctx);
}

describe('talking to the provider', () => {
  it('accepts a form-encoded token answer (GitHub without an Accept header)', async () => {
    await expect(callbackWith('/token-form')).resolves.toMatchObject({ externalId: '12', username: 'octo' });
  });

  it('never follows a redirect from the token endpoint', async () => {
    await expect(callbackWith('/token-redirect')).rejects.toThrow(/token endpoint/);
  });

  it('refuses an error sent with status 200, and token types other than Bearer', async () => {
    await expect(callbackWith('/token-error-200')).rejects.toThrow(/refused the code \(bad_verification_code\)/);
    await expect(callbackWith('/token-mac')).rejects.toThrow(/other than Bearer/);
  });

  it('reads answers only up to a size limit, and only JSON', async () => {
    await expect(getJson(`${base}/huge`, 'user-info endpoint', {})).rejects.toThrow(/too much data/);
    await expect(getJson(`${base}/not-json`, 'user-info endpoint', {})).rejects.toThrow(/did not answer JSON/);
    await expect(getJson(`${base}/missing`, 'user-info endpoint', {})).rejects.toThrow(/HTTP 404/);
  });

  it('talks plain http only to this machine', async () => {
    await expect(getJson('http://example.com/user', 'user-info endpoint', {})).rejects.toThrow(/not https/);
  });
});
