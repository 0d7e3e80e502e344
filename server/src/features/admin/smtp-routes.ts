import { smtpSettingsSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { AppError, FieldErrors } from '../../core/errors.js';
import { sendMail } from '../../core/mailer.js';
import { parseInput } from '../../core/validate.js';
import { doc } from '../openapi/declare.js';
import { loadSmtpSettings, saveSmtpSettings } from '../email/settings.js';
import { renderMail } from '../email/templates.js';
import { loadSiteSettings } from '../siteinfo/service.js';

const mask = (s: string) => '*'.repeat(s.length);
const looksLikeEmail = (s: string) => /\S+@\S+\.\S+/.test(s);

/** GET|PUT /setting/smtp (domain.md 13.4): the password is shown masked and kept when sent back masked. */
export async function smtpRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };

  app.get('/setting/smtp', doc(admin, { response: 'SmtpSettingsReply' }), async (request, reply) => {
    const s = await loadSmtpSettings(runtime.database);
    return send(request, reply, { ...s, smtp_password: mask(s.smtp_password), test_email_recipient: '' });
  });

  app.put('/setting/smtp', doc(admin, { body: smtpSettingsSchema, response: null }), async (request, reply) => {
    const input = parseInput(smtpSettingsSchema, request.body);
    if (looksLikeEmail(input.from_name)) {
      throw new FieldErrors([{ field: 'from_name', reason: 'error.smtp.config_from_name_cannot_be_email' }], 'error.smtp.config_from_name_cannot_be_email');
    }
    const current = await loadSmtpSettings(runtime.database);
    const keepPassword = input.smtp_password !== '' && input.smtp_password === mask(current.smtp_password);
    const { test_email_recipient, ...stored } = input;
    const settings = { ...stored, smtp_password: keepPassword ? current.smtp_password : input.smtp_password };
    await saveSmtpSettings(runtime.database, settings);
    if (test_email_recipient) {
      // Sent now, not through the outbox: the admin is waiting to see whether the settings work.
      const site = await loadSiteSettings(runtime);
      try {
        await sendMail(settings, renderMail(request.lang, 'test', test_email_recipient, { SiteName: site.general.name }));
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        throw new AppError(400, 'error.smtp.test_failed', { err_type: 'alert' }, undefined, { detail });
      }
    }
    return send(request, reply, null);
  });
}
