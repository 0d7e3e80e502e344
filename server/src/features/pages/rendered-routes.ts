/**
 * The pages the server renders with the app's components (app-render.ts), beside question pages,
 * which have their own route: public pages a search engine or a link preview reads. Pages of one's
 * own account, forms and the admin console are left to the browser. web/src/app/pages.ts preloads
 * the code of the same pages before hydrating them.
 */
export const RENDERED_ROUTES: ReadonlySet<string> = new Set([
  '/',
  '/questions',
  '/tags',
  '/tags/:tagName',
  '/tags/:tagName/info',
  '/users',
  '/users/:username',
  '/users/:username/:tabName',
  '/badges',
  '/badges/:badge_id',
  '/tos',
  '/privacy',
]);
