import type { ConfigValues, FieldError } from '@answer/plugin-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_SVG } from '../src/logo.ts';
import plugin from '../src/server.ts';
import { readSettings } from '../src/settings.ts';
import { fakeContext } from './context.ts';
import { type TestIdp, startIdp } from './idp.ts';
import { type KeyPair, makeKeyPair } from './keys.ts';

const validate = async (values: ConfigValues) => (await plugin.config!.validate!(values)) as FieldError[];
const fieldsFailing = async (values: ConfigValues) => (await validate(values)).map((error) => error.field).sort();
const defaults = Object.fromEntries(plugin.config!.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));

let idp: TestIdp;
let sp: KeyPair;
let otherSp: KeyPair;
beforeAll(() => {
  idp = startIdp(makeKeyPair('test-idp'));
  sp = makeKeyPair('answers-sp');
  otherSp = makeKeyPair('answers-sp-old');
});

describe('config validation', () => {
  it('accepts metadata by URL or pasted, with or without request signing', async () => {
    expect(await validate({ ...defaults, idp_metadata_url: 'https://sso.example.com/realms/main/protocol/saml/descriptor' })).toEqual([]);
    expect(await validate({ ...defaults, idp_metadata_url: 'http://127.0.0.1:8080/metadata' })).toEqual([]);
    expect(await validate({ ...defaults, idp_metadata_xml: idp.metadata, sp_private_key: sp.privateKey, sp_certificate: sp.certificate })).toEqual([]);
  });

  it('needs exactly one way to the metadata, and an https address', async () => {
    expect(await fieldsFailing(defaults)).toEqual(['idp_metadata_url']);
    expect(await fieldsFailing({ ...defaults, idp_metadata_url: 'https://sso.example.com/m', idp_metadata_xml: idp.metadata })).toEqual(['idp_metadata_xml']);
    for (const url of ['http://sso.example.com/metadata', 'ftp://sso.example.com/m', 'file:///etc/passwd', 'https://user:pw@sso.example.com/m', 'sso.example.com']) {
      expect(await fieldsFailing({ ...defaults, idp_metadata_url: url })).toEqual(['idp_metadata_url']);
    }
  });

  it('reads pasted metadata on save: not XML, a DOCTYPE, no identity provider, too long', async () => {
    const failing = async (xml: string) => (await validate({ ...defaults, idp_metadata_xml: xml })).map((e) => (e.message as Record<string, string>).en_US);
    expect(await failing('<EntityDescriptor')).toEqual([expect.stringMatching(/not well-formed/)]);
    expect(await failing(`<!DOCTYPE x [<!ENTITY e "e">]>${idp.metadata.replace(/^<\?xml[^>]*\?>/, '')}`)).toEqual([expect.stringMatching(/DOCTYPE/)]);
    expect(await failing('<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>')).toEqual([expect.stringMatching(/no SAML 2.0 identity provider/)]);
    expect(await failing(`${idp.metadata}<!--${'x'.repeat(50_000)}-->`)).toEqual([expect.stringMatching(/longer than 50000/)]);
  });

  it('asks for a certificate when the metadata has none', async () => {
    const bare = idp.metadata.replace(/<(\w+:)?KeyDescriptor[\s\S]*?<\/(\w+:)?KeyDescriptor>/g, '');
    expect(await fieldsFailing({ ...defaults, idp_metadata_xml: bare })).toEqual(['idp_metadata_xml']);
    expect(await fieldsFailing({ ...defaults, idp_metadata_xml: bare, idp_certificate: sp.certificate })).toEqual([]);
    expect(await fieldsFailing({ ...defaults, idp_metadata_xml: bare, idp_certificate: 'not a certificate' })).toEqual(['idp_certificate', 'idp_metadata_xml']);
  });

  it('checks the signing key and certificate: both or neither, readable, and belonging together', async () => {
    const base = { ...defaults, idp_metadata_xml: idp.metadata };
    expect(await fieldsFailing({ ...base, sp_private_key: sp.privateKey })).toEqual(['sp_certificate']);
    expect(await fieldsFailing({ ...base, sp_certificate: sp.certificate })).toEqual(['sp_private_key']);
    expect(await fieldsFailing({ ...base, sp_private_key: 'secret', sp_certificate: sp.certificate })).toEqual(['sp_private_key']);
    expect(await fieldsFailing({ ...base, sp_private_key: sp.privateKey, sp_certificate: otherSp.certificate })).toEqual(['sp_certificate']);
  });

  it('checks entity IDs, attribute names and a transient NameID without an attribute for the permanent id', async () => {
    const base = { ...defaults, idp_metadata_xml: idp.metadata };
    expect(await fieldsFailing({ ...base, sp_entity_id: 'has space' })).toEqual(['sp_entity_id']);
    // An IdP entity ID the metadata does not have is refused with the metadata too.
    expect(await fieldsFailing({ ...base, idp_entity_id: 'also one' })).toEqual(['idp_entity_id', 'idp_metadata_xml']);
    expect(await fieldsFailing({ ...base, idp_entity_id: 'https://idp.example.test/realms/main' })).toEqual([]);
    expect(await fieldsFailing({ ...base, attribute_email: 'mail "x"', attribute_groups: '<groups>' })).toEqual(['attribute_email', 'attribute_groups']);
    expect(await fieldsFailing({ ...base, attribute_email: 'urn:oid:0.9.2342.19200300.100.1.3 mail, email' })).toEqual([]);
    expect(await fieldsFailing({ ...base, name_id_format: 'transient' })).toEqual(['attribute_external_id']);
    expect(await fieldsFailing({ ...base, name_id_format: 'transient', attribute_external_id: 'employeeNumber' })).toEqual([]);
    expect(await fieldsFailing({ ...base, name_id_format: 'kerberos' })).toEqual(['name_id_format']);
  });

  it('gives every error in English and Chinese', async () => {
    const errors = await validate({ idp_metadata_url: 'http://x.example', button_label: 'x'.repeat(61), sp_private_key: 'k', attribute_groups: '"' });
    expect(errors.length).toBeGreaterThanOrEqual(4);
    for (const { message } of errors) expect(message).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it('translates every field of the form', () => {
    for (const field of plugin.config!.fields) {
      expect(field.title).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]|SAML|ID/) });
      if (field.description) expect(field.description).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]/) });
    }
  });

  it('keeps the private key secret, and the e-mail switch off unless ticked', () => {
    const field = (name: string) => plugin.config!.fields.find((f) => f.name === name)!;
    expect(field('sp_private_key').secret).toBe(true);
    expect(field('idp_vouches_for_email')).toMatchObject({ type: 'switch', default: false });
    expect(readSettings({}).emailVerified).toBe(false);
    expect(readSettings({ idp_vouches_for_email: 'true' }).emailVerified).toBe(true);
  });
});

