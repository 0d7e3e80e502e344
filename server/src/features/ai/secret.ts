import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { writeConfig } from '../../config/config.js';
import type { Runtime } from '../../runtime.js';

/**
 * Secrets kept in the database (the AI provider's API key) are sealed with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server's `secret_key` in config.yaml, so a copy of the database
 * alone (a dump, a backup, a read-only SQL injection) does not give the key away. ANSWER_SECRET_KEY
 * wins over the file (instances sharing a database must share it); without either, one is made on
 * first use and written to config.yaml. docs/ai.md.
 */
const PREFIX = 'enc:v1:';

function serverSecret(runtime: Runtime): string {
  const fromEnv = process.env.ANSWER_SECRET_KEY;
  if (fromEnv) return fromEnv;
  const config = runtime.config;
  if (!config) throw new Error('secret_key needs an installed site');
  if (!config.secret_key) {
    config.secret_key = randomBytes(32).toString('base64url');
    writeConfig(runtime.paths, config);
  }
  return config.secret_key;
}

/** A key per purpose, so the same secret can seal other things later without reusing a key. */
function keyFor(runtime: Runtime, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret(runtime), 'answer', purpose, 32));
}

export function seal(runtime: Runtime, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(runtime, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text, or null when it cannot be opened (another server's secret, a damaged value). */
export function unseal(runtime: Runtime, purpose: string, sealed: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyFor(runtime, purpose), raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
