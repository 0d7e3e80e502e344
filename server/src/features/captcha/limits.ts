import type { CaptchaAction } from '@answer/contract';
import type { Db } from '../../db/connect.js';

/**
 * When an action needs a captcha (domain.md 16.2, made stricter where the issue asks) and when it is
 * refused outright. Counts are over fixed windows of `windowSeconds`; `minGapSeconds` asks for a captcha when the
 * previous attempt was that recent. Overridable in the security settings group's `limits` and, from
 * before that group, as JSON in the config row `security.limits` (the group's values win).
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
    // New searches (see search/attempt.ts), not their pages: a reader searches a few times a minute.
    search: { count: 30, windowSeconds: 60 },
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

/** Overrides as stored: any rule or field may be missing. */
export interface StoredLimits {
  captcha?: Record<string, CaptchaRule>;
  login_account?: Partial<CaptchaRule>;
  hard?: Record<string, Partial<HardLimit>>;
}

/**
 * A stored captcha rule replaces the base one whole (leaving out `minGapSeconds` drops the gap); a
 * hard limit's stored fields go over the base limit's. Only known names: an old
 * `hard.login_account` (now a captcha rule) is ignored.
 */
export function mergeLimits(base: Limits, stored: StoredLimits): Limits {
  const over = <T extends object>(rules: Record<string, T>, changes: Record<string, Partial<T>> | undefined, whole: boolean) =>
    Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, whole ? (changes?.[name] ?? rule) : { ...rule, ...changes?.[name] }]));
  return {
    captcha: over(base.captcha, stored.captcha, true) as Limits['captcha'],
    login_account: { ...base.login_account, ...stored.login_account },
    hard: over(base.hard, stored.hard, false) as Limits['hard'],
  };
}

/** The defaults with the config row `security.limits` (the place of overrides before the security group). */
export async function loadLimits(db: Db): Promise<Limits> {
  const row = await db.selectFrom('config').select('value').where('key', '=', 'security.limits').executeTakeFirst();
  if (!row) return DEFAULT_LIMITS;
  try {
    return mergeLimits(DEFAULT_LIMITS, JSON.parse(row.value) as StoredLimits);
  } catch {
    return DEFAULT_LIMITS;
  }
}
