/**
 * LDAP and Active Directory sign-in: the site's own login form offers the directory by its name
 * ("your company account" by default; the web client shows "Sign in with your company account"),
 * and the host hands the typed name and password to `connector.login`. The plugin finds
 * the person with the service account, checks the password by binding as them, and gives the host
 * their id, names, e-mail address and groups (the host decides binding, sign-up and roles).
 */
import { type ConnectorHooks, type PluginContext, SDK_VERSION, definePlugin } from '@answer/plugin-sdk';
import { configForm } from './config-form.js';
import { testConnection } from './connection-test.js';
import { signIn } from './login.js';
import { LOGO_SVG } from './logo.js';
import { DEFAULT_BUTTON_LABEL, readSettings } from './settings.js';

export const SLUG = 'ldap';

const connector: ConnectorHooks = {
  // Replaced by the admin's name whenever the host runs `setup` (on load and on every save).
  name: DEFAULT_BUTTON_LABEL,
  logoSvg: LOGO_SVG,
  // Whose entries the ids are: the directory's address and where its people are searched.
  providerId(ctx) {
    const settings = readSettings(ctx.config());
    return settings.url ? `${settings.url.toLowerCase()}|${settings.baseDn.toLowerCase()}` : '';
  },
  async login(credentials, ctx) {
    const settings = readSettings(ctx.config());
    connector.name = settings.buttonLabel;
    return signIn(credentials, settings, ctx.log);
  },
};

export default definePlugin({
  info: {
    slug_name: SLUG,
    name: { en_US: 'LDAP / Active Directory sign-in', zh_CN: 'LDAP / Active Directory 登录' },
    description: {
      en_US: 'Lets people sign in with their company account from an LDAP directory or Active Directory, with their groups for role mapping.',
      zh_CN: '让人员使用 LDAP 目录或 Active Directory 中的公司账号登录，并提供其所属群组用于角色映射。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: SDK_VERSION,
  },
  config: configForm,

  setup(ctx: PluginContext) {
    // The host reads `connector.name` on every request; the name is the admin's to choose.
    connector.name = readSettings(ctx.config()).buttonLabel;
  },

  connector,

  routes: {
    admin: [{ method: 'POST', path: '/test', handler: (_request, ctx) => testConnection(ctx) }],
  },
});
