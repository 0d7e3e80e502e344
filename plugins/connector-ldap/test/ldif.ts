import { createHash, randomBytes } from 'node:crypto';

/** The test directory's contents: people, AD-like people and groups under dc=example,dc=test. */
export const SUFFIX = 'dc=example,dc=test';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = 'admin-Secret!42';

export const PASSWORDS = {
  alice: 'alice-Secret(1)*',
  bob: 'bob-Secret2',
  jorg: 'jörg-Secret3',
  twin: 'twin-Secret4',
  dana: 'dana-Secret5',
  erin: 'erin-Secret6',
};

/**
 * Dana's objectGUID: it starts with a UTF-8 byte-order mark and is valid UTF-8 throughout, the
 * kind of binary id a text decoder silently changes (it drops the mark).
 */
export const DANA_GUID = Buffer.from('efbbbf41424344454647484a4b4c4d', 'hex');

/** A userPassword as slappasswd writes it: {SSHA} base64(SHA-1(password + salt) + salt). */
export function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password, 'utf8').update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

type Value = string | Buffer;

/** One LDIF record; values that are not plain ASCII text go base64-encoded (`attr:: ...`). */
function record(dn: string, attributes: Record<string, Value | Value[]>): string {
  const line = (name: string, value: Value) => {
    const safe = typeof value === 'string' && /^[\x21-\x39\x3b\x3d-\x7e][\x20-\x7e]*$/.test(value) && !value.endsWith(' ');
    return safe ? `${name}: ${value}` : `${name}:: ${Buffer.from(value).toString('base64')}`;
  };
  const lines = [line('dn', dn)];
  for (const [name, value] of Object.entries(attributes)) for (const v of Array.isArray(value) ? value : [value]) lines.push(line(name, v));
  return lines.join('\n');
}

export const DN = {
  alice: `uid=alice,ou=people,${SUFFIX}`,
  bob: `uid=bob,ou=people,${SUFFIX}`,
  jorg: `uid=jörg,ou=people,${SUFFIX}`,
  dana: `cn=Dana Doe,ou=corp,${SUFFIX}`,
  erin: `cn=Erin Roe,ou=corp,${SUFFIX}`,
  devs: `cn=devs,ou=groups,${SUFFIX}`,
  ops: `cn=Ops\\, Night,ou=groups,${SUFFIX}`,
};

const person = (uid: string, cn: string, password: string, extra: Record<string, Value | Value[]> = {}) => ({
  objectClass: 'inetOrgPerson',
  uid,
  cn,
  sn: cn.split(' ').pop() ?? cn,
  userPassword: ssha(password),
  ...extra,
});

/** The directory's entries; slapadd loads them before the server starts. */
export function testLdif(): string {
  const ou = (name: string) => record(`ou=${name},${SUFFIX}`, { objectClass: 'organizationalUnit', ou: name });
  // AD-like entries: AD's attribute names (ad.schema in slapd.ts) on ordinary inetOrgPerson entries.
  const adPerson = (cn: string, sam: string, password: string, uac: number, guid: Buffer) => ({
    objectClass: ['inetOrgPerson', 'extensibleObject'],
    cn,
    sn: cn.split(' ').pop() ?? cn,
    sAMAccountName: sam,
    displayName: `${cn.split(' ')[0]} (Corp)`,
    mail: `${sam}@corp.example.test`,
    objectGUID: guid,
    userAccountControl: String(uac),
    userPassword: ssha(password),
  });
  return [
    record(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' }),
    ou('people'),
    ou('staff'),
    ou('corp'),
    ou('groups'),
    record(DN.alice, person('alice', 'Alice Example', PASSWORDS.alice, { mail: 'alice@example.test' })),
    // Disabled by an attribute the tests' rule names.
    record(DN.bob, person('bob', 'Bob Example', PASSWORDS.bob, { mail: 'bob@example.test', employeeType: 'disabled' })),
    record(DN.jorg, person('jörg', 'Jörg Müller', PASSWORDS.jorg)),
    // The same uid twice: a filter that is not unique must sign nobody in.
    record(`uid=twin,ou=people,${SUFFIX}`, person('twin', 'Twin One', PASSWORDS.twin)),
    record(`uid=twin,ou=staff,${SUFFIX}`, person('twin', 'Twin Two', PASSWORDS.twin)),
    record(DN.dana, adPerson('Dana Doe', 'dana', PASSWORDS.dana, 512, DANA_GUID)),
    // 514 = NORMAL_ACCOUNT (512) + ACCOUNTDISABLE (2).
    record(DN.erin, adPerson('Erin Roe', 'erin', PASSWORDS.erin, 514, Buffer.from('00112233445566778899aabbccddeeff', 'hex'))),
    record(DN.devs, { objectClass: 'groupOfNames', cn: 'devs', member: [DN.alice, DN.dana] }),
    record(DN.ops, { objectClass: 'groupOfNames', cn: 'Ops, Night', member: [DN.alice] }),
    record(`cn=staff,ou=groups,${SUFFIX}`, { objectClass: 'posixGroup', cn: 'staff', gidNumber: '1000', memberUid: ['alice', 'bob'] }),
  ].join('\n\n') + '\n';
}
