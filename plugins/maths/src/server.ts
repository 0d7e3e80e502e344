import { definePlugin } from '@answer/plugin-sdk';
import type { MarkdownIt } from 'markdown-it';
import { mathsMarkdown, mathsMarkup } from './markdown.js';

export default definePlugin({
  info: {
    slug_name: 'maths',
    name: { en_US: 'Maths', zh_CN: '数学公式' },
    description: {
      en_US: 'Typesets TeX maths written between $...$ (inline) and $$...$$ (display) with KaTeX.',
      zh_CN: '使用 KaTeX 排版写在 $...$（行内）和 $$...$$（独立成行）之间的 TeX 数学公式。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  render: {
    // The host passes the core's markdown-it instance, typed loosely by the SDK.
    markdown: (md) => mathsMarkdown(md as MarkdownIt),
    allowedMarkup: mathsMarkup,
  },
  web: { dir: 'dist/web', module: 'web.js', adds: ['renderer', 'editor'] },
});
