import { can, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import type { Thresholds } from '../../core/privileges.js';
import { Q } from './service.js';

export interface MemberAction {
  action: string;
  name: string;
  type: string;
}

/** The allowed ones of [action, allowed] pairs, named in the viewer's language. */
export function presentActions(wanted: [string, boolean][], lang: string): MemberAction[] {
  return wanted
    .filter(([, allowed]) => allowed)
    .map(([action]) => ({ action, name: t(lang, `action.${action}`), type: action === 'edit' ? 'edit' : action === 'report' ? 'reason' : 'confirm' }));
}

/**
 * What the viewer may do to a question now (domain.md 4.4), each asked of the guardian, in
 * upstream's order. Types: edit opens the editor, the rest ask for confirmation (clients open the
 * close dialog from the `close` action).
 */
export function questionMemberActions(
  user: SessionUser | null,
  q: { user_id: string | number; status: number | string; pin: number | string; show: number | string },
  thresholds: Thresholds,
  lang: string,
): MemberAction[] {
  const status = Number(q.status);
  const deleted = status === Q.deleted;
  const listed = status === Q.available || status === Q.closed;
  const pinned = Number(q.pin) === 2;
  const hidden = Number(q.show) === 2;
  const may = (action: string, owned = false) => can(user, action, thresholds, owned ? q.user_id : undefined);
  const wanted: [string, boolean][] = [
    // Flagging (report/flag.ts): not for deleted posts or posts waiting in the review queue.
    ['report', listed && may('report.add')],
    ['edit', !deleted && may('question.edit', true)],
    ['close', status === Q.available && may('question.close')],
    ['reopen', status === Q.closed && may('question.reopen')],
    ['pin', listed && !pinned && !hidden && may('question.pin')],
    ['hide', listed && !pinned && !hidden && may('question.hide')],
    ['unpin', listed && pinned && may('question.unpin')],
    ['show', listed && hidden && may('question.show')],
    ['delete', !deleted && may('question.delete', true)],
    ['undelete', deleted && may('question.undeleted')],
  ];
  return presentActions(wanted, lang);
}
