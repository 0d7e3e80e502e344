import { STORAGE_KEYS, storage } from '../utils/storage';
import { ROUTES, isRememberablePath } from './paths';

/** Remembers the page to come back to after logging in (never the login or sign-up page itself). */
export function rememberRedirect(path: string): void {
  if (isRememberablePath(path)) storage.set(STORAGE_KEYS.redirectPath, path);
}

/** Where to go after logging in; the remembered page is forgotten once used. */
export function takeRedirect(): string {
  const path = storage.get<string>(STORAGE_KEYS.redirectPath);
  storage.remove(STORAGE_KEYS.redirectPath);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : ROUTES.home;
}
