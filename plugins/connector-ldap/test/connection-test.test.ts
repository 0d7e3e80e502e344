import { translate } from '@answer/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { adminRequest, configFor, fakeContext, routeOf } from './harness.ts';
import { ROOT_PASSWORD } from './ldif.ts';
import { type RunningDirectory, freePort, startDirectory } from './slapd.ts';

let directory: RunningDirectory;
beforeAll(async () => {
  directory = await startDirectory();
}, 20_000);
afterAll(async () => {
  await directory?.stop();
});

const route = routeOf(plugin.routes?.admin, 'POST', '/test');
const test = (overrides: Record<string, unknown> = {}, url = directory.url) => route.handler(adminRequest, fakeContext(configFor(url, overrides)));
const messageOf = (reply: unknown, language = 'en_US') => translate((reply as { message?: Record<string, string> }).message, language);

describe('POST /test (the form\'s "Test connection" button)', () => {
  it('is the route the form\'s button calls', () => {
    const button = plugin.config?.fields.find((field) => field.type === 'button');
    expect(button?.action).toMatchObject({ path: '/test', method: 'POST' });
  });

  it('binds, reads the base DN and finds people, and says so in both languages', async () => {
    const reply = await test();
    expect(reply).toMatchObject({ data: { ok: true, peopleFound: true } });
    expect('status' in reply ? reply.status : undefined).toBeUndefined();
    expect(messageOf(reply)).toBe('Connection works: the service account signed in and the user filter finds people under "dc=example,dc=test".');
    expect(messageOf(reply, 'zh_CN')).toContain('连接正常');
  });

  it('works over StartTLS with the CA certificate', async () => {
    expect(await test({ start_tls: true, ca_certificate: directory.certificate })).toMatchObject({ data: { ok: true } });
  });

  it('warns when the user filter matches nobody', async () => {
    const reply = await test({ user_filter: '(&(objectClass=device)(cn={username}))' });
    expect(reply).toMatchObject({ data: { ok: true, peopleFound: false } });
    expect(messageOf(reply)).toContain('nobody under "dc=example,dc=test" matches (&(objectClass=device)(cn=*))');
  });

  it('reports a refused service account without echoing the password', async () => {
    const secret = 'a-very-secret-value-0123456789';
    const reply = await test({ bind_password: secret });
    expect(reply).toMatchObject({ status: 400, data: { ok: false, step: 'bind' } });
    expect(messageOf(reply)).toBe('The directory refused the service account: wrong bind DN or password (LDAP 49, invalid credentials)');
    expect(messageOf(reply, 'zh_CN')).toContain('目录拒绝了服务账号');
    expect(JSON.stringify(reply)).not.toContain(secret);
    expect(JSON.stringify(reply)).not.toContain(ROOT_PASSWORD);
  });

  it('names a base DN that does not exist', async () => {
    const reply = await test({ base_dn: 'ou=nowhere,dc=example,dc=test' });
    expect(reply).toMatchObject({ status: 400, data: { step: 'search' } });
    expect(messageOf(reply)).toContain('Searching the base DN "ou=nowhere,dc=example,dc=test" failed: NoSuchObjectError (LDAP 32)');
  });

  it('reports a refused connection', async () => {
    const url = `ldap://127.0.0.1:${await freePort()}`;
    const reply = await test({}, url);
    expect(reply).toMatchObject({ status: 400, data: { step: 'connect' } });
    expect(messageOf(reply)).toContain(`Could not connect to ${url}: `);
    expect(messageOf(reply)).toContain('ECONNREFUSED');
  });

  it('reports a certificate it cannot verify', async () => {
    const reply = await test({ start_tls: true });
    expect(reply).toMatchObject({ status: 400, data: { step: 'tls' } });
    expect(messageOf(reply)).toMatch(/^The encrypted connection failed: /);
  });

  it('asks for the settings when none are saved', async () => {
    const reply = await route.handler(adminRequest, fakeContext({}));
    expect(reply).toMatchObject({ status: 400, data: { step: 'config' } });
    expect(messageOf(reply)).toContain('not set up yet');
  });
});
