import {
  account,
  badges,
  captcha,
  common,
  dialog,
  editor,
  error,
  flag,
  footer,
  header,
  legal,
  maintenance,
  nav,
  notifications,
  page_error,
  prompt,
  question,
  questions,
  review,
  revision_diff,
  revision_picker,
  tags,
} from '../../../locales/en_US/ui.json?part=first-load';
import { DEFAULT_LANGUAGE, i18n } from './translator';

export { DEFAULT_LANGUAGE };

/** The English strings the entry carries: the site's frame and the public pages (area-strings.ts has the rest). */
export const firstLoadStrings = {
  account, badges, captcha, common, dialog, editor, error, flag, footer, header, legal, maintenance, nav, notifications,
  page_error, prompt, question, questions, review, revision_diff, revision_picker, tags,
};

let initialized = false;

/** English is bundled so the first paint never waits for a translation download. */
export async function initI18n(): Promise<void> {
  if (initialized) return;
  initialized = true;
  i18n.addResourceBundle(DEFAULT_LANGUAGE, firstLoadStrings);
  i18n.changeLanguage(DEFAULT_LANGUAGE);
}

let areaStrings: Promise<void> | undefined;

/** Adds the English strings of the areas a question page does not show (once, when the first of them loads). */
export function loadAreaStrings(): Promise<void> {
  return (areaStrings ??= import('./area-strings').then(
    (module) => i18n.addResourceBundle(DEFAULT_LANGUAGE, module.areaStrings),
    (error: unknown) => {
      // Tried again with the area (a network blip, a deploy that replaced the chunks).
      areaStrings = undefined;
      throw error;
    },
  ));
}

/** Switches the interface to `lang`, adding its bundle when one is given. */
export async function switchLanguage(lang: string, resources?: Record<string, unknown> | null): Promise<void> {
  // Dates in Chinese need dayjs's locale: fetched with the Chinese strings, not on every first visit.
  if (lang.toLowerCase().startsWith('zh')) await import('dayjs/locale/zh-cn').catch(() => undefined);
  if (resources) i18n.addResourceBundle(lang, resources);
  i18n.changeLanguage(lang);
  document.documentElement.lang = lang.replace('_', '-');
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options);
