import type { CaptchaAction } from '@answer/contract';
import type { Db } from '../../db/connect.js';

/**
 * When an action needs a captcha (domain.md 16.2, made stricter where the issue asks) and when it is
 * refused outright. Counts are over fixed windows of `windowSeconds`; `minGapSeconds` asks for a captcha when the
 * previous attempt was that recent. Overridable as JSON in the config row `security.limits`.
 */
export interface CaptchaRule {
  count: number;
  windowSeconds: number;
  minGapSeconds?: number;
}
export interface HardLimit {
  max: number;
  windowSeconds: number;
}

export const DEFAULT_LIMITS: {
  captcha: Record<CaptchaAction, CaptchaRule>;
  /**
   * Failed logins per account (from any address) after which that account's logins need a captcha.
   * A captcha, not a block: a hard per-account limit would let anyone lock the owner out.
   */
  login_account: CaptchaRule;
  hard: Record<'login_ip' | 'register_ip' | 'email_ip' | 'email_account', HardLimit>;
} = {
  captcha: {
    email: { count: 2, windowSeconds: 3600 },
    password: { count: 3, windowSeconds: 1800 },
    edit_userinfo: { count: 3, windowSeconds: 1800 },
    question: { count: 10, windowSeconds: 86400, minGapSeconds: 5 },
    answer: { count: 10, windowSeconds: 86400, minGapSeconds: 5 },
    comment: { count: 30, windowSeconds: 86400, minGapSeconds: 1 },
    edit: { count: 10, windowSeconds: 86400 },
    invitation_answer: { count: 30, windowSeconds: 86400 },
    search: { count: 20, windowSeconds: 60 },
    report: { count: 30, windowSeconds: 86400, minGapSeconds: 1 },
    delete: { count: 5, windowSeconds: 86400, minGapSeconds: 5 },
    vote: { count: 40, windowSeconds: 86400 },
  },
  login_account: { count: 5, windowSeconds: 900 },
  /** Hard limits: beyond these the request is refused (429) whatever the captcha says. */
  hard: {
    login_ip: { max: 30, windowSeconds: 900 },
    register_ip: { max: 10, windowSeconds: 3600 },
    email_ip: { max: 10, windowSeconds: 3600 },
    email_account: { max: 5, windowSeconds: 3600 },
  },
};
export type Limits = typeof DEFAULT_LIMITS;
export type HardLimitName = keyof Limits['hard'];

export async function loadLimits(db: Db): Promise<Limits> {
  const row = await db.selectFrom('config').select('value').where('key', '=', 'security.limits').executeTakeFirst();
  if (!row) return DEFAULT_LIMITS;
  try {
    const stored = JSON.parse(row.value) as Partial<Limits>;
    return {
      captcha: { ...DEFAULT_LIMITS.captcha, ...stored.captcha },
      login_account: { ...DEFAULT_LIMITS.login_account, ...stored.login_account },
      // Only known names: an old `hard.login_account` (now a captcha rule) is ignored.
      hard: Object.fromEntries(
        Object.entries(DEFAULT_LIMITS.hard).map(([name, limit]) => [name, { ...limit, ...stored.hard?.[name as HardLimitName] }]),
      ) as Limits['hard'],
    };
  } catch {
    return DEFAULT_LIMITS;
  }
}
