// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { EditorButton, Mount, WebHost } from '@answer/plugin-sdk/web';
import type { MermaidConfig } from 'mermaid';
import { diagramButton } from '../src/editor.js';
import { diagramsRenderer, resetDiagramsState, type MermaidLike } from '../src/render.js';

// Mermaid stands in for the dynamic import: it draws an SVG that names the source it was given,
// with a <style> the way mermaid scopes its CSS to the SVG's id.
const initialize = vi.fn((_config: MermaidConfig) => undefined);
const render = vi.fn(async (id: string, text: string) => {
  if (text.includes('bad')) throw new Error('Parse error on line 2:\nbad <img src=x onerror=alert(1)>');
  return { svg: `<svg id="${id}" xmlns="http://www.w3.org/2000/svg"><style>#${id}{fill:red}</style><text>${text.length}</text></svg>`, diagramType: 'flowchart' };
});
const fakeMermaid: MermaidLike = { initialize, render };
vi.mock('mermaid', () => ({ default: { initialize, render } }));

function fakeHost(initial: 'light' | 'dark' = 'light') {
  let theme = initial;
  const listeners = new Set<(t: 'light' | 'dark') => void>();
  return {
    theme: () => theme,
    onThemeChange: (listener: (t: 'light' | 'dark') => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    translate: (text: unknown) => (text as Record<string, string>).en_US!,
    setTheme(next: 'light' | 'dark') {
      theme = next;
      listeners.forEach((listener) => listener(next));
    },
    listeners,
  };
}

const post = (html: string) => {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
};
const SOURCE = '<pre class="mermaid-source"><code>graph TD\nA --&gt; B\n</code></pre>';

// jsdom has constructable sheets but not adoptedStyleSheets: give the document a plain one.
let adopted: CSSStyleSheet[] = [];
beforeEach(() => {
  adopted = [];
  Object.defineProperty(document, 'adoptedStyleSheets', { configurable: true, get: () => adopted, set: (v: CSSStyleSheet[]) => (adopted = v) });
});
afterEach(() => {
  vi.clearAllMocks();
  resetDiagramsState();
  document.body.innerHTML = '';
});

describe('the renderer', () => {
  test('draws each block as SVG with strict settings and unique ids', async () => {
    const host = fakeHost();
    const load = vi.fn(async () => fakeMermaid);
    const root = post(SOURCE + '<p>text</p>' + SOURCE.replace('B', 'C'));
    diagramsRenderer(host, load)(root);
    await vi.waitFor(() => expect(root.querySelectorAll('svg')).toHaveLength(2));

    expect(load).toHaveBeenCalledOnce();
    expect(initialize).toHaveBeenCalledOnce();
    expect(initialize.mock.calls[0]![0]).toMatchObject({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
    expect(initialize.mock.calls[0]![0].secure).toContain('themeCSS');
    const ids = render.mock.calls.map(([id]) => id);
    expect(new Set(ids).size).toBe(2);
    expect(render.mock.calls[0]![1]).toBe('graph TD\nA --> B\n');
    const pre = root.querySelector('pre')!;
    expect(pre.classList.contains('mermaid-rendered')).toBe(true);
    expect(pre.querySelector('code')).toBeNull();
    // Mermaid's <style> left the SVG for an adopted sheet (the CSP blocks <style> elements).
    expect(root.querySelector('style')).toBeNull();
    expect(adopted).toHaveLength(2);
  });

  test('loads nothing when the post has no diagram', () => {
    const load = vi.fn(async () => fakeMermaid);
    expect(diagramsRenderer(fakeHost(), load)(post('<pre><code class="hljs">graph TD</code></pre>'))).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });

  test('draws again in the new scheme when the theme changes', async () => {
    const host = fakeHost('light');
    const root = post(SOURCE);
    diagramsRenderer(host, async () => fakeMermaid)(root);
    await vi.waitFor(() => expect(root.querySelector('svg')).not.toBeNull());
    const firstId = root.querySelector('svg')!.id;

    host.setTheme('dark');
    await vi.waitFor(() => expect(root.querySelector('svg')!.id).not.toBe(firstId));
    expect(initialize).toHaveBeenCalledTimes(2);
    expect(initialize.mock.calls[1]![0]).toMatchObject({ theme: 'dark', securityLevel: 'strict' });
    // Drawn from the kept source, not from the first SVG's text.
    expect(render.mock.calls[1]![1]).toBe('graph TD\nA --> B\n');
    expect(root.querySelectorAll('svg')).toHaveLength(1);
    expect(adopted).toHaveLength(1);
  });

  test('a diagram that fails shows its source as code with a note', async () => {
    const root = post('<pre class="mermaid-source"><code>graph TD\nbad</code></pre>');
    diagramsRenderer(fakeHost(), async () => fakeMermaid)(root);
    await vi.waitFor(() => expect(root.querySelector('.mermaid-error')).not.toBeNull());
    expect(root.querySelector('pre')!.innerHTML).toBe('<code>graph TD\nbad</code>');
    const note = root.querySelector('.mermaid-error')!;
    expect(note.textContent).toBe('This diagram could not be drawn: Parse error on line 2:');
    expect(root.querySelector('img')).toBeNull();
  });

  test('the clean-up puts the source back and stops following the theme', async () => {
    const host = fakeHost();
    const root = post(SOURCE);
    const cleanup = diagramsRenderer(host, async () => fakeMermaid)(root) as () => void;
    await vi.waitFor(() => expect(root.querySelector('svg')).not.toBeNull());
    cleanup();
    expect(root.innerHTML).toBe(SOURCE);
    expect(adopted).toHaveLength(0);
    expect(host.listeners.size).toBe(0);
  });

  test('scripts and handlers in the SVG never reach the page', async () => {
    render.mockImplementationOnce(async (id: string) => ({
      svg: `<svg id="${id}" onload="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)"><text onclick="x()">t</text></a></svg>`,
      diagramType: 'flowchart',
    }));
    const root = post(SOURCE);
    diagramsRenderer(fakeHost(), async () => fakeMermaid)(root);
    await vi.waitFor(() => expect(root.querySelector('svg')).not.toBeNull());
    expect(root.querySelector('pre')!.innerHTML).not.toMatch(/script|onload|onclick|javascript:/);
  });

  test("mermaid's sanitiser never parses a <style>; the SVG gets back only the blocks that hold no markup", async () => {
    const given: string[] = [];
    // A stand-in for DOMPurify that records what it parses and returns it as it is.
    const purify = { sanitize: (dirty: string | Node) => (given.push(String(dirty)), String(dirty)) };
    render.mockImplementationOnce(async (id: string) => ({
      svg: String(
        purify.sanitize(`<svg id="${id}"><style>#${id}{fill:red}</style><style>x</style><style>a{}</style><text>t</text></svg>`.replace('<style>x</style>', '<style><img src=x></style>')),
      ),
      diagramType: 'flowchart',
    }));
    const root = post(SOURCE);
    diagramsRenderer(fakeHost(), async () => ({ ...fakeMermaid, purify }))(root);
    await vi.waitFor(() => expect(root.querySelector('svg')).not.toBeNull());
    expect(given).toHaveLength(1);
    expect(given[0]).not.toMatch(/<style/);
    // The two plain blocks were adopted; the one with markup in it was dropped.
    expect(adopted.map((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText).join(' '))).toEqual([expect.stringContaining('fill: red'), expect.stringMatching(/^a {\s*}$/)]);
    expect(root.querySelector('img, style')).toBeNull();
    // Outside a draw, the sanitiser is the caller's again.
    expect(purify.sanitize('<b>x</b>')).toBe('<b>x</b>');
    expect(given).toHaveLength(2);
  });

  test('a failed load leaves the source', async () => {
    const root = post(SOURCE);
    diagramsRenderer(fakeHost(), () => Promise.reject(new Error('offline')))(root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.innerHTML).toBe(SOURCE);
  });
});

test('the web module registers the button and a renderer importing mermaid on use', async () => {
  const { default: setup } = await import('../src/web.js');
  const buttons: EditorButton[] = [];
  const renderers: Mount[] = [];
  const host = { ...fakeHost(), addEditorButton: (b: EditorButton) => buttons.push(b), addRenderer: (r: Mount) => renderers.push(r) };
  setup(host as unknown as WebHost);
  expect(buttons.map((b) => b.name)).toEqual(['diagram']);
  const root = post(SOURCE);
  renderers[0]!(root);
  await vi.waitFor(() => expect(root.querySelector('svg')).not.toBeNull());
  expect(render).toHaveBeenCalledOnce();
});

test('the editor button inserts a flowchart in a mermaid fence, its body selected', () => {
  const calls: [string, { start: number; end: number } | undefined][] = [];
  diagramButton.run({ selection: () => '', replaceSelection: (text, select) => calls.push([text, select]) });
  const [text, select] = calls[0]!;
  expect(text).toMatch(/^\n```mermaid\nflowchart TD\n[\s\S]+\n```\n$/);
  expect(text.slice(select!.start, select!.end)).toMatch(/^flowchart TD[\s\S]*A$/);
  expect(diagramButton.icon).toMatch(/^<svg[^>]*stroke="currentColor"/);
});
