import type { FieldError } from '@answer/contract';

/**
 * What every failed call rejects with. `list` holds the server's field errors (400 with an array),
 * which forms show beside their fields; `msg` is the server's translated message.
 */
export class ApiError extends Error {
  readonly isError = true;

  constructor(
    readonly status: number,
    readonly reason: string,
    readonly msg: string,
    readonly data: unknown = null,
    readonly list: FieldError[] = [],
  ) {
    super(msg || reason || `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The {error_field, error_msg} list as a field -> message map for a form. */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  if (!isApiError(e)) return {};
  return Object.fromEntries(e.list.map((f) => [f.error_field, f.error_msg]));
}
