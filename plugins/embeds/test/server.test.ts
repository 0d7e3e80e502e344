import { expect, test } from 'vitest';
import type { PluginContext } from '@answer/plugin-sdk';
import { pluginTypes } from '@answer/plugin-sdk';
import plugin from '../src/server.js';

const context = (values: Record<string, unknown>) => ({ config: () => values }) as unknown as PluginContext;

test('the plugin describes itself as an embed plugin with a switch per platform', () => {
  expect(plugin.info).toMatchObject({ slug_name: 'embeds', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
  expect(plugin.info.description).toHaveProperty('zh_CN');
  expect(pluginTypes(plugin)).toEqual(['config', 'embed', 'render']);
  const fields = plugin.config!.fields;
  expect(fields.map((f) => f.name)).toEqual(['youtube', 'vimeo', 'codepen', 'loom', 'github_gist']);
  for (const field of fields) expect(field).toMatchObject({ type: 'switch', default: true });
});

test('GET /embed/config lists every platform and whether it is on', () => {
  expect(plugin.embed!.platforms(context({ vimeo: false, loom: 'false' }))).toEqual([
    { platform: 'youtube', enable: true },
    { platform: 'vimeo', enable: false },
    { platform: 'codepen', enable: true },
    { platform: 'loom', enable: false },
    { platform: 'github_gist', enable: true },
  ]);
});

test('frame-src gets the origins of enabled players only', () => {
  expect(plugin.embed!.frameSources(context({}))).toEqual([
    'https://www.youtube-nocookie.com',
    'https://player.vimeo.com',
    'https://codepen.io',
    'https://www.loom.com',
  ]);
  expect(plugin.embed!.frameSources(context({ youtube: false, codepen: false, loom: false }))).toEqual(['https://player.vimeo.com']);
  // Gists need no frame: turning everything else off leaves frame-src as it was.
  expect(plugin.embed!.frameSources(context({ youtube: false, vimeo: false, codepen: false, loom: false }))).toEqual([]);
});

test('the browser gets the same switches', () => {
  expect(plugin.publicConfig!({ youtube: false })).toEqual({ platforms: plugin.embed!.platforms(context({ youtube: false })) });
});
