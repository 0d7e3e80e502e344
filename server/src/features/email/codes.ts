import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { digest, newToken } from '../../core/session.js';

/**
 * Single-use e-mail codes (activation, password reset, e-mail change, unsubscribe). Each kind is
 * independent: a newer mail of another kind never invalidates a pending link (the upstream quirk
 * of domain.md 17.2 is not copied). Only digests are stored.
 */
export type CodeKind = 'activation' | 'password_reset' | 'email_change' | 'unsubscribe';

const LIFETIME: Record<CodeKind, number> = {
  activation: 24 * 3600,
  password_reset: 30 * 60,
  email_change: 24 * 3600,
  unsubscribe: 30 * 24 * 3600,
};

const now = () => Math.floor(Date.now() / 1000);

export interface CodePayload {
  email?: string;
  [key: string]: unknown;
}

export async function createCode(db: Kysely<Database> | Transaction<Database>, kind: CodeKind, userId: string | number, payload: CodePayload = {}): Promise<string> {
  const code = newToken();
  const created = now();
  await db
    .insertInto('email_code')
    .values({
      code_hash: digest(code),
      kind,
      user_id: String(userId),
      payload: JSON.stringify(payload),
      created_at: created,
      expires_at: created + LIFETIME[kind],
    })
    .execute();
  return code;
}

/** Many codes of one kind in batched inserts (a new question may mail thousands of subscribers). */
export async function createCodes(
  db: Kysely<Database> | Transaction<Database>,
  kind: CodeKind,
  items: { userId: string | number; payload: CodePayload }[],
): Promise<string[]> {
  const created = now();
  const codes = items.map(() => newToken());
  const rows = items.map((item, i) => ({
    code_hash: digest(codes[i]!),
    kind,
    user_id: String(item.userId),
    payload: JSON.stringify(item.payload),
    created_at: created,
    expires_at: created + LIFETIME[kind],
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('email_code').values(rows.slice(i, i + 200)).execute();
  return codes;
}

/** Drops codes of a kind that expired more than a day ago (the digest job calls it). */
export async function deleteExpiredCodes(db: Kysely<Database>, kind: CodeKind, at = now()): Promise<void> {
  await db.deleteFrom('email_code').where('kind', '=', kind).where('expires_at', '<', at - 86400).execute();
}

/**
 * Consumes a code atomically: the UPDATE succeeds for exactly one caller, so a replayed or
 * concurrent second use fails. Returns null for unknown, expired, used or wrong-kind codes.
 */
export async function consumeCode(db: Db, kind: CodeKind, code: string): Promise<{ userId: string; payload: CodePayload } | null> {
  if (!code || code.length > 200) return null;
  const hash = digest(code);
  const t = now();
  const result = await db
    .updateTable('email_code')
    .set({ used_at: t })
    .where('code_hash', '=', hash)
    .where('kind', '=', kind)
    .where('used_at', '=', 0)
    .where('expires_at', '>=', t)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('email_code').select(['user_id', 'payload']).where('code_hash', '=', hash).executeTakeFirstOrThrow();
  return { userId: String(row.user_id), payload: JSON.parse(row.payload) as CodePayload };
}

/** Reads a code without consuming it (the unsubscribe page shows what it will do). */
export async function peekCode(db: Db, kind: CodeKind, code: string) {
  if (!code || code.length > 200) return null;
  const row = await db
    .selectFrom('email_code')
    .select(['user_id', 'payload', 'used_at', 'expires_at'])
    .where('code_hash', '=', digest(code))
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row || Number(row.used_at) || Number(row.expires_at) < now()) return null;
  return { userId: String(row.user_id), payload: JSON.parse(row.payload) as CodePayload };
}
