import { z } from 'zod';
import { text } from './text.js';
import { LIMITS } from './limits.js';

/** Request bodies of the account calls (domain.md 6; spec section 5). Messages are reason keys. */
export const password = text('error.common.required')
  .min(LIMITS.passwordMin, { message: 'error.password.length' })
  .max(LIMITS.passwordMax, { message: 'error.password.length' })
  .refine((s) => !/\s/.test(s), { message: 'error.password.space_invalid' });

export const email = text('error.common.required')
  .trim()
  .min(1, { message: 'error.common.required' })
  .max(500, { message: 'error.common.too_long' })
  .email({ message: 'error.common.email_invalid' });

/** Login names (spec section 5): 4-30 of a-z A-Z 0-9 - . _ */
export const loginName = text('error.common.required')
  .min(4, { message: 'error.user.name_length' })
  .max(30, { message: 'error.user.name_length' })
  .regex(/^[a-zA-Z0-9._-]+$/, { message: 'error.user.name_invalid' });

/** Usernames (spec section 5): lower-case a-z 0-9 - . _, 4-30. */
export const username = text('error.common.required')
  .min(4, { message: 'error.user.username_length' })
  .max(30, { message: 'error.user.username_length' })
  .regex(/^[a-z0-9._-]+$/, { message: 'error.user.username_invalid' });

export const displayName = text('error.common.required')
  .trim()
  .min(3, { message: 'error.user.display_name_length' })
  .max(30, { message: 'error.user.display_name_length' });

const captcha = {
  captcha_id: text().max(100).optional().default(''),
  captcha_code: text().max(20).optional().default(''),
};

export const registerSchema = z.object({ name: loginName, e_mail: email, pass: password, ...captcha });
export const loginSchema = z.object({
  e_mail: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(500),
  pass: text('error.common.required').min(1, { message: 'error.common.required' }).max(64),
  ...captcha,
});
export const passwordResetSchema = z.object({ e_mail: email, ...captcha });

/**
 * `POST /connector/binding/email` (upstream's fields): the address a person gives when their
 * identity provider gave none that it vouches for. `must`: send the confirmation mail even though
 * the address belongs to an account (the first answer says so instead).
 */
export const connectorBindingEmailSchema = z.object({
  binding_key: text('error.common.required').min(1, { message: 'error.common.required' }).max(100),
  email,
  must: z.boolean({ message: 'error.common.invalid' }).optional().default(false),
});
export interface ConnectorBindingEmailReply {
  /** The address has an account: it is bound only once its owner follows the mail's link. */
  email_exist_and_must_be_confirmed: boolean;
  /** A new account was made and signed in (its address still to verify); empty otherwise. */
  access_token: string;
}
export const codeSchema = z.object({ code: text('error.common.required').min(1, { message: 'error.common.required' }).max(200) });
export const passwordReplacementSchema = z.object({ code: codeSchema.shape.code, pass: password, ...captcha });
export const changePasswordSchema = z.object({ old_pass: text().max(64).optional().default(''), pass: password, ...captcha });
export const emailChangeSchema = z.object({ e_mail: email, pass: text().max(64).optional().default(''), ...captcha });
export const resendActivationSchema = z.object({ ...captcha });

export const AVATAR_TYPES = ['default', 'system', 'gravatar', 'custom'] as const;
export const updateProfileSchema = z.object({
  display_name: displayName.optional(),
  username: username.optional(),
  avatar: z
    .object({
      type: z.enum(AVATAR_TYPES, { message: 'error.user.set_avatar' }),
      gravatar: text().max(1024).optional().default(''),
      custom: text().max(1024).optional().default(''),
    })
    .optional(),
  bio: text().max(4096, { message: 'error.common.too_long' }).optional(),
  website: text()
    .max(500, { message: 'error.common.too_long' })
    .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { message: 'error.common.invalid_url' })
    .optional(),
  location: text().max(100, { message: 'error.common.too_long' }).optional(),
  ...captcha,
});

export const COLOR_SCHEMES = ['default', 'system', 'light', 'dark'] as const;
export const updateInterfaceSchema = z.object({
  language: text('error.common.required').min(1).max(100),
  color_scheme: z.enum(COLOR_SCHEMES, { message: 'error.common.invalid' }).optional().default('default'),
});

