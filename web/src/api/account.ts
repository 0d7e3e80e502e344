import { API_PREFIX, type CaptchaAction } from '@answer/contract';
import { get, post, request } from './client';
import type { UserInfo } from './types';

/** The captcha fields every form of the account flow may carry (empty when none was asked for). */
export interface CaptchaAnswer {
  captcha_id: string;
  captcha_code: string;
}

/** GET user/action/record: whether the next `action` needs a captcha, and the picture if so. */
export interface CaptchaChallenge {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
}

// Every form shows its own errors beside its fields or above its button: no client dialogs or toasts.
const quiet = { passingError: true } as const;
const U = `${API_PREFIX}/user`;

export const getCaptchaChallenge = (action: CaptchaAction) =>
  get<CaptchaChallenge>(`${U}/action/record`, { params: { action }, ...quiet });

export const registerByEmail = (body: { name: string; e_mail: string; pass: string } & CaptchaAnswer) =>
  post<UserInfo>(`${U}/register/email`, body, quiet);

export const loginByEmail = (body: { e_mail: string; pass: string } & CaptchaAnswer) => post<UserInfo>(`${U}/login/email`, body, quiet);

/** The activation link's code; a used or expired one makes the client open the activation-failed page. */
export const activateAccount = (code: string) => post<UserInfo>(`${U}/email/verification`, { code }, quiet);

export const resendActivation = (captcha: CaptchaAnswer) => post<null>(`${U}/email/verification/send`, captcha, quiet);

export const requestPasswordReset = (body: { e_mail: string } & CaptchaAnswer) => post<null>(`${U}/password/reset`, body, quiet);

export const replacePassword = (body: { code: string; pass: string }) => post<null>(`${U}/password/replacement`, body, quiet);

/** Sends a confirmation link to a new address; `pass` is needed once the current address is confirmed. */
export const requestEmailChange = (body: { e_mail: string; pass: string } & CaptchaAnswer) =>
  post<null>(`${U}/email/change/code`, body, quiet);

export const confirmEmailChange = (code: string) => request<UserInfo>('PUT', `${U}/email`, { body: { code }, ...quiet });

export const unsubscribe = (code: string) => request<null>('PUT', `${U}/notification/unsubscribe`, { body: { code }, ...quiet });
