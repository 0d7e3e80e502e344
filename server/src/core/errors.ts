import type { AccountErrorType, ErrType } from '@answer/contract';

/** A failure the client should see: HTTP status, i18n reason key and optional envelope data. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly data: unknown = null,
    /** Already-translated message that replaces the reason's translation (e.g. names a threshold). */
    readonly explicitMsg?: string,
    /** Values for {{placeholders}} in the reason's translation. */
    readonly vars?: Record<string, string | number>,
  ) {
    super(reason);
  }
}

/** One invalid field; `reason` is an i18n key translated when the reply is written. */
export interface FieldIssue {
  field: string;
  reason: string;
  vars?: Record<string, string | number>;
}

/** 400 whose data lists field errors; the handler translates each into {error_field, error_msg}. */
export class FieldErrors extends AppError {
  constructor(readonly issues: FieldIssue[], reason = 'base.request_format_error') {
    super(400, reason);
  }
}

export const badRequest = (reason: string, data: unknown = null) => new AppError(400, reason, data);
export const hint = (reason: string, errType: ErrType, extra: Record<string, unknown> = {}) =>
  new AppError(400, reason, { err_type: errType, ...extra });
export const unauthorized = () => new AppError(401, 'base.unauthorized_error');
export const forbidden = (reason = 'base.forbidden_error', type?: AccountErrorType) =>
  new AppError(403, reason, type ? { type } : null);
export const notFound = (reason = 'base.not_found') => new AppError(404, reason);
