import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TOOLBAR_ICONS } from '../editor/toolbar-icons';
import { MENU_ICONS } from '../../pages/admin/menu-icons';
import { Icon } from './Icon';
import { ICONS, type IconName } from './icons';
import { svgInner } from '../../../bootstrap-icons';

const parse = (markup: string) => {
  const host = document.createElement('div');
  host.innerHTML = markup;
  return host.querySelector('svg')!;
};

describe('Icon', () => {
  it('draws a registered Bootstrap icon inline, hidden from assistive technology, in the text colour', () => {
    const svg = parse(renderToStaticMarkup(<Icon name="arrow-up" size={18} className="me-1" />));
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('focusable')).toBe('false');
    expect(svg.getAttribute('viewBox')).toBe('0 0 16 16');
    expect(svg.getAttribute('fill')).toBe('currentColor');
    expect(svg.getAttribute('width')).toBe('18');
    expect(svg.classList.contains('me-1')).toBe(true);
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M8 15/);
    // Only the shapes: no nested <svg>, no title that a screen reader could announce.
    expect(svg.querySelector('svg, title')).toBeNull();
  });

  it('is as large as the text unless told otherwise', () => {
    expect(parse(renderToStaticMarkup(<Icon name="bell" />)).getAttribute('width')).toBe('1em');
  });

  it('accepts only the names of the registry', () => {
    // @ts-expect-error: not in components/icons/icons.ts, so not in the bundle either.
    const unknown: IconName = 'alarm';
    expect(Object.keys(ICONS)).not.toContain(unknown);
  });

  it('keeps every registered icon, the editor and admin sets too, as the shapes of its file', () => {
    for (const [name, body] of Object.entries({ ...ICONS, ...TOOLBAR_ICONS, ...MENU_ICONS })) {
      expect(body, name).toMatch(/^<(path|circle|rect)\b/);
      expect(body, name).not.toMatch(/<\/?svg|<script|\son\w+=/i);
    }
  });

  it('are read at build time as the shapes of their file, without its wrapper or indentation', () => {
    const file = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" fill="currentColor" class="bi bi-x" viewBox="0 0 16 16">\n  <path d="M1 1h2"/>\n  <path d="M3 3h2"/>\n</svg>\n';
    expect(svgInner(file)).toBe('<path d="M1 1h2"/><path d="M3 3h2"/>');
    expect(() => svgInner('<div>not an icon</div>')).toThrow(/not an SVG/);
    expect(() => svgInner('<svg><script>alert(1)</script></svg>')).toThrow(/only draw shapes/);
  });
});
