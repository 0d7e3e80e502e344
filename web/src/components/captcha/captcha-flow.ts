import { isApiError } from '../../api/api-error';
import type { CaptchaAnswer, CaptchaChallenge } from '../../api/account';

export const NO_CAPTCHA: CaptchaAnswer = { captcha_id: '', captcha_code: '' };

/** What the flow needs from the page: the server's challenge and a person to read it. */
export interface CaptchaDeps {
  /** GET user/action/record for the form's action; null when that call failed. */
  challenge(): Promise<CaptchaChallenge | null>;
  /** Shows the picture (with the previous attempt's error) and waits: the answer, or null if dismissed. */
  ask(challenge: CaptchaChallenge, error: string): Promise<CaptchaAnswer | null>;
  /** The dialog, if open, is no longer needed. */
  done(): void;
}

export type CaptchaOutcome<T> = { ok: true; value: T } | { ok: false };

/** The server's message when it refused the captcha (a field error on captcha_code), else null. */
export function captchaRefusal(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return error.list.find((f) => f.error_field === 'captcha_code')?.error_msg ?? null;
}

/**
 * Submits a form whose action may need a captcha (spec section 8): ask the server first, show the
 * picture when it says so, and when it refuses the code (or wants one it did not announce) show a
 * new picture with its message and try again. Resolves { ok: false } when the person gives up;
 * any other failure of `submit` is the caller's to show and rejects as is.
 */
export async function submitWithCaptcha<T>(deps: CaptchaDeps, submit: (captcha: CaptchaAnswer) => Promise<T>): Promise<CaptchaOutcome<T>> {
  let challenge = await deps.challenge();
  let error = '';
  try {
    for (;;) {
      let answer = NO_CAPTCHA;
      if (challenge?.verify) {
        const given = await deps.ask(challenge, error);
        if (!given) return { ok: false };
        answer = given;
      }
      try {
        return { ok: true, value: await submit(answer) };
      } catch (e) {
        const refusal = captchaRefusal(e);
        if (refusal === null) throw e;
        error = challenge?.verify ? refusal : '';
        challenge = await deps.challenge();
        // No picture to show (the record call failed): the form reports the refusal instead of looping.
        if (!challenge?.verify) throw e;
      }
    }
  } finally {
    deps.done();
  }
}
