import { definePlugin } from '@answer/plugin-sdk';
import { config } from './config.js';
import { pageList } from './pages.js';
import { pageRoute } from './route.js';

/**
 * Markdown pages the admin writes, each at its own address under the main layout: the host answers
 * 200 for those addresses (`web.pages`), the browser part draws them with what `pageRoute` sends.
 */
export default definePlugin({
  info: {
    slug_name: 'custom_pages',
    name: { en_US: 'Custom pages', zh_CN: '自定义页面' },
    description: {
      en_US: 'Up to five pages written in Markdown by the administrator, each at its own address (such as /about) within the site’s layout.',
      zh_CN: '由管理员用 Markdown 编写的最多五个页面，每个页面有自己的地址（如 /about），显示在站点的布局中。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  config,
  // Paths and titles only: the Markdown comes with the page, from the route.
  publicConfig: (values) => ({ pages: pageList(values) }),
  routes: { public: [pageRoute] },
  web: { dir: 'dist/web', module: 'web.js', styles: ['custom-pages.css'], pages: pageList, adds: ['page'] },
});
