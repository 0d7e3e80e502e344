import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetThrottleSettings } from '../src/features/captcha/settings.js';
import { ADMIN, body, installedSite, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

/**
 * Captcha and hard limits under bursts of identical requests, on every dialect: each request is
 * counted before it is checked, so exactly the allowance gets through, whatever the concurrency.
 */
const API = '/answer/api/v1';

describe.each(dialectTargets())('abuse limits on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;

  const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
    site.app.inject({ method: 'POST', url: `${API}${url}`, payload, remoteAddress: ip, headers });
  const setCaptcha = async (enabled: boolean) => {
    const res = await site.app.inject({
      method: 'PUT',
      url: '/answer/admin/api/plugin/status',
      headers: { authorization: admin.token },
      payload: { plugin_slug_name: 'basic_captcha', enabled },
    });
    expect(res.statusCode).toBe(200);
  };
  const tally = (replies: { statusCode: number; json(): any }[]) => {
    const out: Record<string, number> = {};
    for (const r of replies) {
      const b = r.json();
      const label = r.statusCode === 400 && Array.isArray(b.data) ? `400:${b.data.map((f: any) => f.error_field).join(',')}` : String(r.statusCode);
      out[label] = (out[label] ?? 0) + 1;
    }
    return out;
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    // siteOn lifts the captcha triggers for content tests; these tests need the real rules.
    await site.runtime.database.deleteFrom('config').where('key', '=', 'security.limits').execute();
    await forgetThrottleSettings(site.runtime);
    admin = await adminOf(site);
  });
  afterAll(async () => stop());
  afterEach(async () => setCaptcha(true));

  it('checks at most the allowance of a burst of 101 logins for one account; the rest wait', async () => {
    const email = 'victim@example.com';
    expect((await post('/user/register/email', { name: 'victim', e_mail: email, pass: 'right-password-1' }, '10.60.0.1')).statusCode).toBe(200);
    const right = 57;
    const replies = await Promise.all(
      Array.from({ length: 101 }, (_, i) => post('/user/login/email', { e_mail: email, pass: i === right ? 'right-password-1' : `wrong-${i}-pass` }, '10.60.0.2')),
    );
    const counts = tally(replies);
    // login_ip allows 30 attempts per address; of those at most 3 are free of the captcha (fewer
    // when the account's own counter, taken in another order, asks for it first).
    expect(counts['429']).toBe(71);
    const checked = (counts['400:e_mail'] ?? 0) + (counts['200'] ?? 0);
    expect(checked).toBeLessThanOrEqual(3);
    expect((counts['400:captcha_code'] ?? 0) + checked).toBe(30);
  });

  it('lets exactly the allowance of 50 simultaneous sign-ups from one address through', async () => {
    const burst = (ip: string, tag: string) =>
      Promise.all(Array.from({ length: 50 }, (_, i) => post('/user/register/email', { name: `${tag}${i}x`, e_mail: `${tag}${i}@example.com`, pass: 'password-123' }, ip)));
    // With the captcha on, two sign-ups per hour from one address go without it.
    // The others are refused for the captcha or, while the burst is in flight, the hard limit.
    const withCaptcha = tally(await burst('10.61.0.1', 'cap'));
    expect(withCaptcha['200']).toBe(2);
    expect((withCaptcha['400:captcha_code'] ?? 0) + (withCaptcha['429'] ?? 0)).toBe(48);
    // Switched off, only the hard limit applies: ten per hour per address.
    await setCaptcha(false);
    const hardOnly = tally(await burst('10.61.0.2', 'hard'));
    expect(hardOnly).toEqual({ 200: 10, 429: 40 });
  });

  it('makes one account of 100 simultaneous sign-ups with one e-mail, in any letter case', async () => {
    await setCaptcha(false);
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post('/user/register/email', { name: `same${i}mail`, e_mail: i % 2 ? 'Same@Example.com' : 'same@example.com', pass: 'password-123' }, `10.62.${i}.1`),
      ),
    );
    expect(tally(replies)).toEqual({ 200: 1, '400:e_mail': 99 });
    const rows = await site.runtime.database.selectFrom('user').select('id').where('e_mail', '=', 'same@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('gives simultaneous sign-ups with one name distinct usernames with a suffix, never a 500', async () => {
    await setCaptcha(false);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/user/register/email', { name: 'twin', e_mail: `twin${i}@example.com`, pass: 'password-123' }, `10.63.${i}.1`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const names = replies.map((r) => r.json().data.username as string);
    expect(new Set(names).size).toBe(20);
    for (const n of names) expect(n).toMatch(/^twin(-[0-9a-f]{4})?$/);
  });

  it('answers a username taken at the same moment with a field error', async () => {
    const members = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const res = await post('/user/register/email', { name: `rename${i}`, e_mail: `rename${i}@example.com`, pass: 'password-123' }, `10.64.${i}.1`);
        await site.runtime.database.updateTable('user').set({ mail_status: 1 }).where('id', '=', res.json().data.id).execute();
        return res.json().data.access_token as string;
      }),
    );
    const replies = await Promise.all(
      members.map((token) => site.app.inject({ method: 'PUT', url: `${API}/user/info`, headers: { authorization: token }, payload: { username: 'wanted-name' } })),
    );
    expect(tally(replies)).toEqual({ 200: 1, '400:username': 3 });
  });

  it('never asks a reader who searches ten times a minute, pages and reorders, for a captcha; a flood of searches is asked', async () => {
    const search = (q: string, ip: string, extra = '') => site.app.inject({ url: `${API}/search?q=${encodeURIComponent(q)}${extra}`, remoteAddress: ip });
    const verify = async (ip: string) => body(await site.app.inject({ url: `${API}/user/action/record?action=search`, remoteAddress: ip })).data.verify as boolean;
    // Counters and what they counted live in fixed windows of the clock: five minutes pass here.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Math.ceil(Date.now() / 60_000) * 60_000;
      const statuses: number[] = [];
      for (let minute = 0; minute < 5; minute++) {
        for (let n = 0; n < 10; n++) {
          vi.setSystemTime(start + minute * 60_000 + n * 6_000);
          const words = `reader words ${minute} ${n}`;
          // A search, its second and third pages, the other orders, and the first page again.
          for (const extra of ['', '&page=2&size=20', '&page=3&size=20', '&order=newest', '&order=score&page=2', '']) {
            statuses.push((await search(words, '10.67.0.1', extra)).statusCode);
          }
        }
        expect(await verify('10.67.0.1'), `minute ${minute}`).toBe(false);
      }
      expect(statuses).toEqual(Array(300).fill(200));

      // A script asking new searches as fast as it can is asked for the captcha after 30 in a minute.
      vi.setSystemTime(start + 10 * 60_000);
      const flood: number[] = [];
      for (let n = 0; n < 40; n++) {
        const res = await search(`flood words ${n}`, '10.67.0.2');
        flood.push(res.statusCode === 400 && res.json().data[0].error_field === 'captcha_code' ? 400 : res.statusCode);
      }
      expect(flood).toEqual([...Array(30).fill(200), ...Array(10).fill(400)]);
      expect(await verify('10.67.0.2')).toBe(true);
      // So is one paging a query far past what a reader reads: each hundred results counts as a search.
      const pages: number[] = [];
      for (let page = 1; page <= 320; page++) pages.push((await search('one query', '10.67.0.3', `&size=10&page=${page}`)).statusCode);
      expect(pages).toEqual([...Array(300).fill(200), ...Array(20).fill(400)]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not let a client choose its address with X-Forwarded-For', async () => {
    for (let i = 0; i < 3; i++) {
      await post('/user/login/email', { e_mail: ADMIN.email, pass: 'wrong-password' }, '10.65.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    const record = await site.app.inject({ url: `${API}/user/action/record?action=password`, remoteAddress: '10.65.0.1', headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(body(record).data.verify).toBe(true);
  });

  it('shows the built-in captcha as a plugin, and with it off the third sign-up from one address works', async () => {
    const status = async () => body(await site.app.inject({ url: `${API}/plugin/status` })).data.filter((p: { slug_name: string }) => p.slug_name === 'basic_captcha');
    expect(await status()).toEqual([{ slug_name: 'basic_captcha', enabled: true }]);
    await setCaptcha(false);
    expect(await status()).toEqual([{ slug_name: 'basic_captcha', enabled: false }]);
    for (let i = 0; i < 3; i++) {
      expect((await post('/user/register/email', { name: `third${i}x`, e_mail: `third${i}@example.com`, pass: 'password-123' }, '10.66.0.1')).statusCode).toBe(200);
    }
    const record = body(await site.app.inject({ url: `${API}/user/action/record?action=email`, remoteAddress: '10.66.0.1' })).data;
    expect(record.verify).toBe(false);
    const list = body(await site.app.inject({ url: '/answer/admin/api/plugins', headers: { authorization: admin.token } })).data;
    expect(list[0]).toMatchObject({ slug_name: 'basic_captcha', enabled: false });
    const unknown = await site.app.inject({
      method: 'PUT',
      url: '/answer/admin/api/plugin/status',
      headers: { authorization: admin.token },
      payload: { plugin_slug_name: 'nope', enabled: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('behind a configured reverse proxy', () => {
  let site: TestSite;
  beforeAll(async () => {
    process.env.TRUSTED_PROXIES = '10.70.0.1';
    site = await installedSite();
    await site.restart();
  });
  afterAll(async () => {
    delete process.env.TRUSTED_PROXIES;
    await site.close();
  });

  it('takes the client address from X-Forwarded-For only when the proxy sends it', async () => {
    const fail = (remoteAddress: string, forwarded: string) =>
      site.app.inject({
        method: 'POST',
        url: `${API}/user/login/email`,
        payload: { e_mail: ADMIN.email, pass: 'wrong-password' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
    const verify = async (remoteAddress: string, forwarded: string) =>
      body(await site.app.inject({ url: `${API}/user/action/record?action=password`, remoteAddress, headers: { 'x-forwarded-for': forwarded } })).data.verify;
    for (let i = 0; i < 3; i++) await fail('10.70.0.1', '198.51.100.7');
    // Through the proxy, the failures belong to the client the proxy names...
    expect(await verify('10.70.0.1', '198.51.100.7')).toBe(true);
    expect(await verify('10.70.0.1', '198.51.100.8')).toBe(false);
    // ...and a client that is not the proxy cannot claim that address.
    expect(await verify('10.70.0.2', '198.51.100.7')).toBe(false);
  });
});
