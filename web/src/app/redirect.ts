import { STORAGE_KEYS, storage } from '../utils/storage';
import { ROUTES, isRememberablePath } from './paths';

/** Remembers the page to come back to after logging in (never the login or sign-up page itself). */
export function rememberRedirect(path: string): void {
  if (isRememberablePath(path)) storage.set(STORAGE_KEYS.redirectPath, path);
}

/** The remembered page, if there is one on this site; reading does not forget it. */
export function peekRedirect(): string | null {
  const path = storage.get<string>(STORAGE_KEYS.redirectPath);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
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
