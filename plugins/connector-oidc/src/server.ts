/**
 * Sign-in through an OpenID Connect provider (Google, Microsoft Entra ID, GitLab, Keycloak,
 * Authentik or any other) or a plain OAuth 2 provider (GitHub or any other). The host sends the
 * person to `sender`'s address and keeps its state record; the provider sends them back to the
 * receiver URL, where `receiver` checks everything and says who they are. Which account they get
 * is the host's decision. With "single sign-on only" on, the provider is also the site's user
 * centre (user-center.ts): the only way in, the owner of people's names and addresses, and part of
 * logging out.
 */
import { type PluginContext, SDK_VERSION, type Translatable, definePlugin } from '@answer/plugin-sdk';
import { configForm } from './config-form.js';
import { finishSignIn, startSignIn } from './sign-in.js';
import { SLUG, providerIdentity, readSettings } from './settings.js';
import { userCenter } from './user-center.js';

/**
 * The button's label and icon. The SDK has them as plain properties, read without a context, so
 * they are kept here from the saved settings: by `setup` (on load and on every save) and again
 * on every sign-in, which also covers an instance that missed a save.
 */
let look: { label: Translatable; icon: string } = lookOf({});

function lookOf(values: Record<string, unknown>): { label: Translatable; icon: string } {
  const { label, icon } = readSettings(values);
  return { label, icon };
}

const refreshLook = (ctx: PluginContext): void => {
  look = lookOf(ctx.config());
};

export default definePlugin({
  info: {
    slug_name: SLUG,
    name: { en_US: 'OpenID Connect / OAuth 2 sign-in', zh_CN: 'OpenID Connect / OAuth 2 登录' },
    description: {
      en_US: 'Lets people sign in with an OpenID Connect provider (Google, Microsoft Entra ID, GitLab, Keycloak, Authentik...) or an OAuth 2 provider such as GitHub.',
      zh_CN: '允许用户通过 OpenID Connect 身份提供方（Google、Microsoft Entra ID、GitLab、Keycloak、Authentik 等）或 GitHub 等 OAuth 2 身份提供方登录。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: SDK_VERSION,
  },
  config: configForm,

  setup(ctx) {
    refreshLook(ctx);
  },

  connector: {
    slug: SLUG,
    get name() {
      return look.label;
    },
    get logoSvg() {
      return look.icon;
    },
    providerId: (ctx) => providerIdentity(readSettings(ctx.config())),
    async sender({ receiverUrl }, ctx) {
      refreshLook(ctx);
      return startSignIn(receiverUrl, ctx);
    },
    async receiver(request, ctx) {
      refreshLook(ctx);
      return finishSignIn(request, ctx);
    },
  },

  // Acts only while the admin's "single sign-on only" switch is on.
  userCenter,
});
