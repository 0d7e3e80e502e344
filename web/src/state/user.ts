import { TIMINGS } from '@answer/contract';
import { getUserInfo } from '../api/common';
import type { UserInfo } from '../api/types';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { createStore, useStore } from './store';

/** The logged-in user; null for a visitor. */
export const userStore = createStore<UserInfo | null>(null);
export const useUser = () => useStore(userStore);

let lastPull = 0;

export function setUser(user: UserInfo | null): void {
  userStore.set(user);
}

/** The reader the server rendered the page for (app/boot.ts): as fresh as a pull just made. */
export function adoptUser(user: UserInfo | null): void {
  lastPull = Date.now();
  setUser(user);
}

/** Forgets the session: the user, and the token so later calls go out anonymous. */
export function clearUser(): void {
  storage.remove(STORAGE_KEYS.token);
  userStore.set(null);
}

/**
 * Loads the current user, at most once per 10 s unless forced (spec section 4); any failure leaves
 * the app logged out rather than half logged in.
 */
export async function pullUser(force = false): Promise<UserInfo | null> {
  if (!force && Date.now() - lastPull < TIMINGS.userFetchThrottleMs) return userStore.get();
  lastPull = Date.now();
  try {
    const user = await getUserInfo({ allow401: true, ignore50x: true, passingError: true });
    if (!user) clearUser();
    else setUser(user);
    return user;
  } catch {
    clearUser();
    return null;
  }
}

/** A login reply (login and sign-up forms, e-mail links) carries the user with a new token: keep both. */
export function acceptLogin(user: UserInfo): void {
  storage.set(STORAGE_KEYS.token, user.access_token);
  lastPull = Date.now();
  setUser(user);
}

/**
 * Logging in with a token (login forms, external login landing): store it, then load who it belongs
 * to. Returns the user, or null when the token was not accepted.
 */
export async function loginWithToken(token: string): Promise<UserInfo | null> {
  storage.set(STORAGE_KEYS.token, token);
  return pullUser(true);
}
