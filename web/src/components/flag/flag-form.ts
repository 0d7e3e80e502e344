import type { Reason } from '../../api/operations';

/** The "a duplicate" reason: its text is the link to the original (domain.md 5.10). */
export const DUPLICATE_REASON = 60;

export interface FlagValues {
  report_type: number | null;
  content: string;
}

/** Translation keys of what is wrong, per field. */
export type FlagProblems = Partial<Record<keyof FlagValues, string>>;

/** Whether a reason asks for text (a field under it): "something else", "a duplicate". */
export const wantsText = (reason: Reason | undefined) => reason?.content_type === 'text' || reason?.content_type === 'textarea';

export const FLAG_CONTENT_MAX = 500;

/**
 * The server's rules, checked before sending: a reason must be chosen; a reason with a field needs
 * text; a duplicate's text must be an http(s) link; at most 500 characters.
 */
export function checkFlag(values: FlagValues, reasons: readonly Reason[]): FlagProblems {
  const reason = reasons.find((r) => r.reason_type === values.report_type);
  if (!reason) return { report_type: 'flag.reason_required' };
  if (!wantsText(reason)) return {};
  const text = values.content.trim();
  if (!text) return { content: reason.reason_type === DUPLICATE_REASON ? 'flag.url_required' : 'flag.text_required' };
  if (text.length > FLAG_CONTENT_MAX) return { content: 'flag.too_long' };
  if (reason.reason_type !== DUPLICATE_REASON) return {};
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? {} : { content: 'flag.url_invalid' };
  } catch {
    return { content: 'flag.url_invalid' };
  }
}