describe('the plugin', () => {
  it('describes itself and shows its logo', () => {
    expect(plugin.info).toMatchObject({ slug_name: 'saml', version: '1.0.0', sdk: '1.0.0' });
    expect(plugin.info.name).toMatchObject({ en_US: expect.stringContaining('SAML'), zh_CN: expect.stringMatching(/登录/) });
    expect(plugin.connector!.slug).toBe('saml');
    expect(plugin.connector!.logoSvg).toBe(LOGO_SVG);
    expect(LOGO_SVG).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(LOGO_SVG).not.toMatch(/script|on\w+=|href/i);
  });

  it("shows the admin's provider name on the button once set up, the translated default otherwise", async () => {
    await plugin.setup!(fakeContext({ button_label: 'Corp SSO' }));
    expect(plugin.connector!.name).toBe('Corp SSO');
    await plugin.setup!(fakeContext({}));
    expect(plugin.connector!.name).toEqual({ en_US: 'SSO', zh_CN: '单点登录' });
  });

  it('drops the wording from a whole label saved before names were bare', async () => {
    for (const [saved, name] of [
      ['Sign in with Corp SSO', 'Corp SSO'],
      ['使用 SAML 单点登录', 'SAML 单点登录'],
      ['使用公司账号登录', '公司账号'],
    ]) {
      await plugin.setup!(fakeContext({ button_label: saved }));
      expect(plugin.connector!.name, saved).toBe(name);
    }
  });
});

describe('the provider the ids belong to', () => {
  it('is the chosen IdP entity, else the pasted metadata entity, else the metadata address', () => {
    const providerId = (values: ConfigValues) => plugin.connector!.providerId!(fakeContext(values));
    expect(providerId({ idp_entity_id: 'https://idp.example/a', idp_metadata_url: 'https://idp.example/metadata' })).toBe('https://idp.example/a');
    expect(providerId({ idp_metadata_xml: '<md:EntityDescriptor entityID="https://idp.example/pasted" xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"/>' })).toBe('https://idp.example/pasted');
    expect(providerId({ idp_metadata_url: 'https://idp.example/metadata' })).toBe('https://idp.example/metadata');
  });
});
