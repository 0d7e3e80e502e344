import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyItem, type ApiKeyScope, ROLE, type apiKeyCreateSchema } from '@answer/contract';
import type { z } from 'zod';
import type { SessionUser } from '../../core/guardian.js';
import { AppError, notFound } from '../../core/errors.js';
import { digest } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { logModeration } from '../moderation/log.js';
import { loadUserBasics } from '../user/basic.js';

const now = () => Math.floor(Date.now() / 1000);
/** Keys one person may hold at once (revoked ones do not count). */
export const MAX_KEYS_PER_OWNER = 50;
/** How much of a key its list shows: the prefix and a few characters, never enough to use. */
const SHOWN = API_KEY_PREFIX.length + 6;

/** Whose keys a call manages: a member's own personal keys, or the administrators' site keys. */
export type KeyRing = { kind: 'personal'; owner: SessionUser } | { kind: 'site'; admin: SessionUser };

const siteFlag = (ring: KeyRing) => (ring.kind === 'site' ? 1 : 0);

/**
 * A new key: 256 bits from the CSPRNG after the `ans_` prefix. Only its SHA-256 digest is stored,
 * so the secret is in the reply of this call and nowhere else. A personal key may read or write; a
 * site key may also have the admin scope. It acts as whoever made it.
 */
export async function createKey(runtime: Runtime, ring: KeyRing, input: z.infer<typeof apiKeyCreateSchema>): Promise<string> {
  const maker = ring.kind === 'site' ? ring.admin : ring.owner;
  if (input.scope === 'admin' && ring.kind !== 'site') throw new AppError(400, 'error.api_key.admin_scope_site_only', { err_type: 'form' });
  if (input.expires_at && input.expires_at <= now()) throw new AppError(400, 'error.api_key.expiry_past');
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const t = now();
  await runtime.database.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('api_key')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', maker.id)
      .where('revoked_at', '=', 0)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) >= MAX_KEYS_PER_OWNER) throw new AppError(400, 'error.api_key.too_many', null, undefined, { max: MAX_KEYS_PER_OWNER });
    const inserted = await trx
      .insertInto('api_key')
      .values({
        user_id: maker.id,
        site: siteFlag(ring),
        description: input.description,
        scope: input.scope,
        key_hash: digest(secret),
        prefix: secret.slice(0, SHOWN),
        created_at: t,
        expires_at: input.expires_at ?? 0,
        last_used_at: 0,
        last_used_ip: '',
        revoked_at: 0,
      })
      .executeTakeFirst();
    if (ring.kind === 'site') {
      await logModeration(trx, {
        staffId: maker.id,
        action: 'api_key.create',
        detail: { id: String(inserted.insertId ?? ''), description: input.description, scope: input.scope, expires_at: input.expires_at ?? 0 },
      });
    }
  });
  return secret;
}

/** The ring's live keys (revoked ones are gone from the list), newest first. */
export async function listKeys(runtime: Runtime, ring: KeyRing): Promise<ApiKeyItem[]> {
  let q = runtime.database.selectFrom('api_key').selectAll().where('site', '=', siteFlag(ring)).where('revoked_at', '=', 0);
  if (ring.kind === 'personal') q = q.where('user_id', '=', ring.owner.id);
  const rows = await q.orderBy('id', 'desc').execute();
  const owners = ring.kind === 'site' ? await loadUserBasics(runtime, [...new Set(rows.map((r) => String(r.user_id)))]) : null;
  return rows.map((row) => {
    const owner = owners?.get(String(row.user_id));
    return {
      id: Number(row.id),
      access_key: `${row.prefix}…`,
      description: row.description,
      scope: row.scope as ApiKeyScope,
      created_at: Number(row.created_at),
      last_used_at: Number(row.last_used_at),
      last_used_ip: row.last_used_ip,
      expires_at: Number(row.expires_at),
      ...(owners && { owner: { username: owner?.username ?? '', display_name: owner?.display_name ?? '' } }),
    };
  });
}

