// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import setup from '../src/web.js';
import { embedsRenderer } from '../src/render.js';
import { markdownPipeline } from '../../../server/src/core/markdown.js';

/** Markdown rendered as the site renders posts with this plugin's rules and markup. */
const pipeline = (extend: Parameters<typeof markdownPipeline>[0][number]['extend'], allowedMarkup: Parameters<typeof markdownPipeline>[0][number]['allowedMarkup']) =>
  markdownPipeline([{ extend, allowedMarkup }]);

const ID = 'dQw4w9WgXcQ';
const ALL_ON = ['youtube', 'vimeo', 'codepen', 'loom', 'github_gist'].map((platform) => ({ platform, enable: true }));
const host = (platforms: unknown = ALL_ON) => ({ config: { platforms }, translate: (t: unknown) => (t as Record<string, string>).en_US! });

// Posts as the core renders them: linkified, sanitised.
const { render } = pipeline(() => undefined, {});
const post = (markdown: string) => {
  const root = document.createElement('div');
  root.innerHTML = render(markdown);
  document.body.append(root);
  return root;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('players', () => {
  test('a bare link on its own line becomes a sandboxed player, the link kept below', () => {
    const root = post(`Watch this:\n\nhttps://www.youtube.com/watch?v=${ID}&t=42\n\nThanks`);
    embedsRenderer(host())(root);
    const wrapper = root.querySelector('.answer-embed')!;
    expect(wrapper.className).toBe('answer-embed answer-embed-youtube');
    const iframe = wrapper.querySelector('.answer-embed-frame > iframe')!;
    expect(Object.fromEntries(Array.from(iframe.attributes).map((a) => [a.name, a.value]))).toEqual({
      src: `https://www.youtube-nocookie.com/embed/${ID}?start=42`,
      title: 'YouTube video',
      loading: 'lazy',
      allowfullscreen: '',
      referrerpolicy: 'strict-origin-when-cross-origin',
      sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
      allow: 'picture-in-picture; encrypted-media',
    });
    const below = wrapper.querySelector('.answer-embed-frame + p.answer-embed-link > a')!;
    expect(below.getAttribute('href')).toBe(`https://www.youtube.com/watch?v=${ID}&t=42`);
    expect(below.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    // The paragraphs around it are untouched.
    expect(root.querySelectorAll('p')[0]!.textContent).toBe('Watch this:');
  });

  test('each platform, including inside lists and quotes', () => {
    const root = post(['https://vimeo.com/76979871', '> https://codepen.io/jo/pen/abXYz12', '- one\n\n- https://www.loom.com/share/0123456789abcdef0123456789abcdef'].join('\n\n'));
    embedsRenderer(host())(root);
    expect(Array.from(root.querySelectorAll('iframe')).map((f) => new URL(f.src).origin)).toEqual([
      'https://player.vimeo.com',
      'https://codepen.io',
      'https://www.loom.com',
    ]);
  });

  test('links that do not stand alone, or whose text is not the address, stay links', () => {
    const root = post(
      [`See https://youtu.be/${ID} here`, `[my video](https://youtu.be/${ID})`, `https://youtu.be/${ID}\nand more`, `**https://youtu.be/${ID}**`].join('\n\n'),
    );
    const before = root.innerHTML;
    expect(embedsRenderer(host())(root)).toBeUndefined();
    expect(root.innerHTML).toBe(before);
  });

  test('a disabled platform stays a link', () => {
    const root = post(`https://youtu.be/${ID}\n\nhttps://vimeo.com/76979871`);
    embedsRenderer(host(ALL_ON.map((s) => ({ ...s, enable: s.platform !== 'youtube' }))))(root);
    expect(root.querySelectorAll('iframe')).toHaveLength(1);
    expect(root.querySelector('iframe')!.src).toMatch(/^https:\/\/player\.vimeo\.com\//);
    expect(embedsRenderer(host(null))(post(`https://youtu.be/${ID}`))).toBeUndefined();
  });

  test('hostile links are never embedded', () => {
    const root = document.createElement('div');
    // Written as HTML directly: the sanitiser would already have dropped most of these.
    root.innerHTML = [
      '<p><a href="javascript:alert(1)">javascript:alert(1)</a></p>',
      '<p><a href="https://www.youtube.com.evil.com/watch?v=x">https://www.youtube.com.evil.com/watch?v=x</a></p>',
      `<p><a href="https://www.youtube.com/watch?v=${ID.slice(0, 9)}&quot;x">https://www.youtube.com/watch?v=${ID.slice(0, 9)}"x</a></p>`,
      `<p><a href="https://evil.com/">https://youtu.be/${ID}</a></p>`,
    ].join('');
    const before = root.innerHTML;
    embedsRenderer(host())(root);
    expect(root.innerHTML).toBe(before);
    expect(root.querySelector('iframe')).toBeNull();
  });

  test('the clean-up restores the post', () => {
    const root = post(`https://youtu.be/${ID}\n\nhttps://gist.github.com/octo/0123456789abcdef0123`);
    const before = root.innerHTML;
    const cleanup = embedsRenderer(host())(root) as () => void;
    expect(root.innerHTML).not.toBe(before);
    cleanup();
    expect(root.innerHTML).toBe(before);
  });
});

test('a gist becomes a link card, with no script and no frame', () => {
  const root = post('https://gist.github.com/octo-cat/0123456789abcdef0123');
  embedsRenderer(host())(root);
  const card = root.querySelector('.answer-embed-card')!;
  expect(card.querySelector('.answer-embed-card-title')!.textContent).toBe('GitHub Gist · octo-cat / 0123456789ab');
  const link = card.querySelector('a')!;
  expect(link.textContent).toBe('View gist on GitHub');
  expect(link.getAttribute('href')).toBe('https://gist.github.com/octo-cat/0123456789abcdef0123');
  expect(link.rel).toBe('nofollow noopener noreferrer');
  expect(root.querySelector('script, iframe')).toBeNull();
});

test('the web module adds the renderer with the switches the server sent', () => {
  const renderers: Mount[] = [];
  setup({ ...host(), addRenderer: (r: Mount) => renderers.push(r) } as unknown as WebHost);
  const root = post(`https://youtu.be/${ID}`);
  renderers[0]!(root);
  expect(root.querySelector('iframe')).not.toBeNull();
});
