/** The values the no-5xx fuzz test (test/fuzz.test.ts) sends: seeded, so every failure replays. */

export type Rng = () => number;

/** A small seeded PRNG (mulberry32): the same seed gives the same corpus on every machine. */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` distinct entries of `list`, chosen by `rng`. */
export function pick<T>(rng: Rng, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
}

const HUGE = 'x'.repeat(100 * 1024);

/** Wrong types, sizes and characters for any field. */
export const junkValues: readonly unknown[] = [
  // wrong types
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  true,
  null,
  {},
  { nested: { deeper: ['x'] } },
  [],
  ['a', 'b'],
  [[{}]],
  // sizes
  '',
  '   ',
  HUGE,
  `${'\u0000'.repeat(10)}${HUGE}`,
  // control characters
  '\u0000',
  'before\u0000after',
  '\u0001\u0008\u000b\u001b[31m\u007f',
  '\u0085\u009f',
  '\uFFFE\uFFFF',
  // unicode junk
  '\uD800',
  'lone \uDC00 low',
  '\u202E\u200F\u200B reversed',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'Z\u0351\u0352\u0353\u0354\u0355a\u0356\u0357l\u0358g\u0359o',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎𠜱',
  // ids and numbers out of range
  '9'.repeat(38),
  '9223372036854775808',
  '9999999999999999999',
  '-99999999999999999999',
  '10010000000000000000001',
  '1e400',
  'NaN',
  '-0',
  '0x10',
  'D1ZZZZZZZZZZZZ',
  // paths and syntax
  '../../../etc/passwd',
  "' OR 1=1 --",
  '%00%ff',
  '<script>alert(1)</script>',
  '__proto__',
];

/** What replaces `:param` in routes with path parameters. */
export const junkPathSegments: readonly string[] = [
  encodeURIComponent('\u0000'),
  '9'.repeat(38),
  '%E0%A4%A',
  encodeURIComponent('😀'),
  '..%2F..%2Fetc',
  'D1ZZZZZZZZZZZZ',
  'x'.repeat(4000),
];

/** A value that passes validation for a field of this name, so other fields' junk reaches the handler. */
export function plausibleValue(name: string, ids: Record<string, string>): unknown {
  switch (name) {
    case 'answer_id':
      return ids.answer;
    case 'comment_id':
    case 'reply_comment_id':
      return ids.comment;
    case 'tag_id':
      return ids.tag;
    case 'user_id':
      return ids.user;
    case 'page':
      return 1;
    case 'page_size':
      return 10;
    case 'tags':
      return [{ slug_name: 'fuzz' }];
    case 'e_mail':
    case 'email':
      return 'somebody@example.com';
    case 'pass':
    case 'password':
      return 'password-123';
    case 'content':
    case 'answer_content':
      return 'A plausible body for the fuzzer.';
    case 'title':
      return 'A plausible title';
    case 'original_text':
      return 'plausible text';
    case 'close_type':
      return 1;
    case 'bookmark':
      return true;
    case 'emoji':
      return 'heart';
    case 'reaction':
      return 'activate';
    case 'object_type':
      return 'question';
    case 'action':
      return 'question';
    case 'info_type':
      return 'tos';
    case 'lang':
    case 'language':
      return 'en_US';
  }
  return name.endsWith('id') ? ids.question : 'fuzz';
}

/** A body value as a query string carries it: arrays become repeated keys, the rest text. */
export function queryValue(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? String(v);
}