/** A live key of the ring, or 404 (another member's key is as unknown as a missing one). */
async function keyOf(runtime: Runtime, ring: KeyRing, id: number) {
  let q = runtime.database.selectFrom('api_key').selectAll().where('id', '=', id).where('site', '=', siteFlag(ring)).where('revoked_at', '=', 0);
  if (ring.kind === 'personal') q = q.where('user_id', '=', ring.owner.id);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('error.api_key.not_found');
  return row;
}

export async function renameKey(runtime: Runtime, ring: KeyRing, id: number, description: string): Promise<void> {
  await keyOf(runtime, ring, id);
  await runtime.database.updateTable('api_key').set({ description }).where('id', '=', id).execute();
}

/**
 * Revokes a key: from the next request on it is refused (keys are looked up on every request,
 * never cached). The update is conditional, so a second revocation is a 404, logged once.
 */
export async function revokeKey(runtime: Runtime, ring: KeyRing, id: number): Promise<void> {
  const row = await keyOf(runtime, ring, id);
  await runtime.database.transaction().execute(async (trx) => {
    const done = await trx.updateTable('api_key').set({ revoked_at: now() }).where('id', '=', id).where('revoked_at', '=', 0).executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw notFound('error.api_key.not_found');
    if (ring.kind === 'site') {
      await logModeration(trx, { staffId: ring.admin.id, action: 'api_key.revoke', targetUserId: String(row.user_id), detail: { id: String(id), description: row.description } });
    }
  });
}

/** A presented key that works: its owner as a caller, and what the key may do. */
export interface ApiKeyCaller {
  id: string;
  scope: ApiKeyScope;
  site: boolean;
  user: SessionUser;
}

/** Why a presented key does not work; `keyId` when it named a key of ours (for the site keys' log). */
export type KeyRefusal = { reason: 'error.api_key.invalid' | 'error.api_key.expired' | 'error.api_key.revoked' | 'error.api_key.owner_disabled'; keyId?: string; site?: boolean; ownerId?: string };

/**
 * The key's owner, live from the database on every request: a revoked or expired key, or one
 * whose owner is suspended or deleted now, is refused at once.
 */
export async function resolveApiKey(runtime: Runtime, secret: string): Promise<ApiKeyCaller | KeyRefusal> {
  if (secret.length > 200) return { reason: 'error.api_key.invalid' };
  const row = await runtime.database
    .selectFrom('api_key')
    .innerJoin('user', 'user.id', 'api_key.user_id')
    .leftJoin('user_role_rel', 'user_role_rel.user_id', 'api_key.user_id')
    .select([
      'api_key.id as key_id',
      'api_key.scope',
      'api_key.site',
      'api_key.expires_at',
      'api_key.revoked_at',
      'user.id',
      'user.username',
      'user.mail_status',
      'user.status',
      'user.suspended_until',
      'user.rank',
      'user_role_rel.role_id',
    ])
    .where('api_key.key_hash', '=', digest(secret))
    .executeTakeFirst();
  if (!row) return { reason: 'error.api_key.invalid' };
  const known = { keyId: String(row.key_id), site: Number(row.site) === 1, ownerId: String(row.id) };
  if (Number(row.revoked_at) > 0) return { reason: 'error.api_key.revoked', ...known };
  if (Number(row.expires_at) > 0 && Number(row.expires_at) <= now()) return { reason: 'error.api_key.expired', ...known };
  const suspendedStill = Number(row.status) === 9 && !(Number(row.suspended_until) > 0 && Number(row.suspended_until) <= now());
  if (Number(row.status) === 10 || suspendedStill) return { reason: 'error.api_key.owner_disabled', ...known };
  const roleId = Number(row.role_id ?? ROLE.user);
  return {
    id: known.keyId,
    scope: row.scope as ApiKeyScope,
    site: known.site,
    user: { id: String(row.id), username: row.username, roleId, mailStatus: Number(row.mail_status), status: 1, rank: Number(row.rank) },
  };
}

/** Records when and from where a key was last used, at most once a minute per key (no write per request). */
export async function touchKey(runtime: Runtime, keyId: string, ip: string): Promise<void> {
  const t = now();
  await runtime.database
    .updateTable('api_key')
    .set({ last_used_at: t, last_used_ip: ip.slice(0, 64) })
    .where('id', '=', keyId)
    .where('last_used_at', '<', t - 60)
    .execute();
}
