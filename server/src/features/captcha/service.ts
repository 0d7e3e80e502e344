import { randomBytes } from 'node:crypto';
import type { CaptchaAction } from '@answer/contract';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import { randomCode, renderCaptcha } from './image.js';
import { throttleSettings } from './settings.js';
import { peekCounter } from './records.js';

const CAPTCHA_SECONDS = 6 * 60;
/** How long a demand for a captcha (see `demandCaptcha`) stands. */
const DEMAND_SECONDS = 15 * 60;
const cacheKey = (id: string) => `answer:captcha:${id}`;
const demandKey = (action: string, subject: string) => `answer:captcha-demand:${action}:${subject}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * Will the next `action` by this subject need a captcha? Read-only: GET /user/action/record asks it
 * before a form is shown; the throttle hook decides for real when the form is sent. Staff are
 * trusted (domain.md 16.1) and nobody is asked while the captcha plugin is switched off.
 */
export async function captchaRequired(runtime: Runtime, action: CaptchaAction, subject: string, user: SessionUser | null) {
  if (isStaff(user)) return false;
  const { limits, captchaOn } = await throttleSettings(runtime);
  if (!captchaOn) return false;
  if (await runtime.shared.get(demandKey(action, subject))) return true;
  const rule = limits.captcha[action];
  const { count, last } = await peekCounter(runtime.database, action, subject, rule.windowSeconds);
  if (count >= rule.count) return true;
  return Boolean(rule.minGapSeconds && last && now() - last < rule.minGapSeconds);
}

/**
 * Makes the subject's next `action` announce a captcha. Used when a rule the subject cannot see
 * (the failures of the account being logged into) asked for one, so the form's next look-up shows
 * the picture instead of sending the person round in circles.
 */
export const demandCaptcha = (runtime: Runtime, action: string, subject: string) =>
  runtime.shared.set(demandKey(action, subject), 1, DEMAND_SECONDS);

export const withdrawCaptchaDemand = (runtime: Runtime, action: string, subject: string) => runtime.shared.delete(demandKey(action, subject));

export async function newCaptcha(runtime: Runtime): Promise<{ captcha_id: string; captcha_img: string }> {
  const id = randomBytes(16).toString('hex');
  const code = randomCode();
  await runtime.shared.set(cacheKey(id), code, CAPTCHA_SECONDS);
  const png = await renderCaptcha(code);
  return { captcha_id: id, captcha_img: `data:image/png;base64,${png.toString('base64')}` };
}

/** Single use: the expected code is taken out on the first check, right or wrong, so a burst can use it once. */
export async function verifyCaptcha(runtime: Runtime, id: unknown, code: unknown): Promise<boolean> {
  if (typeof id !== 'string' || typeof code !== 'string' || !id || !code) return false;
  const expected = await runtime.shared.take<string>(cacheKey(id));
  return !!expected && expected.toUpperCase() === code.trim().toUpperCase();
}
