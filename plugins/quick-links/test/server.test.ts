import { expect, test } from 'vitest';
import { pluginTypes } from '@answer/plugin-sdk';
import plugin from '../src/server.js';

test('the plugin describes itself as a sidebar plugin, off until enabled', () => {
  expect(plugin.info).toMatchObject({ slug_name: 'quick_links', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
  expect(plugin.info.name).toEqual({ en_US: 'Quick links', zh_CN: '快捷链接' });
  expect(plugin.info.description).toHaveProperty('zh_CN');
  expect(plugin.enabledByDefault).toBeUndefined();
  expect(pluginTypes(plugin)).toEqual(['config', 'sidebar']);
  expect(plugin.web).toEqual({ dir: 'dist/web', module: 'web.js', styles: ['quick-links.css'], adds: ['sidebar'] });
});

test('the browser gets the title and the links, parsed', () => {
  expect(plugin.publicConfig!({ title: ' Useful ', links: 'Rules | /help/rules\n\nProject | https://example.com' })).toEqual({
    title: 'Useful',
    links: [
      { label: 'Rules', url: '/help/rules' },
      { label: 'Project', url: 'https://example.com' },
    ],
  });
});

test('only valid lines reach the browser, and nothing for a form never saved', () => {
  expect(plugin.publicConfig!({ links: 'Evil | javascript:alert(1)\nbad\nGood | /a' })).toEqual({ title: '', links: [{ label: 'Good', url: '/a' }] });
  expect(plugin.publicConfig!({})).toEqual({ title: '', links: [] });
  expect(plugin.publicConfig!({ title: 42, links: ['x'] })).toEqual({ title: '', links: [] });
});
