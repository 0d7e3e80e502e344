import { isBrandingImageRef } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { loadSiteSettings } from './service.js';
import { webManifest } from './web-manifest.js';

/** Site resources outside the API: custom CSS, robots.txt (domain.md 13.1, 13.3), the favicon and the web app manifest. */
export async function sitePageRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/custom.css', async (_request, reply) => {
    // Clients link it while booting, the installer included: empty until there is a site.
    const css = runtime.installed ? ((await loadSiteSettings(runtime))['css-html'].custom_css ?? '') : '';
    return reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(css);
  });

  // Not in 1.4.0: browsers read it for the home-screen name, icon and colour (branding and theme).
  app.get('/manifest.json', { config: { access: 'none' } }, async (_request, reply) => {
    const settings = runtime.installed ? await loadSiteSettings(runtime) : null;
    return reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache').send(settings ? webManifest(settings) : {});
  });

  // index.html links /favicon.ico: the branding icon when there is one, else an empty answer (a
  // page path the app does not know would be a 404, which browsers report as an error).
  app.get('/favicon.ico', async (_request, reply) => {
    const branding = runtime.installed ? (await loadSiteSettings(runtime)).branding : null;
    const icon = branding?.favicon || branding?.square_icon;
    // Values saved before the settings were checked as image references are checked again here.
    return icon && isBrandingImageRef(icon) ? reply.redirect(icon) : reply.code(204).send();
  });

  app.get('/robots.txt', async (_request, reply) => {
    const settings = await loadSiteSettings(runtime);
    const text = settings.login.login_required ? 'User-agent: *\nDisallow: /\n' : settings.seo.robots;
    return reply.type('text/plain; charset=utf-8').send(text);
  });
}
