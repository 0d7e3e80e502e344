import { randomBytes } from 'node:crypto';
import { type CaptchaAction, ROLE } from '@answer/contract';
import { AppError, FieldErrors } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import { randomCode, renderCaptcha } from './image.js';
import { type HardLimitName, loadLimits } from './limits.js';
import { countActions, recordAction } from './records.js';

const CAPTCHA_SECONDS = 6 * 60;
const cacheKey = (id: string) => `answer:captcha:${id}`;
const now = () => Math.floor(Date.now() / 1000);

/** Staff are trusted: no captcha for admins and moderators (domain.md 16.1). */
const exempt = (user: SessionUser | null) => user?.roleId === ROLE.admin || user?.roleId === ROLE.moderator;

/** Does the next `action` by this subject need a captcha? */
export async function captchaRequired(runtime: Runtime, action: CaptchaAction, subject: string, user: SessionUser | null) {
  if (exempt(user)) return false;
  const rule = (await loadLimits(runtime.database)).captcha[action];
  const { count, last } = await countActions(runtime.database, action, subject, rule.windowSeconds);
  if (count >= rule.count) return true;
  return Boolean(rule.minGapSeconds && last && now() - last < rule.minGapSeconds);
}

export async function newCaptcha(runtime: Runtime): Promise<{ captcha_id: string; captcha_img: string }> {
  const id = randomBytes(16).toString('hex');
  const code = randomCode();
  await runtime.cache.set(cacheKey(id), code, CAPTCHA_SECONDS);
  const png = await renderCaptcha(code);
  return { captcha_id: id, captcha_img: `data:image/png;base64,${png.toString('base64')}` };
}

/** Single use: the expected code is removed on the first check, right or wrong. */
async function verifyCaptcha(runtime: Runtime, id: string, code: string): Promise<boolean> {
  if (!id || !code) return false;
  const expected = await runtime.cache.get<string>(cacheKey(id));
  await runtime.cache.delete(cacheKey(id));
  return !!expected && expected.toUpperCase() === code.trim().toUpperCase();
}

/**
 * Runs the captcha gate for one request of `action`: when one is required the body must carry a
 * correct captcha_id/captcha_code, else 400 with a field error on captcha_code.
 */
export async function checkCaptcha(
  runtime: Runtime,
  action: CaptchaAction,
  subject: string,
  user: SessionUser | null,
  body: { captcha_id?: string; captcha_code?: string },
): Promise<void> {
  if (!(await captchaRequired(runtime, action, subject, user))) return;
  if (!(await verifyCaptcha(runtime, body.captcha_id ?? '', body.captcha_code ?? ''))) {
    throw new FieldErrors([{ field: 'captcha_code', reason: 'error.object.captcha_verification_failed' }]);
  }
}

export const countAttempt = (runtime: Runtime, action: string, subject: string) => recordAction(runtime.database, action, subject);

/** Refuses with 429 once a hard limit is reached; the message says how long to wait. */
export async function ensureUnderLimit(runtime: Runtime, name: HardLimitName, subject: string): Promise<void> {
  const limit = (await loadLimits(runtime.database)).hard[name];
  const { count } = await countActions(runtime.database, `limit:${name}`, subject, limit.windowSeconds);
  if (count >= limit.max) {
    throw new AppError(429, 'error.common.rate_limited', null, undefined, { minutes: Math.ceil(limit.windowSeconds / 60) });
  }
}

export const countTowardsLimit = (runtime: Runtime, name: HardLimitName, subject: string) =>
  recordAction(runtime.database, `limit:${name}`, subject);
