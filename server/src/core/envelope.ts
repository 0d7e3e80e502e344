import type { Envelope } from '@answer/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { t } from './i18n.js';

/** Writes the {code, reason, msg, data} envelope; `code` always equals the HTTP status. */
export function send<T>(request: FastifyRequest, reply: FastifyReply, data: T, status = 200, reason = 'base.success', msg?: string) {
  const body: Envelope<T> = { code: status, reason, msg: msg ?? t(request.lang, reason), data };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
