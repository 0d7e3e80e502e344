/**
 * Upstream's column values as each driver returns them, made into ours: ids as strings, numbers,
 * 0/1 flags, Unix seconds. Every reader goes through these, so a NULL or an odd type in the
 * source becomes a default instead of a crash.
 */

/** A 64-bit id: BigInt (SQLite), string (pg/mysql) or number; '0' when absent. */
export function idOf(v: unknown): string {
  if (v === null || v === undefined || v === '') return '0';
  return typeof v === 'number' ? String(Math.trunc(v)) : String(v);
}

export function intOf(v: unknown, fallback = 0): number {
  if (v === null || v === undefined || v === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** BOOL columns: true/false (pg), 1/0 (mysql, sqlite), or the text "true" xorm may write to SQLite. */
export function flagOf(v: unknown): number {
  return v === true || v === 'true' || v === 't' || Number(v) === 1 ? 1 : 0;
}

export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  return Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
}

/**
 * TIMESTAMP columns as Unix seconds. Upstream stores UTC wall-clock text ("2024-05-01 10:00:00",
 * sometimes with a fraction or zone); a zero date or NULL means "never" (0).
 */
export function timeOf(v: unknown): number {
  if (v === null || v === undefined || v === '') return 0;
  if (v instanceof Date) return Math.max(0, Math.floor(v.getTime() / 1000));
  const text = String(v).trim();
  if (text.startsWith('0000') || text.startsWith('0001-01-01')) return 0;
  const iso = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T');
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
}
