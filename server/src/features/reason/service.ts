import { FieldErrors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { Db } from '../../db/connect.js';

/**
 * Reasons (domain.md 2.20): each reason is a config row `reason.<name>` whose id is the
 * reason_type / close_type / report_type clients send, and whose value holds i18n keys. Lists of
 * them per object and action live in config rows `<object_type>.<action>.reasons`.
 */
export interface Reason {
  id: number;
  key: string;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}

/** The reasons of one list, in the list's order; null when no such list exists. */
export async function reasonList(db: Db, objectType: string, action: string): Promise<Reason[] | null> {
  const list = await db.selectFrom('config').select('value').where('key', '=', `${objectType}.${action}.reasons`).executeTakeFirst();
  if (!list) return null;
  const keys = JSON.parse(list.value) as string[];
  if (!keys.length) return [];
  const rows = await db.selectFrom('config').select(['id', 'key', 'value']).where('key', 'in', keys).execute();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [parseReason(row)] : [];
  });
}

/** One reason by its id (a close_type or report_type), or undefined if it is not a reason row. */
export async function reasonById(db: Db, id: number): Promise<Reason | undefined> {
  const row = await db.selectFrom('config').select(['id', 'key', 'value']).where('id', '=', id).where('key', 'like', 'reason.%').executeTakeFirst();
  return row ? parseReason(row) : undefined;
}

function parseReason(row: { id: number | string; key: string; value: string }): Reason {
  const v = JSON.parse(row.value) as Partial<Reason>;
  return {
    id: Number(row.id),
    key: row.key,
    name: v.name ?? '',
    description: v.description ?? '',
    content_type: v.content_type ?? '',
    placeholder: v.placeholder ?? '',
  };
}

/** A reason as clients read it (`GET /reasons`, flag and close dialogs), translated. */
export function presentReason(reason: Reason, lang: string) {
  const tr = (key: string) => (key ? t(lang, key) : '');
  return {
    reason_type: reason.id,
    reason_key: reason.key,
    name: tr(reason.name),
    description: tr(reason.description),
    content_type: reason.content_type,
    placeholder: tr(reason.placeholder),
  };
}

/** GET /reasons: a combination without a list (say answer + close) is a field error on `action`. */
export async function reasonsFor(db: Db, objectType: string, action: string, lang: string) {
  const reasons = await reasonList(db, objectType, action);
  if (!reasons) throw new FieldErrors([{ field: 'action', reason: 'error.reason.no_such_list' }]);
  return reasons.map((r) => presentReason(r, lang));
}
