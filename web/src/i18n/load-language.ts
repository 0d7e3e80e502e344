import { getLanguageConfig } from '../api/common';
import { STORAGE_KEYS, storage } from '../utils/storage';
import { DEFAULT_LANGUAGE, switchLanguage } from './index';

interface CachedResources {
  lng: string;
  /** The server revision the bundle came from: an upgrade brings new strings. */
  revision: string;
  resources: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The user's own language, else the site's ("Default" means no choice of its own). */
export function pickLanguage(userLanguage?: string | null, siteLanguage?: string | null): string {
  for (const lang of [userLanguage, siteLanguage]) if (lang && lang !== 'Default') return lang;
  return DEFAULT_LANGUAGE;
}

/**
 * Applies a language, downloading its bundle unless it is English (bundled) or cached for this
 * server revision. A failed download leaves the interface in English.
 */
export async function loadLanguage(lang: string, revision = ''): Promise<void> {
  // Stored first: the Accept-Language header of the download below must already name it.
  storage.set(STORAGE_KEYS.language, lang);
  if (lang === DEFAULT_LANGUAGE) return switchLanguage(lang);
  const cached = storage.get<CachedResources>(STORAGE_KEYS.languageResources);
  if (cached?.lng === lang && cached.revision === revision) return switchLanguage(lang, cached.resources);
  try {
    const data = await getLanguageConfig();
    // Upstream servers wrap the bundle as {ui: {...}}; ours sends the bundle itself.
    const resources = isRecord(data?.ui) ? data.ui : data;
    if (isRecord(resources)) {
      storage.set(STORAGE_KEYS.languageResources, { lng: lang, revision, resources } satisfies CachedResources);
      return switchLanguage(lang, resources);
    }
  } catch {
    // The request client already reported it.
  }
  storage.set(STORAGE_KEYS.language, DEFAULT_LANGUAGE);
  return switchLanguage(DEFAULT_LANGUAGE);
}
