// The module of each page's code in the web app (web/src/app/pages.ts), as Vite's manifest names it.
export const QUESTION_PAGE = 'src/pages/questions/detail/QuestionDetail.tsx';
const QUESTIONS = 'src/pages/questions/index.tsx';
const TAGS = 'src/pages/tags/index.tsx';
const USERS = 'src/pages/users/index.tsx';

/**
 * The pages the server renders with the app's components (app-render.ts), beside question pages,
 * which have their own route: public pages a search engine or a link preview reads. Pages of one's
 * own account, forms and the admin console are left to the browser. web/src/app/pages.ts preloads
 * the code of the same pages before hydrating them. Each with the module holding its code.
 */
export const RENDERED_ROUTES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '/': QUESTIONS,
    '/questions': QUESTIONS,
    '/tags': TAGS,
    '/tags/:tagName': TAGS,
    '/tags/:tagName/info': TAGS,
    '/users': USERS,
    '/users/:username': USERS,
    '/users/:username/:tabName': USERS,
    '/badges': 'src/pages/badges/index.tsx',
    '/badges/:badge_id': 'src/pages/badges/index.tsx',
    '/tos': 'src/pages/legal/index.tsx',
    '/privacy': 'src/pages/legal/index.tsx',
  }),
);
