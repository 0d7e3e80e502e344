import type { Reason } from '../../../api/operations';

/** The "a duplicate" reason: its message is the link to the original question (domain.md 5.10). */
export const DUPLICATE_REASON = 60;

export interface CloseValues {
  close_type: number | null;
  close_msg: string;
}

/** Translation keys of what is wrong, per field. */
export type CloseProblems = Partial<Record<keyof CloseValues, string>>;

/** Whether a reason asks for a message (an input under it). */
export const wantsMessage = (reason: Reason | undefined) => reason?.content_type === 'text' || reason?.content_type === 'textarea';

/**
 * Spec section 5: a reason must be chosen; a reason with a message needs one; a duplicate's message
 * must be a link to a page of this site (`origin`).
 */
export function checkClose(values: CloseValues, reasons: readonly Reason[], origin: string): CloseProblems {
  const reason = reasons.find((r) => r.reason_type === values.close_type);
  if (!reason) return { close_type: 'question.close.reason_required' };
  const msg = values.close_msg.trim();
  if (!wantsMessage(reason)) return {};
  if (!msg) return { close_msg: 'question.close.msg_required' };
  if (reason.reason_type !== DUPLICATE_REASON) return {};
  let url: URL;
  try {
    url = new URL(msg);
  } catch {
    return { close_msg: 'question.close.url_invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { close_msg: 'question.close.url_invalid' };
  return url.origin === origin ? {} : { close_msg: 'question.close.url_origin' };
}
