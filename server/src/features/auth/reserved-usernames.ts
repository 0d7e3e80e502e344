import fs from 'node:fs';
import path from 'node:path';
import type { DataPaths } from '../../config/paths.js';

/**
 * Usernames nobody may register: paths of the site, staff-sounding names and HTTP status codes.
 * `<data>/conf/reserved-usernames.json` (a JSON array) replaces the list when present.
 */
const BUILT_IN = [
  // Paths under /users/ that the web app owns.
  'unsubscribe', 'settings', 'login', 'logout', 'register', 'account-recovery', 'change-email', 'password-reset',
  'account-activation', 'confirm-new-email', 'account-suspended', 'confirm-email', 'auth-landing', 'notifications',
  // Names that could pass for the site or its staff.
  'admin', 'administrator', 'admins', 'root', 'system', 'sysadmin', 'moderator', 'moderators', 'mod', 'mods',
  'staff', 'support', 'help', 'helpdesk', 'official', 'owner', 'webmaster', 'hostmaster', 'postmaster', 'security',
  'abuse', 'noreply', 'no-reply', 'mailer-daemon', 'info', 'contact', 'team', 'answer', 'answers', 'anonymous',
  'guest', 'nobody', 'null', 'undefined', 'everyone', 'all', 'here',
  // Words that are routes or likely future routes.
  'api', 'install', 'search', 'tags', 'tag', 'users', 'user', 'questions', 'question', 'badges', 'badge',
  'review', 'posts', 'post', 'ask', 'create', 'edit', 'delete', 'new', 'static', 'uploads', 'upload', 'assets',
  'about', 'privacy', 'tos', 'terms', 'legal', 'maintenance', 'status', 'healthz', 'robots', 'sitemap', 'favicon',
  'www', 'mail', 'email', 'ftp', 'blog', 'docs', 'dashboard', 'console', 'config', 'plugin', 'plugins', 'oauth',
  'connector', 'user-center', 'timeline', 'feed', 'rss',
];

let cache: { file: string; names: Set<string> } | null = null;

export function reservedUsernames(paths: DataPaths): Set<string> {
  const file = path.join(paths.confDir, 'reserved-usernames.json');
  if (cache?.file === file) return cache.names;
  let names = BUILT_IN;
  if (fs.existsSync(file)) {
    try {
      names = (JSON.parse(fs.readFileSync(file, 'utf8')) as string[]).map(String);
    } catch {
      // A broken override file must not open the door to every name: keep the built-in list.
    }
  }
  cache = { file, names: new Set(names.map((n) => n.toLowerCase())) };
  return cache.names;
}

/** HTTP status codes (100-599) are reserved too. */
export function isReservedUsername(paths: DataPaths, name: string): boolean {
  return reservedUsernames(paths).has(name.toLowerCase()) || /^[1-5]\d\d$/.test(name);
}
