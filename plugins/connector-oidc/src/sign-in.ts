import type { ConnectorRequest, ExternalUser, PluginContext } from '@answer/plugin-sdk';
import { SignInError, describeFailure } from './errors.js';
import { checkFlow, useOnce } from './flow-state.js';
import { keepIdToken } from './id-tokens.js';
import { finishOAuth2, startOAuth2 } from './oauth2-flow.js';
import { finishOidc, startOidc } from './oidc-flow.js';
import { type Settings, readSettings } from './settings.js';
import { validateConfig } from './validation.js';

/**
 * The saved settings, or an error when they cannot work: the form refuses such values, but a
 * plugin enabled before its form was ever saved has only the defaults (no client id).
 */
function usableSettings(ctx: PluginContext): Settings {
  const values = ctx.config();
  const errors = validateConfig(values);
  if (errors.length) throw new SignInError(`the connector is not set up (check the field ${errors[0]!.field})`);
  return readSettings(values);
}

/** Logs why and throws a SignInError: the host then shows the person its auth-failed page. */
function refuse(ctx: PluginContext, stage: string, error: unknown): never {
  const reason = describeFailure(error);
  ctx.log.warn(`${stage} failed: ${reason}`);
  throw error instanceof SignInError ? error : new SignInError(reason);
}

/** `connector.sender`: where to send the person, and what the receiver needs kept for it. */
export async function startSignIn(receiverUrl: string, ctx: PluginContext): Promise<{ redirectUrl: string; state: Record<string, string> }> {
  try {
    const settings = usableSettings(ctx);
    return settings.mode === 'oidc' ? await startOidc(settings, receiverUrl) : startOAuth2(settings, receiverUrl);
  } catch (error) {
    refuse(ctx, 'starting a sign-in', error);
  }
}

/**
 * `connector.receiver`: the stored flow and the callback's state are checked first, the state is
 * used up, and only then is the code redeemed and the person read.
 */
export async function finishSignIn(request: ConnectorRequest, ctx: PluginContext): Promise<ExternalUser> {
  try {
    const settings = usableSettings(ctx);
    const flow = checkFlow(request.state, request.query, settings);
    await useOnce(ctx, flow.state);
    // Single sign-on keeps the ID token for the provider's logout (user-center.ts); nothing else needs it.
    const keep = settings.ssoOnly && settings.providerLogout ? (user: ExternalUser, idToken: string) => keepIdToken(ctx, user.externalId, idToken) : undefined;
    return settings.mode === 'oidc'
      ? await finishOidc(settings, request.receiverUrl, request.query, flow, keep)
      : await finishOAuth2(settings, request.receiverUrl, request.query, flow);
  } catch (error) {
    refuse(ctx, 'a sign-in', error);
  }
}
