import { createHash } from 'node:crypto';
import { type CaptchaAction, hasForbiddenCharacters } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, FieldErrors } from '../../core/errors.js';
import { isStaff } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import type { HardLimitName } from './limits.js';
import { clearCounter, returnTickets, type Ticket, takeTicket } from './records.js';
import { demandCaptcha, verifyCaptcha, withdrawCaptchaDemand } from './service.js';
import { throttleSettings } from './settings.js';
import { actionSubject } from './subject.js';

/**
 * What a route declares next to `access` to be throttled, e.g.
 * `config: { access: 'auth', captcha: 'vote' }` or
 * `config: { access: 'none', captcha: 'password', limits: ['login_ip'], countOn: 'failure' }`.
 * One hook enforces it for every route, so no handler can forget a step or do them in the wrong order.
 */
export interface ThrottleConfig {
  /** The captcha counter of domain.md 16.2 this route feeds and obeys. */
  captcha?: CaptchaAction;
  /** Hard limits (429) this route counts towards. */
  limits?: HardLimitName[];
  /**
   * Which attempts stay counted once the reply is known: every attempt (default); only those that
   * succeeded, as upstream records actions after they happen; or only failures (logins: a success
   * also clears the captcha counters, as upstream does).
   */
  countOn?: 'attempt' | 'success' | 'failure';
  /**
   * What makes two requests one attempt (search: the same words, and the same hundred results, in
   * any order or page size): within the captcha counter's window, an attempt already counted and let
   * through is not counted or checked again, so a reader paging through results is not a flood.
   */
  attemptOf?: (request: FastifyRequest) => string;
}

/**
 * Options of a posting route (ask, answer, comment, edit, delete, vote, invite): an active account,
 * its captcha counter, and attempts counted when they succeed, as upstream records actions.
 */
export const postingRoute = (captcha: CaptchaAction) => ({ config: { access: 'auth' as const, captcha, countOn: 'success' as const } });

interface ThrottleState {
  tickets: Ticket[];
  /** The route said its attempt failed though it answers below 400 (a sign-in callback's redirect). */
  failed?: boolean;
  /** Captcha counters a successful login clears. */
  counters: [action: string, subject: string][];
}

declare module 'fastify' {
  interface FastifyRequest {
    throttle: ThrottleState | null;
  }
}

/** Failed logins are also counted per account, under this action name. */
const ACCOUNT_ACTION = 'password_account';

/**
 * The e-mail a counter is kept under. This hook runs before the body is validated, so a value the
 * schema will refuse (control characters: PostgreSQL cannot even store U+0000) counts under none.
 */
const normalEmail = (value: unknown) => (typeof value === 'string' && !hasForbiddenCharacters(value) ? value.trim().toLowerCase() : '');

/** Captcha fields and the e-mail come from the body, or the query string for GET routes (search). */
function inputOf(request: FastifyRequest): Record<string, unknown> {
  const pick = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return { ...pick(request.query), ...pick(request.body) };
}

function limitSubject(name: HardLimitName, request: FastifyRequest, input: Record<string, unknown>): string | null {
  if (name.endsWith('_ip')) return `ip:${request.ip}`;
  if (request.user) return `user:${request.user.id}`;
  const email = normalEmail(input.e_mail);
  return email ? `email:${email}` : null;
}

async function enforce(runtime: Runtime, request: FastifyRequest, config: ThrottleConfig): Promise<void> {
  const db = runtime.database;
  const state: ThrottleState = { tickets: [], counters: [] };
  request.throttle = state;
  const input = inputOf(request);
  const { limits, captchaOn } = await throttleSettings(runtime);

  for (const name of config.limits ?? []) {
    const subject = limitSubject(name, request, input);
    if (!subject) continue;
    const limit = limits.hard[name];
    const ticket = await takeTicket(db, `limit:${name}`, subject, limit.windowSeconds);
    state.tickets.push(ticket);
    if (ticket.count > limit.max) {
      throw new AppError(429, 'error.common.rate_limited', null, undefined, { minutes: Math.ceil(limit.windowSeconds / 60) });
    }
  }

  if (!config.captcha || !captchaOn) return;
  const action = config.captcha;
  const rule = limits.captcha[action];
  const subject = actionSubject(request, action);
  // Kept where captcha codes are (the shared store), so every instance knows what was counted.
  const counted = config.attemptOf
    ? `answer:counted-attempt:${action}:${subject}:${Math.floor(Date.now() / 1000 / rule.windowSeconds)}:${createHash('sha256').update(config.attemptOf(request)).digest('base64url')}`
    : undefined;
  if (counted && (await runtime.shared.get(counted))) return;
  const ticket = await takeTicket(db, action, subject, rule.windowSeconds, rule.minGapSeconds ?? 0);
  state.tickets.push(ticket);
  state.counters.push([action, subject]);
  let needed = ticket.count > rule.count || ticket.tooSoon;

  // Logins also count failures per account, from any address: past the rule, that account's logins
  // need a captcha. Never a block, so a stranger cannot lock the owner out.
  let byAccount = false;
  const email = action === 'password' ? normalEmail(input.e_mail) : '';
  if (email) {
    const accountRule = limits.login_account;
    const accountTicket = await takeTicket(db, ACCOUNT_ACTION, `email:${email}`, accountRule.windowSeconds);
    state.tickets.push(accountTicket);
    state.counters.push([ACCOUNT_ACTION, `email:${email}`]);
    byAccount = accountTicket.count > accountRule.count;
    needed ||= byAccount;
  }

  if (!needed || (await verifyCaptcha(runtime, input.captcha_id, input.captcha_code))) {
    if (counted) await runtime.shared.set(counted, 1, rule.windowSeconds);
    return;
  }
  // The address's own counter may say "no captcha"; make its next look-up show the picture.
  if (byAccount) await demandCaptcha(runtime, action, subject);
  throw new FieldErrors([{ field: 'captcha_code', reason: 'error.object.captcha_verification_failed' }]);
}

/** After the reply is known, takes back the attempts the route does not count (see `countOn`). */
async function settle(runtime: Runtime, request: FastifyRequest, succeeded: boolean, countOn: ThrottleConfig['countOn']) {
  const state = request.throttle;
  if (!state?.tickets.length) return;
  const db = runtime.database;
  if (countOn === 'success' && !succeeded) await returnTickets(db, state.tickets);
  if (countOn === 'failure' && succeeded) {
    await returnTickets(db, state.tickets);
    for (const [action, subject] of state.counters) {
      await clearCounter(db, action, subject);
      await withdrawCaptchaDemand(runtime, action, subject);
    }
  }
}

/** For a route whose failures answer below 400 (a redirect to an error page): this attempt failed. */
export function markAttemptFailed(request: FastifyRequest): void {
  if (request.throttle) request.throttle.failed = true;
}

/** Registers the one hook that enforces every route's declared captcha and limits (staff are exempt). */
export function registerThrottle(app: FastifyInstance): void {
  const runtime = app.runtime;
  app.decorateRequest('throttle', null);
  app.addHook('preHandler', async (request) => {
    const config = request.declared as ThrottleConfig | undefined;
    if (!config?.captcha && !config?.limits?.length) return;
    if (isStaff(request.user)) return;
    await enforce(runtime, request, config);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.throttle) await settle(runtime, request, reply.statusCode < 400 && !request.throttle.failed, (request.declared as ThrottleConfig).countOn ?? 'attempt');
    return payload;
  });
}
