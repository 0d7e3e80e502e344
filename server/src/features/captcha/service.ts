import { randomBytes } from 'node:crypto';
import type { CaptchaAction } from '@answer/contract';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import { callHook } from '../plugin/call.js';
import { pluginContext } from '../plugin/context.js';
import { enabledWith } from '../plugin/service.js';
import { BUILTIN_CAPTCHA } from './plugin.js';
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

/**
 * A new challenge from the enabled captcha plugin (the built-in one unless another is enabled).
 * Its expected answer is kept with the plugin that made it, which checks the answer. A plugin
 * that fails to make one leaves the built-in captcha to ask instead: the check still happens.
 */
export async function newCaptcha(runtime: Runtime): Promise<{ captcha_id: string; captcha_img: string }> {
  const id = randomBytes(16).toString('hex');
  const [active] = await enabledWith(runtime, 'captcha');
  let made: { slug: string; image: string; code: string } | null = null;
  if (active && active.entry.plugin !== BUILTIN_CAPTCHA) {
    const ctx = await pluginContext(runtime, active.entry);
    made = await callHook(runtime, active.entry, 'captcha.create', () => active.hooks.create(ctx)).then(
      (c) => ({ slug: active.entry.slug, ...c }),
      () => null,
    );
  }
  made ??= { slug: BUILTIN_CAPTCHA.info.slug_name, ...(await BUILTIN_CAPTCHA.captcha!.create(undefined as never)) };
  await runtime.shared.set(cacheKey(id), { slug: made.slug, code: made.code }, CAPTCHA_SECONDS);
  return { captcha_id: id, captcha_img: made.image };
}

/** Single use: the expected code is taken out on the first check, right or wrong, so a burst can use it once. */
export async function verifyCaptcha(runtime: Runtime, id: unknown, code: unknown): Promise<boolean> {
  if (typeof id !== 'string' || typeof code !== 'string' || !id || !code) return false;
  const expected = await runtime.shared.take<{ slug: string; code: string } | string>(cacheKey(id));
  if (!expected) return false;
  const { slug, code: answer } = typeof expected === 'string' ? { slug: BUILTIN_CAPTCHA.info.slug_name, code: expected } : expected;
  const entry = runtime.plugins.get(slug);
  if (!entry?.plugin?.captcha || entry.plugin === BUILTIN_CAPTCHA) return BUILTIN_CAPTCHA.captcha!.verify(answer, code, undefined as never);
  const ctx = await pluginContext(runtime, entry);
  return callHook(runtime, entry, 'captcha.verify', () => entry.plugin!.captcha!.verify(answer, code, ctx)).catch(() => false);
}
