import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Translations live in <repo>/locales/<lang>/{backend,ui}.json; languages.json lists them with the
 * label shown to users. Backend bundles are flat maps "reason.key" -> "Text with {{var}}".
 */
export const DEFAULT_LANGUAGE = 'en_US';
export const LOCALES_DIR =
  process.env.ANSWER_LOCALES_PATH || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

export interface LanguageInfo {
  label: string;
  value: string;
  progress: number;
}

const languages: LanguageInfo[] = JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, 'languages.json'), 'utf8'));
const backend = new Map<string, Record<string, string>>();
const uiCache = new Map<string, unknown>();

function readJson(file: string): unknown {
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
}

function backendBundle(lang: string): Record<string, string> {
  let bundle = backend.get(lang);
  if (!bundle) {
    bundle = (readJson(path.join(LOCALES_DIR, lang, 'backend.json')) as Record<string, string>) ?? {};
    backend.set(lang, bundle);
  }
  return bundle;
}

export const listLanguages = (): LanguageInfo[] => languages;
export const isLanguage = (lang: string): boolean => languages.some((l) => l.value === lang);

/**
 * Upstream clients send a bare locale code ("en_US"); browsers send "en-US,en;q=0.9". Both are
 * accepted: the first tag is normalised and matched case-insensitively, by language if need be.
 */
export function resolveLanguage(header: string | undefined | null): string {
  const first = String(header ?? '').split(',')[0]!.split(';')[0]!.trim().replace('-', '_');
  if (!first) return DEFAULT_LANGUAGE;
  const exact = languages.find((l) => l.value.toLowerCase() === first.toLowerCase());
  if (exact) return exact.value;
  const base = first.split('_')[0]!.toLowerCase();
  return languages.find((l) => l.value.toLowerCase().startsWith(`${base}_`))?.value ?? DEFAULT_LANGUAGE;
}

/** Translates a reason key; a missing key falls back to en_US, then to the key itself. */
export function t(lang: string, key: string, vars?: Record<string, string | number>): string {
  const text = backendBundle(lang)[key] ?? backendBundle(DEFAULT_LANGUAGE)[key] ?? key;
  return vars ? text.replace(/\{\{\s*\.?(\w+)\s*\}\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
}

/** The "ui" bundle the web app loads for a language (GET /language/config). */
export function uiBundle(lang: string): unknown {
  if (!uiCache.has(lang)) uiCache.set(lang, readJson(path.join(LOCALES_DIR, lang, 'ui.json')) ?? {});
  return uiCache.get(lang);
}
