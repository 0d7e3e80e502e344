import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { applyTimeZone, siteMinute } from './time-zone';

describe('siteMinute', () => {
  it("writes the minute in the site's zone exactly as dayjs's tz().format does", () => {
    const times = [0, 1_700_000_000, 1_711_846_800 /* a DST change in Europe */, 1_735_689_599, 1_767_225_600 /* midnight UTC */];
    for (const zone of ['UTC', 'Asia/Shanghai', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Not/AZone']) {
      applyTimeZone(zone);
      for (const t of times) expect(siteMinute(t), `${zone} ${t}`).toBe(dayjs.unix(t).tz().format('YYYY-MM-DD HH:mm'));
    }
  });
});
