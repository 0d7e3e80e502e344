import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { send } from './envelope.js';
import { AppError, FieldErrors } from './errors.js';
import { t } from './i18n.js';

/** Field messages get a capital first letter and a trailing full stop (domain.md 1.2). */
function sentence(text: string): string {
  const s = text.charAt(0).toUpperCase() + text.slice(1);
  if (/[.!?。！？]$/.test(s)) return s;
  return /[\u3000-\u9fff]/.test(s) ? `${s}。` : `${s}.`;
}

const CLIENT_ERROR_REASONS: Record<number, string> = {
  401: 'base.unauthorized_error',
  403: 'base.forbidden_error',
  404: 'base.not_found',
  413: 'base.request_too_large',
};

/** The one place errors become replies. Unknown errors are logged and answered 500 base.unknown. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const lang = request.lang;
  if (error instanceof FieldErrors) {
    const data = error.issues.map((i) => ({ error_field: i.field, error_msg: sentence(t(lang, i.reason, i.vars)) }));
    return send(request, reply, data, 400, error.reason, data[0]?.error_msg);
  }
  if (error instanceof AppError) {
    return send(request, reply, error.data, error.status, error.reason, error.explicitMsg ?? t(lang, error.reason, error.vars));
  }
  const status = (error as FastifyError).statusCode;
  // Fastify's and its plugins' own 4xx (unparsable JSON, wrong content type, body too large, a
  // multipart limit) are the client's fault: the same status, in the envelope.
  if (status && status >= 400 && status < 500) return send(request, reply, null, status, CLIENT_ERROR_REASONS[status] ?? 'base.request_format_error');
  request.log.error({ err: error }, 'unhandled error');
  return send(request, reply, null, 500, 'base.unknown');
}
