// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import hljs from 'highlight.js/lib/common';
import sanitizeHtml from 'sanitize-html';
import { THEME_PAIRS } from '../src/themes.js';

// A path, not a URL object: under jsdom the global URL is jsdom's, which fs does not take.
const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../assets/code-themes.css'), 'utf8');

interface Block { pair: string; scheme: 'light' | 'dark'; selectors: string[]; vars: Record<string, string> }
const blocks: Block[] = [...css.matchAll(/\/\* theme: (\w+) (light|dark) \*\/\s*([^{]+)\{([^}]+)\}/g)].map((m) => ({
  pair: m[1]!,
  scheme: m[2] as 'light' | 'dark',
  selectors: m[3]!.split(',').map((s) => s.trim()),
  vars: Object.fromEntries([...m[4]!.matchAll(/(--ch-[\w-]+):\s*(#[0-9a-f]{6})/g)].map((v) => [v[1]!, v[2]!])),
}));

// Our selectors use attributes, :root and :not() only: each [attr] and :root weighs one class.
const specificity = (selector: string) => (selector.match(/\[/g)?.length ?? 0) + (selector.match(/:root/g)?.length ?? 0);

/** The theme block whose custom properties an element gets from its own matching rules. */
function winner(element: Element): Block | undefined {
  let best: { block: Block; weight: number; order: number } | undefined;
  blocks.forEach((block, order) => {
    for (const selector of block.selectors) {
      if (!element.matches(selector)) continue;
      const weight = specificity(selector);
      if (!best || weight > best.weight || (weight === best.weight && order > best.order)) best = { block, weight, order };
    }
  });
  return best?.block;
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

describe('the stylesheet', () => {
  test('defines every pair in both schemes with the same roles', () => {
    const roles = Object.keys(blocks[0]!.vars).sort();
    expect(roles.length).toBeGreaterThan(10);
    for (const { value } of THEME_PAIRS) {
      for (const scheme of ['light', 'dark'] as const) {
        const block = blocks.find((b) => b.pair === value && b.scheme === scheme);
        expect(block, `${value} ${scheme}`).toBeDefined();
        expect(Object.keys(block!.vars).sort()).toEqual(roles);
      }
    }
    expect(blocks).toHaveLength(THEME_PAIRS.length * 2);
    // Every role the token rules read is defined.
    for (const [, name] of css.matchAll(/var\((--ch-[\w-]+)\)/g)) expect(roles).toContain(name);
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

  test('styles every token class the core lets through', () => {
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
    const missing = [...allowed].filter((cls) => !plain.has(cls) && !css.includes(`.${cls},`) && !css.includes(`.${cls} {`));
    expect(missing).toEqual([]);
  });
});

describe('which theme applies', () => {
  const html = document.documentElement;
  const set = (pair: string | null, scheme: string | null) => {
    for (const [name, value] of [['data-code-theme', pair], ['data-bs-theme', scheme]] as const) {
      if (value === null) html.removeAttribute(name);
      else html.setAttribute(name, value);
    }
  };

  test('the default pair before the web module runs, light without a scheme attribute', () => {
    set(null, null);
    expect(winner(html)).toMatchObject({ pair: 'answer', scheme: 'light' });
    set(null, 'dark');
    expect(winner(html)).toMatchObject({ pair: 'answer', scheme: 'dark' });
  });

  test('each pair in each scheme', () => {
    for (const { value } of THEME_PAIRS) {
      for (const scheme of ['light', 'dark'] as const) {
        set(value, scheme);
        expect(winner(html), `${value} ${scheme}`).toMatchObject({ pair: value, scheme });
      }
      set(value, null);
      expect(winner(html)).toMatchObject({ pair: value, scheme: 'light' });
    }
  });

  test('an element with its own scheme gets that scheme of the chosen pair', () => {
    set('warm', 'light');
    const box = document.createElement('div');
    box.setAttribute('data-bs-theme', 'dark');
    document.body.append(box);
    expect(winner(box)).toMatchObject({ pair: 'warm', scheme: 'dark' });
    set('warm', 'dark');
    box.setAttribute('data-bs-theme', 'light');
    expect(winner(box)).toMatchObject({ pair: 'warm', scheme: 'light' });
    box.remove();
  });
});
