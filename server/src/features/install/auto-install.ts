import { baseInfoSchema, dbSettingsSchema } from '@answer/contract';
import { FieldErrors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { Runtime } from '../../runtime.js';
import { initConfig, installBaseInfo } from './service.js';

/**
 * Installs from the environment (domain.md 14.4) when AUTO_INSTALL is set and the site is not yet
 * installed. Invalid variables stop the process with one line per problem.
 */
export async function autoInstallFromEnv(runtime: Runtime, env = process.env): Promise<boolean> {
  if (!env.AUTO_INSTALL || runtime.installed) return false;
  const db = dbSettingsSchema.safeParse({
    db_type: env.DB_TYPE || 'sqlite3',
    db_username: env.DB_USERNAME ?? '',
    db_password: env.DB_PASSWORD ?? '',
    db_host: env.DB_HOST ?? '',
    db_name: env.DB_NAME ?? '',
    db_file: env.DB_FILE ?? '',
  });
  const base = baseInfoSchema.safeParse({
    lang: env.LANGUAGE || 'en_US',
    site_name: env.SITE_NAME ?? '',
    site_url: env.SITE_URL ?? '',
    contact_email: env.CONTACT_EMAIL ?? '',
    name: env.ADMIN_NAME ?? '',
    password: env.ADMIN_PASSWORD ?? '',
    email: env.ADMIN_EMAIL ?? '',
    login_required: false,
  });
  const problems = [
    ...(db.success ? [] : db.error.issues.map((i) => `${ENV_NAME[String(i.path[0])] ?? String(i.path[0])}: ${explain(i.message)}`)),
    ...(base.success ? [] : base.error.issues.map((i) => `${ENV_NAME[String(i.path[0])] ?? String(i.path[0])}: ${explain(i.message)}`)),
  ];
  if (problems.length) throw new Error(`AUTO_INSTALL is set but the environment is incomplete:\n  ${problems.join('\n  ')}`);
  try {
    await initConfig(runtime, db.data!);
    await installBaseInfo(runtime, base.data!);
  } catch (err) {
    if (err instanceof FieldErrors) {
      throw new Error(err.issues.map((i) => `${ENV_NAME[i.field] ?? i.field}: ${t('en_US', i.reason)}`).join('\n'));
    }
    if (err instanceof Error && 'reason' in err) {
      const e = err as Error & { reason: string; vars?: Record<string, string> };
      throw new Error(t('en_US', e.reason, e.vars));
    }
    throw err;
  }
  return true;
}

const explain = (message: string) => (message.startsWith('error.') ? t('en_US', message) : message);

const ENV_NAME: Record<string, string> = {
  db_type: 'DB_TYPE',
  db_username: 'DB_USERNAME',
  db_password: 'DB_PASSWORD',
  db_host: 'DB_HOST',
  db_name: 'DB_NAME',
  db_file: 'DB_FILE',
  lang: 'LANGUAGE',
  site_name: 'SITE_NAME',
  site_url: 'SITE_URL',
  contact_email: 'CONTACT_EMAIL',
  name: 'ADMIN_NAME',
  password: 'ADMIN_PASSWORD',
  email: 'ADMIN_EMAIL',
};
