import type { PluginRoute } from '@answer/plugin-sdk';
import { configuredPages } from './pages.js';

const NOT_FOUND = { en_US: 'There is no such page.', zh_CN: '没有这个页面。' };

/**
 * GET /answer/api/v1/plugin/custom_pages/page/{path}: a page's HTML and title. The path is only
 * ever compared with the configured ones, so `../x` and the like simply name no page.
 */
export const pageRoute: PluginRoute = {
  method: 'GET',
  path: '/page/*',
  async handler(request, ctx) {
    const page = configuredPages(ctx.config()).find((p) => p.path === request.params['*']);
    // The host sanitises the HTML again on the way out, as it does every plugin's HTML.
    return page ? { html: ctx.markdown(page.markdown), title: page.title } : { status: 404, message: NOT_FOUND };
  },
};
