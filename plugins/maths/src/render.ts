/**
 * Typesets the maths elements of a rendered post with KaTeX. KaTeX comes through `load`, which the
 * web module points at a dynamic import, so pages without maths never download it.
 */
import type { Mount } from '@answer/plugin-sdk/web';
import type { KatexOptions } from 'katex';

export interface Katex {
  render(tex: string, element: HTMLElement, options: KatexOptions): void;
}

export const MATHS_SELECTOR = '.math-inline, .math-display';

/** Each typeset element's TeX, so a clean-up (or a second pass) can put the source back. */
const sources = new WeakMap<HTMLElement, string>();

export function mathsRenderer(load: () => Promise<Katex>): Mount {
  return (root) => {
    const elements = Array.from(root.querySelectorAll<HTMLElement>(MATHS_SELECTOR));
    if (elements.length === 0) return;
    let active = true;

    load().then(
      (katex) => {
        if (!active) return;
        for (const element of elements) {
          if (!element.isConnected) continue;
          const tex = sources.get(element) ?? element.textContent ?? '';
          sources.set(element, tex);
          try {
            // trust: false keeps \href, \url, \htmlClass and friends from producing links or markup.
            katex.render(tex, element, { throwOnError: false, displayMode: element.classList.contains('math-display'), trust: false, strict: 'ignore' });
          } catch {
            // throwOnError: false covers TeX errors; anything else leaves the source readable.
            element.textContent = tex;
            element.classList.add('math-error');
          }
        }
      },
      // KaTeX failed to load (offline, blocked): the TeX stays as text, which still reads.
      () => undefined,
    );

    return () => {
      active = false;
      for (const element of elements) {
        const tex = sources.get(element);
        if (tex === undefined) continue;
        element.textContent = tex;
        element.classList.remove('math-error');
        sources.delete(element);
      }
    };
  };
}
