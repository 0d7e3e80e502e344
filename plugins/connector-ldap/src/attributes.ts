import type { Entry } from 'ldapts';

type Value = string | Buffer;

/**
 * An attribute's values from a search entry. Names are matched without regard to case: a directory
 * answers `objectGUID` when asked for `objectguid`, and an admin may type either.
 */
export function valuesOf(entry: Entry, name: string): Value[] {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(entry)) {
    if (key === 'dn' || key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value : [value];
  }
  return [];
}

/** The first non-empty value as text (binary values decoded as UTF-8), or undefined. */
export function textOf(entry: Entry, name: string): string | undefined {
  for (const value of valuesOf(entry, name)) {
    const text = (typeof value === 'string' ? value : value.toString('utf8')).trim();
    if (text) return text;
  }
  return undefined;
}

/**
 * The first value's bytes in lower-case hex (AD's objectGUID). A value ldapts decoded as text
 * anyway (it decodes whatever is valid UTF-8 unless asked not to) is turned back into its bytes.
 */
export function hexOf(entry: Entry, name: string): string | undefined {
  const [value] = valuesOf(entry, name);
  if (value === undefined) return undefined;
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  return bytes.length ? bytes.toString('hex') : undefined;
}

// How directories spell the binary attributes in their answers, since ldapts matches the names it
// keeps as bytes exactly.
const SPELLINGS: Record<string, string> = {
  objectguid: 'objectGUID',
  objectsid: 'objectSid',
  'msds-consistencyguid': 'mS-DS-ConsistencyGuid',
  guid: 'GUID',
};

/** The names to give ldapts's `explicitBufferAttributes` for an attribute read as bytes. */
export function bufferNames(name: string): string[] {
  const lower = name.toLowerCase();
  return [...new Set([name, lower, SPELLINGS[lower] ?? name])];
}

/** Attribute names without repeats (case-insensitively) or blanks, in order. */
export function distinctNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (!name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
