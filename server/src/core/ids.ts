/**
 * Object ids (domain.md 1.8). Long ids are "1" + 3-digit type code + 13-digit sequence; short ids
 * are base-62 (0-9a-zA-Z), least-significant digit first, with every number offset by 100.
 */
export const OBJECT_TYPE = {
  question: 1,
  answer: 2,
  tag: 3,
  user: 4,
  collection: 6,
  comment: 7,
  report: 8,
  badge: 9,
  badge_award: 10,
} as const;
export type ObjectTypeName = keyof typeof OBJECT_TYPE;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SALT = 100n;
const LONG_BASE = 10n ** 16n;
const SEQ_BASE = 10n ** 13n;
/** Exactly 17 digits with the leading 1: every long id, and always inside BIGINT. */
const LONG_ID = /^1\d{16}$/;

export function encodeNumber(n: bigint | number): string {
  let v = BigInt(n) + SALT;
  let out = '';
  do {
    out += ALPHABET[Number(v % 62n)];
    v /= 62n;
  } while (v > 0n);
  return out;
}

export function decodeNumber(s: string): bigint | null {
  let v = 0n;
  for (let i = s.length - 1; i >= 0; i--) {
    const d = ALPHABET.indexOf(s[i]!);
    if (d < 0) return null;
    v = v * 62n + BigInt(d);
  }
  return v - SALT;
}

export function longToShort(id: string): string {
  if (!LONG_ID.test(id)) return id;
  const n = BigInt(id);
  const code = (n - LONG_BASE) / SEQ_BASE;
  return encodeNumber(code) + encodeNumber(n % SEQ_BASE);
}

/**
 * Accepts either form; returns the long id, or null when the input is neither. This is the one
 * place an id from a request is judged: null means no such object can exist, which routes answer
 * with 404 (or 400) instead of handing SQL a number out of BIGINT range.
 */
export function toLongId(input: string): string | null {
  const s = String(input ?? '').trim();
  if (/^\d+$/.test(s)) return LONG_ID.test(s) ? s : null;
  if (s.length < 3 || !/^[0-9a-zA-Z]+$/.test(s)) return null;
  const code = decodeNumber(s.slice(0, 2));
  const seq = decodeNumber(s.slice(2));
  if (code === null || seq === null || code < 0n || code > 999n || seq < 0n || seq >= SEQ_BASE) return null;
  return (LONG_BASE + code * SEQ_BASE + seq).toString();
}

/** The type code inside a long id (digits 2-4), or null. */
export function objectTypeOf(id: string): number | null {
  const long = toLongId(id);
  return long ? Number(long.slice(1, 4)) : null;
}

/** Short ids are used in replies only in permalink modes 3 and 4. */
export function presentId(id: string, permalink: number): string {
  return permalink === 3 || permalink === 4 ? longToShort(id) : id;
}

/** Deleted users are shown as "user" + short id of their numeric id. */
export function deletedUserName(userId: number | string): string {
  return `user${encodeNumber(BigInt(userId))}`;
}
