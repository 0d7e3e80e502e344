/** The admin console menu (spec section 2): a link, or a group of links. Keys are under admin.menu. */
export interface AdminMenuItem {
  key: string;
  path?: string;
  children?: { key: string; path: string }[];
}

export const ADMIN_MENU: AdminMenuItem[] = [
  { key: 'dashboard', path: '/admin' },
  {
    key: 'contents',
    children: [
      { key: 'questions', path: '/admin/questions' },
      { key: 'answers', path: '/admin/answers' },
    ],
  },
  { key: 'users', path: '/admin/users' },
  { key: 'moderation_log', path: '/admin/moderation-log' },
  { key: 'badges', path: '/admin/badges' },
  {
    key: 'customize',
    children: [
      { key: 'themes', path: '/admin/themes' },
      { key: 'css_html', path: '/admin/css-html' },
    ],
  },
  {
    key: 'settings',
    children: [
      { key: 'general', path: '/admin/general' },
      { key: 'interface', path: '/admin/interface' },
      { key: 'branding', path: '/admin/branding' },
      { key: 'smtp', path: '/admin/smtp' },
      { key: 'legal', path: '/admin/legal' },
      { key: 'write', path: '/admin/write' },
      { key: 'seo', path: '/admin/seo' },
      { key: 'login', path: '/admin/login' },
      { key: 'settings_users', path: '/admin/settings-users' },
      { key: 'privileges', path: '/admin/privileges' },
      { key: 'security', path: '/admin/security' },
      { key: 'api_keys', path: '/admin/api-keys' },
      { key: 'webhooks', path: '/admin/webhooks' },
      { key: 'ai', path: '/admin/ai' },
      { key: 'ai_conversations', path: '/admin/ai-conversations' },
      { key: 'question', path: '/admin/question' },
      { key: 'review_rules', path: '/admin/review-rules' },
    ],
  },
  { key: 'plugins', children: [{ key: 'installed_plugins', path: '/admin/installed-plugins' }] },
];
