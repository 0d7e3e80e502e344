import type { ConfigValues, FieldError } from '@answer/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { KEY_ICON } from '../src/icons.ts';
import { readSettings } from '../src/settings.ts';
import plugin from '../src/server.ts';
import { fakeContext } from './context.ts';

const validate = (values: ConfigValues) => plugin.config!.validate!(values) as FieldError[];
const defaults = Object.fromEntries(plugin.config!.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));

const oidc: ConfigValues = { ...defaults, mode: 'oidc', preset: 'keycloak', client_id: 'answer', client_secret: 'secret', issuer_url: 'https://sso.example.com/realms/main' };
const oauth2: ConfigValues = {
  ...defaults,
  mode: 'oauth2',
  preset: 'custom',
  client_id: 'answer',
  client_secret: 'secret',
  authorize_url: 'https://provider.example.com/oauth/authorize',
  token_url: 'https://provider.example.com/oauth/token',
  userinfo_url: 'https://api.provider.example.com/user',
};

const fieldsFailing = (values: ConfigValues) => validate(values).map((error) => error.field).sort();

describe('config validation', () => {
  it('accepts complete configurations of both modes, and presets that need only the client', () => {
    expect(validate(oidc)).toEqual([]);
    expect(validate(oauth2)).toEqual([]);
    expect(validate({ ...defaults, preset: 'google', client_id: 'x.apps.googleusercontent.com', client_secret: 's' })).toEqual([]);
    expect(validate({ ...defaults, preset: 'gitlab', client_id: 'id', client_secret: 's' })).toEqual([]);
    expect(validate({ ...defaults, mode: 'oauth2', preset: 'github', client_id: 'Iv1.abc', client_secret: 's' })).toEqual([]);
  });

  it('gives every error in English and Chinese', () => {
    const errors = validate({ mode: 'oidc', preset: 'github', client_id: 'has space', issuer_url: 'ftp://x', scopes: 'openid "profile"', claim_name: 'a b', icon_svg: '<img>' });
    expect(errors.map((e) => e.field).sort()).toEqual(['claim_name', 'client_id', 'client_secret', 'icon_svg', 'issuer_url', 'preset', 'scopes']);
    for (const { message } of errors) expect(message).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it('needs the client id and secret', () => {
    expect(fieldsFailing({ ...oidc, client_id: '', client_secret: '' })).toEqual(['client_id', 'client_secret']);
  });

  it('needs an issuer in OpenID Connect mode unless the preset has one', () => {
    for (const preset of ['custom', 'microsoft', 'keycloak', 'authentik']) expect(fieldsFailing({ ...oidc, preset, issuer_url: '' })).toEqual(['issuer_url']);
    for (const preset of ['google', 'gitlab']) expect(fieldsFailing({ ...oidc, preset, issuer_url: '' })).toEqual([]);
  });

  it('needs the three endpoints in OAuth 2 mode unless the preset has them', () => {
    expect(fieldsFailing({ ...oauth2, authorize_url: '', token_url: '', userinfo_url: '' })).toEqual(['authorize_url', 'token_url', 'userinfo_url']);
    expect(fieldsFailing({ ...oauth2, preset: 'github', authorize_url: '', token_url: '', userinfo_url: '' })).toEqual([]);
    // The OIDC issuer is not needed there, nor the endpoints in OIDC mode.
    expect(fieldsFailing({ ...oauth2, issuer_url: '' })).toEqual([]);
    expect(fieldsFailing({ ...oidc, authorize_url: 'not checked in this mode' })).toEqual([]);
  });

  it.each(['http://sso.example.com', 'sso.example.com', 'ftp://sso.example.com', 'https://user:pw@sso.example.com', 'https://sso.example.com/#x', 'https://sso.example.com/?tenant=1', 'javascript:alert(1)'])(
    'refuses the issuer %j',
    (issuer_url) => {
      expect(fieldsFailing({ ...oidc, issuer_url })).toEqual(['issuer_url']);
    },
  );

  it('accepts https issuers and plain http on this machine only', () => {
    for (const issuer_url of ['https://sso.example.com/realms/main', 'https://auth.example.com/application/o/answer/', 'http://127.0.0.1:8080', 'http://localhost:9000/realms/test', 'http://[::1]:8080']) {
      expect(fieldsFailing({ ...oidc, issuer_url })).toEqual([]);
    }
  });

  it("refuses Entra's multi-tenant endpoints, which have no single issuer", () => {
    expect(fieldsFailing({ ...oidc, preset: 'microsoft', issuer_url: 'https://login.microsoftonline.com/common/v2.0' })).toEqual(['issuer_url']);
    expect(fieldsFailing({ ...oidc, preset: 'microsoft', issuer_url: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0' })).toEqual([]);
  });

  it('checks the OAuth 2 endpoints like the issuer, a query allowed', () => {
    expect(fieldsFailing({ ...oauth2, token_url: 'http://provider.example.com/token', emails_url: 'ftp://x' })).toEqual(['emails_url', 'token_url']);
    expect(fieldsFailing({ ...oauth2, authorize_url: 'https://provider.example.com/authorize?prompt=consent' })).toEqual([]);
  });

  it('matches the preset to the mode', () => {
    expect(fieldsFailing({ ...oidc, preset: 'github' })).toEqual(['preset']);
    expect(fieldsFailing({ ...oauth2, preset: 'google' })).toEqual(['preset']);
    expect(fieldsFailing({ ...oauth2, preset: 'custom' })).toEqual([]);
    expect(fieldsFailing({ ...oidc, preset: 'facebook' })).toEqual(['preset']);
  });

  it('checks scopes, claim paths, the label and the icon', () => {
    expect(fieldsFailing({ ...oidc, scopes: 'openid profile\\x' })).toEqual(['scopes']);
    expect(fieldsFailing({ ...oidc, claim_subject: 'a b', claim_groups: 'x'.repeat(201) })).toEqual(['claim_groups', 'claim_subject']);
    expect(fieldsFailing({ ...oidc, claim_groups: 'realm_access.roles', claim_subject: 'https://example.com/claims/uid' })).toEqual([]);
    expect(fieldsFailing({ ...oidc, button_label: 'x'.repeat(61) })).toEqual(['button_label']);
    expect(fieldsFailing({ ...oidc, icon_svg: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>' })).toEqual(['icon_svg']);
    expect(fieldsFailing({ ...oidc, icon_svg: KEY_ICON })).toEqual([]);
  });
});

describe('settings', () => {
  it('fills empty fields from the preset and always asks OIDC for openid', () => {
    const google = readSettings({ preset: 'google', scopes: 'email profile' });
    expect(google).toMatchObject({ mode: 'oidc', issuer: 'https://accounts.google.com', scopes: 'openid email profile', label: 'Google' });
    expect(google.claims).toMatchObject({ subject: 'sub', username: '', groups: '' });
    const github = readSettings({ mode: 'oauth2', preset: 'github', claim_subject: 'node_id' });
    expect(github).toMatchObject({ scopes: 'read:user user:email', emailsUrl: 'https://api.github.com/user/emails', pkce: true, tokenAuth: 'client_secret_post' });
    expect(github.claims).toMatchObject({ subject: 'node_id', username: 'login', picture: 'avatar_url', emailVerified: '' });
    expect(readSettings({ mode: 'oauth2' }).scopes).toBe('');
  });

  it('names the provider the ids belong to: the issuer, or the OAuth 2 service', () => {
    const providerId = (values: ConfigValues) => plugin.connector!.providerId!(fakeContext(values));
    expect(providerId({ preset: 'google' })).toBe('https://accounts.google.com');
    expect(providerId({ mode: 'oauth2', preset: 'github' })).toBe('https://github.com');
    expect(providerId({ mode: 'oauth2', authorize_url: 'not a url' })).toBe('');
  });

  it("shows the admin's provider name and icon on the button once set up", async () => {
    const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>';
    await plugin.setup!(fakeContext({ preset: 'keycloak', button_label: 'Corp SSO', icon_svg: icon }));
    expect(plugin.connector!.name).toBe('Corp SSO');
    expect(plugin.connector!.logoSvg).toBe(icon);
    // A preset's name is the provider's alone: clients say "Continue with Keycloak".
    await plugin.setup!(fakeContext({ preset: 'keycloak' }));
    expect(plugin.connector!.name).toBe('Keycloak');
    await plugin.setup!(fakeContext({}));
    expect(plugin.connector!.name).toEqual({ en_US: 'SSO', zh_CN: '单点登录' });
    expect(plugin.connector!.logoSvg).toBe(KEY_ICON);
  });

  it('drops the wording from a whole label saved before names were bare', async () => {
    for (const [saved, name] of [
      ['Sign in with Corp SSO', 'Corp SSO'],
      ['使用 Google 登录', 'Google'],
      ['使用单点登录', '单点登录'],
      ['Corp SSO', 'Corp SSO'],
    ]) {
      await plugin.setup!(fakeContext({ preset: 'keycloak', button_label: saved }));
      expect(plugin.connector!.name, saved).toBe(name);
    }
  });

  it('refuses to start a sign-in before the form is saved', async () => {
    const ctx = fakeContext(defaults);
    await expect(plugin.connector!.sender!({ receiverUrl: 'https://answers.example.test/r' }, ctx)).rejects.toThrow(/not set up/);
    expect(ctx.logged).toHaveLength(1);
  });

  it('describes the plugin', () => {
    expect(plugin.info).toMatchObject({ slug_name: 'oidc', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
    expect(plugin.info.name).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/登录/) });
    expect(plugin.connector!.slug).toBe('oidc');
  });
});
