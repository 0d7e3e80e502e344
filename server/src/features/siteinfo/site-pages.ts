import type { FastifyInstance } from 'fastify';
import { loadSiteSettings } from './service.js';

/** Plain-text site resources outside the API: custom CSS and robots.txt (domain.md 13.1, 13.3). */
export async function sitePageRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/custom.css', async (_request, reply) => {
    // Clients link it while booting, the installer included: empty until there is a site.
    const css = runtime.installed ? ((await loadSiteSettings(runtime))['css-html'].custom_css ?? '') : '';
    return reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(css);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const settings = await loadSiteSettings(runtime);
    const text = settings.login.login_required ? 'User-agent: *\nDisallow: /\n' : settings.seo.robots;
    return reply.type('text/plain; charset=utf-8').send(text);
  });
}
