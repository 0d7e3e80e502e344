import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Dates are shown in the site's time zone (spec: default UTC); an unknown zone falls back to UTC. */
export function applyTimeZone(zone: string | undefined): void {
  let valid = 'UTC';
  try {
    if (zone) {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = zone;
    }
  } catch {
    // RangeError: not an IANA zone name
  }
  dayjs.tz.setDefault(valid);
  siteZone = valid;
}

let siteZone = 'UTC';
const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "YYYY-MM-DD HH:mm" in the site's time zone, as dayjs's tz().format writes it, with one formatter
 * per zone: dayjs builds its own on every call, which showed in a page render's profile.
 */
export function siteMinute(seconds: number): string {
  let format = minuteFormats.get(siteZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: siteZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    minuteFormats.set(siteZone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(seconds * 1000)) part[type] = value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
