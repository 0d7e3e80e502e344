import { t } from '../../core/i18n.js';
import type { Db } from '../../db/connect.js';
import { reasonById } from '../reason/service.js';
import { CLOSE_REASON_KEY } from './close-reason-key.js';
import { Q } from './service.js';

/**
 * The banner over a question that is not plainly available (domain.md 5.3), `operation` in the
 * question info. For a closed question: the translated reason, then the moderator's message, as
 * plain text (clients show it as text, never as HTML), and the time it was closed.
 */
export async function questionBanner(db: Db, q: { id: string | number; status: number | string; updated_at: number | string }, lang: string) {
  const status = Number(q.status);
  const time = Number(q.updated_at);
  if (status === Q.deleted) return { type: 'deleted', description: '', msg: t(lang, 'question.banner.deleted'), time, level: 'danger' };
  if (status === Q.pending) return { type: 'pending', description: '', msg: t(lang, 'question.banner.pending'), time, level: 'secondary' };
  if (status !== Q.closed) return null;
  const meta = await db.selectFrom('meta').select(['value', 'created_at']).where('object_id', '=', String(q.id)).where('key', '=', CLOSE_REASON_KEY).orderBy('id', 'desc').executeTakeFirst();
  // Closed by other means (say the admin's status change) there is no reason to tell.
  if (!meta) return { type: 'closed', description: '', msg: '', time, level: 'info' };
  const { close_type, close_msg } = JSON.parse(meta.value) as { close_type: number; close_msg?: string };
  const reason = await reasonById(db, Number(close_type));
  const name = reason ? t(lang, reason.name) : '';
  return {
    type: 'closed',
    description: reason ? t(lang, reason.description) : '',
    msg: [name, close_msg ?? ''].filter(Boolean).join(': '),
    time: Number(meta.created_at),
    level: 'info',
  };
}
