import type { FastifyInstance } from 'fastify';
import { adminBadgesQuery, badgeAwardsQuery, badgeQuery, badgeStatusSchema, userBadgeAwardsQuery } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { adminBadges, setBadgeStatus } from './admin.js';
import { badgeAwards, badgeGroups, badgeInfo, userBadges } from './service.js';

/** Public badge pages (domain.md 9.3); private mode is the guardian's `public` access. */
export async function badgeRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const config = { access: 'public' as const };

  app.get('/badges', { config: { ...config, openapi: { response: 'BadgeGroupItem[]' } } }, async (request, reply) => send(request, reply, await badgeGroups(runtime, request.user, request.lang)));

  app.get('/badge', { config: { ...config, openapi: { query: badgeQuery, response: 'BadgeInfo' } } }, async (request, reply) => {
    const { id } = parseInput(badgeQuery, request.query);
    return send(request, reply, await badgeInfo(runtime, request.user, id, request.lang));
  });

  app.get('/badge/awards/page', { config: { ...config, openapi: { query: badgeAwardsQuery, response: 'BadgeAwardPage' } } }, async (request, reply) => {
    const query = parseInput(badgeAwardsQuery, request.query);
    return send(request, reply, await badgeAwards(runtime, request.user, query));
  });

  app.get('/badge/user/awards', { config: { ...config, openapi: { query: userBadgeAwardsQuery, response: 'UserBadgeItem[]' } } }, async (request, reply) => {
    const { username } = parseInput(userBadgeAwardsQuery, request.query);
    return send(request, reply, await userBadges(runtime, username, request.lang, false));
  });

  app.get('/badge/user/awards/recent', { config: { ...config, sameForEveryReader: true, openapi: { query: userBadgeAwardsQuery, response: 'UserBadgeItem[]' } } }, async (request, reply) => {
    const { username } = parseInput(userBadgeAwardsQuery, request.query);
    return send(request, reply, await userBadges(runtime, username, request.lang, true));
  });
}

/** Admin badge list and activation (mounted under the admin API prefix). */
export async function badgeAdminRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const config = { access: 'admin' as const };

  app.get('/badges', { config: { ...config, openapi: { query: adminBadgesQuery, response: 'AdminBadgePage' } } }, async (request, reply) => {
    const query = parseInput(adminBadgesQuery, request.query);
    return send(request, reply, await adminBadges(runtime, query, request.lang));
  });

  app.put('/badge/status', { config: { ...config, openapi: { body: badgeStatusSchema, response: null } } }, async (request, reply) => {
    await setBadgeStatus(runtime, parseInput(badgeStatusSchema, request.body));
    return send(request, reply, null);
  });
}
