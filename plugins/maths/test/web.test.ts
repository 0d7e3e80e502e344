// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { EditorButton, Mount, WebHost } from '@answer/plugin-sdk/web';
import type { KatexOptions } from 'katex';
import { mathsButton } from '../src/editor.js';
import { mathsRenderer, type Katex } from '../src/render.js';

// KaTeX stands in for the dynamic import: what matters is which elements reach it and how.
const katexRender = vi.fn((tex: string, element: HTMLElement, _options: KatexOptions) => {
  element.innerHTML = `<span class="katex">${tex.length}</span>`;
});
vi.mock('katex', () => ({ default: { render: katexRender } }));

const post = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  katexRender.mockClear();
  document.body.innerHTML = '';
});

describe('the renderer', () => {
  test('typesets each maths element with KaTeX in the right mode', async () => {
    const katex: Katex = { render: katexRender };
    const load = vi.fn(async () => katex);
    const root = post('<p><span class="math-inline">x^2</span></p><div class="math-display">\\frac12</div>');
    const cleanup = mathsRenderer(load)(root);
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(katexRender).toHaveBeenCalledTimes(2);
    expect(katexRender.mock.calls[0]!.slice(0, 1)).toEqual(['x^2']);
    expect(katexRender.mock.calls[0]![2]).toEqual({ throwOnError: false, displayMode: false, trust: false, strict: 'ignore' });
    expect(katexRender.mock.calls[1]![0]).toBe('\\frac12');
    expect(katexRender.mock.calls[1]![2]).toMatchObject({ displayMode: true });
    expect(root.querySelectorAll('.katex')).toHaveLength(2);

    // The clean-up puts the TeX back, so the host can render the post again.
    (cleanup as () => void)();
    expect(root.querySelector('.math-inline')!.textContent).toBe('x^2');
    expect(root.querySelector('.math-display')!.textContent).toBe('\\frac12');
  });

  test('loads nothing when the post has no maths', async () => {
    const load = vi.fn(async () => ({ render: katexRender }));
    expect(mathsRenderer(load)(post('<p>It costs $5 and $10.</p>'))).toBeUndefined();
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  test('nothing is typeset once the post is gone, and a failed load leaves the TeX', async () => {
    const root = post('<span class="math-inline">a</span>');
    const cleanup = mathsRenderer(async () => ({ render: katexRender }))(root);
    (cleanup as () => void)();
    await settle();
    expect(katexRender).not.toHaveBeenCalled();

    mathsRenderer(() => Promise.reject(new Error('offline')))(root);
    await settle();
    expect(root.textContent).toBe('a');
  });

  test('an unexpected KaTeX error leaves readable TeX', async () => {
    const root = post('<span class="math-inline">\\bad</span>');
    mathsRenderer(async () => ({ render: () => { throw new Error('boom'); } }))(root);
    await settle();
    expect(root.innerHTML).toBe('<span class="math-inline math-error">\\bad</span>');
  });
});

describe('the web module', () => {
  test('registers the editor button and a renderer that imports KaTeX on use', async () => {
    const { default: setup } = await import('../src/web.js');
    const buttons: EditorButton[] = [];
    const renderers: Mount[] = [];
    setup({ addEditorButton: (b: EditorButton) => buttons.push(b), addRenderer: (r: Mount) => renderers.push(r) } as unknown as WebHost);
    expect(buttons.map((b) => b.name)).toEqual(['maths']);
    expect(renderers).toHaveLength(1);

    const root = post('<span class="math-inline">y</span>');
    renderers[0]!(root);
    // The stylesheet link is added; jsdom loads no CSS, so say it loaded.
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')!;
    expect(link.href).toMatch(/\/web\.css$/);
    link.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(katexRender).toHaveBeenCalledOnce());
    expect(katexRender.mock.calls[0]![0]).toBe('y');
  });
});

describe('the editor button', () => {
  const editor = (selected: string) => {
    const calls: [string, { start: number; end: number } | undefined][] = [];
    return { calls, access: { selection: () => selected, replaceSelection: (text: string, select?: { start: number; end: number }) => calls.push([text, select]) } };
  };

  test('inserts an example with its TeX selected', () => {
    const e = editor('');
    mathsButton.run(e.access);
    expect(e.calls).toEqual([['$x^2$', { start: 1, end: 4 }]]);
  });

  test('wraps the selection, as display maths when it spans lines', () => {
    const one = editor('a+b');
    mathsButton.run(one.access);
    expect(one.calls).toEqual([['$a+b$', { start: 1, end: 4 }]]);
    const many = editor('a\n= b');
    mathsButton.run(many.access);
    expect(many.calls).toEqual([['$$\na\n= b\n$$', { start: 3, end: 8 }]]);
  });

  test('draws its icon in currentColor', () => {
    expect(mathsButton.icon).toMatch(/^<svg[^>]*stroke="currentColor"/);
    expect(mathsButton.icon).not.toMatch(/<script|on\w+=/i);
  });
});
