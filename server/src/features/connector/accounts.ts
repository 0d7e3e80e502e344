import { randomBytes } from 'node:crypto';
import { publish } from '../events/publish.js';
import { ROLE } from '@answer/contract';
import type { ExternalUser } from '@answer/plugin-sdk';
import { AppError } from '../../core/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Runtime } from '../../runtime.js';
import { emailDomainAllowed, grantActivationBonus, now, usernameFrom } from '../auth/common.js';
import { loadSiteSettings, type SiteSettings } from '../siteinfo/service.js';
import { applyDefaultNotificationConfig } from '../user/notification-config.js';
import { findUserByEmail } from '../user/queries.js';
import { roleIdOf } from './roles.js';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
const DELETED = 10;
const SUSPENDED = 9;
const VERIFIED = 1;
const UNVERIFIED = 2;

/** What a provider said, bounded and checked: it is outside input like any request. */
export interface CheckedExternalUser {
  externalId: string;
  displayName: string;
  username: string;
  email: string;
  emailVerified: boolean;
  groups: string[];
  metaInfo: string;
  /** The provider behind the connector when it signed the person in (the connector's `providerId`), '' if unknown. */
  providerId: string;
}

export function checkExternalUser(raw: ExternalUser | null | undefined, providerId: string): CheckedExternalUser {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
  const externalId = text(raw?.externalId, 128);
  if (!externalId) throw new AppError(400, 'error.connector.no_identity');
  const email = text(raw?.email, 320).toLowerCase();
  return {
    externalId,
    displayName: text(raw?.displayName, 30),
    username: text(raw?.username, 30),
    email: EMAIL.test(email) ? email : '',
    emailVerified: raw?.emailVerified === true,
    groups: Array.isArray(raw?.groups) ? raw!.groups.filter((g): g is string => typeof g === 'string').map((g) => g.slice(0, 200)).slice(0, 200) : [],
    metaInfo: text(raw?.metaInfo, 4000),
    providerId: providerId.slice(0, 512),
  };
}

/** The outcome of a provider's sign-in: an account to sign in, or an e-mail address still to confirm. */
export type Resolution = { userId: string } | { confirmEmail: true };

/**
 * Finds or makes the account of a person a connector vouched for (domain.md 6.8): their binding;
 * else, with an address the provider marked verified, the account with that address (bound now) or
 * a new one when the site lets people sign up; else the person confirms an address first.
 * Upstream binds to an existing account by any address the provider gives, verified or not: a
 * provider that lets anyone claim any address would hand over accounts. We bind only by verified
 * addresses (docs/decisions.md, external sign-in).
 */
export async function resolveAccount(runtime: Runtime, provider: string, person: CheckedExternalUser, ip: string): Promise<Resolution> {
  const db = runtime.database;
  const bound = await db
    .selectFrom('user_external_login')
    .innerJoin('user', 'user.id', 'user_external_login.user_id')
    .select(['user.id', 'user.status', 'user_external_login.id as binding_id', 'user_external_login.provider_id'])
    .where('user_external_login.provider', '=', provider)
    .where('user_external_login.external_id', '=', person.externalId)
    .executeTakeFirst();
  if (bound && !changedProvider(bound.provider_id, person.providerId)) return { userId: usable(bound) };
  // Bound with another provider behind this slug: the same id there was someone else. The binding
  // gives nothing; the person is found like a newcomer (a verified address, or one to confirm).
  if (bound) await db.deleteFrom('user_external_login').where('id', '=', bound.binding_id).execute();
  if (!person.email || !person.emailVerified) return { confirmEmail: true };
  const settings = await loadSiteSettings(runtime);
  if (!emailDomainAllowed(settings, person.email)) throw new AppError(403, 'error.email.illegal_email_domain_error');
  const existing = await findUserByEmail(db, person.email);
  if (existing) {
    const userId = usable(existing);
    await bind(runtime, provider, person, userId);
    return { userId };
  }
  checkMaySignUp(settings, person.email);
  const userId = await createAccount(runtime, person, ip, { verified: true, role: roleIdOf(settings.external_login.new_user_role) });
  await bind(runtime, provider, person, userId);
  return { userId };
}

/**
 * Whether a connector may make a new account for this address (Admin → Login): the site takes new
 * people at all, and its external sign-in policy lets this one in.
 */
export function checkMaySignUp(settings: SiteSettings, email: string): void {
  const policy = settings.external_login;
  if (!settings.login.allow_new_registrations || policy.sign_up === 'nobody') throw new AppError(403, 'error.user.not_allowed_registration');
  if (policy.sign_up === 'allowed_domains' && !domainListed(policy.allowed_domains, email)) throw new AppError(403, 'error.email.illegal_email_domain_error');
}

