import { expect, test } from 'vitest';
import type { PluginContext, PluginRequest } from '@answer/plugin-sdk';
import { renderMarkdown } from '../../../server/src/core/markdown.js';
import plugin from '../src/server.js';

const VALUES = {
  page1_path: 'about',
  page1_title: 'About us',
  page1_markdown: '# Who we are\n\nA *friendly* place. <script>alert(1)</script>',
  page2_path: 'help/rules',
  page2_title: 'Rules',
  page2_markdown: '1. Be kind',
  // Incomplete: no page.
  page3_path: 'draft',
  page3_title: 'Draft',
};

// The host's context renders Markdown with the core's renderer; the same is used here.
const context = { config: () => VALUES, markdown: renderMarkdown } as unknown as PluginContext;
const route = plugin.routes!.public![0]!;
/** Calls the route with the path as the host gives it: the segments after /page/, decoded, joined by `/`. */
const get = (path: string) => route.handler({ method: 'GET', params: { '*': path }, query: {}, body: null, user: null, language: 'en_US', ip: '' } as PluginRequest, context);

test('one public route, GET /page/*', () => {
  expect(plugin.routes).toEqual({ public: [route] });
  expect(route).toMatchObject({ method: 'GET', path: '/page/*' });
});

test('a configured page: its Markdown rendered as a post is, and its title', async () => {
  const reply = await get('about');
  expect(reply).toEqual({ html: renderMarkdown(VALUES.page1_markdown), title: 'About us' });
  const html = (reply as { html: string }).html;
  expect(html).toContain('<h1>Who we are</h1>');
  expect(html).toContain('<em>friendly</em>');
  expect(html).not.toContain('<script');
  await expect(get('help/rules')).resolves.toMatchObject({ title: 'Rules', html: expect.stringContaining('<li>Be kind</li>') });
});

test.each(['', 'contact', 'draft', 'About', 'about/more', 'help', 'rules', 'help/rules/x'])('%j is not a page', async (path) => {
  await expect(get(path)).resolves.toEqual({ status: 404, message: { en_US: 'There is no such page.', zh_CN: '没有这个页面。' } });
});

test.each(['../about', '../../etc/passwd', 'help/../about', './about', 'x/../../about', '..%2Fabout', '%2e%2e/about', 'about/..', '/about', 'about\u0000'])(
  'a path trying to climb, %j, names no page',
  async (path) => {
    await expect(get(path)).resolves.toMatchObject({ status: 404 });
  },
);
