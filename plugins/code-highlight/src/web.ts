import type { WebHost } from '@answer/plugin-sdk/web';
import { THEME_ATTRIBUTE, themePair } from './themes.js';

/**
 * Marks <html> with the chosen pair; the stylesheet does the rest, including following the
 * page's light or dark scheme, so nothing here listens for theme changes.
 */
export function applyCodeTheme(value: unknown, root: HTMLElement = document.documentElement): string {
  const pair = themePair(value);
  root.setAttribute(THEME_ATTRIBUTE, pair);
  return pair;
}

export default function setup(host: WebHost): void {
  applyCodeTheme(host.config.select_theme);
}
