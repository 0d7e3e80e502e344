import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from '../../../locales/en_US/ui.json';

export const DEFAULT_LANGUAGE = 'en_US';

/** English is bundled so the first paint never waits for a translation download. */
export async function initI18n(): Promise<void> {
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
    // React escapes what it renders; escaping here too would show "&amp;".
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Switches the interface to `lang`, adding its bundle when one is given. */
export async function switchLanguage(lang: string, resources?: Record<string, unknown> | null): Promise<void> {
  if (resources) i18next.addResourceBundle(lang, 'translation', resources, true, true);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang.replace('_', '-');
}

export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options);
