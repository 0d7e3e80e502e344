/**
 * Draws the post's ```mermaid blocks (<pre class="mermaid-source">) as SVG, and draws them again
 * when the colour scheme changes. Mermaid comes through `load`, which the web module points at a
 * dynamic import, so pages without diagrams never download it.
 */
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import type { MermaidConfig, RenderResult } from 'mermaid';

export interface MermaidLike {
  initialize(config: MermaidConfig): void;
  render(id: string, text: string): Promise<RenderResult>;
  /** The DOMPurify instance mermaid sanitises with (see withoutParsedStyles). */
  purify?: { sanitize(dirty: string | Node, config?: { FORBID_TAGS?: string[] }): unknown };
}

type Host = Pick<WebHost, 'theme' | 'onThemeChange' | 'translate'>;

export const DIAGRAM_SELECTOR = 'pre.mermaid-source';

const ERROR_NOTE = { en_US: 'This diagram could not be drawn:', zh_CN: '无法绘制此图表：' };

// Mermaid's settings are global, so one queue runs every (initialise, draw) step in turn: a draw
// never runs under another scheme's settings. Mermaid also numbers nothing for us: ids are ours.
let queue: Promise<unknown> = Promise.resolve();
let configuredTheme: string | undefined;
let counter = 0;

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Settings a diagram's own %%{init}%% directive cannot change (mermaid's defaults plus themeCSS). */
const SECURE_KEYS = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges', 'themeCSS'];

/**
 * Mermaid measures labels while its <style> is blocked by the CSP, so in the page's own font; its
 * CSS, adopted afterwards, must name that same font or the text would outgrow the boxes.
 */
const pageFont = () => getComputedStyle(document.body).fontFamily || undefined;

function configure(mermaid: MermaidLike, theme: 'light' | 'dark') {
  if (configuredTheme === theme) return;
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: theme === 'dark' ? 'dark' : 'default',
    // Throw on bad input instead of drawing mermaid's own error picture; we show the source instead.
    suppressErrorRendering: true,
    secure: SECURE_KEYS,
    fontFamily: pageFont(),
  });
  configuredTheme = theme;
}

/** Test hook: forget the module's state between tests. */
export function resetDiagramsState(): void {
  queue = Promise.resolve();
  configuredTheme = undefined;
  counter = 0;
}

/**
 * The page's CSP admits no <style> element without its nonce, and mermaid puts its diagram's CSS in
 * one inside the SVG. The rules are scoped to the SVG's id, so they are moved into a constructed
 * stylesheet adopted by the document (constructed sheets are outside style-src); where those are
 * not supported the <style> stays, for policies that allow it.
 */
function adoptStyles(svg: DocumentFragment): CSSStyleSheet[] {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document) || !('replaceSync' in CSSStyleSheet.prototype)) return [];
  const sheets: CSSStyleSheet[] = [];
  for (const style of Array.from(svg.querySelectorAll('style'))) {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(style.textContent ?? '');
      sheets.push(sheet);
      style.remove();
    } catch {
      // Leave that <style> where it is.
    }
  }
  if (sheets.length) document.adoptedStyleSheets = [...document.adoptedStyleSheets, ...sheets];
  return sheets;
}

/**
 * While mermaid draws, it measures in a scratch element in the page, with <style> elements in it
 * (its own and its libraries'). The page's CSP admits a <style> only with the page's nonce (in
 * <meta property="csp-nonce">, read through the `nonce` property, which the attribute hides), so
 * for that time a <style> being inserted, or written as HTML, is given it first. Only <style>
 * elements, only while mermaid draws (its renders run one at a time, render.ts `enqueue`).
 */
async function withStyleNonce<T>(run: () => Promise<T>): Promise<T> {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  if (!nonce) return run();
  const append = Node.prototype.appendChild;
  const insert = Node.prototype.insertBefore;
  const mark = (node: Node) => {
    if (node instanceof Element && node.localName === 'style') node.setAttribute('nonce', nonce);
  };
  Node.prototype.appendChild = function <N extends Node>(this: Node, node: N): N {
    mark(node);
    return append.call(this, node) as N;
  };
  Node.prototype.insertBefore = function <N extends Node>(this: Node, node: N, child: Node | null): N {
    mark(node);
    return insert.call(this, node, child) as N;
  };
  const withNonce = (value: string) => value.replace(/<style(?=[\s>])/gi, `<style nonce="${nonce}"`);
  // Some labels are set as HTML (after DOMPurify), <style> included.
  const html = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
  Object.defineProperty(Element.prototype, 'innerHTML', {
    ...html,
    set(this: Element, value: string) {
      html.set!.call(this, typeof value === 'string' ? withNonce(value) : value);
    },
  });
  try {
    return await run();
  } finally {
    Node.prototype.appendChild = append;
    Node.prototype.insertBefore = insert;
    Object.defineProperty(Element.prototype, 'innerHTML', html);
  }
}

