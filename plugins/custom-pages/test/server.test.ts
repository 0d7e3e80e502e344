import { expect, test } from 'vitest';
import { pluginTypes } from '@answer/plugin-sdk';
import plugin from '../src/server.js';

const VALUES = {
  page1_path: 'about',
  page1_title: 'About us',
  page1_markdown: 'Hello',
  page2_path: 'help/rules',
  page2_title: 'Rules',
  page2_markdown: 'Be kind',
  // Neither of these is a page: one is incomplete, the other's path is the site's own.
  page3_path: 'draft',
  page3_markdown: 'Soon',
  page4_path: 'admin',
  page4_title: 'Admin',
  page4_markdown: 'No',
};

test('the plugin describes itself as a route plugin, off until enabled', () => {
  expect(plugin.info).toMatchObject({ slug_name: 'custom_pages', version: '1.0.0', author: 'Answer team', sdk: '1.0.0' });
  expect(plugin.info.name).toEqual({ en_US: 'Custom pages', zh_CN: '自定义页面' });
  expect(plugin.info.description).toHaveProperty('zh_CN');
  expect(plugin.enabledByDefault).toBeUndefined();
  expect(pluginTypes(plugin)).toEqual(['config', 'agent', 'route']);
  expect(plugin.web).toMatchObject({ dir: 'dist/web', module: 'web.js', styles: ['custom-pages.css'], adds: ['page'] });
});

test('the host’s page list comes from the saved values', () => {
  const pages = plugin.web!.pages;
  expect(typeof pages).toBe('function');
  const list = (pages as (values: Record<string, unknown>) => { path: string; title: unknown }[])(VALUES);
  expect(list).toEqual([
    { path: 'about', title: 'About us' },
    { path: 'help/rules', title: 'Rules' },
  ]);
  // Every path is one the host accepts as a page path (server/src/features/plugin/web.ts).
  for (const { path } of list) expect(path).toMatch(/^[a-z0-9][a-z0-9/_-]{0,199}$/i);
  expect((pages as (values: Record<string, unknown>) => unknown[])({})).toEqual([]);
});

test('the browser gets the paths and titles, never the Markdown', () => {
  expect(plugin.publicConfig!(VALUES)).toEqual({
    pages: [
      { path: 'about', title: 'About us' },
      { path: 'help/rules', title: 'Rules' },
    ],
  });
  expect(JSON.stringify(plugin.publicConfig!(VALUES))).not.toContain('Hello');
});

test('a path saved twice is one page, the first', () => {
  const values = { ...VALUES, page5_path: 'about', page5_title: 'Other', page5_markdown: 'x' };
  expect(plugin.publicConfig!(values)).toEqual({ pages: [{ path: 'about', title: 'About us' }, { path: 'help/rules', title: 'Rules' }] });
});
