import fs from 'node:fs';
import type { Plugin } from 'vite';

const ICON = /\/bootstrap-icons\/icons\/[a-z0-9-]+\.svg\?icon$/;

/**
 * The markup inside a Bootstrap Icons file's <svg> element, without the indentation between elements.
 * Every icon of the set has the same 16 x 16 view box and draws in currentColor, so the wrapper is
 * the component's to write (components/icons/svg-icon.tsx).
 */
export function svgInner(file: string): string {
  const open = file.indexOf('<svg');
  const start = open < 0 ? -1 : file.indexOf('>', open) + 1;
  const end = file.lastIndexOf('</svg>');
  if (start <= 0 || end < start) throw new Error('not an SVG icon file');
  const inner = file.slice(start, end).trim().replace(/>\s+</g, '><');
  if (/<script|\son\w+=/i.test(inner)) throw new Error('an icon file may only draw shapes');
  return inner;
}

/**
 * `bootstrap-icons/icons/<name>.svg?icon`: that icon's shapes as a string (svgInner), one module per
 * icon, so a bundle holds only the icons its code imports and nothing of each file's wrapper. The
 * browser build, the server-side build and the unit tests all load icons through this.
 */
export function bootstrapIcons(): Plugin {
  return {
    name: 'answer-bootstrap-icons',
    // Before Vite's own asset handling, which would turn an .svg import into a URL.
    enforce: 'pre',
    load(id) {
      if (!ICON.test(id)) return null;
      const file = id.slice(0, id.indexOf('?'));
      return { code: `export default ${JSON.stringify(svgInner(fs.readFileSync(file, 'utf8')))};`, moduleType: 'js' };
    },
  };
}
