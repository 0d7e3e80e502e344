import type { Envelope } from '@answer/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { t } from './i18n.js';

/** The {code, reason, msg, data} envelope; `code` always equals the HTTP status. */
export const envelopeOf = <T>(lang: string, data: T, status = 200, reason = 'base.success', msg?: string): Envelope<T> => ({
  code: status,
  reason,
  msg: msg ?? t(lang, reason),
  data,
});

/** Writes the envelope as the reply. */
export function send<T>(request: FastifyRequest, reply: FastifyReply, data: T, status = 200, reason = 'base.success', msg?: string) {
  return reply.code(status).type('application/json; charset=utf-8').send(envelopeOf(request.lang, data, status, reason, msg));
}
