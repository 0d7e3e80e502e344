import type { QuestionOperation } from '@answer/contract';
import { badRequest, notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import type { Runtime } from '../../runtime.js';
import { recordEvent } from '../activity/events.js';
import { ACT } from '../activity/types.js';
import { shiftTagCounts } from '../tag/service.js';
import { moderatedQuestionId } from './close.js';
import { changedQuestionLists } from './list-cache.js';
import { lockQuestion } from './queries.js';
import { Q } from './service.js';

const PIN = { off: 1, on: 2 } as const;
const SHOW = { listed: 1, hidden: 2 } as const;
const EVENT: Record<QuestionOperation, number> = { pin: ACT.questionPin, unpin: ACT.questionUnpin, hide: ACT.questionHide, show: ACT.questionShow };

/**
 * Pins, unpins, hides (unlists) or shows a question (domain.md 5.13), with the privilege of the same
 * name. A hidden question leaves every list and its tags' counts but stays reachable by URL.
 * Asking for the state it is already in changes nothing. Pinning a hidden question or hiding a
 * pinned one is refused with 400; upstream ignores such requests silently, leaving the moderator
 * to believe they worked.
 */
export async function operateQuestion(runtime: Runtime, user: SessionUser, rawId: string, operation: QuestionOperation): Promise<void> {
  const id = await moderatedQuestionId(runtime, user, rawId, `question.${operation}`);
  await runtime.database.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, id);
    if (!question || Number(question.status) === Q.deleted) throw notFound('error.question.not_found');
    if (Number(question.status) === Q.pending) throw badRequest('error.question.under_review');
    const pinned = Number(question.pin) === PIN.on;
    const hidden = Number(question.show) === SHOW.hidden;
    if (operation === 'pin' && hidden) throw badRequest('error.question.hidden_cannot_pin');
    if (operation === 'hide' && pinned) throw badRequest('error.question.pinned_cannot_hide');
    const unchanged = { pin: pinned, unpin: !pinned, hide: hidden, show: !hidden }[operation];
    if (unchanged) return;

    const update = trx.updateTable('question').where('id', '=', id);
    if (operation === 'pin' || operation === 'unpin') {
      await update.set({ pin: operation === 'pin' ? PIN.on : PIN.off }).execute();
    } else {
      await update.set({ show: operation === 'hide' ? SHOW.hidden : SHOW.listed }).execute();
      await shiftTagCounts(trx, id, operation === 'hide' ? -1 : 1);
    }
    await recordEvent(trx, { type: EVENT[operation], userId: user.id, objectId: id, originalObjectId: id });
  });
  await changedQuestionLists(runtime);
}