const STYLE_BLOCK = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * Mermaid hands its finished SVG, <style> and all, to DOMPurify, which parses it with DOMParser. A
 * parsed document inherits the page's policy, so the browser reports that <style> as blocked (a
 * nonce does not help there), though the SVG is drawn all the same. While mermaid draws, its
 * sanitiser is therefore given the text without its <style> blocks, and they are put back at the
 * start of the SVG it returns: only where the call allows <style> at all, and only blocks with no
 * markup in them (DOMPurify's own rule for <style>, since inside an SVG their text is parsed as
 * markup). adoptStyles then moves their rules into adopted sheets.
 */
async function withoutParsedStyles<T>(purify: MermaidLike['purify'], run: () => Promise<T>): Promise<T> {
  if (!purify) return run();
  const sanitize = purify.sanitize;
  purify.sanitize = function (this: unknown, dirty: string | Node, config?: { FORBID_TAGS?: string[] }) {
    if (typeof dirty !== 'string' || !/<style\b/i.test(dirty)) return sanitize.call(this, dirty, config);
    const styles: string[] = [];
    const clean = sanitize.call(
      this,
      dirty.replace(STYLE_BLOCK, (_block, css: string) => {
        styles.push(css);
        return '';
      }),
      config,
    );
    const kept = config?.FORBID_TAGS?.includes('style') ? [] : styles.filter((css) => !/<[/\w!]/.test(css));
    if (!kept.length || typeof clean !== 'string') return clean;
    return clean.replace(/^(<svg\b[^>]*>)/i, (open) => open + kept.map((css) => `<style>${css}</style>`).join(''));
  };
  try {
    return await run();
  } finally {
    purify.sanitize = sanitize;
  }
}

function dropStyles(sheets: CSSStyleSheet[]) {
  if (sheets.length) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => !sheets.includes(sheet));
}

/**
 * Mermaid's SVG with strict security carries no scripts; this is a second fence in case a future
 * version or diagram type slips one through (the CSP would also block inline handlers).
 */
function stripActive(fragment: DocumentFragment) {
  for (const element of Array.from(fragment.querySelectorAll('script, iframe, object, embed'))) element.remove();
  for (const element of Array.from(fragment.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const value = attribute.value.trim().toLowerCase();
      if (attribute.name.toLowerCase().startsWith('on') || ((attribute.name === 'href' || attribute.name.endsWith(':href')) && value.startsWith('javascript:'))) {
        element.removeAttribute(attribute.name);
      }
    }
  }
}

interface Block {
  pre: HTMLElement;
  source: string;
  /** The <code> the server wrote, put back by the clean-up. */
  original: Node[];
  sheets: CSSStyleSheet[];
  note?: HTMLElement;
}

const known = new WeakMap<HTMLElement, Block>();

function restore(block: Block) {
  dropStyles(block.sheets);
  block.sheets = [];
  block.note?.remove();
  block.note = undefined;
  block.pre.classList.remove('mermaid-rendered', 'mermaid-failed');
  block.pre.replaceChildren(...block.original);
}

export function diagramsRenderer(host: Host, load: () => Promise<MermaidLike>): Mount {
  return (root) => {
    const blocks: Block[] = Array.from(root.querySelectorAll<HTMLElement>(DIAGRAM_SELECTOR)).map((pre) => {
      // A block already drawn by an earlier pass keeps the source it had then, not the SVG's text.
      let block = known.get(pre);
      if (!block) {
        block = { pre, source: pre.textContent ?? '', original: Array.from(pre.childNodes), sheets: [] };
        known.set(pre, block);
      }
      return block;
    });
    if (blocks.length === 0) return;
    let active = true;

    const draw = (block: Block, mermaid: MermaidLike) =>
      enqueue(async () => {
        if (!active || !block.pre.isConnected) return;
        configure(mermaid, host.theme());
        const id = `answer-mermaid-${++counter}`;
        try {
          const { svg, bindFunctions } = await withStyleNonce(() => withoutParsedStyles(mermaid.purify, () => mermaid.render(id, block.source)));
          if (!active) return;
          const template = document.createElement('template');
          template.innerHTML = svg;
          stripActive(template.content);
          restore(block);
          block.sheets = adoptStyles(template.content);
          block.pre.replaceChildren(template.content);
          block.pre.classList.add('mermaid-rendered');
          bindFunctions?.(block.pre);
        } catch (error) {
          // Mermaid may leave its scratch element behind when it fails.
          document.getElementById(`d${id}`)?.remove();
          if (!active) return;
          restore(block);
          block.pre.classList.add('mermaid-failed');
          const note = document.createElement('p');
          note.className = 'mermaid-error';
          note.setAttribute('role', 'note');
          // The message can quote the source: text only.
          const detail = error instanceof Error ? error.message.split('\n')[0] : '';
          note.textContent = `${host.translate(ERROR_NOTE)} ${detail}`.trim();
          block.pre.after(note);
          block.note = note;
        }
      });

    const drawAll = () =>
      load().then(
        (mermaid) => Promise.all(blocks.map((block) => draw(block, mermaid))),
        // Mermaid failed to load: the source stays as a code block.
        () => undefined,
      );

    void drawAll();
    const stopListening = host.onThemeChange(() => void drawAll());

    return () => {
      active = false;
      stopListening();
      for (const block of blocks) {
        restore(block);
        known.delete(block.pre);
      }
    };
  };
}
