import { X509Certificate } from 'node:crypto';
import type { PluginContext, PluginReply } from '@answer/plugin-sdk';
import { describeFailure } from './errors.js';
import { identityProvider } from './identity-provider.js';
import { forgetMetadata } from './metadata-fetch.js';
import { readSettings } from './settings.js';
import { identityProviderProblem } from './validation.js';

/**
 * The form's "Check the identity provider" button (admin route `POST /check`): reads the metadata
 * as sign-ins do, afresh, with the saved settings, and says what it found: the IdP's entity ID,
 * where people are sent, and its certificates with their expiry, an expired one called out
 * (assertions still verify with it, but the IdP has probably moved to a new key).
 */
export async function checkIdentityProvider(ctx: PluginContext): Promise<PluginReply> {
  const settings = readSettings(ctx.config());
  const problem = identityProviderProblem(settings);
  if (problem) return { status: 400, data: { ok: false }, message: { en_US: `Not set up: ${problem}.`, zh_CN: `尚未配置：${problem}。` } };
  forgetMetadata();
  try {
    const idp = await identityProvider(settings);
    const now = Date.now();
    const expiries = idp.certificates.map((pem) => new X509Certificate(pem).validTo);
    const expired = expiries.filter((date) => Date.parse(date) < now).length;
    const listed = expiries.map((date) => new Date(date).toISOString().slice(0, 10)).join(', ');
    const warning = expired ? { en: ` ${expired} of them expired: check that the IdP still signs with it.`, zh: ` 其中 ${expired} 个已过期：请确认身份提供方仍在使用它签名。` } : { en: '', zh: '' };
    return {
      data: { ok: true, entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificates: idp.certificates.length, expired },
      message: {
        en_US: `Identity provider ${idp.entityId}: people sign in at ${idp.ssoUrl}; ${idp.certificates.length} signing certificate(s), valid until ${listed}.${warning.en}`,
        zh_CN: `身份提供方 ${idp.entityId}：用户在 ${idp.ssoUrl} 登录；${idp.certificates.length} 个签名证书，有效期至 ${listed}。${warning.zh}`,
      },
    };
  } catch (error) {
    const reason = describeFailure(error);
    ctx.log.warn(`checking the identity provider failed: ${reason}`);
    return { status: 400, data: { ok: false }, message: { en_US: `The identity provider cannot be used: ${reason}.`, zh_CN: `无法使用该身份提供方：${reason}。` } };
  }
}
