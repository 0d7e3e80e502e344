import { z } from 'zod';
import { text } from './text.js';
import { LIMITS } from './limits.js';

export const DB_TYPES = ['sqlite3', 'postgres', 'mysql'] as const;
export type DbType = (typeof DB_TYPES)[number];

/** Body of POST /installation/db/check and /installation/init. */
export const dbSettingsSchema = z
  .object({
    db_type: z.enum(DB_TYPES, { message: 'error.install.db_type_invalid' }),
    db_username: text().max(128).optional().default(''),
    db_password: text().max(256).optional().default(''),
    db_host: text().max(256).optional().default(''),
    db_name: text().max(128).optional().default(''),
    db_file: text().max(1024).optional().default(''),
  })
  .superRefine((v, ctx) => {
    if (v.db_type === 'sqlite3') return;
    if (!v.db_host) ctx.addIssue({ code: 'custom', path: ['db_host'], message: 'error.install.required' });
    if (!v.db_username) ctx.addIssue({ code: 'custom', path: ['db_username'], message: 'error.install.required' });
    if (!v.db_name) ctx.addIssue({ code: 'custom', path: ['db_name'], message: 'error.install.required' });
    else if (!/^[A-Za-z0-9_$-]+$/.test(v.db_name))
      ctx.addIssue({ code: 'custom', path: ['db_name'], message: 'error.install.db_name_invalid' });
  });
export type DbSettings = z.infer<typeof dbSettingsSchema>;

// An empty address is "required", not "invalid": the first failing check is the message shown.
const email = text()
  .min(1, { message: 'error.common.required' })
  .max(LIMITS.emailMax, { message: 'error.common.too_long' })
  .email({ message: 'error.common.email_invalid' });

/** Body of POST /installation/base-info (spec section 5, install rules). */
export const baseInfoSchema = z.object({
  lang: text().min(1, { message: 'error.common.required' }).max(LIMITS.languageMax, { message: 'error.common.too_long' }),
  site_name: text().trim().min(1, { message: 'error.common.required' }).max(LIMITS.siteNameMax, { message: 'error.common.too_long' }),
  site_url: text()
    .min(1, { message: 'error.common.required' })
    .max(LIMITS.siteUrlMax, { message: 'error.common.too_long' })
    .refine((s) => /^https?:\/\/[^\s/]+/i.test(s), { message: 'error.common.invalid_url' }),
  contact_email: email,
  name: text()
    .min(LIMITS.adminNameMin, { message: 'error.user.username_length' })
    .max(LIMITS.adminNameMax, { message: 'error.user.username_length' })
    .regex(/^[a-z0-9._-]+$/, { message: 'error.user.username_invalid' }),
  password: text()
    .min(LIMITS.passwordMin, { message: 'error.password.length' })
    .max(LIMITS.passwordMax, { message: 'error.password.length' })
    .refine((s) => !/\s/.test(s), { message: 'error.password.space_invalid' }),
  email,
  login_required: z.boolean().optional().default(false),
});
export type BaseInfo = z.infer<typeof baseInfoSchema>;

export interface ConfigFileCheckResp {
  config_file_exist: boolean;
  db_connection_success: boolean;
  db_table_exist: boolean;
}
