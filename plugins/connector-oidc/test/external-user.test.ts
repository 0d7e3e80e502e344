import { describe, expect, it } from 'vitest';
import { toExternalUser } from '../src/external-user.ts';
import { primaryEmail } from '../src/github-emails.ts';
import { readPath } from '../src/json-path.ts';
import { STANDARD_CLAIMS } from '../src/presets.ts';

describe('dot paths', () => {
  const data = { sub: 'a', data: { user: { id: 7, 'odd.key': 'x' } }, list: [{ value: 'first' }], 'https://example.com/roles': ['r'] };

  it('reads nested objects, array items and keys that contain dots', () => {
    expect(readPath(data, 'data.user.id')).toBe(7);
    expect(readPath(data, 'list.0.value')).toBe('first');
    expect(readPath(data, 'https://example.com/roles')).toEqual(['r']);
    expect(readPath(data, 'data.missing.id')).toBeUndefined();
    expect(readPath(data, '')).toBeUndefined();
  });

  it('reads only the JSON own properties', () => {
    expect(readPath(data, 'constructor')).toBeUndefined();
    expect(readPath(data, '__proto__')).toBeUndefined();
    expect(readPath(data, 'sub.length')).toBeUndefined();
    expect(readPath(data, 'list.length')).toBeUndefined();
  });
});

describe('the person from the provider', () => {
  const user = (claims: Record<string, unknown>) => toExternalUser({ sub: 'id-1', ...claims }, STANDARD_CLAIMS, 'https://sso.example.com');

  it('needs a permanent id: text up to 128 characters as given, or a whole number', () => {
    expect(toExternalUser({ id: 583231 }, { ...STANDARD_CLAIMS, subject: 'id' }, 'p').externalId).toBe('583231');
    for (const sub of [undefined, '', ' padded ', 'x'.repeat(129), 'a\nb', 1.5, -1, { id: 1 }, ['a'], true]) {
      expect(() => toExternalUser({ sub }, STANDARD_CLAIMS, 'p')).toThrow(/no usable permanent id/);
    }
  });

  it('takes only a well-formed e-mail address, and only true as verified', () => {
    expect(user({ email: 'a@example.test', email_verified: 'true' })).toMatchObject({ email: 'a@example.test', emailVerified: true });
    expect(user({ email: 'a@example.test', email_verified: 1 })).toMatchObject({ emailVerified: false });
    expect(user({ email: 'a@example.test' })).toMatchObject({ emailVerified: false });
    for (const email of ['a', 'a@b', 'a b@example.test', 'a@exa mple.test', '<a@example.test>', `${'a'.repeat(65)}@example.test`, 42]) {
      expect(user({ email, email_verified: true })).not.toHaveProperty('email');
      expect(user({ email, email_verified: true })).not.toHaveProperty('emailVerified');
    }
  });

  it('takes only http(s) pictures without credentials', () => {
    expect(user({ picture: 'https://img.example.test/a.png' }).avatar).toBe('https://img.example.test/a.png');
    for (const picture of ['javascript:alert(1)', 'data:image/png;base64,AA', 'https://u:p@img.example.test/a.png', '/relative.png', `https://x.test/${'a'.repeat(2100)}`]) {
      expect(user({ picture })).not.toHaveProperty('avatar');
    }
  });

  it('bounds names and keeps only string groups', () => {
    expect(user({ name: `\u202e${'n'.repeat(150)}`, preferred_username: ' bob\t ' })).toMatchObject({ displayName: 'n'.repeat(100), username: 'bob' });
    expect(user({ groups: 'one-group' }).groups).toEqual(['one-group']);
    const many = Array.from({ length: 150 }, (_, i) => `g${i}`);
    expect(user({ groups: many }).groups).toHaveLength(100);
    expect(user({ groups: [1, null, '', 'a\u0000', 'ok'] }).groups).toEqual(['ok']);
    expect(user({ groups: {} })).not.toHaveProperty('groups');
  });
});

describe("GitHub's e-mail list", () => {
  it('gives the primary address with its verification', () => {
    expect(primaryEmail([{ email: 'b@x.test', primary: false, verified: true }, { email: 'a@x.test', primary: true, verified: true }])).toEqual({ email: 'a@x.test', verified: true });
    expect(primaryEmail([{ email: 'a@x.test', primary: true, verified: 'yes' }])).toEqual({ email: 'a@x.test', verified: false });
    expect(primaryEmail([{ email: 'a@x.test', primary: false, verified: true }])).toBeUndefined();
    expect(primaryEmail({ message: 'Not Found' })).toBeUndefined();
  });
});
