import { z } from 'zod';
import { text } from './text.js';

/**
 * API keys (issue 28): a member's personal keys and the administrators' site keys. A key acts as
 * its owner through the guardian, narrowed by its scopes: `read` allows only reads, `write` reads
 * and writes, `admin` (site keys only) also the admin API. Upstream 2.0's scope names are accepted
 * on input: `read-only` is `read`, `global` is `write`.
 */
export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a key looks like: the prefix tells a key from a session token (and a secret scanner finds it). */
export const API_KEY_PREFIX = 'ans_';

const UPSTREAM_SCOPES: Record<string, ApiKeyScope> = { 'read-only': 'read', global: 'write' };

const description = text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(150);
const keyId = z.coerce.number({ message: 'error.common.invalid' }).int().positive({ message: 'error.common.invalid' }).max(Number.MAX_SAFE_INTEGER);

export const apiKeyCreateSchema = z.object({
  description,
  scope: z.preprocess((v) => (typeof v === 'string' ? (UPSTREAM_SCOPES[v] ?? v) : v), z.enum(API_KEY_SCOPES, { message: 'error.common.invalid' })),
  /** Seconds since 1970 after which the key is refused; 0 or absent: never. */
  expires_at: z.number({ message: 'error.common.invalid_type' }).int().min(0).max(99_999_999_999).optional().default(0),
});
export const apiKeyUpdateSchema = z.object({ id: keyId, description });
export const apiKeyDeleteSchema = z.object({ id: keyId });

/** One key in a list (`GET .../api-key/all`). The secret itself is never sent again: `access_key` shows its start. */
export interface ApiKeyItem {
  id: number;
  access_key: string;
  description: string;
  scope: ApiKeyScope;
  created_at: number;
  /** 0: never used. */
  last_used_at: number;
  last_used_ip: string;
  /** 0: never expires. */
  expires_at: number;
  /** Site keys: the administrator it acts as. */
  owner?: { username: string; display_name: string };
}

/** `POST .../api-key`: the secret, shown this once. */
export interface ApiKeyCreated {
  access_key: string;
}