const channel = z.object({ key: text().max(32), enable: z.boolean() });
export const NOTIFICATION_SOURCES = ['inbox', 'all_new_question', 'all_new_question_for_following_tags'] as const;
/** Notification mails one by one (off) or grouped once a day / week (beyond upstream; its client omits it). */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export const notificationConfigSchema = z.object({
  inbox: channel.optional(),
  all_new_question: channel.optional(),
  all_new_question_for_following_tags: channel.optional(),
  digest: z.enum(DIGEST_FREQUENCIES, { message: 'error.common.invalid' }).optional(),
});

export const ACTIONS = ['email', 'password', 'edit_userinfo', 'question', 'answer', 'comment', 'edit', 'invitation_answer', 'search', 'report', 'delete', 'vote'] as const;
export type CaptchaAction = (typeof ACTIONS)[number];
export const actionRecordSchema = z.object({ action: z.enum(ACTIONS, { message: 'error.common.invalid' }) });

export const smtpSettingsSchema = z.object({
  from_email: z.union([z.literal(''), text().max(256).email({ message: 'error.common.email_invalid' })]).default(''),
  from_name: text().max(256, { message: 'error.common.too_long' }).default(''),
  smtp_host: text().max(256, { message: 'error.common.too_long' }).default(''),
  smtp_port: z.coerce
    .number({ message: 'error.smtp.port_invalid' })
    .int({ message: 'error.smtp.port_invalid' })
    .min(1, { message: 'error.smtp.port_invalid' })
    .max(65535, { message: 'error.smtp.port_invalid' }),
  encryption: z.enum(['', 'SSL', 'TLS'], { message: 'error.common.invalid' }).default(''),
  smtp_username: text().max(256).default(''),
  smtp_password: text().max(256).default(''),
  smtp_authentication: z.boolean().default(false),
  test_email_recipient: z.union([z.literal(''), text().max(256).email({ message: 'error.common.email_invalid' })]).optional().default(''),
});

/** What login, registration and GET /user/info return (UserLoginResp). */
export interface LoggedUser {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  e_mail: string;
  mail_status: number;
  notice_status: number;
  follow_count: number;
  answer_count: number;
  question_count: number;
  rank: number;
  authority_group: number;
  display_name: string;
  avatar: { type: string; gravatar: string; custom: string };
  mobile: string;
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  language: string;
  color_scheme: string;
  access_token: string;
  role_id: number;
  is_admin: boolean;
  status: string;
  /** Beyond upstream: when a suspension ends by itself (Unix seconds); 0 = not suspended or until lifted. */
  suspended_until: number;
  have_password: boolean;
  visit_token: string;
}

/** One notification switch (GET /user/notification/config): e-mail only. */
export interface NotificationChannel {
  key: 'email';
  enable: boolean;
}
/** GET /user/notification/config. */
export interface NotificationConfig {
  inbox: NotificationChannel;
  all_new_question: NotificationChannel;
  all_new_question_for_following_tags: NotificationChannel;
  digest: (typeof DIGEST_FREQUENCIES)[number];
}
/** GET /user/action/record: whether the next submission needs a captcha, and the picture if so. */
export interface ActionRecord {
  verify: boolean;
  captcha_id: string;
  /** A data: URL of the picture ('' when no captcha is needed). */
  captcha_img: string;
}
/** The one-click unsubscribe POST of a mail's List-Unsubscribe header: the code in the URL or the form. */
export const unsubscribeLinkQuery = z.object({ code: text().optional() });

/** POST /connector/login/{name}: a connector's own sign-in form. */
export const connectorLoginSchema = z.object({ username: text().trim().min(1).max(256), password: text().min(1).max(1024) });
/** DELETE /connector/user/unbinding. */
export const connectorUnbindingSchema = z.object({ external_id: text().min(1).max(128) });
/** GET /connector/login/{name}: where to return afterwards; bind=1 links the provider to the signed-in account. */
export const connectorLoginQuery = z.object({ redirect: text().optional(), bind: text().optional() });
/** GET /connector/user/info: the enabled connectors and whether the caller's account is bound to each. */
export interface ConnectorBindingItem {
  name: string;
  icon: string;
  link: string;
  binding: boolean;
  external_id: string;
}
