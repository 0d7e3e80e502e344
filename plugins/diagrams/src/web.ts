/**
 * The browser part: an editor button, and a renderer that draws ```mermaid blocks. Mermaid (a few
 * megabytes) is imported only when a page has a diagram; the build puts it in chunks of its own.
 */
import type { WebHost } from '@answer/plugin-sdk/web';
import { diagramButton } from './editor.js';
import { diagramsRenderer, type MermaidLike } from './render.js';

let mermaid: Promise<MermaidLike> | undefined;
const loadMermaid = () =>
  (mermaid ??= Promise.all([import('mermaid'), import('dompurify')]).then(([module, purify]) => ({
    initialize: (config) => module.default.initialize(config),
    render: (id, text) => module.default.render(id, text),
    purify: purify.default,
  })));

export default function setup(host: WebHost): void {
  host.addEditorButton(diagramButton);
  host.addRenderer(diagramsRenderer(host, loadMermaid));
}
