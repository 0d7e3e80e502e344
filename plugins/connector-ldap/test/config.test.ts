import type { ConfigValues, FieldError, PluginContext } from '@answer/plugin-sdk';
import { describe, expect, it } from 'vitest';
import plugin from '../src/server.ts';
import { readSettings } from '../src/settings.ts';

const validate = (values: ConfigValues) => plugin.config!.validate!(values) as FieldError[];

const valid: ConfigValues = {
  preset: 'openldap',
  url: 'ldaps://ldap.example.com:636',
  start_tls: false,
  verify_certificate: true,
  ca_certificate: '',
  bind_dn: 'cn=answer,ou=services,dc=example,dc=com',
  bind_password: 'secret',
  base_dn: 'ou=people,dc=example,dc=com',
  user_filter: '',
  group_filter: '',
};

/** The fields with errors for `valid` changed by `change`. */
const fieldsFailing = (change: ConfigValues) => validate({ ...valid, ...change }).map((error) => error.field);

describe('config validation', () => {
  it('accepts a complete configuration, and the form defaults plus the connection fields', () => {
    expect(validate(valid)).toEqual([]);
    const defaults = Object.fromEntries(plugin.config!.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
    expect(validate({ ...defaults, url: valid.url, bind_dn: valid.bind_dn, bind_password: valid.bind_password, base_dn: valid.base_dn })).toEqual([]);
  });

  it('gives every error in English and Chinese', () => {
    const errors = validate({ url: 'http://x', bind_dn: '', bind_password: '', base_dn: 'people', user_filter: '(uid=alice)', attr_email: 'e mail', group_filter: '(member=x)', ca_certificate: 'nope' });
    expect(errors.map((e) => e.field).sort()).toEqual(['attr_email', 'base_dn', 'bind_dn', 'bind_password', 'ca_certificate', 'group_filter', 'url', 'user_filter']);
    for (const { message } of errors) expect(message).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it.each(['', 'ldap.example.com', 'http://ldap.example.com', 'ldap://', 'ldap://user:pw@ldap.example.com', 'ldap://ldap.example.com/dc=example,dc=com', 'ldap://ldap.example.com/?uid', 'ldaps://ldap.example.com#x'])(
    'refuses the URL %j',
    (url) => {
      expect(fieldsFailing({ url })).toEqual(['url']);
    },
  );

  it.each(['ldap://ldap.example.com', 'ldaps://ldap.example.com:636/', 'ldap://10.0.0.5:3389', 'ldap://[::1]:389', 'LDAPS://DC01.corp.example'])('accepts the URL %j', (url) => {
    expect(fieldsFailing({ url })).toEqual([]);
  });

  it('refuses StartTLS on an ldaps:// address', () => {
    expect(fieldsFailing({ url: 'ldaps://ldap.example.com', start_tls: true })).toEqual(['start_tls']);
    expect(fieldsFailing({ url: 'ldap://ldap.example.com', start_tls: true })).toEqual([]);
  });

  it('needs {username} in the user filter, and a filter that parses', () => {
    expect(fieldsFailing({ user_filter: '(uid=alice)' })).toEqual(['user_filter']);
    expect(fieldsFailing({ user_filter: '(uid={username}' })).toEqual(['user_filter']);
    expect(fieldsFailing({ user_filter: 'uid={username}' })).toEqual(['user_filter']);
    expect(fieldsFailing({ user_filter: '(uid={username})(cn=x)' })).toEqual(['user_filter']);
    expect(fieldsFailing({ user_filter: '(&(objectClass=person)(|(uid={username})(mail={username})))' })).toEqual([]);
  });

  it('needs {dn} or {username} in the group filter', () => {
    expect(fieldsFailing({ group_filter: '(objectClass=group)' })).toEqual(['group_filter']);
    expect(fieldsFailing({ group_filter: '(memberUid={username})' })).toEqual([]);
    expect(fieldsFailing({ group_filter: '(member:1.2.840.113556.1.4.1941:={dn})' })).toEqual([]);
  });

  it('needs the DNs and the service password', () => {
    expect(fieldsFailing({ bind_dn: '  ' })).toEqual(['bind_dn']);
    expect(fieldsFailing({ bind_password: '' })).toEqual(['bind_password']);
    expect(fieldsFailing({ base_dn: '' })).toEqual(['base_dn']);
    expect(fieldsFailing({ base_dn: 'dc=example,' })).toEqual(['base_dn']);
    expect(fieldsFailing({ group_base_dn: 'groups' })).toEqual(['group_base_dn']);
  });

  it("accepts Active Directory's other bind names", () => {
    for (const bind_dn of ['answer@corp.example.com', 'CORP\\answer', 'CN=Answer Service,OU=Service Accounts,DC=corp,DC=example,DC=com', 'cn=Smith\\, John,dc=example']) {
      expect(fieldsFailing({ bind_dn })).toEqual([]);
    }
  });

  it('checks the CA certificate is PEM that parses', () => {
    expect(fieldsFailing({ ca_certificate: '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----' })).toEqual(['ca_certificate']);
  });

  it('needs an attribute for the attribute rule, unless the preset names one', () => {
    expect(fieldsFailing({ preset: 'custom', disabled_rule: 'attribute', disabled_attribute: '' })).toEqual(['disabled_attribute']);
    expect(fieldsFailing({ preset: 'custom', disabled_rule: 'attribute', disabled_attribute: 'loginDisabled', disabled_value: 'TRUE' })).toEqual([]);
    expect(fieldsFailing({ preset: 'openldap', disabled_rule: 'attribute', disabled_attribute: '' })).toEqual([]);
  });
});

describe('the form', () => {
  it('has the fields the admin needs, the password kept secret', () => {
    const names = plugin.config!.fields.map((f) => f.name);
    for (const name of ['preset', 'url', 'start_tls', 'verify_certificate', 'ca_certificate', 'bind_dn', 'bind_password', 'base_dn', 'user_filter', 'attr_external_id', 'attr_username', 'attr_display_name', 'attr_email', 'email_verified', 'disabled_rule', 'disabled_attribute', 'disabled_value', 'group_source', 'group_base_dn', 'group_filter', 'group_name', 'button_label', 'test_connection']) {
      expect(names).toContain(name);
    }
    expect(plugin.config!.fields.find((f) => f.name === 'bind_password')).toMatchObject({ secret: true, inputType: 'password' });
    // The host checks inputType "url" as http(s): an ldap:// address must be plain text.
    expect(plugin.config!.fields.find((f) => f.name === 'url')?.inputType).toBeUndefined();
  });

  it('titles and describes every field in English and Chinese', () => {
    for (const field of plugin.config!.fields) {
      for (const text of [field.title, field.description].filter((t) => t !== undefined)) {
        expect(text, field.name).toMatchObject({ en_US: expect.any(String), zh_CN: expect.stringMatching(/[\u4e00-\u9fff]|StartTLS/) });
      }
    }
  });
});

describe('presets', () => {
  it('fill the fields left empty', () => {
    const ad = readSettings({ ...valid, preset: 'ad' });
    expect(ad).toMatchObject({
      userFilter: '(sAMAccountName={username})',
      attributes: { externalId: 'objectGUID', username: 'sAMAccountName', displayName: 'displayName', email: 'mail' },
      idAsHex: true,
      disabled: { kind: 'ad_uac' },
      groups: { source: 'member_of', nameForm: 'cn' },
    });
    const openldap = readSettings(valid);
    expect(openldap).toMatchObject({
      userFilter: '(uid={username})',
      attributes: { externalId: 'entryUUID', username: 'uid', displayName: 'cn', email: 'mail' },
      idAsHex: false,
      disabled: { kind: 'attribute', attribute: 'pwdAccountLockedTime', value: '' },
      groups: { source: 'search', baseDn: 'ou=people,dc=example,dc=com', filter: '(member={dn})' },
      emailVerified: true,
      verifyCertificate: true,
      startTls: false,
    });
    expect(readSettings({ ...valid, preset: 'custom' })).toMatchObject({ disabled: { kind: 'none' }, groups: { source: 'member_of' } });
  });

  it('give way to what the admin filled in', () => {
    const settings = readSettings({ ...valid, preset: 'ad', user_filter: '(userPrincipalName={username})', attr_external_id: 'employeeID', disabled_rule: 'none', group_source: 'search', group_filter: '(member:1.2.840.113556.1.4.1941:={dn})' });
    expect(settings).toMatchObject({
      userFilter: '(userPrincipalName={username})',
      attributes: { externalId: 'employeeID' },
      idAsHex: false,
      disabled: { kind: 'none' },
      groups: { source: 'search', filter: '(member:1.2.840.113556.1.4.1941:={dn})' },
    });
  });
});

describe('the provider the ids belong to', () => {
  it('is the directory and where its people are searched, whatever the letter case', () => {
    const providerId = (values: ConfigValues) => plugin.connector!.providerId!({ config: () => values } as PluginContext);
    expect(providerId({ url: 'LDAP://Dir.Example:389', base_dn: 'OU=People,DC=example' })).toBe('ldap://dir.example:389|ou=people,dc=example');
    expect(providerId({})).toBe('');
  });
});
