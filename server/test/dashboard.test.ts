import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const DASHBOARD = '/answer/admin/api/dashboard';
const CACHE_KEY = 'answer:admin-dashboard';

describe.each(dialectTargets())('admin dashboard on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;

  const call = (method: 'GET' | 'POST', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: path, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const ok = async (path: string, user: User, payload: unknown) => {
    const res = await call('POST', `/answer/api/v1${path}`, user, payload);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data;
  };
  const dashboard = async () => {
    const res = await call('GET', DASHBOARD, admin);
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data.info;
  };
  /** The figures as they are now, not as cached a minute ago. */
  const freshDashboard = async () => {
    await site.runtime.cache.delete(CACHE_KEY);
    return dashboard();
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
  });
  afterAll(async () => stop?.());

  it('is for administrators only', async () => {
    const plain = await member(site, 'plainreader', 1);
    expect((await call('GET', DASHBOARD)).statusCode).toBe(401);
    expect((await call('GET', DASHBOARD, plain)).statusCode).toBe(403);
  });

  it('counts what was created, per day too, and describes the database and the process', async () => {
    const before = await freshDashboard();
    const writer = await member(site, 'dashwriter', 1000);
    const voter = await member(site, 'dashvoter', 1000);
    const questionId = (await ok('/question', admin, { title: 'How does the dashboard count?', content: 'A question body that is long enough.', tags: [{ slug_name: 'dashboard' }] }))
      .id as string;
    await ok('/answer', writer, { question_id: questionId, content: 'An answer that is long enough to post.' });
    await ok('/comment', voter, { object_id: questionId, original_text: 'A comment on the question.' });
    await ok('/vote/up', voter, { object_id: questionId });

    // Cached for a minute: the same figures until the entry expires.
    expect((await dashboard()).question_count).toBe(before.question_count);
    const info = await freshDashboard();
    expect(info.question_count).toBe(before.question_count + 1);
    expect(info.answer_count).toBe(before.answer_count + 1);
    expect(info.comment_count).toBe(before.comment_count + 1);
    expect(info.vote_count).toBe(before.vote_count + 1);
    expect(info.user_count).toBe(before.user_count + 2);
    expect(info.report_count).toBe(0);
    expect(info.smtp).toBe('not_configured');
    expect(info.https).toBe(false);
    expect(info.time_zone).toBe('UTC');
    expect(info.version_info.remote_version).toBe('');

    expect(info.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const last = info.daily[29];
    expect(last.date).toBe(today);
    expect(info.daily[0].date < last.date).toBe(true);
    const todayBefore = before.daily[29];
    expect(last.question_count).toBe(todayBefore.question_count + 1);
    expect(last.answer_count).toBe(todayBefore.answer_count + 1);
    expect(last.user_count).toBe(todayBefore.user_count + 2);
    expect(info.daily.slice(0, 29).every((d: any) => d.question_count === 0 && d.answer_count === 0 && d.user_count === 0)).toBe(true);

    expect(info.database_type).toBe(name === 'sqlite3' ? 'sqlite' : name);
    expect(info.database_version).toMatch(/\d+\.\d+/);
    // Upstream's shapes, which its client shows as they are: sizes formatted, the uptime in
    // seconds as a string, whether uploads can be written.
    expect(info.database_size).toMatch(/^\d+\.\d\d (B|KB|MB|GB)$/);
    expect(info.occupying_storage_space).toMatch(/^\d+\.\d\d (B|KB|MB|GB)$/);
    expect(info.uploading_files).toBe(true);
    expect(info.app_start_time).toMatch(/^\d+$/);
    expect(Number(info.app_start_time)).toBeLessThan(24 * 3600);
    expect(info.operator.database_bytes).toBeGreaterThan(0);
    expect(info.operator.storage_bytes).toBeGreaterThanOrEqual(0);
    expect(Math.abs(info.operator.started_at + Number(info.app_start_time) - Date.now() / 1000)).toBeLessThan(120);
    expect(info.operator).toMatchObject({ node_version: process.version, outbox_failed: 0, outbox_last_error: '', redis: false });
    expect(info.operator.memory_rss).toBeGreaterThan(0);
    expect(info.operator.outbox_pending).toBeGreaterThanOrEqual(0);
  });

  it('reports the outbox deliveries given up on with the last error', async () => {
    const t = Math.floor(Date.now() / 1000);
    await site.runtime.database
      .insertInto('outbox')
      .values({ topic: 'mail', payload: '{}', created_at: t, available_at: t, attempts: 6, done_at: t, last_error: 'connect ECONNREFUSED 127.0.0.1:25' })
      .execute();
    const info = await freshDashboard();
    expect(info.operator.outbox_failed).toBe(1);
    expect(info.operator.outbox_last_error).toBe('connect ECONNREFUSED 127.0.0.1:25');
  });
});
