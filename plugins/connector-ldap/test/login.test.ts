import { Client } from 'ldapts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Directory } from '../src/connection.ts';
import { LdapError } from '../src/error-text.ts';
import plugin from '../src/server.ts';
import { readSettings } from '../src/settings.ts';
import { configFor, fakeContext } from './harness.ts';
import { DANA_GUID, DN, PASSWORDS, ROOT_DN, ROOT_PASSWORD, SUFFIX } from './ldif.ts';
import { type RunningDirectory, startDirectory } from './slapd.ts';

let directory: RunningDirectory;
beforeAll(async () => {
  directory = await startDirectory();
}, 20_000);
afterAll(async () => {
  await directory?.stop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const connector = plugin.connector!;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signIn(username: string, password: string, overrides: Record<string, unknown> = {}) {
  const ctx = fakeContext(configFor(directory.url, overrides));
  return { ctx, person: connector.login!({ username, password }, ctx) };
}

/** The AD preset, searching the AD-like entries as it would search a domain. */
const AD = { preset: 'ad', base_dn: `ou=corp,${SUFFIX}`, disabled_rule: 'auto', disabled_attribute: '', disabled_value: '' };

describe('signing in (OpenLDAP preset)', () => {
  it('gives the mapped person with the groups that list them', async () => {
    const { person } = signIn('alice', PASSWORDS.alice);
    const found = await person;
    expect(found).toMatchObject({
      externalId: expect.stringMatching(UUID),
      username: 'alice',
      displayName: 'Alice Example',
      email: 'alice@example.test',
      emailVerified: true,
    });
    // Found by (member={dn}) under the group base DN; "Ops\, Night" is unescaped.
    expect([...found!.groups!].sort()).toEqual(['Ops, Night', 'devs']);
    expect(JSON.parse(found!.metaInfo!)).toEqual({ dn: DN.alice });
  });

  it('keeps the same external id from one sign-in to the next, and takes the directory spelling of the name', async () => {
    const first = await signIn('alice', PASSWORDS.alice).person;
    const second = await signIn('  ALICE ', PASSWORDS.alice).person;
    expect(second?.externalId).toBe(first?.externalId);
    expect(second?.username).toBe('alice');
  });

  it('says the e-mail address is unverified when the admin says so', async () => {
    expect(await signIn('alice', PASSWORDS.alice, { email_verified: false }).person).toMatchObject({ email: 'alice@example.test', emailVerified: false });
  });

  it('gives whole DNs as group names when asked, as the directory spells them', async () => {
    const found = await signIn('alice', PASSWORDS.alice, { group_name: 'dn' }).person;
    // slapd hands back the comma of "Ops, Night" hex-escaped.
    expect([...found!.groups!].sort()).toEqual([`cn=Ops\\2C Night,ou=groups,${SUFFIX}`, DN.devs]);
  });

  it('reads posixGroup groups with (memberUid={username})', async () => {
    const found = await signIn('alice', PASSWORDS.alice, { group_filter: '(memberUid={username})' }).person;
    expect(found?.groups).toEqual(['staff']);
  });

  it('signs in a person whose name is not ASCII', async () => {
    const found = await signIn('jörg', PASSWORDS.jorg).person;
    expect(found).toMatchObject({ username: 'jörg', displayName: 'Jörg Müller', groups: [] });
    // No mail attribute: no address, and nothing said about one.
    expect(found?.email).toBeUndefined();
    expect(found?.emailVerified).toBeUndefined();
  });

  it("reads groups from the entry's memberOf when told to", async () => {
    const found = await signIn('alice', PASSWORDS.alice, { group_source: 'member_of' }).person;
    // slapd's dynlist overlay gives memberOf normalised (lower case, \2C for the comma).
    expect([...found!.groups!].sort()).toEqual(['devs', 'ops, night']);
  });

  it('asks for the preset\'s pwdAccountLockedTime even where the schema lacks it', async () => {
    expect(await signIn('alice', PASSWORDS.alice, { disabled_rule: 'auto', disabled_attribute: '', disabled_value: '' }).person).toMatchObject({ username: 'alice' });
  });

  it('gives no groups when groups are off', async () => {
    expect(await signIn('alice', PASSWORDS.alice, { group_source: 'none' }).person).toMatchObject({ groups: [] });
  });

  it('maps the attributes the admin names', async () => {
    const found = await signIn('alice', PASSWORDS.alice, { attr_external_id: 'uid', attr_display_name: 'sn', attr_email: 'description' }).person;
    expect(found).toMatchObject({ externalId: 'alice', displayName: 'Example' });
    expect(found?.email).toBeUndefined();
  });

  it('gives a text id as hex when the admin asks for hex', async () => {
    const found = await signIn('alice', PASSWORDS.alice, { attr_external_id: 'uid', id_format: 'hex' }).person;
    expect(found?.externalId).toBe(Buffer.from('alice').toString('hex'));
  });
});

describe('refusing', () => {
  it('answers null for a wrong password', async () => {
    expect(await signIn('alice', 'wrong').person).toBeNull();
    expect(await signIn('alice', `${PASSWORDS.alice} `).person).toBeNull();
  });

  it('answers null for an unknown name', async () => {
    expect(await signIn('nobody', 'whatever').person).toBeNull();
  });

  it('refuses an empty password before connecting: no bind is ever sent', async () => {
    const bind = vi.spyOn(Client.prototype, 'bind');
    expect(await signIn('alice', '').person).toBeNull();
    expect(await signIn('', '').person).toBeNull();
    expect(bind).not.toHaveBeenCalled();
  });

  it('never sends an empty password even when asked to bind with one', async () => {
    const bind = vi.spyOn(Client.prototype, 'bind');
    const connection = new Directory(readSettings(configFor(directory.url)));
    try {
      expect(await connection.bind(DN.alice, '')).toBe(false);
      expect(await connection.bind('', 'x')).toBe(false);
    } finally {
      await connection.close();
    }
    expect(bind).not.toHaveBeenCalled();
  });

  it.each(['*)(uid=*', '*', 'alice)(|(uid=*', 'ali*', 'alice\\', '(uid=alice)'])('finds nobody for the filter-injection name %j', async (name) => {
    const bind = vi.spyOn(Client.prototype, 'bind');
    expect(await signIn(name, PASSWORDS.alice).person).toBeNull();
    // Only the service account bound: no entry was found to try the password on.
    expect(bind.mock.calls.map((call) => call[0])).toEqual([ROOT_DN]);
  });

  it('signs nobody in when the filter matches several entries', async () => {
    const { ctx, person } = signIn('twin', PASSWORDS.twin);
    expect(await person).toBeNull();
    expect(ctx.logged.map((l) => l.message)).toContain('ldap: several entries match the user filter; sign-in refused');
  });

  it('refuses a disabled entry even with the right password', async () => {
    const { ctx, person } = signIn('bob', PASSWORDS.bob);
    expect(await person).toBeNull();
    expect(ctx.logged).toContainEqual({ level: 'info', message: 'ldap: sign-in refused: the entry is disabled', details: { dn: DN.bob } });
    // The rule is what refused him.
    expect(await signIn('bob', PASSWORDS.bob, { disabled_rule: 'none' }).person).toMatchObject({ username: 'bob' });
  });

  it('refuses an entry that merely has the disabled attribute when no value is set', async () => {
    expect(await signIn('alice', PASSWORDS.alice, { disabled_attribute: 'mail', disabled_value: '' }).person).toBeNull();
  });

  it('throws, rather than answering "wrong password", when the service account is refused', async () => {
    const secret = 'not-the-admin-password-123';
    const error = await signIn('alice', PASSWORDS.alice, { bind_password: secret }).person.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LdapError);
    expect((error as LdapError).step).toBe('bind');
    expect((error as Error).message).toBe('ldap: bind failed: wrong bind DN or password (LDAP 49, invalid credentials)');
  });

  it('throws when the base DN does not exist', async () => {
    const error = await signIn('alice', PASSWORDS.alice, { base_dn: 'ou=nowhere,dc=example,dc=test' }).person.catch((e: unknown) => e);
    expect(error).toMatchObject({ step: 'search', detail: expect.stringContaining('NoSuchObjectError (LDAP 32)') });
  });

  it('throws for settings never saved', async () => {
    const ctx = fakeContext({});
    await expect(connector.login!({ username: 'alice', password: 'x' }, ctx)).rejects.toThrow(/not set up yet/);
  });
});

describe('the Active Directory preset', () => {
  it('signs in by sAMAccountName and gives the binary objectGUID as hex', async () => {
    const found = await signIn('dana', PASSWORDS.dana, AD).person;
    expect(found).toEqual({
      // Byte for byte, the byte-order mark at its start included.
      externalId: DANA_GUID.toString('hex'),
      username: 'dana',
      displayName: 'Dana (Corp)',
      email: 'dana@corp.example.test',
      emailVerified: true,
      groups: ['devs'],
      metaInfo: JSON.stringify({ dn: DN.dana }),
    });
  });

  it('refuses an entry whose userAccountControl has the disabled flag', async () => {
    expect(await signIn('erin', PASSWORDS.erin, AD).person).toBeNull();
    expect(await signIn('erin', PASSWORDS.erin, { ...AD, disabled_rule: 'none' }).person).toMatchObject({ username: 'erin', externalId: '00112233445566778899aabbccddeeff' });
  });
});

describe('the login choice', () => {
  it('is named with the admin\'s name, or the translated default', async () => {
    await plugin.setup!(fakeContext(configFor(directory.url, { button_label: 'ACME ID' })));
    expect(connector.name).toBe('ACME ID');
    await plugin.setup!(fakeContext(configFor(directory.url)));
    expect(connector.name).toEqual({ en_US: 'your company account', zh_CN: '公司账号' });
    // A whole label saved before names were bare loses its wording; the old default is the translated default.
    await plugin.setup!(fakeContext(configFor(directory.url, { button_label: 'Sign in with ACME ID' })));
    expect(connector.name).toBe('ACME ID');
    await plugin.setup!(fakeContext(configFor(directory.url, { button_label: 'Sign in with your company account' })));
    expect(connector.name).toEqual({ en_US: 'your company account', zh_CN: '公司账号' });
    expect(connector.logoSvg).toMatch(/^<svg [^>]*currentColor/);
  });
});

describe('secrets', () => {
  it('never logs a password', async () => {
    const contexts = [signIn('alice', PASSWORDS.alice), signIn('alice', 'wrong-pw-xyz'), signIn('bob', PASSWORDS.bob), signIn('twin', PASSWORDS.twin)];
    await Promise.all(contexts.map((c) => c.person));
    const logged = JSON.stringify(contexts.flatMap((c) => c.ctx.logged));
    for (const secret of [PASSWORDS.alice, 'wrong-pw-xyz', PASSWORDS.bob, PASSWORDS.twin, ROOT_PASSWORD]) expect(logged).not.toContain(secret);
  });
});
