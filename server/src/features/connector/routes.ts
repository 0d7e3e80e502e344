import { randomBytes } from 'node:crypto';
import { API_PREFIX, connectorBindingEmailSchema, connectorLoginQuery, connectorLoginSchema, connectorUnbindingSchema } from '@answer/contract';
import { type ConnectorHooks, translate } from '@answer/plugin-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { AppError, badRequest, FieldErrors, notFound } from '../../core/errors.js';
import { resolveSessionCached } from '../../core/session.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { loginResponse, now, VISIT_COOKIE } from '../auth/common.js';
import { callHook } from '../plugin/call.js';
import { pluginContext } from '../plugin/context.js';
import type { PluginEntry } from '../plugin/registry.js';
import { enabledWith } from '../plugin/service.js';
import { markAttemptFailed } from '../captcha/throttle.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { addLogin, checkExternalUser, resolveAccount } from './accounts.js';
import { bindingByEmail, keepPendingBinding } from './binding-email.js';
import { svgBase64 } from './icon.js';
import { providerIdOf } from './provider-id.js';
import { applyRoleMapping } from './roles.js';
import { syncAfterConnectorSignIn } from '../user-center/sync.js';
import { signInExternal, stringFields } from './external-session.js';
import { doc } from '../openapi/declare.js';

/** The browser's half of a sign-in under way: a cookie naming the server-kept state (10 minutes, single use). */
const FLOW_COOKIE = 'connector_flow';
const FLOW_SECONDS = 600;
const flowKey = (id: string) => `answer:connector-flow:${id}`;
interface Flow {
  slug: string;
  state: Record<string, string>;
  returnTo: string;
  /** A signed-in member adding this login to their account (My logins), rather than signing in. */
  bindTo?: string;
}

/**
 * A sign-in may chain several requests to the provider (discovery, token, keys, user info), each
 * with its own limit in the plugin: longer than other hooks.
 */
const CONNECTOR_TIMEOUT_MS = 30_000;


/** An enabled connector by the slug in its URLs. */
async function connectorOr404(runtime: Runtime, slug: string): Promise<{ entry: PluginEntry; hooks: ConnectorHooks }> {
  const found = (await enabledWith(runtime, 'connector')).find(({ entry, hooks }) => (hooks.slug ?? entry.slug) === slug);
  if (!found) throw notFound();
  return found;
}

/** Only a path of this site (never another origin, nor `//host`): where the person goes after signing in. */
export function localPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2000 ? value : '/';
}

async function receiverUrl(runtime: Runtime, request: FastifyRequest, slug: string): Promise<string> {
  const base = parseSiteUrl((await loadSiteSettings(runtime)).general.site_url) ?? `${request.protocol}://${request.host}`;
  return `${base}${API_PREFIX}/connector/redirect/${encodeURIComponent(slug)}`;
}

/**
 * Sign-in through connector plugins (domain.md 6.8), upstream's paths: the redirect to the
 * provider and back, a form sign-in (LDAP), a member's bindings and unbinding. The provider only
 * proves who the person is; which account they get is decided here (accounts.ts).
 */
