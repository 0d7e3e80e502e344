// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest';
import { translate, type Translatable } from '@answer/plugin-sdk';
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import setup from '../src/web.js';

interface Widget {
  title?: Translatable;
  mount: Mount;
}

/** The parts of a WebHost the module uses, recording the widgets it adds. */
function fakeHost(config: Record<string, unknown>, language = 'en_US') {
  const widgets: Widget[] = [];
  const host = { slug: 'quick_links', language, config, translate: (text: Translatable) => translate(text, language), addSidebarWidget: (w: Widget) => widgets.push(w) };
  setup(host as unknown as WebHost);
  return widgets;
}

/** Mounts the one widget added into a fresh element, as the host's sidebar does. */
function mounted(config: Record<string, unknown>, language?: string) {
  const widgets = fakeHost(config, language);
  expect(widgets).toHaveLength(1);
  const element = document.createElement('div');
  document.body.append(element);
  const cleanUp = widgets[0]!.mount(element);
  return { widget: widgets[0]!, element, cleanUp };
}

afterEach(() => {
  document.body.innerHTML = '';
});

test('a plain list: site paths in the same tab, other sites in a new one', () => {
  const { widget, element } = mounted({ title: 'Useful', links: [{ label: 'Rules', url: '/help/rules' }, { label: 'Project', url: 'https://example.com/x' }] });
  expect(widget.title).toBe('Useful');
  const anchors = Array.from(element.querySelectorAll('ul.quick-links > li > a'));
  expect(anchors).toHaveLength(2);
  const [site, other] = anchors as HTMLAnchorElement[];
  expect(site!.getAttribute('href')).toBe('/help/rules');
  expect(site!.textContent).toBe('Rules');
  expect(site!.hasAttribute('target')).toBe(false);
  expect(site!.hasAttribute('rel')).toBe(false);
  expect(other!.getAttribute('href')).toBe('https://example.com/x');
  expect(other!.getAttribute('target')).toBe('_blank');
  expect(other!.getAttribute('rel')).toBe('noopener noreferrer');
  expect(other!.className).toBe('quick-links-external');
  expect(other!.querySelector('.visually-hidden')!.textContent).toBe(' (opens in a new tab)');
});

test('hostile labels stay text', () => {
  const label = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  const { element } = mounted({ links: [{ label, url: '/a' }] });
  expect(element.querySelector('a')!.textContent).toBe(label);
  expect(element.querySelector('img, script')).toBeNull();
  expect(element.querySelector('a')!.children).toHaveLength(0);
});

test('addresses that are not links are left out, whatever the server sent', () => {
  const { element } = mounted({
    links: [
      { label: 'Script', url: 'javascript:alert(1)' },
      { label: 'Script, cased', url: ' JavaScript:alert(1)' },
      { label: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
      { label: 'Elsewhere', url: '//evil.example' },
      { label: 'Backslash', url: '/\\evil.example' },
      { label: '', url: '/empty-label' },
      { label: 'No address' },
      'just text',
      null,
      { label: 'Good', url: '/good' },
    ],
  });
  expect(Array.from(element.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual(['/good']);
});

test('no links, no box', () => {
  expect(fakeHost({ title: 'Useful', links: [] })).toEqual([]);
  expect(fakeHost({})).toEqual([]);
  expect(fakeHost({ links: 'Rules | /rules' })).toEqual([]);
  expect(fakeHost({ links: [{ label: 'Evil', url: 'javascript:alert(1)' }] })).toEqual([]);
});

test('without a title the box is called “Links” in the reader’s language', () => {
  expect(mounted({ title: '  ', links: [{ label: 'a', url: '/a' }] }).widget.title).toEqual({ en_US: 'Links', zh_CN: '链接' });
  const { element } = mounted({ links: [{ label: 'a', url: 'https://example.com' }] }, 'zh_CN');
  expect(element.querySelector('.visually-hidden')!.textContent).toBe(' （在新标签页中打开）');
});

test('the clean-up removes the list', () => {
  const { element, cleanUp } = mounted({ links: [{ label: 'a', url: '/a' }] });
  expect(element.children).toHaveLength(1);
  (cleanUp as () => void)();
  expect(element.innerHTML).toBe('');
});
