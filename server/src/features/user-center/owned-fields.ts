import { API_PREFIX, USER_CENTER_PROFILE_FIELDS, type UserCenterProfileField } from '@answer/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { FieldErrors } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import { callHook } from '../plugin/call.js';
import { parseAvatar } from '../user/presenter.js';
import { findUserById } from '../user/queries.js';
import { type ActiveUserCenter, activeUserCenter, externalIdOf } from './active.js';

export const FIELD_MANAGED_REASON = 'error.user_center.field_managed';

/** The profile fields the user centre owns, as it names them (unknown names dropped). */
export async function ownedFields(runtime: Runtime, uc: ActiveUserCenter): Promise<UserCenterProfileField[]> {
  if (!uc.hooks.ownedProfileFields) return [];
  const named = await callHook(runtime, uc.entry, 'userCenter.ownedProfileFields', () => uc.hooks.ownedProfileFields!(uc.ctx)).catch((): UserCenterProfileField[] => []);
  return USER_CENTER_PROFILE_FIELDS.filter((field) => Array.isArray(named) && named.includes(field));
}

/**
 * What of a member's profile is the user centre's: nothing for a member it does not know (an
 * account never signed in through it has no binding, and its profile is the member's own).
 */
export async function ownedFieldsOf(runtime: Runtime, userId: string): Promise<{ uc: ActiveUserCenter; externalId: string; fields: UserCenterProfileField[] } | null> {
  const uc = await activeUserCenter(runtime);
  if (!uc) return null;
  const fields = await ownedFields(runtime, uc);
  if (!fields.length) return null;
  const externalId = await externalIdOf(runtime, uc, userId);
  return externalId ? { uc, externalId, fields } : null;
}

type Body = Record<string, unknown>;

/** The fields of a profile update that change what the user centre owns (PUT /user/info's body, as sent). */
async function changedOwnedFields(runtime: Runtime, userId: string, body: Body, owned: UserCenterProfileField[]): Promise<UserCenterProfileField[]> {
  const row = await findUserById(runtime.database, userId);
  if (!row) return [];
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const differs = (field: UserCenterProfileField): boolean => {
    switch (field) {
      case 'display_name':
        return text(body.display_name) !== undefined && text(body.display_name)!.trim() !== row.display_name;
      case 'username':
      case 'bio':
      case 'website':
      case 'location':
        return text(body[field]) !== undefined && text(body[field]) !== String(row[field] ?? '');
      case 'avatar': {
        const wanted = body.avatar as { type?: unknown; custom?: unknown } | undefined;
        if (!wanted || typeof wanted !== 'object') return false;
        const current = parseAvatar(row.avatar);
        return (text(wanted.type) || 'default') !== (current.type || 'default') || (wanted.type === 'custom' && wanted.custom !== current.custom);
      }
      default:
        // The e-mail address is not part of a profile update; its change is refused below.
        return false;
    }
  };
  return owned.filter(differs);
}

/**
 * Refuses a member's change to what the user centre owns: a profile field (PUT /user/info, each
 * such field named in the 400's field errors) or the e-mail address (its change request). The
 * rest of the profile stays the member's to change.
 */
function refuseOwnedChanges(runtime: Runtime, which: 'profile' | 'email'): preHandlerHookHandler {
  return async (request: FastifyRequest) => {
    if (!request.user) return;
    const owned = await ownedFieldsOf(runtime, request.user.id);
    if (!owned) return;
    if (which === 'email') {
      if (owned.fields.includes('email')) throw new FieldErrors([{ field: 'e_mail', reason: FIELD_MANAGED_REASON }], FIELD_MANAGED_REASON);
      return;
    }
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Body;
    const refused = await changedOwnedFields(runtime, request.user.id, body, owned.fields);
    if (refused.length) throw new FieldErrors(refused.map((field) => ({ field, reason: FIELD_MANAGED_REASON })), FIELD_MANAGED_REASON);
  };
}

const PROFILE_UPDATE = `PUT ${API_PREFIX}/user/info`;
const EMAIL_CHANGE = `POST ${API_PREFIX}/user/email/change/code`;

/** Adds the check to the profile update and the e-mail change as they are registered (before the route modules). */
export function registerOwnedFieldGuard(app: FastifyInstance): void {
  const profile = refuseOwnedChanges(app.runtime, 'profile');
  const email = refuseOwnedChanges(app.runtime, 'email');
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    const key = (method: string) => `${method} ${route.url}`;
    const hook = methods.some((m) => key(m) === PROFILE_UPDATE) ? profile : methods.some((m) => key(m) === EMAIL_CHANGE) ? email : null;
    if (!hook) return;
    const own = route.preHandler;
    route.preHandler = own ? [hook, ...(Array.isArray(own) ? own : [own])] : [hook];
  });
}
