/**
 * Text a plugin shows people: one string, or a string per language (`en_US`, `zh_CN`, ...). The host
 * picks the reader's language, then en_US, then the first one given.
 */
export type Translatable = string | Record<string, string>;

export function translate(text: Translatable | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return text[language] ?? text.en_US ?? Object.values(text)[0] ?? '';
}
