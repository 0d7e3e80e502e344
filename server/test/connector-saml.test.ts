import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestIdp, startIdp } from '../../plugins/connector-saml/test/idp.ts';
import { makeKeyPair } from '../../plugins/connector-saml/test/keys.ts';
import { pluginContext } from '../src/features/plugin/context.js';
import { ADMIN, body, installedSite, login, type TestSite } from './support/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
/** installedSite's address: the host builds the receiver URL and the default entity ID from it. */
const SITE = 'http://127.0.0.1:9080';

/** The plugin as the site loads it: its built module (built here when a test run starts without it). */
function ensureBuilt() {
  if (!fs.existsSync(path.join(ROOT, 'plugins/connector-saml/dist/server.js'))) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-plugins.mjs')]);
}

describe('SAML sign-in through the site', () => {
  let site: TestSite;
  let admin: string;
  let idp: TestIdp;
  let spMetadata: string;

  /** The button (the flow cookie and the AuthnRequest), the IdP's signed response, and its form post back to the site. */
  async function signIn(options: { redirect?: string } = {}) {
    const start = await site.app.inject({ url: `${API}/connector/login/saml${options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : ''}` });
    expect(start.statusCode).toBe(302);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const request = await idp.readRequest(spMetadata, String(start.headers.location));
    const SAMLResponse = await idp.respond(spMetadata, { inResponseTo: request.id });
    const back = await postBack(SAMLResponse, cookie);
    return { cookie, SAMLResponse, location: String(back.headers.location) };
  }
  const postBack = (SAMLResponse: string, cookie: string) =>
    site.app.inject({
      method: 'POST',
      url: `${API}/connector/redirect/saml`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse }).toString(),
    });
  const tokenOf = (location: string) => new URL(location, 'http://x').searchParams.get('access_token') ?? '';

  beforeAll(async () => {
    ensureBuilt();
    idp = startIdp(makeKeyPair('test-idp'));
    site = await installedSite();
    admin = await login(site, ADMIN.email, ADMIN.password);
    const enabled = await site.app.inject({ method: 'PUT', url: `${ADMIN_API}/plugin/status`, headers: { authorization: admin }, payload: { plugin_slug_name: 'saml', enabled: true } });
    expect(enabled.statusCode).toBe(200);
    const saved = await site.app.inject({
      method: 'PUT',
      url: `${ADMIN_API}/plugin/config`,
      headers: { authorization: admin },
      payload: { plugin_slug_name: 'saml', config_fields: { idp_metadata_xml: idp.metadata, idp_vouches_for_email: true, button_label: 'Corp SSO' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('serves the service provider metadata at its fixed address', async () => {
    const res = await site.app.inject({ url: `${API}/connector/metadata/saml` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    spMetadata = res.body;
    expect(spMetadata).toContain(`entityID="${SITE}${API}/connector/metadata/saml"`);
    expect(spMetadata).toContain(`Location="${SITE}${API}/connector/redirect/saml"`);
  });

  it('shows the button, and signs a new person up from a signed assertion posted back, to where they were', async () => {
    const info = body(await site.app.inject({ url: `${API}/connector/info` })).data as { name: string; link: string }[];
    expect(info).toContainEqual(expect.objectContaining({ name: 'Corp SSO', link: `${API}/connector/login/saml` }));
    const { location } = await signIn({ redirect: '/questions' });
    expect(location).toMatch(/^\/users\/auth-landing\?access_token=[\w-]+&redirect=%2Fquestions$/);
    const me = body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: tokenOf(location) } })).data;
    expect(me).toMatchObject({ username: 'alice', e_mail: 'alice@example.test', mail_status: 1 });
    // The same person again: the binding of their NameID, the same account.
    const again = await signIn();
    expect(body(await site.app.inject({ url: `${API}/user/info`, headers: { authorization: tokenOf(again.location) } })).data.id).toBe(me.id);
  });

  it('refuses the same response posted again, with the old flow or a new one', async () => {
    const first = await signIn();
    expect(first.location).toMatch(/^\/users\/auth-landing/);
    expect(String((await postBack(first.SAMLResponse, first.cookie)).headers.location)).toBe('/user-center/auth-failed?reason=error.connector.state_invalid');
    const fresh = await site.app.inject({ url: `${API}/connector/login/saml` });
    const cookie = String(fresh.headers['set-cookie']).split(';')[0]!;
    expect(String((await postBack(first.SAMLResponse, cookie)).headers.location)).toMatch(/^\/user-center\/auth-failed\?reason=/);
  });

  it('refuses a tampered response at the auth-failed page', async () => {
    const start = await site.app.inject({ url: `${API}/connector/login/saml` });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const request = await idp.readRequest(spMetadata, String(start.headers.location));
    const signed = Buffer.from(await idp.respond(spMetadata, { inResponseTo: request.id }), 'base64').toString('utf8');
    const tampered = Buffer.from(signed.replace('>alice<', '>root<')).toString('base64');
    expect(String((await postBack(tampered, cookie)).headers.location)).toMatch(/^\/user-center\/auth-failed\?reason=/);
  });

  it("gives plugins an atomic set-if-absent in their store, on the host's shared cache", async () => {
    const entry = site.runtime.plugins.get('saml')!;
    const ctx = await pluginContext(site.runtime, entry);
    expect(await ctx.store.add('marker', '1', 60)).toBe(true);
    expect(await ctx.store.add('marker', '2', 60)).toBe(false);
    expect(await ctx.store.get('marker')).toBe('1');
    // Of racing callers exactly one wins.
    const results = await Promise.all(Array.from({ length: 10 }, () => ctx.store.add('race', 'x', 60)));
    expect(results.filter(Boolean)).toHaveLength(1);
    // A fraction of a second is kept as a whole one (Redis's EX takes whole seconds); a deleted marker can be set again.
    expect(await ctx.store.add('short', '1', 0.2)).toBe(true);
    expect(await ctx.store.add('short', '1', 0.2)).toBe(false);
    await ctx.store.delete('short');
    expect(await ctx.store.add('short', '1', 1)).toBe(true);
  });
});
