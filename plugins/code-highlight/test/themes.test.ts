// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import hljs from 'highlight.js/lib/common';
import sanitizeHtml from 'sanitize-html';
import { BASE_STYLESHEET, THEME_PAIRS, pairStylesheet } from '../src/themes.js';

// A path, not a URL object: under jsdom the global URL is jsdom's, which fs does not take.
const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), '../assets');
const read = (file: string) => fs.readFileSync(path.join(assets, file), 'utf8');
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

const base = read(BASE_STYLESHEET);
/** Each pair's own stylesheet, by pair. */
const pairCss = new Map(THEME_PAIRS.map(({ value }) => [value, read(pairStylesheet(value))]));

interface Block { pair: string; scheme: 'light' | 'dark'; selectors: string[]; vars: Record<string, string> }
const blocksOf = (css: string): Block[] =>
  [...css.matchAll(/\/\* theme: (\w+) (light|dark) \*\/\s*([^{]+)\{([^}]+)\}/g)].map((m) => ({
    pair: m[1]!,
    scheme: m[2] as 'light' | 'dark',
    selectors: m[3]!.split(',').map((s) => s.trim()),
    vars: Object.fromEntries([...m[4]!.matchAll(/(--ch-[\w-]+):\s*(#[0-9a-f]{6})/g)].map((v) => [v[1]!, v[2]!])),
  }));
const blocks = [...pairCss.values()].flatMap(blocksOf);

// Our selectors use attributes and :root only: each [attr] and :root weighs one class.
const specificity = (selector: string) => (selector.match(/\[/g)?.length ?? 0) + (selector.match(/:root/g)?.length ?? 0);

/** The block whose custom properties an element gets from its own rules, among one page's blocks. */
function winner(element: Element, linked: Block[]): Block | undefined {
  let best: { block: Block; weight: number; order: number } | undefined;
  linked.forEach((block, order) => {
    for (const selector of block.selectors) {
      if (!element.matches(selector)) continue;
      const weight = specificity(selector);
      if (!best || weight > best.weight || (weight === best.weight && order > best.order)) best = { block, weight, order };
    }
  });
  return best?.block;
}

/** What an element ends up with: its own winner, or what it inherits (custom properties inherit). */
function applied(element: Element, linked: Block[]): Block | undefined {
  for (let at: Element | null = element; at; at = at.parentElement) {
    const found = winner(at, linked);
    if (found) return found;
  }
  return undefined;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
// Bootstrap 5.3's --bs-tertiary-bg: what pre keeps where :has() is unsupported.
const BOOTSTRAP_TERTIARY = { light: '#f8f9fa', dark: '#2b3035' };

describe('the stylesheets', () => {
  test('each pair file defines its pair in both schemes, with the same roles as every other pair', () => {
    const roles = Object.keys(blocks[0]!.vars).sort();
    expect(roles.length).toBeGreaterThan(10);
    for (const [value, css] of pairCss) {
      const own = blocksOf(css);
      expect(own.map((b) => `${b.pair} ${b.scheme}`), value).toEqual([`${value} light`, `${value} dark`]);
      for (const block of own) expect(Object.keys(block.vars).sort(), `${value} ${block.scheme}`).toEqual(roles);
      // Nothing else: the token rules live in the base stylesheet only.
      expect(withoutComments(css).match(/\{/g), value).toHaveLength(2);
    }
    // Every role the token rules read is defined, and the base sets none itself.
    const read = [...base.matchAll(/var\((--ch-[\w-]+)\)/g)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(10);
    for (const name of read) expect(roles).toContain(name);
    expect(withoutComments(base)).not.toMatch(/--ch-[\w-]+\s*:/);
  });

  test('the light scheme is the default and each scheme keys on data-bs-theme alone', () => {
    for (const block of blocks) {
      expect(block.selectors, `${block.pair} ${block.scheme}`).toEqual(
        block.scheme === 'light' ? [':root', "[data-bs-theme='light']"] : ["[data-bs-theme='dark']"],
      );
    }
    // No other attribute anywhere: the page needs nothing but Bootstrap's own.
    for (const css of [base, ...pairCss.values()]) {
      for (const [, attribute] of withoutComments(css).matchAll(/\[([\w-]+)/g)) expect(attribute).toBe('data-bs-theme');
    }
  });

  test('code blocks take the pair\'s background where :has() works', () => {
    expect(withoutComments(base)).toMatch(/pre:has\(> code\.hljs\) \{\s*background-color: var\(--ch-bg\);/);
  });

  test('every colour reads well on its background (WCAG AA, 4.5:1)', () => {
    for (const block of blocks) {
      for (const [name, colour] of Object.entries(block.vars)) {
        if (name.endsWith('bg')) continue;
        const background = name === '--ch-addition' || name === '--ch-deletion' ? block.vars[`${name}-bg`]! : block.vars['--ch-bg']!;
        expect(contrast(colour, background), `${block.pair} ${block.scheme} ${name}`).toBeGreaterThanOrEqual(4.5);
        if (!name.startsWith('--ch-addition') && !name.startsWith('--ch-deletion')) {
          expect(contrast(colour, BOOTSTRAP_TERTIARY[block.scheme]), `${block.pair} ${block.scheme} ${name} (fallback)`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  test('the base stylesheet styles every token class the core lets through', () => {
    const samples: [string, string][] = [
      ['javascript', 'class A extends B { /** @param x */ async f(x = 1) { return `a${x}` + /re/g.test("s") ?? null; } }'],
      ['python', '@dec\ndef f(a: int) -> str:\n    """doc"""\n    return f"{a}" if True else None  # c'],
      ['css', '#id .cls:hover > a[href] { color: #fff !important; } @media (min-width: 1px) {}'],
      ['xml', '<!DOCTYPE html><a href="x">&amp;<!-- c --></a>'],
      ['diff', '@@ -1 +1 @@\n-old\n+new'],
      ['markdown', '# Head\n*em* **strong** [l](u)\n- item\n> quote\n`code`'],
      ['bash', 'export A=1; echo "$A" | grep -v x # c'],
      ['sql', 'SELECT count(*) FROM t WHERE a = \'x\';'],
      ['go', 'package main\nfunc main() { var x int = 0x1F; fmt.Println(x) }'],
    ];
    const allowed = new Set<string>();
    for (const [language, code] of samples) {
      const html = sanitizeHtml(hljs.highlight(code, { language }).value, { allowedTags: ['span'], allowedClasses: { span: [/^hljs[\w-]*$/] } });
      for (const [, cls] of html.matchAll(/class="([^"]+)"/g)) allowed.add(cls!);
    }
    // Operators, punctuation and interpolations read in the base colour on purpose.
    const plain = new Set(['hljs-operator', 'hljs-punctuation', 'hljs-subst', 'hljs-code']);
    expect(allowed.size).toBeGreaterThan(15);
    const missing = [...allowed].filter((cls) => !plain.has(cls) && !base.includes(`.${cls},`) && !base.includes(`.${cls} {`));
    expect(missing).toEqual([]);
  });
});

describe('which theme applies (the page links the base and one pair)', () => {
  const html = document.documentElement;
  const setScheme = (scheme: string | null) => (scheme === null ? html.removeAttribute('data-bs-theme') : html.setAttribute('data-bs-theme', scheme));
  const linked = (pair: string) => blocksOf(pairCss.get(pair)!);

  test('each pair in each scheme, light without a scheme attribute', () => {
    for (const { value } of THEME_PAIRS) {
      for (const scheme of ['light', 'dark'] as const) {
        setScheme(scheme);
        expect(applied(html, linked(value)), `${value} ${scheme}`).toMatchObject({ pair: value, scheme });
      }
      setScheme(null);
      expect(applied(html, linked(value)), `${value} without a scheme`).toMatchObject({ pair: value, scheme: 'light' });
    }
  });

  test('an element with its own scheme gets that scheme of the chosen pair, and passes it down', () => {
    const box = document.createElement('div');
    const code = document.createElement('code');
    box.append(code);
    document.body.append(box);
    for (const { value } of THEME_PAIRS) {
      for (const [page, own] of [['light', 'dark'], ['dark', 'light'], [null, 'dark']] as const) {
        setScheme(page);
        box.setAttribute('data-bs-theme', own);
        expect(applied(box, linked(value)), `${value}: ${own} inside ${page}`).toMatchObject({ pair: value, scheme: own });
        expect(applied(code, linked(value)), `${value}: inside ${own} inside ${page}`).toMatchObject({ pair: value, scheme: own });
      }
      // Unmarked, the box inherits the page's scheme.
      box.removeAttribute('data-bs-theme');
      setScheme('dark');
      expect(applied(code, linked(value))).toMatchObject({ pair: value, scheme: 'dark' });
    }
    box.remove();
    setScheme(null);
  });
});
