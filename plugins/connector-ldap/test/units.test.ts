import type { Entry } from 'ldapts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexOf, textOf } from '../src/attributes.ts';
import { withDirectory } from '../src/connection.ts';
import { isDisabled } from '../src/disabled.ts';
import { firstRdnValue } from '../src/dn.ts';
import { describeError, LdapError } from '../src/error-text.ts';
import { anyoneFilter, groupFilter, userFilter } from '../src/filters.ts';
import { readSettings } from '../src/settings.ts';
import { OVERALL_TIMEOUT_MS } from '../src/timeouts.ts';
import { configFor } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('filters', () => {
  it('escape what was typed per RFC 4515', () => {
    expect(userFilter('(uid={username})', '*)(uid=*')).toBe('(uid=\\2a\\29\\28uid=\\2a)');
    expect(userFilter('(|(uid={username})(mail={username}))', 'a\\b\0')).toBe('(|(uid=a\\5cb\\00)(mail=a\\5cb\\00))');
    expect(userFilter('(uid={username})', 'jörg')).toBe('(uid=jörg)');
  });

  it('escape the DN in a group filter', () => {
    expect(groupFilter('(member={dn})', { dn: 'cn=Smith\\, J (ext),dc=x', username: 'j' })).toBe('(member=cn=Smith\\5c, J \\28ext\\29,dc=x)');
    expect(groupFilter('(memberUid={username})', { dn: 'x', username: 'a*' })).toBe('(memberUid=a\\2a)');
  });

  it('put a wildcard in for the connection test only', () => {
    expect(anyoneFilter('(&(objectClass=person)(uid={username}))')).toBe('(&(objectClass=person)(uid=*))');
  });
});

describe('group names from DNs', () => {
  it.each([
    ['cn=devs,ou=groups,dc=example,dc=com', 'devs'],
    ['CN=Smith\\, John,OU=Groups,DC=corp', 'Smith, John'],
    ['cn=ops\\2C night,ou=groups', 'ops, night'],
    ['cn=D\\C3\\A9v,dc=x', 'Dév'],
    ['cn=a\\+b+uid=x,dc=x', 'a+b'],
    ['cn=日本語,dc=x', '日本語'],
    ['cn=#04024869,dc=x', 'cn=#04024869,dc=x'],
    ['no-equals-sign', 'no-equals-sign'],
  ])('%j is named %j', (dn, name) => {
    expect(firstRdnValue(dn)).toBe(name);
  });
});

const entry = (attributes: Record<string, string | string[] | Buffer>): Entry => ({ dn: 'cn=x,dc=y', ...attributes });

describe('disabled entries', () => {
  it('reads the AD flag from userAccountControl', () => {
    expect(isDisabled(entry({ userAccountControl: '514' }), { kind: 'ad_uac' })).toBe(true);
    expect(isDisabled(entry({ userAccountControl: '66050' }), { kind: 'ad_uac' })).toBe(true);
    expect(isDisabled(entry({ useraccountcontrol: '512' }), { kind: 'ad_uac' })).toBe(false);
    expect(isDisabled(entry({}), { kind: 'ad_uac' })).toBe(false);
  });

  it('reads an attribute, its presence or a value regardless of case', () => {
    expect(isDisabled(entry({ pwdAccountLockedTime: '20240101000000Z' }), { kind: 'attribute', attribute: 'pwdAccountLockedTime', value: '' })).toBe(true);
    expect(isDisabled(entry({ pwdAccountLockedTime: [] }), { kind: 'attribute', attribute: 'pwdAccountLockedTime', value: '' })).toBe(false);
    expect(isDisabled(entry({ loginDisabled: 'TRUE' }), { kind: 'attribute', attribute: 'logindisabled', value: 'true' })).toBe(true);
    expect(isDisabled(entry({ loginDisabled: 'FALSE' }), { kind: 'attribute', attribute: 'loginDisabled', value: 'TRUE' })).toBe(false);
  });
});

describe('attribute values', () => {
  it('are found regardless of the case of their name', () => {
    expect(textOf(entry({ Mail: ['', ' a@b.c '] }), 'mail')).toBe('a@b.c');
  });

  it('give binary ids as hex, from bytes or from text ldapts decoded', () => {
    expect(hexOf(entry({ objectGUID: Buffer.from([0, 0xff, 0x10]) }), 'objectguid')).toBe('00ff10');
    expect(hexOf(entry({ objectGUID: 'AB' }), 'objectGUID')).toBe('4142');
    expect(hexOf(entry({}), 'objectGUID')).toBeUndefined();
  });
});

describe('error text', () => {
  it('blanks out secrets', () => {
    expect(describeError(new Error('bind as x with hunter2 failed'), ['hunter2'])).toBe('bind as x with *** failed');
  });
});

describe('the overall deadline', () => {
  it('ends a talk with the directory that outlasts it, and closes the connection', async () => {
    vi.useFakeTimers();
    const settings = readSettings(configFor('ldap://127.0.0.1:1'));
    let closed = false;
    const pending = withDirectory(settings, async (directory) => {
      const close = directory.close.bind(directory);
      directory.close = async () => {
        closed = true;
        await close();
      };
      await new Promise(() => {});
    });
    const failure = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(OVERALL_TIMEOUT_MS);
    const error = await failure;
    expect(error).toBeInstanceOf(LdapError);
    expect((error as Error).message).toBe(`ldap: connect failed: no answer from the directory within ${OVERALL_TIMEOUT_MS / 1000} s`);
    expect(closed).toBe(true);
  });
});
