import { definePlugin } from '@answer/plugin-sdk';
import { config, textOf } from './config.js';
import { readLinks } from './links.js';

/** A box of links in the main layout's sidebar, the admin's list; its browser part draws them. */
export default definePlugin({
  info: {
    slug_name: 'quick_links',
    name: { en_US: 'Quick links', zh_CN: '快捷链接' },
    description: {
      en_US: 'A box of links in the sidebar, chosen by the administrator: pages of this site or of other sites.',
      zh_CN: '在侧边栏显示一组由管理员设置的链接，可以指向本站页面或其他网站。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  config,
  // Only the lines that are links: a save with a bad line is refused, so these are all of them.
  publicConfig: (values) => ({ title: textOf(values.title), links: readLinks(textOf(values.links)).links }),
  web: { dir: 'dist/web', module: 'web.js', styles: ['quick-links.css'], adds: ['sidebar'] },
});
