export type ColorScheme = 'light' | 'dark' | 'system';
export type AppliedScheme = 'light' | 'dark';

const SCHEMES: readonly string[] = ['light', 'dark', 'system'];
const isScheme = (v: string | null | undefined): v is ColorScheme => !!v && SCHEMES.includes(v);
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Which scheme applies: the user's own choice ("default" means none), then the site's, then the last
 * one this browser used, then following the system.
 */
export function chooseScheme(user?: string | null, site?: string | null, stored?: string | null): ColorScheme {
  for (const candidate of [user, site, stored]) if (isScheme(candidate)) return candidate;
  return 'system';
}

export const resolveScheme = (scheme: ColorScheme, systemIsDark: boolean): AppliedScheme =>
  scheme === 'system' ? (systemIsDark ? 'dark' : 'light') : scheme;

/**
 * Sets Bootstrap's data-bs-theme on the page; for "system" it keeps following the OS setting until
 * the returned function is called.
 */
export function applyColorScheme(scheme: ColorScheme, root: HTMLElement = document.documentElement): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const apply = () => root.setAttribute('data-bs-theme', resolveScheme(scheme, media?.matches ?? false));
  apply();
  if (scheme !== 'system' || !media) return () => undefined;
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
