import { DEFAULT_LANGUAGE, switchLanguage } from '../../i18n';
import { STORAGE_KEYS, storage } from '../../utils/storage';

// Before installation the language API does not answer yet, so the wizard ships the bundles it may
// need as separate chunks, downloaded only when a language is picked.
const bundles = import.meta.glob<Record<string, unknown>>('../../../../locales/*/ui.json', { import: 'default' });

/**
 * Shows the wizard in `lang` and sends it as Accept-Language from now on, so the server's
 * messages match; a language without a UI bundle keeps English on screen.
 */
export async function applyInstallLanguage(lang: string): Promise<void> {
  storage.set(STORAGE_KEYS.language, lang);
  const load = lang === DEFAULT_LANGUAGE ? undefined : bundles[`../../../../locales/${lang}/ui.json`];
  if (!load) return switchLanguage(DEFAULT_LANGUAGE);
  return switchLanguage(lang, await load());
}
