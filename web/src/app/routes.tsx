import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { AppShell } from './AppShell';
import { EditableGuard } from './EditableGuard';
import { Guarded } from './Guarded';
import {
  type Guard,
  activated,
  admin,
  adminOrModerator,
  enabledPlugin,
  forbiddenOnly,
  loggedIn,
  loginPage,
  loginRequired,
  notActivated,
  notForbidden,
  notLoggedIn,
  signUpPage,
  webCacheRedirect,
} from './guards';
import { MainLayout } from './layouts/MainLayout';
import { inSection } from './nav-sections';
import { OutsideLayout } from './layouts/OutsideLayout';
import { SiteFrame } from './layouts/SiteFrame';
import { Pages as P } from './pages';
import { RouteError } from './RouteError';

/** A route showing `Page`, behind `guard` when given. */
function page(path: string | undefined, Page: ComponentType, guard?: Guard): RouteObject {
  const element = guard ? (
    <Guarded rule={guard}>
      <Page />
    </Guarded>
  ) : (
    <Page />
  );
  return path === undefined ? { index: true, element } : { path, element };
}

/** Main layout (side navigation): spec section 2, first table. */
const mainRoutes: RouteObject[] = [
  ...inSection('questions', [
    page(undefined, P.QuestionList),
    page('questions', P.QuestionList),
    page('questions/ask', P.AskQuestion, activated),
    page('questions/:qid', P.QuestionDetail),
    page('questions/:qid/:slugPermalink', P.QuestionDetail),
    page('questions/:qid/:slugPermalink/:aid', P.QuestionDetail),
    page('posts/:qid/edit', P.EditQuestion, activated),
    {
      path: 'posts/:qid/:aid/edit',
      element: (
        <Guarded rule={activated}>
          <EditableGuard>
            <P.EditAnswer />
          </EditableGuard>
        </Guarded>
      ),
    },
    page('posts/:qid/timeline', P.Timeline, loggedIn),
    page('posts/:qid/:aid/timeline', P.Timeline, loggedIn),
  ]),
  page('search', P.Search, webCacheRedirect),
  ...inSection('tags', [
    page('tags', P.TagList),
    page('tags/create', P.CreateTag, adminOrModerator),
    page('tags/:tagName', P.TagDetail),
    page('tags/:tagName/info', P.TagInfo),
    page('tags/:tagId/edit', P.EditTag, activated),
    page('tags/:tid/timeline', P.Timeline, loggedIn),
  ]),
  ...inSection('users', [page('users', P.UserList), page('users/:username', P.Profile), page('users/:username/:tabName', P.Profile)]),
  {
    path: 'users/settings',
    element: (
      <Guarded rule={loggedIn}>
        <P.SettingsLayout />
      </Guarded>
    ),
    children: [
      { index: true, element: <Navigate to="profile" replace /> },
      page('profile', P.SettingsProfile),
      page('notify', P.SettingsNotify),
      page('account', P.SettingsAccount),
      page('interface', P.SettingsInterface),
      page(':slug_name', P.SettingsPlugin, enabledPlugin),
    ],
  },
  page('users/notifications/:type/:subType?', P.Notifications, loggedIn),
  page('review', P.Review, adminOrModerator),
  ...inSection('badges', [page('badges', P.BadgeList), page('badges/:badge_id', P.BadgeDetail)]),
  // One route for both addresses: the first question of a new conversation puts its id in the address without remounting the page.
  ...inSection('ai', [page('ai/:conversationId?', P.AiAssistant)]),
  // Last in rank: a path no route above claims is a plugin's page, or the 404 page (in this layout).
  { path: '*', element: <P.PluginPage /> },
];

/** Outside the side layout: the account flow and the legal pages. */
const outsideRoutes: RouteObject[] = [
  page('users/login', P.Login, loginPage),
  page('users/register', P.SignUp, signUpPage),
  page('users/logout', P.Logout),
  page('users/account-recovery', P.AccountRecovery, notLoggedIn),
  page('users/change-email', P.ChangeEmail),
  page('users/password-reset', P.PasswordReset),
  page('users/account-activation', P.AccountActivation),
  page('users/account-activation/success', P.ActivationSuccess, activated),
  page('users/account-activation/failed', P.ActivationFailed, notActivated),
  page('users/confirm-new-email', P.ConfirmNewEmail),
  page('users/account-suspended', P.Suspended, forbiddenOnly),
  page('users/confirm-email', P.ConfirmEmail),
  page('users/auth-landing', P.AuthLanding),
  page('user-center/auth', P.UserCenterAuth, notLoggedIn),
  page('user-center/auth-failed', P.UserCenterAuthFailed),
  page('users/unsubscribe', P.Unsubscribe),
  page('tos', P.TermsOfService),
  page('privacy', P.PrivacyPolicy),
];

/** The admin console (admin only): spec section 2, "Admin". */
const adminRoutes: RouteObject[] = [
  page(undefined, P.Dashboard),
  page('dashboard', P.Dashboard),
  page('answers', P.AdminAnswers),
  page('questions', P.AdminQuestions),
  page('themes', P.Themes),
  page('css-html', P.CssHtml),
  page('general', P.General),
  page('interface', P.Interface),
  page('users', P.AdminUsers),
  page('users/:user_id', P.AdminUserDetail),
  page('moderation-log', P.AdminModerationLog),
  page('smtp', P.Smtp),
  page('branding', P.Branding),
  page('legal', P.AdminLegal),
  page('write', P.Write),
  page('seo', P.Seo),
  page('login', P.AdminLogin),
  page('settings-users', P.SettingsUsers),
  page('privileges', P.Privileges),
  page('security', P.Security),
  page('api-keys', P.AdminApiKeys),
  page('webhooks', P.AdminWebhooks),
  page('webhooks/:webhook_id', P.AdminWebhookDetail),
  page('ai', P.AdminAi),
  page('ai-conversations', P.AdminAiConversations),
  page('question', P.QuestionSettings),
  page('review-rules', P.ReviewRules),
  page('installed-plugins', P.InstalledPlugins),
  page('badges', P.AdminBadges),
  page(':slug_name', P.PluginConfig, enabledPlugin),
];

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      page('install', P.InstallPage),
      {
        element: <SiteFrame />,
        children: [
          page('maintenance', P.Maintenance),
          { path: '403', element: <ErrorPage code="403" /> },
          { path: '404', element: <ErrorPage code="404" /> },
          { path: '50x', element: <ErrorPage code="50X" /> },
          {
            // A private site lets visitors reach only the login flow.
            element: (
              <Guarded rule={loginRequired}>
                <Outlet />
              </Guarded>
            ),
            children: [
              {
                element: (
                  <Guarded rule={notForbidden}>
                    <MainLayout />
                  </Guarded>
                ),
                children: mainRoutes,
              },
              { element: <OutsideLayout />, children: outsideRoutes },
              {
                path: 'admin',
                element: (
                  <Guarded rule={admin}>
                    <P.AdminLayout />
                  </Guarded>
                ),
                children: adminRoutes,
              },
            ],
          },
        ],
      },
    ],
  },
];
