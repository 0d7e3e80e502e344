import type { ConnectorRequest, ExternalUser, PluginContext } from '@answer/plugin-sdk';
import { checkAssertion } from './assertion.js';
import { SignInError, describeFailure } from './errors.js';
import { toExternalUser } from './external-user.js';
import { FlowRequestCache, checkFlow, newRequestId, toRecord } from './flow-state.js';
import { identityProvider } from './identity-provider.js';
import { useAssertionOnce } from './replay.js';
import { checkResponseEnvelope, decodeResponse } from './response.js';
import { type SpSide, samlFor } from './service-provider.js';
import { type Settings, providerBinding, readSettings, spEntityIdFor } from './settings.js';
import { identityProviderProblem } from './validation.js';

/**
 * The saved settings, or an error when they cannot work: the form refuses such values, but a
 * plugin enabled before its form was ever saved has only the defaults (no metadata).
 */
function usableSettings(ctx: PluginContext): Settings {
  const settings = readSettings(ctx.config());
  const problem = identityProviderProblem(settings);
  if (problem) throw new SignInError(`the connector is not set up (${problem})`);
  return settings;
}

/** Logs why and throws a SignInError: the host then shows the person its auth-failed page. */
function refuse(ctx: PluginContext, stage: string, error: unknown): never {
  const reason = describeFailure(error);
  ctx.log.warn(`${stage} failed: ${reason}`);
  throw error instanceof SignInError ? error : new SignInError(reason);
}

const spSide = (settings: Settings, receiverUrl: string): SpSide => ({ settings, entityId: spEntityIdFor(settings, receiverUrl), acsUrl: receiverUrl });

/** `connector.sender`: the AuthnRequest, by HTTP-Redirect, and its ID kept in the flow's state. */
export async function startSignIn(receiverUrl: string, ctx: PluginContext): Promise<{ redirectUrl: string; state: Record<string, string> }> {
  try {
    const settings = usableSettings(ctx);
    const sp = spSide(settings, receiverUrl);
    const idp = await identityProvider(settings);
    const cache = new FlowRequestCache();
    const saml = samlFor(sp, idp, cache, newRequestId());
    // No RelayState: the host's cookie already ties the response to this browser and its way back.
    const redirectUrl = await saml.getAuthorizeUrlAsync('', undefined, {});
    const saved = cache.saved;
    if (!saved) throw new SignInError('the request was not recorded');
    return { redirectUrl, state: toRecord({ requestId: saved.id, issued: saved.issued, binding: providerBinding(idp.entityId, sp.entityId) }) };
  } catch (error) {
    refuse(ctx, 'starting a sign-in', error);
  }
}

/**
 * `connector.receiver`: the posted response is bounded and screened, node-saml verifies the
 * assertion's signature and conditions against this flow's request, our own checks follow on the
 * signed assertion, the assertion is used up, and only then is the person read from it.
 */
export async function finishSignIn(request: ConnectorRequest, ctx: PluginContext): Promise<ExternalUser> {
  try {
    const settings = usableSettings(ctx);
    const sp = spSide(settings, request.receiverUrl);
    const xml = decodeResponse(request.body, request.query);
    const idp = await identityProvider(settings);
    const flow = checkFlow(request.state, providerBinding(idp.entityId, sp.entityId));
    await checkResponseEnvelope(xml, sp.acsUrl);
    const saml = samlFor(sp, idp, new FlowRequestCache(flow), flow.requestId);
    // The bytes screened above, not the posted text: both decode to the same document.
    const { profile } = await saml.validatePostResponseAsync({ SAMLResponse: Buffer.from(xml, 'utf8').toString('base64') });
    if (!profile) throw new SignInError('the response holds no assertion');
    const assertion = checkAssertion(profile, { idpEntityId: idp.entityId, acsUrl: sp.acsUrl, requestId: flow.requestId });
    await useAssertionOnce(ctx, assertion);
    return toExternalUser(assertion, settings);
  } catch (error) {
    refuse(ctx, 'a sign-in', error);
  }
}
