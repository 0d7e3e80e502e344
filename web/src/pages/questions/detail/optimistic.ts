import { isApiError } from '../../../api/api-error';
import { t } from '../../../i18n';
import { showToast } from '../../../state/notices';

/**
 * The request client tells the user about most refusals (toasts for 403 and rate limits, the
 * login page for 401) but stays silent on a 404 and on field errors, which forms show. A button
 * has no form: say it here so a rolled-back click never goes unexplained.
 */
export function explainFailure(error: unknown): void {
  if (!isApiError(error)) return;
  if (error.status !== 404 && !error.list.length) return;
  showToast(error.list[0]?.error_msg || error.msg || t('common.request_failed'));
}

/**
 * Shows `next` at once, then what the server confirmed. When `send` fails, or resolves null
 * (the person dismissed a captcha), `previous` comes back. Resolves whether the change stands.
 */
export async function applyOptimistic<T>(previous: T, next: T, show: (value: T) => void, send: () => Promise<T | null>): Promise<boolean> {
  show(next);
  try {
    const confirmed = await send();
    show(confirmed ?? previous);
    return confirmed !== null;
  } catch (error) {
    show(previous);
    explainFailure(error);
    return false;
  }
}

/** A mark the viewer sets or clears, with how many people set it (bookmarks, follows). */
export interface CountedMark {
  on: boolean;
  count: number;
}

/** The mark flipped, counting the viewer in or out. */
export const flipMark = ({ on, count }: CountedMark): CountedMark => ({ on: !on, count: Math.max(0, count + (on ? -1 : 1)) });
