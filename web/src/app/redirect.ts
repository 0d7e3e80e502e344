import { STORAGE_KEYS, storage } from '../utils/storage';
import { ROUTES, isRememberablePath } from './paths';

/**
 * A path of this site, never a way to another one: it starts with one "/" that is not followed by
 * "/" or a backslash (browsers read both "//host" and "/\host" as another host), and has no spaces or
 * control characters (a browser drops tabs and newlines, which would make "/<tab>/host" "//host").
 */
export function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])[^\x00-\x20\x7f]*$/.test(value) && value.length <= 2000;
}

/** Remembers the page to come back to after logging in (never the login or sign-up page itself). */
export function rememberRedirect(path: string): void {
  if (isRememberablePath(path)) storage.set(STORAGE_KEYS.redirectPath, path);
}

/** The remembered page, if there is one on this site; reading does not forget it. */
export function peekRedirect(): string | null {
  const path = storage.get<string>(STORAGE_KEYS.redirectPath);
  return isSitePath(path) ? path : null;
}

export function forgetRedirect(): void {
  storage.remove(STORAGE_KEYS.redirectPath);
}

/** Where to go after logging in; the remembered page is forgotten once used. */
export function takeRedirect(): string {
  const path = peekRedirect();
  forgetRedirect();
  return path ?? ROUTES.home;
}
