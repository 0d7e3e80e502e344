import { describe, expect, it } from 'vitest';
import { deletedUserName, longToShort, objectTypeOf, presentId, toLongId } from './ids.js';

// The example pairs of domain.md 1.8.
const VECTORS: [string, string][] = [
  ['10010000000000001', 'D1D1'],
  ['10010000000000123', 'D1B3'],
  ['10020000000000045', 'E1l2'],
  ['10010000000123456', 'D1Q8w'],
];

describe('object ids', () => {
  it.each(VECTORS)('%s <-> %s', (long, short) => {
    expect(longToShort(long)).toBe(short);
    expect(toLongId(short)).toBe(long);
    expect(toLongId(long)).toBe(long);
  });

  it('encodes every type code in two characters', () => {
    const codes = { 1: 'D1', 2: 'E1', 3: 'F1', 6: 'I1', 7: 'J1', 8: 'K1', 9: 'L1', 10: 'M1' };
    for (const [code, prefix] of Object.entries(codes)) {
      const long = `1${code.padStart(3, '0')}0000000000007`;
      expect(longToShort(long).slice(0, 2)).toBe(prefix);
      expect(objectTypeOf(longToShort(long))).toBe(Number(code));
    }
  });

  it('round-trips the largest sequence', () => {
    const long = '10079999999999999';
    expect(toLongId(longToShort(long))).toBe(long);
  });

  it('rejects what is neither form', () => {
    for (const bad of ['', '12', '123', 'D1-1', '../etc', '99999999999999999999x', '1234567890123456']) {
      expect(toLongId(bad)).toBeNull();
    }
  });

  it('rejects digit strings that are not a 17-digit long id', () => {
    const tooLong = ['9'.repeat(38), '1'.repeat(18), '10010000000000000001', '9223372036854775808', '010010000000000001'];
    for (const bad of [...tooLong, '20010000000000001', '00000000000000001']) expect(toLongId(bad)).toBeNull();
    expect(toLongId(' 10010000000000001 ')).toBe('10010000000000001');
  });

  it('rejects short ids whose sequence would not fit a long id', () => {
    expect(toLongId(`D1${'Z'.repeat(9)}`)).toBeNull();
    expect(objectTypeOf('9'.repeat(38))).toBeNull();
  });

  it('shows short ids only in permalink modes 3 and 4', () => {
    expect(presentId('10010000000000001', 2)).toBe('10010000000000001');
    expect(presentId('10010000000000001', 4)).toBe('D1D1');
  });

  it('names deleted users after their short id', () => {
    expect(deletedUserName(1)).toBe('userD1');
  });
});
