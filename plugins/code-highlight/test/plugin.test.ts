import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import type { PluginContext } from '@answer/plugin-sdk';
import plugin from '../src/server.js';
import { THEME_PAIRS } from '../src/themes.js';

const context = (values: Record<string, unknown>) => ({ config: () => values }) as unknown as PluginContext;
const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '../assets');

/** The stylesheets the server links for the given saved values. */
const styles = (values: Record<string, unknown>) => {
  const list = plugin.web!.styles!;
  return typeof list === 'function' ? list(values) : list;
};

test('the plugin describes itself and is on by default', () => {
  expect(plugin.info).toMatchObject({ slug_name: 'code_highlight', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
  expect(plugin.info.name).toHaveProperty('zh_CN');
  expect(plugin.enabledByDefault).toBe(true);
});

test('the admin chooses among the theme pairs', () => {
  const field = plugin.config!.fields[0]!;
  expect(field).toMatchObject({ name: 'select_theme', type: 'select', default: 'answer' });
  expect(field.options!.map((o) => o.value)).toEqual(THEME_PAIRS.map((p) => p.value));
  expect(field.options!.length).toBeGreaterThanOrEqual(2);
});

test('GET /render/config gets the chosen pair, unknown values fall back', () => {
  expect(plugin.render!.config!(context({ select_theme: 'warm' }))).toEqual({ select_theme: 'warm' });
  expect(plugin.render!.config!(context({ select_theme: '"><script>' }))).toEqual({ select_theme: 'answer' });
  expect(plugin.render!.config!(context({}))).toEqual({ select_theme: 'answer' });
});

test('stylesheets only: no script for the browser and nothing for one to read', () => {
  expect(Object.keys(plugin.web!).sort()).toEqual(['dir', 'styles']);
  expect(plugin.web!.dir).toBe('dist/web');
  expect(typeof plugin.web!.styles).toBe('function');
  expect(plugin.publicConfig).toBeUndefined();
});

test('the base stylesheet and the chosen pair are linked', () => {
  expect(styles({ select_theme: 'answer' })).toEqual(['code-base.css', 'code-theme-answer.css']);
  expect(styles({ select_theme: 'warm' })).toEqual(['code-base.css', 'code-theme-warm.css']);
  expect(styles({ select_theme: 'contrast' })).toEqual(['code-base.css', 'code-theme-contrast.css']);
});

test('unknown or missing values get the default pair, never a made-up file name', () => {
  for (const select_theme of [undefined, null, '', 'WARM', '../x', 'x.css', 42, ['warm']]) {
    expect(styles({ select_theme }), String(select_theme)).toEqual(['code-base.css', 'code-theme-answer.css']);
  }
  expect(styles({})).toEqual(['code-base.css', 'code-theme-answer.css']);
});

test('every linked stylesheet ships in assets/ (the build copies them into dist/web)', () => {
  for (const { value } of THEME_PAIRS) {
    for (const file of styles({ select_theme: value })) expect(fs.existsSync(path.join(assets, file)), file).toBe(true);
  }
});