export async function connectorRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  // SAML's POST binding sends the signed response as a form field (base64 XML, tens of KB).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Failed callbacks of real sign-ins count towards the address's login limit; successful ones do not.
  const signingIn = { config: { access: 'none' as const, limits: ['login_ip' as const], countOn: 'failure' as const } };

  // Starting a sign-in asks nothing of the provider yet: no limit (the flow's state is bounded by the cache).
  app.get(`${API_PREFIX}/connector/login/:name`, { config: { access: 'none', openapi: { query: connectorLoginQuery, redirect: true, summary: 'Start an external sign-in (redirects to the provider)' } } }, async (request, reply) => {
    const slug = (request.params as { name: string }).name;
    const { entry, hooks } = await connectorOr404(runtime, slug);
    // A form connector (LDAP) signs in on the site's own login form, which shows its fields. A
    // client that knows only redirect flows (the 1.4.0 one links every connector) lands there.
    if (!hooks.sender && hooks.login) return reply.redirect(`/users/login?connector=${encodeURIComponent(slug)}`, 302);
    if (!hooks.sender) throw notFound();
    const ctx = await pluginContext(runtime, entry);
    const receiver = await receiverUrl(runtime, request, slug);
    const started = await callHook(runtime, entry, 'connector.sender', () => hooks.sender!({ receiverUrl: receiver }, ctx), CONNECTOR_TIMEOUT_MS);
    if (!/^https?:\/\//.test(started.redirectUrl)) throw new AppError(503, 'error.plugin.unavailable', { err_type: 'toast' });
    const query = request.query as { redirect?: unknown; bind?: unknown };
    // Adding a login is a navigation (no access token goes along): the member is the visit cookie's.
    // Whoever starts it, it can only bind the provider account the person proves at the provider.
    const visit = query.bind === '1' ? request.cookies[VISIT_COOKIE] : undefined;
    const member = visit ? await resolveSessionCached(runtime.database, visit, 'visit_token') : null;
    if (query.bind === '1' && !member) return reply.redirect('/users/login', 302);
    const id = randomBytes(24).toString('base64url');
    const flow: Flow = {
      slug,
      state: started.state ?? {},
      returnTo: localPath(query.redirect ?? (member ? '/users/settings/account' : '/')),
      ...(member ? { bindTo: member.id } : {}),
    };
    await runtime.shared.set(flowKey(id), flow, FLOW_SECONDS);
    // SAML's POST binding comes back as a cross-site POST, which a Lax cookie does not follow: over
    // https the cookie is SameSite=None (it names only this single-use flow, not a session).
    const secure = request.protocol === 'https';
    reply.setCookie(FLOW_COOKIE, id, { path: `${API_PREFIX}/connector`, httpOnly: true, sameSite: secure ? 'none' : 'lax', secure, maxAge: FLOW_SECONDS });
    return reply.redirect(started.redirectUrl, 302);
  });

  // A connector's service provider metadata (SAML), at a fixed URL for the provider's administrator.
  app.get(`${API_PREFIX}/connector/metadata/:name`, { config: { access: 'none', openapi: { produces: 'application/samlmetadata+xml', summary: 'SAML service provider metadata' } } }, async (request, reply) => {
    const slug = (request.params as { name: string }).name;
    const { entry, hooks } = await connectorOr404(runtime, slug);
    if (!hooks.metadata) throw notFound();
    const ctx = await pluginContext(runtime, entry);
    const receiver = await receiverUrl(runtime, request, slug);
    const xml = await callHook(runtime, entry, 'connector.metadata', () => hooks.metadata!({ receiverUrl: receiver }, ctx), CONNECTOR_TIMEOUT_MS);
    if (typeof xml !== 'string' || !xml.startsWith('<')) throw new AppError(503, 'error.plugin.unavailable', { err_type: 'toast' });
    return reply.type('application/samlmetadata+xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  // The provider sends the person back here (GET, or POST for SAML's binding).
  const callback = async (request: FastifyRequest, reply: FastifyReply) => {
    const slug = (request.params as { name: string }).name;
    const cookie = request.cookies[FLOW_COOKIE] ?? '';
    reply.clearCookie(FLOW_COOKIE, { path: `${API_PREFIX}/connector` });
    // Single use and bound to this browser: a replayed or foreign callback finds no flow.
    const flow = cookie ? await runtime.shared.take<Flow>(flowKey(cookie)) : undefined;
    try {
      if (!flow || flow.slug !== slug) throw new AppError(400, 'error.connector.state_invalid');
      const { entry, hooks } = await connectorOr404(runtime, slug);
      if (!hooks.receiver) throw notFound();
      const ctx = await pluginContext(runtime, entry);
      const query = stringFields(request.query, 100_000);
      const body = stringFields(request.body, 100_000);
      const receiver = await receiverUrl(runtime, request, slug);
      const person = checkExternalUser(
        await callHook(runtime, entry, 'connector.receiver', () => hooks.receiver!({ receiverUrl: receiver, query, body, state: flow.state }, ctx), CONNECTOR_TIMEOUT_MS, true),
        providerIdOf(hooks, ctx),
      );
      if (flow.bindTo) {
        await addLogin(runtime, slug, person, flow.bindTo);
        return reply.redirect(flow.returnTo, 302);
      }
      const resolved = await resolveAccount(runtime, slug, person, request.ip);
      if ('confirmEmail' in resolved) {
        // No address the provider vouches for: the person gives one (binding-email.ts).
        const key = await keepPendingBinding(runtime, { provider: slug, person });
        return reply.redirect(`/users/confirm-email?binding_key=${encodeURIComponent(key)}`, 302);
      }
      await applyRoleMapping(runtime, (await loadSiteSettings(runtime)).external_login, resolved.userId, person.groups);
      await syncAfterConnectorSignIn(runtime, slug, resolved.userId, person);
      const token = await signInExternal(runtime, request, reply, resolved.userId);
      return reply.redirect(`/users/auth-landing?access_token=${encodeURIComponent(token)}&redirect=${encodeURIComponent(flow.returnTo)}`, 302);
    } catch (error) {
      // What went wrong is logged without the provider's codes or tokens; the person sees the auth-failed page.
      request.log.warn({ connector: slug, reason: error instanceof AppError ? error.reason : 'error' }, 'external sign-in refused');
      // A callback without a sign-in under way in this browser is refused before anything is asked: not an attempt.
      if (cookie) markAttemptFailed(request);
      const reason = error instanceof AppError ? error.reason : 'error.connector.failed';
      return reply.redirect(`/user-center/auth-failed?reason=${encodeURIComponent(reason)}`, 302);
    }
  };
  const returning = doc(signingIn, { redirect: true, summary: "The provider's return (query or form fields are the provider's own)" });
  app.get(`${API_PREFIX}/connector/redirect/:name`, returning, callback);
  app.post(`${API_PREFIX}/connector/redirect/:name`, returning, callback);

  // A form sign-in through the site's own login form (LDAP): the same answer as the e-mail login.
  app.post(
    `${API_PREFIX}/connector/login/:name`,
    { config: { access: 'none', openapi: { body: connectorLoginSchema, response: 'LoggedUser' }, captcha: 'password', limits: ['login_ip'], countOn: 'failure' } },
    async (request, reply) => {
      const slug = (request.params as { name: string }).name;
      const { entry, hooks } = await connectorOr404(runtime, slug);
      if (!hooks.login) throw notFound();
      const input = parseInput(connectorLoginSchema, request.body);
      const ctx = await pluginContext(runtime, entry);
      const found = await callHook(runtime, entry, 'connector.login', () => hooks.login!({ username: input.username, password: input.password }, ctx), CONNECTOR_TIMEOUT_MS);
      if (!found) throw new FieldErrors([{ field: 'username', reason: 'error.object.email_or_password_incorrect' }], 'error.object.email_or_password_incorrect');
      const person = checkExternalUser(found, providerIdOf(hooks, ctx));
      const resolved = await resolveAccount(runtime, slug, person, request.ip);
      if ('confirmEmail' in resolved) throw badRequest('error.connector.email_needed');
      await applyRoleMapping(runtime, (await loadSiteSettings(runtime)).external_login, resolved.userId, person.groups);
      await syncAfterConnectorSignIn(runtime, slug, resolved.userId, person);
      await runtime.database.updateTable('user').set({ last_login_date: now() }).where('id', '=', resolved.userId).execute();
      return send(request, reply, await loginResponse(runtime, request, reply, resolved.userId));
    },
  );

  // The address of a person whose provider vouched for none (/users/confirm-email). Mails count
  // towards the address's mail limit.
  app.post(
    `${API_PREFIX}/connector/binding/email`,
    { config: { access: 'none', openapi: { body: connectorBindingEmailSchema, response: 'ConnectorBindingEmailReply' }, limits: ['email_ip'], countOn: 'success' } },
    async (request, reply) => {
      const outcome = await bindingByEmail(runtime, parseInput(connectorBindingEmailSchema, request.body), request.ip);
      const access_token = outcome.userId ? await signInExternal(runtime, request, reply, outcome.userId) : '';
      return send(request, reply, { email_exist_and_must_be_confirmed: outcome.email_exist_and_must_be_confirmed, access_token });
    },
  );

  // Every enabled connector with whether the member is bound to it (Settings → Account → My logins).
  app.get(`${API_PREFIX}/connector/user/info`, { config: { access: 'auth', openapi: { response: 'ConnectorBindingItem[]' } } }, async (request, reply) => {
    const bindings = await runtime.database.selectFrom('user_external_login').select(['provider', 'external_id']).where('user_id', '=', request.user!.id).execute();
    const list = (await enabledWith(runtime, 'connector')).map(({ entry, hooks }) => {
      const slug = hooks.slug ?? entry.slug;
      const bound = bindings.find((b) => b.provider === slug);
      return { name: translate(hooks.name, request.lang), icon: svgBase64(hooks.logoSvg), link: `${API_PREFIX}/connector/login/${slug}`, binding: !!bound, external_id: bound?.external_id ?? '' };
    });
    return send(request, reply, list);
  });

  // The last way to sign in cannot be removed: an account without a password keeps one binding.
  app.delete(`${API_PREFIX}/connector/user/unbinding`, { config: { access: 'auth', openapi: { body: connectorUnbindingSchema, response: null } } }, async (request, reply) => {
    const { external_id } = parseInput(connectorUnbindingSchema, request.body);
    const userId = request.user!.id;
    await runtime.database.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('user').select('pass').where('id', '=', userId).executeTakeFirstOrThrow();
      const bindings = await trx.selectFrom('user_external_login').select(['id', 'external_id']).where('user_id', '=', userId).execute();
      const target = bindings.find((b) => b.external_id === external_id);
      if (!target) throw notFound();
      if (!user.pass && bindings.length <= 1) throw badRequest('error.user.external_login_unbinding_forbidden', { err_type: 'toast' });
      await trx.deleteFrom('user_external_login').where('id', '=', target.id).execute();
    });
    return send(request, reply, null);
  });
}
