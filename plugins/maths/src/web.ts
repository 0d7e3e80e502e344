/**
 * The browser part: an editor button, and a renderer that typesets maths with KaTeX. KaTeX's
 * script and stylesheet load only on pages that have maths.
 */
import type { WebHost } from '@answer/plugin-sdk/web';
// Importing the CSS makes the build emit web.css next to web.js, with KaTeX's fonts copied beside it
// and its url()s rewritten relative to it, so they resolve under /plugins/maths/. It is not listed
// in `styles`: the renderer links it only when a page has maths.
import 'katex/dist/katex.min.css';
import { mathsButton } from './editor.js';
import { mathsRenderer } from './render.js';
import { loadStylesheet } from './stylesheet.js';

const STYLESHEET = new URL('web.css', import.meta.url).href;

async function loadKatex() {
  const [katex] = await Promise.all([import('katex'), loadStylesheet(STYLESHEET)]);
  return katex.default;
}

export default function setup(host: WebHost): void {
  host.addEditorButton(mathsButton);
  host.addRenderer(mathsRenderer(loadKatex));
}
