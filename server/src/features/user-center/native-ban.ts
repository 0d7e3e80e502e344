import { API_PREFIX } from '@answer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { replacingUserCenter } from './active.js';

/** The reason of every refusal below: the site's own accounts are replaced by its user centre. */
export const REPLACED_REASON = 'error.user_center.replaced';
/** A connector other than the user centre's own, while the user centre is the only way in. */
export const ONLY_SIGN_IN_REASON = 'error.user_center.only_sign_in';

/**
 * The site's own account routes a user centre replaces (upstream's "uc-ban" routes, domain.md 21):
 * e-mail login and registration, account activation, password recovery, reset and change, and
 * e-mail change. They answer 403 while an active user centre does not keep the original user
 * system. Upstream also bans the e-mail unsubscribe link; we do not: notification e-mails still go
 * out, and a person must always be able to stop them.
 */
export const NATIVE_ACCOUNT_ROUTES: readonly string[] = [
  'POST /user/login/email',
  'POST /user/register/email',
  'POST /user/email/verification',
  'POST /user/email/verification/send',
  'POST /user/password/reset',
  'POST /user/password/replacement',
  'PUT /user/password',
  'POST /user/email/change/code',
  'PUT /user/email',
].map((route) => route.replace(' ', ` ${API_PREFIX}`));

/** The sign-in starts of connectors: only the user centre's own stays open while it replaces the site's accounts. */
const CONNECTOR_STARTS: readonly string[] = [`GET ${API_PREFIX}/connector/login/:name`, `POST ${API_PREFIX}/connector/login/:name`];

// A GET route's HEAD twin starts the same sign-in: it is matched as the GET.
const methodsOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]).map((m) => (String(m) === 'HEAD' ? 'GET' : String(m)));

/** Adds a hook to a route's own onRequest hooks (none, one, or a list). */
function prepend(route: RouteOptions, hook: onRequestHookHandler): void {
  const own = route.onRequest;
  route.onRequest = own ? [hook, ...(Array.isArray(own) ? own : [own])] : [hook];
}

function refuseNative(runtime: Runtime): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    if (await replacingUserCenter(runtime, request)) throw new AppError(403, REPLACED_REASON);
  };
}

/**
 * A person starting a sign-in through another connector: a browser navigation (GET) goes to the
 * failed sign-in page, which says why; a directory's form post (POST) gets the 403 to show.
 */
function refuseOtherConnectors(runtime: Runtime): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const uc = await replacingUserCenter(runtime, request);
    if (!uc || (request.params as { name?: string }).name === uc.provider) return;
    if (request.method === 'GET' || request.method === 'HEAD') return reply.redirect(`/user-center/auth-failed?reason=${ONLY_SIGN_IN_REASON}`, 302);
    throw new AppError(403, ONLY_SIGN_IN_REASON);
  };
}

/**
 * The one place the site's own account routes are switched off for a user centre: a hook added
 * to exactly those routes as they are registered (so no other request pays for the check). Must be
 * called on the root instance before the route modules are registered.
 */
export function registerNativeAccountBan(app: FastifyInstance): void {
  const runtime = app.runtime;
  const native = refuseNative(runtime);
  const connectors = refuseOtherConnectors(runtime);
  app.addHook('onRoute', (route) => {
    const keys = methodsOf(route).map((method) => `${method} ${route.url}`);
    if (keys.some((key) => NATIVE_ACCOUNT_ROUTES.includes(key))) prepend(route, native);
    else if (keys.some((key) => CONNECTOR_STARTS.includes(key))) prepend(route, connectors);
  });
}
