import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from '../i18n/translator';
import { siteMinute } from '../utils/time-zone';

dayjs.extend(relativeTime);

/**
 * dayjs names locales in lower case with a dash ("zh-cn"); unknown ones (and Chinese until
 * switchLanguage has loaded its locale) fall back to English.
 */
const dayjsLocale = (language: string) => language.toLowerCase().replace('_', '-');

/** "3 minutes ago" in `language`, for places that need the text itself (an option of a select). */
export const fromNow = (time: number, language: string): string => dayjs.unix(time).locale(dayjsLocale(language)).fromNow();

/** "3 minutes ago", with the exact time (in the site's time zone) on hover. */
export function TimeAgo({ time, className }: { time: number; className?: string }) {
  const { i18n } = useTranslation();
  const at = dayjs.unix(time);
  return (
    // The server rendered the same time a moment earlier: "just now" may have become "1 minute ago".
    <time dateTime={at.toISOString()} title={siteMinute(time)} className={className} suppressHydrationWarning>
      {fromNow(time, i18n.language)}
    </time>
  );
}
