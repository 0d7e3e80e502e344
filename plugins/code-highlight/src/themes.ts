import type { Translatable } from '@answer/plugin-sdk';

/**
 * The theme pairs assets/code-themes.css defines: each has a light and a dark scheme, and the page's
 * colour scheme picks between them. `value` is what data-code-theme on <html> carries.
 */
export const THEME_PAIRS: { value: string; label: Translatable }[] = [
  { value: 'answer', label: { en_US: 'Answer (balanced)', zh_CN: 'Answer（均衡）' } },
  { value: 'warm', label: { en_US: 'Warm (paper and ember)', zh_CN: '暖色（纸张与余烬）' } },
  { value: 'contrast', label: { en_US: 'High contrast', zh_CN: '高对比度' } },
];

export const DEFAULT_THEME = 'answer';

/** A saved or sent value reduced to a known pair (anything else falls back to the default). */
export function themePair(value: unknown): string {
  return THEME_PAIRS.some((pair) => pair.value === value) ? (value as string) : DEFAULT_THEME;
}

/** The attribute on <html> that code-themes.css keys each pair on. */
export const THEME_ATTRIBUTE = 'data-code-theme';
