import type { Translatable } from '@answer/plugin-sdk';

/**
 * The theme pairs: each is one stylesheet in assets/ (code-theme-<value>.css) with a light and a
 * dark scheme, and the page's colour scheme (Bootstrap's data-bs-theme) picks between them.
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

/** Which hljs-* class uses which colour role; the same for every pair. */
export const BASE_STYLESHEET = 'code-base.css';

/** The stylesheet that sets a pair's colour roles (only ever called with a known pair). */
export const pairStylesheet = (pair: string): string => `code-theme-${pair}.css`;
