import { hasForbiddenCharacters } from '@answer/contract';

const bad = (value: unknown): boolean =>
  typeof value === 'string' ? hasForbiddenCharacters(value) : Array.isArray(value) && value.some(bad);

/** The path as the app reads it (percent escapes decoded); a malformed escape reads as forbidden. */
function decodedPath(url: string): string {
  const raw = url.split('?')[0]!;
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return '\u0000';
  }
}

/**
 * The first value of a request's path or query that holds a character no request text may hold
 * (the contract's `text` rule: NUL, other controls, lone surrogates), named as the field it came
 * in; undefined when all are clean. Every request passes here before any handler, so no path,
 * page or feed value can reach SQL with them (PostgreSQL refuses NUL in text with an error, a 500).
 * Headers need no check: Node's parser refuses control characters in them, and the cookies and
 * tokens that are read are only ever hashed.
 */
export function forbiddenRequestField(url: string, params: unknown, query: unknown): string | undefined {
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) if (bad(value)) return name === '*' ? 'path' : name;
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) if (bad(value) || hasForbiddenCharacters(name)) return name;
  return hasForbiddenCharacters(decodedPath(url)) ? 'path' : undefined;
}
