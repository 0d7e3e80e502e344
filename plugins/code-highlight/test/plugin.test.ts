// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest';
import type { PluginContext } from '@answer/plugin-sdk';
import type { WebHost } from '@answer/plugin-sdk/web';
import plugin from '../src/server.js';
import setup, { applyCodeTheme } from '../src/web.js';
import { THEME_PAIRS } from '../src/themes.js';

const context = (values: Record<string, unknown>) => ({ config: () => values }) as unknown as PluginContext;

afterEach(() => document.documentElement.removeAttribute('data-code-theme'));

test('the plugin describes itself and is on by default', () => {
  expect(plugin.info).toMatchObject({ slug_name: 'code_highlight', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
  expect(plugin.info.name).toHaveProperty('zh_CN');
  expect(plugin.enabledByDefault).toBe(true);
  expect(plugin.web).toEqual({ dir: 'dist/web', module: 'web.js', styles: ['code-themes.css'] });
});

test('the admin chooses among the theme pairs', () => {
  const field = plugin.config!.fields[0]!;
  expect(field).toMatchObject({ name: 'select_theme', type: 'select', default: 'answer' });
  expect(field.options!.map((o) => o.value)).toEqual(THEME_PAIRS.map((p) => p.value));
  expect(field.options!.length).toBeGreaterThanOrEqual(2);
});

test('GET /render/config and the browser get the chosen pair, unknown values fall back', () => {
  expect(plugin.render!.config!(context({ select_theme: 'warm' }))).toEqual({ select_theme: 'warm' });
  expect(plugin.render!.config!(context({ select_theme: '"><script>' }))).toEqual({ select_theme: 'answer' });
  expect(plugin.render!.config!(context({}))).toEqual({ select_theme: 'answer' });
  expect(plugin.publicConfig!({ select_theme: 'contrast' })).toEqual({ select_theme: 'contrast' });
});

test('the web module marks <html> with the chosen pair', () => {
  setup({ config: { select_theme: 'contrast' } } as unknown as WebHost);
  expect(document.documentElement.getAttribute('data-code-theme')).toBe('contrast');
  expect(applyCodeTheme('warm')).toBe('warm');
  expect(document.documentElement.getAttribute('data-code-theme')).toBe('warm');
  expect(applyCodeTheme(undefined)).toBe('answer');
  expect(document.documentElement.getAttribute('data-code-theme')).toBe('answer');
});
