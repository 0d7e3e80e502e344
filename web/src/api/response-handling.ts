import { ADMIN_API_PREFIX, type Envelope, type FieldError } from '@answer/contract';
import { ROUTES, isLoginFlowPath } from '../app/paths';
import { ApiError } from './api-error';
import type { ClientEnv } from './client-env';

/** Per-call switches of the response table (spec section 8). */
export interface FailureOptions {
  /** A 404 shows the 404 page (question, tag and profile pages); otherwise 404s are silent. */
  allow404?: boolean;
  /** A 401 only clears the user; used where an expired session is expected (start-up). */
  allow401?: boolean;
  /** A 5xx does not replace the page (notification polling, start-up probes). */
  ignore50x?: boolean;
  /** The caller shows 400 errors itself: no toast or dialog. */
  passingError?: boolean;
}

export interface FailedCall {
  url: string;
  status: number;
  envelope: Partial<Envelope> | null;
  options: FailureOptions;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEmptyData = (v: unknown) => v === null || v === undefined || v === '' || (isRecord(v) && Object.keys(v).length === 0);

/**
 * Applies the visible effect a failed reply calls for and returns the error the call rejects with.
 * Every branch rejects: the effects only tell the user, the caller still learns the call failed.
 */
export function handleFailure(call: FailedCall, env: ClientEnv): ApiError {
  const { status, options } = call;
  const msg = call.envelope?.msg ?? '';
  const data = call.envelope?.data ?? null;
  const error = new ApiError(status, call.envelope?.reason ?? '', msg, data);
  const onLoginFlow = isLoginFlowPath(env.currentPath());

  if (status === 400) {
    if (Array.isArray(data)) return new ApiError(status, error.reason, msg, data, data as FieldError[]);
    const errType = isRecord(data) ? data.err_type : undefined;
    if (options.passingError) return error;
    if (errType === 'toast') env.toast(msg);
    else if (errType === 'modal') env.dialog(msg, 'confirm');
    // 'alert': the caller shows msg and data where the user is looking; other types stay silent.
    else if (!errType && isEmptyData(data)) env.dialog(msg, 'close');
    return error;
  }

  if (status === 401) {
    env.clearUser();
    if (!options.allow401 && !onLoginFlow) env.goToLogin();
    return error;
  }

  if (status === 403) {
    const type = isRecord(data) ? data.type : undefined;
    if (type === 'url_expired') env.navigate(ROUTES.activationFailed, { replace: true });
    else if (type === 'inactive') env.navigate(ROUTES.inactive, { replace: false });
    else if (type === 'suspended') env.navigate(ROUTES.suspended, { replace: true });
    else if (onLoginFlow) return error;
    else if (call.url.startsWith(ADMIN_API_PREFIX)) env.showErrorPage('403');
    else if (msg) env.toast(msg);
    return error;
  }

  if (status === 404) {
    if (options.allow404 && !onLoginFlow) env.showErrorPage('404');
    return error;
  }

  if (status >= 500) {
    env.log(`request failed: ${call.url}`, status, msg);
    if (!options.ignore50x && !onLoginFlow) env.showErrorPage('50X');
    return error;
  }

  // Anything else (413 too large, 429 rate limited...) is worth telling, not worth a page.
  if (msg && !options.passingError) env.toast(msg);
  return error;
}

/** No reply at all: the network is down or the 10 s timeout hit. */
export function handleNoReply(url: string, timedOut: boolean, options: FailureOptions, env: ClientEnv): ApiError {
  const reason = timedOut ? 'error.request.timeout' : 'error.request.network';
  const msg = env.translate(reason);
  env.log(`request failed: ${url}`, reason);
  if (!options.passingError) env.toast(msg);
  return new ApiError(0, reason, msg);
}
