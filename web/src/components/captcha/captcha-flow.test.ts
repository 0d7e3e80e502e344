import { describe, expect, it, vi } from 'vitest';
import type { CaptchaAnswer, CaptchaChallenge } from '../../api/account';
import { ApiError } from '../../api/api-error';
import { type CaptchaDeps, NO_CAPTCHA, captchaRefusal, submitWithCaptcha } from './captcha-flow';

const challenge = (id: string, verify = true): CaptchaChallenge => ({ captcha_id: id, captcha_img: `data:image/png;base64,${id}`, verify });
const refused = () => new ApiError(400, 'base.request_format_error', '', [], [{ error_field: 'captcha_code', error_msg: 'wrong captcha' }]);
const fieldError = () => new ApiError(400, 'x', '', [], [{ error_field: 'e_mail', error_msg: 'bad e-mail' }]);

/** Deps that hand out the given challenges in turn and answer each picture with "code-<id>". */
function fakeDeps(challenges: (CaptchaChallenge | null)[], answers: ('answer' | 'dismiss')[] = []) {
  const asked: { id: string; error: string }[] = [];
  const deps: CaptchaDeps = {
    challenge: vi.fn(async () => challenges.shift() ?? null),
    ask: vi.fn(async (c: CaptchaChallenge, error: string) => {
      asked.push({ id: c.captcha_id, error });
      return answers.shift() === 'dismiss' ? null : { captcha_id: c.captcha_id, captcha_code: `code-${c.captcha_id}` };
    }),
    done: vi.fn(),
  };
  return { deps, asked };
}

describe('submitting a form through the captcha flow', () => {
  it('sends at once, without a captcha, when the server does not ask for one', async () => {
    const { deps } = fakeDeps([challenge('a', false)]);
    const submit = vi.fn(async (c: CaptchaAnswer) => c);
    await expect(submitWithCaptcha(deps, submit)).resolves.toEqual({ ok: true, value: NO_CAPTCHA });
    expect(deps.ask).not.toHaveBeenCalled();
    expect(deps.done).toHaveBeenCalled();
  });

  it('shows the picture when asked, and sends its id with the typed code', async () => {
    const { deps, asked } = fakeDeps([challenge('a')]);
    const submit = vi.fn(async () => 'sent');
    await expect(submitWithCaptcha(deps, submit)).resolves.toEqual({ ok: true, value: 'sent' });
    expect(asked).toEqual([{ id: 'a', error: '' }]);
    expect(submit).toHaveBeenCalledWith({ captcha_id: 'a', captcha_code: 'code-a' });
  });

  it('shows a new picture with the server message when the code is refused', async () => {
    const { deps, asked } = fakeDeps([challenge('a'), challenge('b')]);
    const submit = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValueOnce('sent');
    await expect(submitWithCaptcha(deps, submit)).resolves.toEqual({ ok: true, value: 'sent' });
    expect(asked).toEqual([
      { id: 'a', error: '' },
      { id: 'b', error: 'wrong captcha' },
    ]);
    expect(submit).toHaveBeenLastCalledWith({ captcha_id: 'b', captcha_code: 'code-b' });
  });

  it('asks for a captcha the server wanted without announcing it, without blaming the person', async () => {
    const { deps, asked } = fakeDeps([challenge('a', false), challenge('b')]);
    const submit = vi.fn().mockRejectedValueOnce(refused()).mockResolvedValueOnce('sent');
    await expect(submitWithCaptcha(deps, submit)).resolves.toEqual({ ok: true, value: 'sent' });
    expect(asked).toEqual([{ id: 'b', error: '' }]);
  });

  it('gives up quietly when the person closes the dialog', async () => {
    const { deps } = fakeDeps([challenge('a')], ['dismiss']);
    const submit = vi.fn();
    await expect(submitWithCaptcha(deps, submit)).resolves.toEqual({ ok: false });
    expect(submit).not.toHaveBeenCalled();
    expect(deps.done).toHaveBeenCalled();
  });

  it('passes other failures to the form and closes the dialog', async () => {
    const { deps } = fakeDeps([challenge('a')]);
    const error = fieldError();
    await expect(submitWithCaptcha(deps, vi.fn().mockRejectedValue(error))).rejects.toBe(error);
    expect(deps.done).toHaveBeenCalled();
  });

  it('reports a refusal instead of looping when no new picture can be had', async () => {
    const { deps } = fakeDeps([challenge('a'), null]);
    const error = refused();
    await expect(submitWithCaptcha(deps, vi.fn().mockRejectedValue(error))).rejects.toBe(error);
  });
});

describe('recognising a captcha refusal', () => {
  it('is a field error on captcha_code', () => {
    expect(captchaRefusal(refused())).toBe('wrong captcha');
    expect(captchaRefusal(fieldError())).toBeNull();
    expect(captchaRefusal(new Error('x'))).toBeNull();
  });
});
