import fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { ADMIN_API_PREFIX, API_PREFIX, CONTROL_CHARACTER_REASON, INSTALL_PREFIX } from '@answer/contract';
import { errorHandler } from './core/error-handler.js';
import { type LogDestination, loggerOptions } from './core/log-redaction.js';
import { commonSecurityHeaders } from './core/security-headers.js';
import { etagOnSend } from './core/etag.js';
import { COMPRESS_MIN_BYTES, serverWithFastPath } from './core/http-server.js';
import { AppError, FieldErrors, notFound } from './core/errors.js';
import { forbiddenRequestField } from './core/request-text.js';
import { warnOfUnbelievedForwarding } from './core/proxy-warning.js';
import { type RouteAccess, ensureRouteAccess } from './core/guardian.js';
import { envelopeOf } from './core/envelope.js';
import { resolveLanguage, t } from './core/i18n.js';
import { cachedSession, resolveSession, resolveSessionCached, tokenFrom } from './core/session.js';
import { adminContentRoutes } from './features/admin/content-routes.js';
import { dashboardRoutes } from './features/admin/dashboard.js';
import { privilegeRoutes } from './features/admin/privileges.js';
import { smtpRoutes } from './features/admin/smtp-routes.js';
import { answerRoutes } from './features/answer/routes.js';
import { collectionRoutes } from './features/collection/routes.js';
import { commentRoutes } from './features/comment/routes.js';
import { followRoutes } from './features/follow/routes.js';
import { followTagRoutes } from './features/follow/tag-routes.js';
import { inviteRoutes } from './features/question/invite-routes.js';
import { reactionRoutes } from './features/reaction/routes.js';
import { personalRoutes } from './features/personal/routes.js';
import { pluginConfigRoutes } from './features/plugin/config-routes.js';
import { pluginRoutes } from './features/plugin/routes.js';
import { pluginAgentRoutes } from './features/plugin/agent-routes.js';
import { connectorRoutes } from './features/connector/routes.js';
import { registerNativeAccountBan } from './features/user-center/native-ban.js';
import { registerOwnedFieldGuard } from './features/user-center/owned-fields.js';
import { userCenterRoutes } from './features/user-center/routes.js';
import { registerPluginDelivery } from './features/plugin/delivery.js';
import { registerNotificationPlugins } from './features/plugin/notify.js';
import { apiKeyRoutes } from './features/api-key/routes.js';
import { mcpRoutes } from './features/mcp/routes.js';
import { registerWebhooks } from './features/webhook/deliver.js';
import { webhookRoutes } from './features/webhook/routes.js';
import { aiChatRoutes } from './features/ai/chat-routes.js';
import { aiConversationRoutes } from './features/ai/conversation-routes.js';
import { aiRoutes } from './features/ai/routes.js';
import { collectApiRoutes } from './features/openapi/collect.js';
import { openApiRoutes } from './features/openapi/routes.js';
import { authenticateApiKey, ensureKeyAllows, isApiKey } from './features/api-key/guard.js';
import { applyPlugins, startPlugins } from './features/plugin/service.js';
import { pluginFileRoutes } from './features/plugin/web.js';
import { timelineRoutes } from './features/timeline/routes.js';
import { editorRoutes } from './features/question/misc-routes.js';
import { permalinkRoutes } from './features/question/permalink-routes.js';
import { renderReaderOf, SAME_FOR_EVERY_READER } from './features/pages/render-identity.js';
import { servePage } from './features/pages/serve-page.js';
import { questionRoutes } from './features/question/routes.js';
import { moderationRoutes } from './features/question/moderation-routes.js';
import { reasonRoutes } from './features/reason/routes.js';
import { reportRoutes } from './features/report/routes.js';
import { revisionRoutes } from './features/revision/routes.js';
import { registerSearchPluginSync } from './features/search/plugin-sync.js';
import { registerEmbeddingWork } from './features/ai/embeddings/outbox.js';
import { searchRoutes } from './features/search/routes.js';
import { seoRoutes } from './features/seo/routes.js';
import { reviewRoutes } from './features/revision/review-routes.js';
import { pendingReviewRoutes, reviewSettingsRoutes } from './features/review/routes.js';
import { siteSettingsRoutes } from './features/admin/siteinfo-routes.js';
import { tagAdminRoutes, tagRoutes } from './features/tag/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { captchaRoutes } from './features/captcha/routes.js';
import { registerThrottle, type ThrottleConfig } from './features/captcha/throttle.js';
import { metricsConfig, trustedProxies } from './config/config.js';
import { registerMetrics } from './features/metrics/routes.js';
import { mailHandler, MAIL_TOPIC } from './features/email/service.js';
import { notifyOnEvent } from './features/notification/consumer.js';
import { notificationRoutes } from './features/notification/routes.js';
import { POLL_PATH, pollFastPath } from './features/notification/poll-fast-path.js';
import { scheduleDigests } from './features/email/digest.js';
import { handleMailEvent } from './features/email/new-question-mail.js';
import { unsubscribeRoutes } from './features/email/unsubscribe-routes.js';
import { installRoutes } from './features/install/routes.js';
import { siteinfoRoutes } from './features/siteinfo/routes.js';
import { sitePageRoutes } from './features/siteinfo/site-pages.js';
import { uploadRoutes } from './features/upload/routes.js';
import { userRoutes } from './features/user/routes.js';
import { userDirectoryRoutes } from './features/user/directory-routes.js';
import { voteRoutes } from './features/vote/routes.js';
import { badgeAdminRoutes, badgeRoutes } from './features/badge/routes.js';
import { moderationLogRoutes } from './features/moderation/routes.js';
import { adminUserRoutes } from './features/admin/users-routes.js';
import { handleBadgeEvent } from './features/badge/rules.js';
import { loadSiteSettings } from './features/siteinfo/service.js';
import type { Runtime } from './runtime.js';
import { serveSpa, WEB_DIST } from './spa.js';


declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
  interface FastifyRequest {
    lang: string;
    user: import('./core/guardian.js').SessionUser | null;
    /** The raw access token the caller sent (empty for visitors and for API keys). */
    token: string;
    /** The API key the caller authenticated with (features/api-key), or null. */
    apiKey: import('./features/api-key/keys.js').ApiKeyCaller | null;
    /** The route's declared config, read once (`routeOptions` builds a new object on every read). */
    declared: FastifyContextConfig;
  }
  interface FastifyContextConfig extends ThrottleConfig {
    access?: RouteAccess;
    /** Answers before installation too: the calls a client makes while booting (docs/decisions.md). */
    beforeInstall?: boolean;
    /** The session may come from a few-seconds process cache (the notification poll; core/session.ts). */
    cachedSession?: boolean;
    /**
     * The reply is the same for every reader allowed to see it (nothing in it depends on who asks):
     * a member's page does not ask it again over the visitors' page (features/pages/app-render.ts).
     */
    sameForEveryReader?: boolean;
    /** How the OpenAPI document describes the route (features/openapi/declare.ts); every API route has one. */
    openapi?: import('./features/openapi/declare.js').OpenApiRoute;
  }
}

export interface AppOptions {
  runtime: Runtime;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
}

export async function buildApp({ runtime, logger = false, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? loggerOptions(process.env.LOG_LEVEL || 'info', logStream) : false,
    bodyLimit: 1024 * 1024,
    // A path parameter the router cannot decode (a broken %-escape in /plugin/{slug}/...) is the
    // client's fault: 400 in the envelope, as any other bad input.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 400);
      const lang = resolveLanguage(request.headers['accept-language']);
      const body = envelopeOf(lang, null, status, 'base.request_format_error', t(lang, 'base.request_format_error'));
      void (reply as FastifyReply).code(status).type('application/json; charset=utf-8').send(body);
    },
    // Forwarded headers are believed only from the configured proxies (README: reverse proxy).
    trustProxy: proxiesOrNone(trustedProxies(runtime.config)),
    // A page render's own API calls are part of the page request, which is logged. The
    // notification poll (every 3 s per signed-in tab) would be most of the log: not logged either.
    logController: new LogController({
      disableRequestLogging: (req: { url?: string; headers: IncomingHttpHeaders }) => req.url === POLL_PATH || renderReaderOf(req.headers) !== undefined,
    }),
    serverFactory: serverWithFastPath(pollFastPath(runtime)),
  });
  app.decorate('runtime', runtime);
  warnOfUnbelievedForwarding(app);
  runtime.outbox.on(MAIL_TOPIC, mailHandler(runtime));
  runtime.outbox.onTx('event.notify', (event, trx) => notifyOnEvent(event, trx));
  runtime.outbox.onTx('event.mail', handleMailEvent);
  scheduleDigests(app, runtime);
  runtime.outbox.onTx('event.badge', handleBadgeEvent);
  startPlugins(runtime);
  registerPluginDelivery(runtime);
  registerNotificationPlugins(runtime);
  registerSearchPluginSync(runtime);
  registerEmbeddingWork(runtime);
  registerWebhooks(runtime);
  // What enabled plugins change in the core (Markdown rules, frames, their setup) before the first request.
  app.addHook('onReady', async () => applyPlugins(runtime));
  app.addHook('onReady', async () => runtime.outbox.start());
  // A change may have published events (notifications, badges, mails): run them now, not at the
  // next poll. Reads publish nothing, so they do not wake the worker.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && runtime.installed) void runtime.outbox.kick();
  });
  app.decorateRequest('lang', 'en_US');
  app.decorateRequest('user', null);
  app.decorateRequest('token', '');
  app.decorateRequest('apiKey', null);
  app.decorateRequest('declared', null as unknown as FastifyContextConfig);
  app.setErrorHandler(errorHandler);
  app.addHook('onSend', commonSecurityHeaders);
  const pageOrNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) throw notFound('base.not_found');
    return servePage(runtime, request, reply);
  };
  // What no route answers (other methods, a missing /static/ file); pages are a route below.
  app.setNotFoundHandler(pageOrNotFound);

  app.addHook('onRequest', async (request, reply) => {
    request.declared = request.routeOptions.config;
    request.lang = resolveLanguage(request.headers['accept-language']);
    const badField = forbiddenRequestField(request.url, request.params, request.query);
    if (badField) {
      // The API names the field; a page or feed URL is one no page has.
      if (isApiPath(request.url)) throw new FieldErrors([{ field: badField, reason: CONTROL_CHARACTER_REASON }]);
      return serveSpa(runtime, request.url, reply, { status: 404 });
    }
    // Before installation only the boot calls answer (so a client can render the installer); the
    // rest of the API is 503 base.not_installed and pages redirect to /install.
    if (!runtime.installed && request.url.startsWith('/answer/') && !request.declared.beforeInstall) {
      throw new AppError(503, 'base.not_installed');
    }
    const renderVisit = runtime.installed ? renderReaderOf(request.headers) : undefined;
    if (renderVisit !== undefined) {
      // A page render asking the API in process, as the reader its visit cookie names.
      request.user = renderVisit ? await resolveSessionCached(runtime.database, renderVisit, 'visit_token') : null;
      if (request.declared.sameForEveryReader) reply.header(SAME_FOR_EVERY_READER, '1');
    } else if (runtime.installed && request.url.startsWith('/answer/')) {
      request.token = tokenFrom(request.headers, request.query);
      if (!request.token) request.user = null;
      else if (isApiKey(request.token)) {
        // A key is not a session: nothing may echo it back or sign it out (features/api-key/guard.ts).
        request.apiKey = await authenticateApiKey(runtime, request, request.token);
        request.user = request.apiKey.user;
        request.token = '';
      }
      else if (request.declared.cachedSession) request.user = cachedSession(runtime.database, request.token) ?? (await resolveSessionCached(runtime.database, request.token));
      else request.user = await resolveSession(runtime.database, request.token);
    }
  });
  // Every API route declares who may call it; the guardian decides (private mode included).
  app.addHook('preHandler', async (request) => {
    const access = request.declared.access;
    // A key never goes beyond its own scope, on any route (its owner's access is checked below).
    if (request.apiKey) await ensureKeyAllows(runtime, request, request.apiKey);
    if (!access || access === 'none') return;
    // Only public reads depend on private mode; the other levels need a signed-in user anyway, so
    // the settings are not even looked up for them (the notification poll is one).
    const loginRequired = access === 'public' && (await loadSiteSettings(runtime)).login.login_required;
    ensureRouteAccess(request.user, access, loginRequired);
  });
  // While a user centre replaces the site's own accounts, their routes answer 403, and what it owns
  // of a profile is read-only: checks added to exactly those routes as they are registered below.
  registerNativeAccountBan(app);
  registerOwnedFieldGuard(app);
  // Captcha and abuse limits a route declares (`captcha`, `limits`), after its access check.
  registerThrottle(app);

  // Before compression: the tag names the content, whatever encoding it is then sent in.
  app.addHook('onSend', etagOnSend);
  await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'], threshold: COMPRESS_MIN_BYTES });
  await app.register(cookie);

  // Every API route, for the OpenAPI document (features/openapi): collected as they are registered.
  const apiRoutes = collectApiRoutes(app);
  const metrics = metricsConfig(runtime.config);
  if (metrics.enabled) registerMetrics(app, metrics);
  app.get('/healthz', async (_request, reply) => reply.type('text/plain').send('OK'));
  await app.register(installRoutes, { prefix: INSTALL_PREFIX });
  await app.register(siteinfoRoutes, { prefix: API_PREFIX });
  await app.register(userRoutes, { prefix: API_PREFIX });
  await app.register(unsubscribeRoutes, { prefix: API_PREFIX });
  await app.register(userDirectoryRoutes, { prefix: API_PREFIX });
  await app.register(authRoutes, { prefix: API_PREFIX });
  await app.register(captchaRoutes, { prefix: API_PREFIX });
  await app.register(questionRoutes, { prefix: API_PREFIX });
  await app.register(moderationRoutes, { prefix: API_PREFIX });
  await app.register(reasonRoutes, { prefix: API_PREFIX });
  await app.register(reportRoutes, { prefix: API_PREFIX });
  await app.register(answerRoutes, { prefix: API_PREFIX });
  await app.register(commentRoutes, { prefix: API_PREFIX });
  await app.register(revisionRoutes, { prefix: API_PREFIX });
  await app.register(reviewRoutes, { prefix: API_PREFIX });
  await app.register(pendingReviewRoutes, { prefix: API_PREFIX });
  await app.register(tagRoutes, { prefix: API_PREFIX });
  await app.register(editorRoutes, { prefix: API_PREFIX });
  await app.register(voteRoutes, { prefix: API_PREFIX });
  await app.register(badgeRoutes, { prefix: API_PREFIX });
  await app.register(collectionRoutes, { prefix: API_PREFIX });
  await app.register(followRoutes, { prefix: API_PREFIX });
  await app.register(followTagRoutes, { prefix: API_PREFIX });
  await app.register(inviteRoutes, { prefix: API_PREFIX });
  await app.register(reactionRoutes, { prefix: API_PREFIX });
  await app.register(timelineRoutes, { prefix: API_PREFIX });
  await app.register(personalRoutes, { prefix: API_PREFIX });
  await app.register(searchRoutes, { prefix: API_PREFIX });
  await app.register(notificationRoutes, { prefix: API_PREFIX });
  await app.register(privilegeRoutes);
  await app.register(apiKeyRoutes);
  await app.register(mcpRoutes);
  await app.register(webhookRoutes);
  await app.register(aiRoutes);
  await app.register(aiChatRoutes);
  await app.register(aiConversationRoutes);
  await app.register(pluginRoutes);
  await app.register(pluginConfigRoutes);
  await app.register(pluginAgentRoutes);
  await app.register(connectorRoutes);
  await app.register(userCenterRoutes);
  await app.register(pluginFileRoutes);
  await app.register(smtpRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(tagAdminRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(badgeAdminRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(moderationLogRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(adminUserRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(reviewSettingsRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(siteSettingsRoutes, { prefix: ADMIN_API_PREFIX });
  await app.register(sitePageRoutes);
  await app.register(permalinkRoutes);
  await app.register(seoRoutes);
  const uploadsDir = runtime.config?.service_config?.upload_path || runtime.paths.uploads;
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(uploadRoutes, { uploadsDir });
  await app.register(adminContentRoutes, { prefix: ADMIN_API_PREFIX, uploadsDir });
  await app.register(dashboardRoutes, { prefix: ADMIN_API_PREFIX, uploadsDir });
  await app.register(openApiRoutes, { routes: apiRoutes });

  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: path.join(WEB_DIST, 'static'),
      prefix: '/static/',
      maxAge: '365d',
      immutable: true,
      // The build writes .br and .gz next to each file (web/precompress.ts): none is compressed per request.
      preCompressed: true,
      wildcard: true,
    });
  }
  app.get('/install', async (request, reply) => {
    if (runtime.installed) return reply.redirect('/');
    return serveSpa(runtime, request.url, reply);
  });
  // Every page path without a route of its own, as a route, registered after the plugins: those that
  // work per route (@fastify/compress adds its hook in onRoute) never reach the not-found handler, so
  // the lists, tag pages and profiles went out uncompressed (issue 25 point 5).
  app.get('/*', pageOrNotFound);
  return app;
}

export const isApiPath = (url: string) =>
  url.startsWith('/answer/') || url.startsWith(`${INSTALL_PREFIX}/`) || url === INSTALL_PREFIX;

const proxiesOrNone = (proxies: string[]) => (proxies.length ? proxies : false);