/** The address's domain is one of `domains` or below one of them. */
function domainListed(domains: string[], email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/**
 * A signed-in member adds a login (My logins): one per connector, and an external account already
 * bound to someone else stays theirs.
 */
export async function addLogin(runtime: Runtime, provider: string, person: CheckedExternalUser, userId: string): Promise<void> {
  const db = runtime.database;
  const user = await db.selectFrom('user').select(['id', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError(403, 'error.user.deleted');
  usable(user);
  const mine = await db.selectFrom('user_external_login').select(['id', 'external_id', 'provider_id']).where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
  // A login of the provider this slug used before is replaced by the one just proved.
  if (mine && changedProvider(mine.provider_id, person.providerId)) await db.deleteFrom('user_external_login').where('id', '=', mine.id).execute();
  else if (mine && mine.external_id !== person.externalId) throw new AppError(400, 'error.connector.already_connected');
  // Someone else's login of the previous provider with this id means nothing any more.
  await db.deleteFrom('user_external_login').where('provider', '=', provider).where('external_id', '=', person.externalId).where('provider_id', '!=', '').where('provider_id', '!=', person.providerId).execute();
  await bind(runtime, provider, person, userId);
}

/** Both providers are known and differ (a binding made before providers were recorded matches any). */
export const changedProvider = (bound: string, current: string): boolean => bound !== '' && current !== '' && bound !== current;

/** A deleted account is unknown; a suspended one is refused as at the login form. */
function usable(row: { id: string | number; status: string | number }): string {
  if (Number(row.status) === DELETED) throw new AppError(403, 'error.user.deleted');
  if (Number(row.status) === SUSPENDED) throw new AppError(403, 'error.user.suspended');
  return String(row.id);
}

/** Binds the person's external identity to an account; the unique (provider, external_id) key decides races. */
export async function bind(runtime: Runtime, provider: string, person: Pick<CheckedExternalUser, 'externalId' | 'metaInfo' | 'providerId'>, userId: string): Promise<void> {
  const t = now();
  try {
    await runtime.database
      .insertInto('user_external_login')
      .values({ created_at: t, updated_at: t, user_id: userId, provider, external_id: person.externalId, meta_info: person.metaInfo, provider_id: person.providerId })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const other = await runtime.database
      .selectFrom('user_external_login')
      .select('user_id')
      .where('provider', '=', provider)
      .where('external_id', '=', person.externalId)
      .executeTakeFirst();
    if (String(other?.user_id) !== userId) throw new AppError(400, 'error.connector.bound_elsewhere');
  }
}

/**
 * A new account without a password (it signs in through the provider), with the provider's address
 * (verified) or one the person typed (to verify by the mail's link), and the policy's role.
 */
export async function createAccount(runtime: Runtime, person: CheckedExternalUser, ip: string, opts: { verified: boolean; role: number }): Promise<string> {
  const db = runtime.database;
  const wanted = person.username || person.email.split('@')[0]!;
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = await usernameFrom(runtime, db, wanted).catch(() => usernameFrom(runtime, db, `user-${randomBytes(4).toString('hex')}`));
    const t = now();
    try {
      const userId = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user')
          .values({
            created_at: t,
            updated_at: t,
            last_login_date: t,
            username,
            display_name: person.displayName || username,
            e_mail: person.email,
            pass: '',
            mail_status: opts.verified ? VERIFIED : UNVERIFIED,
            status: 1,
            rank: 0,
            ip_info: ip.slice(0, 255),
            avatar: JSON.stringify({ type: '', gravatar: '', custom: '' }),
            language: '',
          })
          .execute();
        const row = await trx.selectFrom('user').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        await applyDefaultNotificationConfig(trx, String(row.id));
        await publish(trx, { kind: 'user.register', actorId: String(row.id), userId: String(row.id) });
        if (opts.role !== ROLE.user) await trx.insertInto('user_role_rel').values({ user_id: row.id, role_id: opts.role, created_at: t, updated_at: t }).execute();
        return String(row.id);
      });
      // The sign-up bonus comes with a verified address (activation gives it to the others).
      if (opts.verified) await grantActivationBonus(db, userId);
      return userId;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = await findUserByEmail(db, person.email);
      if (taken) return usable(taken);
    }
  }
  throw new AppError(409, 'error.user.username_duplicate');
}
