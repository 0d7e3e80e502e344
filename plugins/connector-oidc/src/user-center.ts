import type { PluginContext, UserCenterDescription, UserCenterHooks, UserCenterProfileField } from '@answer/plugin-sdk';
import { translate } from '@answer/plugin-sdk';
import { providerLogoutUrl } from './logout.js';
import { SLUG, type Settings, readSettings } from './settings.js';
import { validateConfig } from './validation.js';

/** The connector's own start on the site: single sign-on's login and sign-up both go through it. */
export const CONNECTOR_LOGIN_PATH = `/answer/api/v1/connector/login/${SLUG}`;

const settingsOf = (ctx: PluginContext): Settings => readSettings(ctx.config());

/**
 * Single sign-on only: with the admin's switch on, the provider is the site's user centre. Logging
 * in and signing up go to the connector's own sign-in (the provider shows its own sign-up), the
 * site's e-mail accounts are switched off by the host, what the provider holds of a person is
 * read-only on the site, and logging out ends the provider's session too.
 */
export const userCenter: UserCenterHooks = {
  // Only settings that can sign anybody in: a switch saved before the connection works changes nothing.
  active: (ctx) => settingsOf(ctx).ssoOnly && validateConfig(ctx.config()).length === 0,

  description(ctx): UserCenterDescription {
    const settings = settingsOf(ctx);
    return {
      name: translate(settings.ssoName, 'en_US'),
      displayName: settings.ssoName,
      icon: settings.icon,
      url: settings.accountUrl,
      loginRedirectUrl: CONNECTOR_LOGIN_PATH,
      signUpRedirectUrl: CONNECTOR_LOGIN_PATH,
      // Accounts are found and made by the address the provider vouches for.
      mustAuthEmailEnabled: true,
      enabledOriginalUserSystem: false,
    };
  },

  /** What the provider holds of a person: their name and address, and their user name when a claim is mapped to it. */
  ownedProfileFields(ctx): UserCenterProfileField[] {
    const { claims } = settingsOf(ctx);
    const fields: UserCenterProfileField[] = [];
    if (claims.name) fields.push('display_name');
    if (claims.email) fields.push('email');
    if (claims.username) fields.push('username');
    return fields;
  },

  async userSettings(_externalId, ctx) {
    const { accountUrl } = settingsOf(ctx);
    return accountUrl ? { profileSettingRedirectUrl: accountUrl, accountSettingRedirectUrl: accountUrl } : {};
  },

  async logoutUrl({ externalId, postLogoutRedirectUrl }, ctx) {
    return providerLogoutUrl(settingsOf(ctx), ctx, externalId, postLogoutRedirectUrl);
  },
};
