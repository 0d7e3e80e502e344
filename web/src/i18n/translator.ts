import { useSyncExternalStore } from 'react';

/**
 * The app's translator: what it used of i18next and react-i18next, in a few hundred bytes instead
 * of 18 KB gzip on every first visit (issue 15, docs/decisions.md). Same lookups and output:
 * "a.b.c" keys into nested bundles; the current language, then English; with a numeric `count`,
 * `<key>_zero` (count 0), then `<key>_<plural category of that language>`, then `<key>`; `{{name}}`
 * (or `{{a.b}}`) replaced by the option's value, unescaped (React escapes what it renders), left as
 * it is when the option is not given at all; `defaultValue` when no bundle has the key, else the key.
 */

type Options = Record<string, unknown>;
type Bundle = Record<string, unknown>;
export type TFunction = (key: string, options?: Options) => string;

/** The bundled language, and the one a missing string falls back to. */
export const DEFAULT_LANGUAGE = 'en_US';
const VARIABLE = /\{\{(.+?)\}\}/g;

const bundles = new Map<string, Bundle>();
const pluralRules = new Map<string, Intl.PluralRules | null>();
const listeners = new Set<() => void>();

const isBundle = (v: unknown): v is Bundle => typeof v === 'object' && v !== null && !Array.isArray(v);

function lookup(bundle: unknown, path: string): unknown {
  let node = bundle;
  for (const part of path.split('.')) node = isBundle(node) ? node[part] : undefined;
  return node;
}

/** Intl's plural category ("one", "other"…) of `count` in `lng`; "other" for a code Intl does not know. */
function pluralCategory(lng: string, count: number): string {
  if (!pluralRules.has(lng)) {
    let rules: Intl.PluralRules | null = null;
    try {
      rules = new Intl.PluralRules(lng.replace('_', '-'));
    } catch {
      // An unknown code: every count is "other", the form without a suffix.
    }
    pluralRules.set(lng, rules);
  }
  return pluralRules.get(lng)?.select(count) ?? 'other';
}

function interpolate(text: string, options: Options | undefined): string {
  return text.replace(VARIABLE, (match, name: string) => {
    const variable = name.trim();
    const value = lookup(options, variable);
    if (value === undefined) return options && Object.hasOwn(options, variable) ? '' : match;
    return value === null ? '' : String(value);
  });
}

function translate(language: string, key: string, options?: Options): string {
  const count = options?.count;
  for (const lng of new Set([(options?.lng as string | undefined) ?? language, DEFAULT_LANGUAGE])) {
    const candidates = typeof count === 'number' ? [`${key}_${pluralCategory(lng, count)}`, key] : [key];
    if (count === 0) candidates.unshift(`${key}_zero`);
    for (const candidate of candidates) {
      const text = lookup(bundles.get(lng), candidate);
      if (typeof text === 'string') return interpolate(text, options);
    }
  }
  return options?.defaultValue !== undefined ? interpolate(String(options.defaultValue), options) : key;
}

/** What a component gets from useTranslation(): replaced by a new one at every language change. */
interface Translation {
  t: TFunction;
  i18n: { language: string };
}

function translation(language: string): Translation {
  return { t: (key, options) => translate(language, key, options), i18n: { language } };
}

let current = translation(DEFAULT_LANGUAGE);

export const i18n = {
  get language(): string {
    return current.i18n.language;
  },
  t: ((key, options) => current.t(key, options)) as TFunction,
  hasResourceBundle: (lng: string): boolean => bundles.has(lng),
  /** Adds strings to a language's bundle, merged into what it has (new strings win). */
  addResourceBundle(lng: string, resources: Bundle): void {
    bundles.set(lng, merge(bundles.get(lng) ?? {}, resources));
  },
  /** Switches every translating component (they render again, as with react-i18next, even for the same language). */
  changeLanguage(lng: string): void {
    current = translation(lng);
    for (const listener of listeners) listener();
  },
};

function merge(into: Bundle, from: Bundle): Bundle {
  const out: Bundle = { ...into };
  for (const [k, v] of Object.entries(from)) out[k] = isBundle(v) && isBundle(out[k]) ? merge(out[k], v) : v;
  return out;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

/** The translate function and language for a component, which renders again when the language changes. */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
