import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseInfo, body, installThroughApi, startSite, type TestSite } from './support/app.js';
import { createThrowawayDb, serverDialects, type ThrowawayDb } from './support/databases.js';

const dialects = serverDialects();

if (!dialects.length) it.skip('on PostgreSQL and MySQL: set TEST_PG_URL / TEST_MYSQL_URL', () => {});

describe.each(dialects)('installer on $dialect', ({ dialect, url }) => {
  let db: ThrowawayDb;
  let site: TestSite;

  beforeAll(async () => {
    db = await createThrowawayDb(dialect, url);
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
    await db?.drop();
  });

  const settings = () => ({ db_type: dialect, db_host: db.host, db_username: db.user, db_password: db.password, db_name: db.name });

  it('reports a wrong database name as a connection failure, not a 500', async () => {
    const res = await site.app.inject({ method: 'POST', url: '/installation/db/check', payload: { ...settings(), db_name: 'no_such_db_here' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).reason).toBe('error.database.connection_failed');
  });

  it('installs through the wizard calls and serves siteinfo with the site name', async () => {
    await installThroughApi(site, settings(), baseInfo({ site_name: `On ${dialect}` }));
    const info = body(await site.app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' })).data;
    expect(info.general.name).toBe(`On ${dialect}`);
  });

  it('stores 17-digit ids without precision loss and seeds the starter content', async () => {
    const questions = await site.runtime.database.selectFrom('question').select(['id', 'title']).orderBy('id').execute();
    expect(questions).toHaveLength(2);
    for (const q of questions) expect(String(q.id)).toMatch(/^1001\d{13}$/);
    const badges = await site.runtime.database.selectFrom('badge').select('id').execute();
    expect(badges).toHaveLength(14);
  });

  it('survives a restart', async () => {
    await site.restart();
    const info = body(await site.app.inject({ method: 'GET', url: '/answer/api/v1/siteinfo' })).data;
    expect(info.general.name).toBe(`On ${dialect}`);
  });
});
