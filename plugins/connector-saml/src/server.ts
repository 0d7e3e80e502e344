/**
 * Sign-in through a SAML 2.0 identity provider (Keycloak, Microsoft Entra ID, AD FS, Okta,
 * Shibboleth, authentik...). The site is the service provider: `sender` sends the person to the
 * IdP with an AuthnRequest (HTTP-Redirect), the IdP posts a signed assertion back to the
 * receiver URL (HTTP-POST), and `receiver` verifies it and says who the person is. Which account
 * they get is the host's decision. `metadata` is the site's SP metadata for the IdP's admin.
 */
import { type PluginContext, SDK_VERSION, type Translatable, definePlugin } from '@answer/plugin-sdk';
import { configForm } from './config-form.js';
import { checkIdentityProvider } from './idp-check.js';
import { LOGO_SVG } from './logo.js';
import { forgetMetadata } from './metadata-fetch.js';
import { serviceProviderMetadata } from './service-provider.js';
import { SLUG, providerIdentity, readSettings, spEntityIdFor } from './settings.js';
import { finishSignIn, startSignIn } from './sign-in.js';

/**
 * The button's label: the SDK has it as a plain property, read without a context, so it is kept
 * here from the saved settings: by `setup` (on load and on every save) and again on every
 * sign-in, which also covers an instance that missed a save.
 */
let label: Translatable = readSettings({}).label;

const refreshLabel = (ctx: PluginContext): void => {
  label = readSettings(ctx.config()).label;
};

export default definePlugin({
  info: {
    slug_name: SLUG,
    name: { en_US: 'SAML 2.0 sign-in', zh_CN: 'SAML 2.0 登录' },
    description: {
      en_US: 'Lets people sign in with a SAML 2.0 identity provider (Keycloak, Microsoft Entra ID, AD FS, Okta, Shibboleth...), with signed assertions verified and their attributes mapped.',
      zh_CN: '允许用户通过 SAML 2.0 身份提供方（Keycloak、Microsoft Entra ID、AD FS、Okta、Shibboleth 等）登录，校验断言签名并映射其属性。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: SDK_VERSION,
  },
  config: configForm,

  setup(ctx) {
    refreshLabel(ctx);
    // A save may be the admin reacting to a new IdP key: read the metadata again at the next sign-in.
    forgetMetadata();
  },

  connector: {
    slug: SLUG,
    get name() {
      return label;
    },
    logoSvg: LOGO_SVG,
    providerId: (ctx) => providerIdentity(readSettings(ctx.config())),
    async sender({ receiverUrl }, ctx) {
      refreshLabel(ctx);
      return startSignIn(receiverUrl, ctx);
    },
    async receiver(request, ctx) {
      refreshLabel(ctx);
      return finishSignIn(request, ctx);
    },
    // Needs only this site's side: the IdP's admin asks for it before the IdP is configured here.
    async metadata({ receiverUrl }, ctx) {
      const settings = readSettings(ctx.config());
      return serviceProviderMetadata({ settings, entityId: spEntityIdFor(settings, receiverUrl), acsUrl: receiverUrl });
    },
  },

  routes: {
    admin: [{ method: 'POST', path: '/check', handler: (_request, ctx) => checkIdentityProvider(ctx) }],
  },
});
