import { definePlugin } from '@answer/plugin-sdk';
import type { MarkdownIt } from 'markdown-it';
import { diagramsMarkdown, diagramsMarkup } from './markdown.js';

export default definePlugin({
  info: {
    slug_name: 'diagrams',
    name: { en_US: 'Diagrams', zh_CN: '图表' },
    description: {
      en_US: 'Draws flowcharts, sequence diagrams and more from ```mermaid code blocks with Mermaid.',
      zh_CN: '使用 Mermaid 将 ```mermaid 代码块绘制成流程图、时序图等图表。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  render: {
    // The host passes the core's markdown-it instance, typed loosely by the SDK.
    markdown: (md) => diagramsMarkdown(md as MarkdownIt),
    allowedMarkup: diagramsMarkup,
  },
  web: { dir: 'dist/web', module: 'web.js', styles: ['diagrams.css'], adds: ['renderer', 'editor'] },
});
