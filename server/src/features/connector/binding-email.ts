import { randomBytes } from 'node:crypto';
import type { ConnectorBindingEmailReply, connectorBindingEmailSchema } from '@answer/contract';
import type { z } from 'zod';
import { AppError, FieldErrors } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { emailDomainAllowed } from '../auth/common.js';
import { queueLinkMail } from '../auth/mails.js';
import { createCode } from '../email/codes.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { findUserByEmail } from '../user/queries.js';
import { bind, type CheckedExternalUser, checkMaySignUp, createAccount } from './accounts.js';
import { roleIdOf } from './roles.js';

/** A provider's sign-in still waiting for an address (half an hour, single use). */
const PENDING_SECONDS = 1800;
const pendingKey = (key: string) => `answer:connector-binding:${key}`;

export interface PendingBinding {
  provider: string;
  person: CheckedExternalUser;
}

/** What an activation code carries when following its link also binds an external login. */
export interface BindingPayload {
  provider: string;
  external_id: string;
  meta_info: string;
  provider_id: string;
}

/** Keeps the provider's word about a person who gave no verified address; the key goes into /users/confirm-email. */
export async function keepPendingBinding(runtime: Runtime, pending: PendingBinding): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await runtime.shared.set(pendingKey(key), pending, PENDING_SECONDS);
  return key;
}

type Input = z.infer<typeof connectorBindingEmailSchema>;
type Outcome = ConnectorBindingEmailReply & { userId?: string };

/**
 * `POST /connector/binding/email` (domain.md 6.8): the person types an address. An address with an
 * account is bound only when its owner follows the link mailed to it (the first answer only says
 * the account exists, and `must` sends the mail): typing someone's address must never hand over
 * their account. A new address gets a new account at once, signed in, to verify like any sign-up.
 */
export async function bindingByEmail(runtime: Runtime, input: Input, ip: string): Promise<Outcome> {
  const key = pendingKey(input.binding_key);
  const pending = await runtime.shared.get<PendingBinding>(key);
  if (!pending) throw new AppError(400, 'error.connector.binding_expired');
  const email = input.email.trim().toLowerCase();
  const settings = await loadSiteSettings(runtime);
  if (!emailDomainAllowed(settings, email)) throw new FieldErrors([{ field: 'email', reason: 'error.email.illegal_email_domain_error' }]);
  const db = runtime.database;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!input.must) return { email_exist_and_must_be_confirmed: true, access_token: '' };
    // Single use: of two submissions one sends the mail.
    if (!(await runtime.shared.take(key))) throw new AppError(400, 'error.connector.binding_expired');
    // A deleted or suspended account gets no mail, and the answer does not say so.
    if (Number(existing.status) === 1) {
      const binding: BindingPayload = { provider: pending.provider, external_id: pending.person.externalId, meta_info: pending.person.metaInfo, provider_id: pending.person.providerId };
      await db.transaction().execute(async (trx) => {
        const code = await createCode(trx, 'activation', existing.id, { email, binding });
        await queueLinkMail(trx, settings, { to: email, userLanguage: existing.language, template: 'connector_binding', path: '/users/account-activation', code });
      });
      void runtime.outbox.kick();
    }
    return { email_exist_and_must_be_confirmed: false, access_token: '' };
  }
  checkMaySignUp(settings, email);
  if (!(await runtime.shared.take(key))) throw new AppError(400, 'error.connector.binding_expired');
  const person = { ...pending.person, email, emailVerified: false };
  const userId = await createAccount(runtime, person, ip, { verified: false, role: roleIdOf(settings.external_login.new_user_role) });
  await bind(runtime, pending.provider, person, userId);
  await db.transaction().execute(async (trx) => {
    const code = await createCode(trx, 'activation', userId, { email });
    await queueLinkMail(trx, settings, { to: email, userLanguage: '', template: 'register', path: '/users/account-activation', code });
  });
  void runtime.outbox.kick();
  return { email_exist_and_must_be_confirmed: false, access_token: '', userId };
}

/** An activation code's binding, checked: the code is ours, but its payload is read back from the database. */
export function bindingOf(payload: Record<string, unknown>): BindingPayload | null {
  const b = payload.binding as Partial<BindingPayload> | undefined;
  if (!b || typeof b.provider !== 'string' || typeof b.external_id !== 'string') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { provider: b.provider, external_id: b.external_id, meta_info: text(b.meta_info), provider_id: text(b.provider_id) };
}
