import { compare, hash } from '@node-rs/bcrypt';

/** bcrypt, cost 10: compatible with existing Answer hashes (domain.md 1.5). */
export const BCRYPT_COST = 10;

export const hashPassword = (password: string) => hash(password, BCRYPT_COST);

/** False for empty hashes (external-login-only accounts) and malformed stored values. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!stored || !password) return false;
  try {
    return await compare(password, stored);
  } catch {
    return false;
  }
}
