import { notificationIdBody, notificationPageQuery, notificationTypeBody } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { notificationPage } from './page.js';
import { markAllRead, markRead, resetRedDot } from './read.js';
import { POLL_ACCESS } from './poll-fast-path.js';
import { cachedStatusReply, notificationStatus } from './status.js';

/** One badge award the poll announces (BadgeAwardAlert). */
const BADGE_ALERT = {
  notification_id: { type: 'string' },
  badge_id: { type: 'string' },
  name: { type: 'string' },
  icon: { type: 'string' },
  level: { type: 'integer' },
} as const;

/** The poll's reply, declared so Fastify serialises it with a compiled serialiser (it is sent very often). */
const STATUS_REPLY = {
  type: 'object',
  properties: {
    code: { type: 'integer' },
    reason: { type: 'string' },
    msg: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        inbox: { type: 'integer' },
        achievement: { type: 'integer' },
        revision: { type: 'integer' },
        can_revision: { type: 'boolean' },
        badge_award: { type: ['object', 'null'], properties: BADGE_ALERT },
        badge_awards: { type: 'array', items: { type: 'object', properties: BADGE_ALERT } },
      },
    },
  },
} as const;

/** In-app notifications (domain.md 8.4): the list, the polled status, and read states. */
export async function notificationRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  // The hottest call of the site (every 3 s per signed-in tab): a few-seconds session cache. Over
  // HTTP, a poll whose reply is cached is answered before Fastify (poll-fast-path.ts).
  app.get('/notification/status', { config: { access: POLL_ACCESS, openapi: { response: 'NotificationStatus', summary: 'Unread counts (polled)' }, cachedSession: true }, schema: { response: { 200: STATUS_REPLY } } }, (request, reply) => {
    // Not async: a cached status is sent without a round through the promise queue.
    const cached = cachedStatusReply(runtime, request.user!, request.lang);
    if (cached) return reply.type('application/json; charset=utf-8').send(cached);
    return notificationStatus(runtime, request.user!, request.lang).then((status) => send(request, reply, status));
  });
  app.put('/notification/status', { config: { access: 'auth', openapi: { body: notificationTypeBody, response: 'NotificationStatus' } } }, async (request, reply) => {
    const input = parseInput(notificationTypeBody, request.body);
    await resetRedDot(runtime, request.user!, input.type);
    return send(request, reply, await notificationStatus(runtime, request.user!, request.lang));
  });
  app.get('/notification/page', { config: { access: 'auth', openapi: { query: notificationPageQuery, response: 'NotificationPage' } } }, async (request, reply) => {
    const input = parseInput(notificationPageQuery, request.query);
    return send(request, reply, await notificationPage(runtime, request.user!, input, request.lang));
  });
  app.put('/notification/read/state', { config: { access: 'auth', openapi: { body: notificationIdBody, response: null } } }, async (request, reply) => {
    const input = parseInput(notificationIdBody, request.body);
    await markRead(runtime, request.user!, input.id);
    return send(request, reply, null);
  });
  app.put('/notification/read/state/all', { config: { access: 'auth', openapi: { body: notificationTypeBody, response: null } } }, async (request, reply) => {
    const input = parseInput(notificationTypeBody, request.body);
    await markAllRead(runtime, request.user!, input.type);
    return send(request, reply, null);
  });
}
