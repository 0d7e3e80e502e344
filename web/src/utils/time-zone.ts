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
}
