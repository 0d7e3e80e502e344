// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { translate, type Translatable } from '@answer/plugin-sdk';
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import setup from '../src/web.js';

interface Page {
  path: string;
  title: Translatable;
  mount: Mount;
}

/** A reply the test settles when it likes. */
function deferred() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** The parts of a WebHost the module uses: the pages it adds and the API calls it makes are kept. */
function fakeHost(config: Record<string, unknown>, language = 'en_US') {
  const pages: Page[] = [];
  const calls: { path: string; reply: ReturnType<typeof deferred> }[] = [];
  const get = vi.fn((path: string) => {
    const reply = deferred();
    calls.push({ path, reply });
    return reply.promise;
  });
  const host = { slug: 'custom_pages', language, config, translate: (text: Translatable) => translate(text, language), addPage: (p: Page) => pages.push(p), api: { get } };
  setup(host as unknown as WebHost);
  return { pages, calls };
}

const CONFIG = { pages: [{ path: 'about', title: 'About us' }, { path: 'help/rules', title: 'Rules' }] };

/** Mounts a page into a fresh element, as the host's page route does. */
function mount(page: Page) {
  const element = document.createElement('div');
  document.body.append(element);
  return { element, cleanUp: page.mount(element) as () => void };
}

/** Lets the module's promise handlers run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

test('a page for each configured one, nothing fetched before it is shown', () => {
  const { pages, calls } = fakeHost(CONFIG);
  expect(pages.map(({ path, title }) => ({ path, title }))).toEqual(CONFIG.pages);
  expect(calls).toEqual([]);
});

test('loading, then the route’s HTML under the title', async () => {
  const { pages, calls } = fakeHost(CONFIG);
  const { element } = mount(pages[1]!);
  expect(calls.map((c) => c.path)).toEqual(['/answer/api/v1/plugin/custom_pages/page/help/rules']);

  const article = element.querySelector('article.custom-page')!;
  expect(article.getAttribute('aria-busy')).toBe('true');
  expect(article.querySelector('h1')!.textContent).toBe('Rules');
  const status = article.querySelector('.custom-page-status')!;
  expect(status.textContent).toBe('Loading…');
  expect(status.getAttribute('role')).toBe('status');

  calls[0]!.reply.resolve({ html: '<ol><li>Be kind</li></ol>', title: 'Rules' });
  await settled();
  expect(article.hasAttribute('aria-busy')).toBe(false);
  expect(article.querySelector('.custom-page-status')).toBeNull();
  expect(article.querySelector('.custom-page-body')!.innerHTML).toBe('<ol><li>Be kind</li></ol>');
  expect(Array.from(article.children).map((c) => c.tagName)).toEqual(['H1', 'DIV']);
});

test('an error state when the page cannot be loaded, in the reader’s language', async () => {
  for (const [language, text] of [
    ['en_US', 'This page could not be loaded. Please try again later.'],
    ['zh_CN', '无法加载此页面，请稍后再试。'],
  ]) {
    const { pages, calls } = fakeHost(CONFIG, language);
    const { element } = mount(pages[0]!);
    if (language === 'zh_CN') expect(element.querySelector('.custom-page-status')!.textContent).toBe('加载中…');
    calls[0]!.reply.reject(new Error('404'));
    await settled();
    const error = element.querySelector('.custom-page-error')!;
    expect(error.textContent).toBe(text);
    expect(error.getAttribute('role')).toBe('alert');
    expect(element.querySelector('.custom-page-body')).toBeNull();
    expect(element.querySelector('article')!.hasAttribute('aria-busy')).toBe(false);
  }
});

test('a reply without HTML is an error too', async () => {
  const { pages, calls } = fakeHost(CONFIG);
  const { element } = mount(pages[0]!);
  calls[0]!.reply.resolve(null);
  await settled();
  expect(element.querySelector('.custom-page-error')).not.toBeNull();
});

test('the title is text, whatever it holds', () => {
  const title = '<img src=x onerror=alert(1)>';
  const { pages } = fakeHost({ pages: [{ path: 'about', title }] });
  const { element } = mount(pages[0]!);
  expect(element.querySelector('h1')!.textContent).toBe(title);
  expect(element.querySelector('img')).toBeNull();
});

test('leaving before the reply: the page is removed and the reply draws nothing', async () => {
  const { pages, calls } = fakeHost(CONFIG);
  const { element, cleanUp } = mount(pages[0]!);
  cleanUp();
  expect(element.innerHTML).toBe('');
  calls[0]!.reply.resolve({ html: '<p>late</p>', title: 'About us' });
  await settled();
  expect(element.innerHTML).toBe('');
});

test('only well-formed pages of the config become pages', () => {
  const { pages } = fakeHost({
    pages: [
      { path: '../admin', title: 'Climb' },
      { path: 'admin', title: 'Reserved' },
      { path: 'About', title: 'Cased' },
      { path: 'about' },
      { path: 42, title: 'Number' },
      null,
      'about',
      { path: 'help/rules', title: 'Rules' },
    ],
  });
  expect(pages.map((p) => p.path)).toEqual(['help/rules']);
  expect(fakeHost({}).pages).toEqual([]);
  expect(fakeHost({ pages: 'about' }).pages).toEqual([]);
});
