import { TIMINGS } from '@answer/contract';

/** The keys this app keeps in localStorage (spec section 9). */
export const STORAGE_KEYS = {
  language: '_a_lang_',
  token: '_a_ltk_',
  redirectPath: '_a_rp_',
  languageResources: '_a_lang_r_',
  colorScheme: '_a_cs_',
  /** The question lists' density (compact or comfortable), a reader's choice in this browser. */
  listDensity: '_a_ld_',
} as const;

// Stored form: "<expiry in ms since epoch>|<JSON value>", so stale entries expire without a sweep.
const SEPARATOR = '|';

function setItem(key: string, value: unknown, lifetimeMs: number = TIMINGS.storageLifetimeMs): void {
  try {
    localStorage.setItem(key, `${Date.now() + lifetimeMs}${SEPARATOR}${JSON.stringify(value)}`);
  } catch {
    // Private mode or a full quota: the app still works, it only forgets between visits.
  }
}

function getItem<T>(key: string): T | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const cut = raw.indexOf(SEPARATOR);
  const expiresAt = Number(raw.slice(0, cut));
  if (cut < 1 || !Number.isFinite(expiresAt) || expiresAt <= Date.now()) {
    removeItem(key);
    return null;
  }
  try {
    return JSON.parse(raw.slice(cut + 1)) as T;
  } catch {
    removeItem(key);
    return null;
  }
}

function removeItem(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // see setItem
  }
}

export const storage = { get: getItem, set: setItem, remove: removeItem };
