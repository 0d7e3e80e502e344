import { matchPath } from 'react-router';
import { lazyArea } from './lazy';

// One chunk per area: visiting a question does not download the admin console. The pages the server
// renders (a search engine's or a link's first visit) are apart from the forms of their area, so none
// of them carries a form or the Markdown editor (issue 25).
const questions = lazyArea(() => import('../pages/questions'));
const ask = lazyArea(() => import('../pages/questions/ask/AskQuestion'));
const questionDetail = lazyArea(() => import('../pages/questions/detail/QuestionDetail'));
const posts = lazyArea(() => import('../pages/posts'));
const search = lazyArea(() => import('../pages/search'));
const tags = lazyArea(() => import('../pages/tags'));
const tagForms = lazyArea(() => import('../pages/tags/forms'));
const users = lazyArea(() => import('../pages/users'));
const notifications = lazyArea(() => import('../pages/users/notifications/Notifications'));
const settings = lazyArea(() => import('../pages/settings'));
const timeline = lazyArea(() => import('../pages/timeline'));
const review = lazyArea(() => import('../pages/review'));
const badges = lazyArea(() => import('../pages/badges'));
const assistant = lazyArea(() => import('../pages/ai'));
const account = lazyArea(() => import('../pages/account'));
const legal = lazyArea(() => import('../pages/legal'));
const admin = lazyArea(() => import('../pages/admin'));
const install = lazyArea(() => import('../pages/install'));
const maintenance = lazyArea(() => import('../pages/maintenance'));
const pluginViews = lazyArea(() => import('../plugins/plugin-views'));

export const Pages = {
  QuestionList: questions('QuestionList'),
  AskQuestion: ask('AskQuestion'),
  EditQuestion: posts('EditQuestion'),
  EditAnswer: posts('EditAnswer'),
  QuestionDetail: questionDetail('QuestionDetail'),
  Search: search('Search'),
  TagList: tags('TagList'),
  CreateTag: tagForms('CreateTag'),
  TagDetail: tags('TagDetail'),
  TagInfo: tags('TagInfo'),
  EditTag: tagForms('EditTag'),
  UserList: users('UserList'),
  Profile: users('Profile'),
  Notifications: notifications('Notifications'),
  SettingsLayout: settings('SettingsLayout'),
  SettingsProfile: settings('SettingsProfile'),
  SettingsNotify: settings('SettingsNotify'),
  SettingsAccount: settings('SettingsAccount'),
  SettingsInterface: settings('SettingsInterface'),
  SettingsPlugin: settings('SettingsPlugin'),
  Timeline: timeline('Timeline'),
  Review: review('Review'),
  BadgeList: badges('BadgeList'),
  BadgeDetail: badges('BadgeDetail'),
  AiAssistant: assistant('AiAssistant'),
  Login: account('Login'),
  SignUp: account('SignUp'),
  Logout: account('Logout'),
  AccountRecovery: account('AccountRecovery'),
  ChangeEmail: account('ChangeEmail'),
  PasswordReset: account('PasswordReset'),
  AccountActivation: account('AccountActivation'),
  ActivationSuccess: account('ActivationSuccess'),
  ActivationFailed: account('ActivationFailed'),
  ConfirmNewEmail: account('ConfirmNewEmail'),
  Suspended: account('Suspended'),
  ConfirmEmail: account('ConfirmEmail'),
  AuthLanding: account('AuthLanding'),
  UserCenterAuth: account('UserCenterAuth'),
  UserCenterAuthFailed: account('UserCenterAuthFailed'),
  Unsubscribe: account('Unsubscribe'),
  TermsOfService: legal('TermsOfService'),
  PrivacyPolicy: legal('PrivacyPolicy'),
  AdminLayout: admin('AdminLayout'),
  Dashboard: admin('Dashboard'),
  AdminQuestions: admin('AdminQuestions'),
  AdminAnswers: admin('AdminAnswers'),
  AdminUsers: admin('AdminUsers'),
  AdminUserDetail: admin('AdminUserDetail'),
  AdminModerationLog: admin('AdminModerationLog'),
  AdminBadges: admin('AdminBadges'),
  AdminApiKeys: admin('AdminApiKeys'),
  AdminWebhooks: admin('AdminWebhooks'),
  AdminAi: admin('AdminAi'),
  AdminAiConversations: admin('AdminAiConversations'),
  AdminWebhookDetail: admin('AdminWebhookDetail'),
  Themes: admin('Themes'),
  CssHtml: admin('CssHtml'),
  General: admin('General'),
  Interface: admin('Interface'),
  Branding: admin('Branding'),
  Smtp: admin('Smtp'),
  AdminLegal: admin('AdminLegal'),
  Write: admin('Write'),
  Seo: admin('Seo'),
  AdminLogin: admin('AdminLogin'),
  SettingsUsers: admin('SettingsUsers'),
  Privileges: admin('Privileges'),
  Security: admin('Security'),
  QuestionSettings: admin('QuestionSettings'),
  ReviewRules: admin('ReviewRules'),
  InstalledPlugins: admin('InstalledPlugins'),
  PluginConfig: admin('PluginConfig'),
  InstallPage: install('InstallPage'),
  Maintenance: maintenance('Maintenance'),
  PluginPage: pluginViews('PluginPage'),
};

/**
 * The pages the server renders (server/src/features/pages/rendered-routes.ts): public ones a search
 * engine or a link preview reads, with the area holding their code. First match wins.
 */
const RENDERED: [pattern: string, area: { preload: () => Promise<unknown> } | null][] = [
  ['/', questions],
  ['/questions', questions],
  ['/questions/ask', null],
  ['/questions/:qid/*', questionDetail],
  ['/tags', tags],
  ['/tags/create', null],
  ['/tags/:tagName', tags],
  ['/tags/:tagName/info', tags],
  ['/users', users],
  ['/users/:username', users],
  ['/users/:username/:tabName', users],
  ['/badges', badges],
  ['/badges/:id', badges],
  ['/tos', legal],
  ['/privacy', legal],
];

const renderedArea = (pathname: string) => RENDERED.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? undefined;

/**
 * Loads the code of the page at `pathname` when the server rendered it; settles once it is there,
 * or failed (the page then loads it as usual). Hydrating with the code at hand hydrates at once.
 */
export async function preloadRenderedPage(pathname: string): Promise<void> {
  await renderedArea(pathname)?.preload().catch(() => undefined);
}

/** On the server: the code of every page it renders, loaded before the first render. */
export async function preloadRenderedPages(): Promise<void> {
  await Promise.all([questions, questionDetail, tags, users, badges, legal].map((area) => area.preload()));
}
