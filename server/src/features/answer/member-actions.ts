import { can, type SessionUser } from '../../core/guardian.js';
import type { Thresholds } from '../../core/privileges.js';
import { type MemberAction, presentActions } from '../question/member-actions.js';
import { A } from './service.js';

/** What the viewer may do to an answer now (domain.md 4.4), each asked of the guardian. */
export function answerMemberActions(user: SessionUser | null, a: { user_id: string | number; status: number | string }, thresholds: Thresholds, lang: string): MemberAction[] {
  const deleted = Number(a.status) === A.deleted;
  const wanted: [string, boolean][] = [
    ['report', Number(a.status) === A.available && can(user, 'report.add', thresholds)],
    ['edit', !deleted && can(user, 'answer.edit', thresholds, a.user_id)],
    ['delete', !deleted && can(user, 'answer.delete', thresholds, a.user_id)],
    ['undelete', deleted && can(user, 'answer.undeleted', thresholds)],
  ];
  return presentActions(wanted, lang);
}
