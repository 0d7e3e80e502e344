import type { CaptchaAction } from '@answer/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { type CaptchaAnswer, type CaptchaChallenge, getCaptchaChallenge } from '../../api/account';
import { deferred } from '../deferred';
import { type CaptchaOutcome, submitWithCaptcha } from './captcha-flow';

// Shown only when the server asks for a captcha: its code (and the modal's) comes then, not with every form.
const CaptchaDialog = deferred(() => import('./CaptchaDialog').then((m) => m.CaptchaDialog));

interface Prompt {
  challenge: CaptchaChallenge;
  error: string;
  busy: boolean;
  resolve: (answer: CaptchaAnswer | null) => void;
}

// A failed look-up is not fatal: the form is sent without a captcha and the server says if it needed one.
const fetchChallenge = (action: CaptchaAction) => getCaptchaChallenge(action).catch(() => null);

export interface Captcha {
  /** Sends the form through the captcha flow (see submitWithCaptcha). */
  run: <T>(submit: (captcha: CaptchaAnswer) => Promise<T>) => Promise<CaptchaOutcome<T>>;
  /** The dialog, when one is open; render it anywhere in the form's page. */
  dialog: ReactNode;
}

/** The captcha step of a form whose `action` the server may throttle (domain.md 16). */
export function useCaptcha(action: CaptchaAction): Captcha {
  const [prompt, setPrompt] = useState<Prompt | null>(null);

  const run = useCallback(
    <T,>(submit: (captcha: CaptchaAnswer) => Promise<T>) =>
      submitWithCaptcha(
        {
          challenge: () => fetchChallenge(action),
          ask: (challenge, error) => new Promise((resolve) => setPrompt({ challenge, error, busy: false, resolve })),
          done: () => setPrompt(null),
        },
        submit,
      ),
    [action],
  );

  const refresh = async () => {
    const next = await fetchChallenge(action);
    if (next?.verify) setPrompt((p) => p && { ...p, challenge: next, error: '' });
  };

  const dialog = prompt && (
    <CaptchaDialog
      image={prompt.challenge.captcha_img}
      error={prompt.error}
      busy={prompt.busy}
      onAnswer={(code) => {
        setPrompt({ ...prompt, busy: true });
        prompt.resolve({ captcha_id: prompt.challenge.captcha_id, captcha_code: code });
      }}
      onRefresh={() => void refresh()}
      onCancel={() => prompt.resolve(null)}
    />
  );
  return { run, dialog };
}
