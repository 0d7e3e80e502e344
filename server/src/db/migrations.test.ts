import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../test/support/databases.js';
import { seedInstall } from '../features/install/seed.js';
import { createDb, type Db } from './connect.js';
import { hasInstalledSchema, migrateToLatest, pendingMigrations } from './migrate.js';
import { migrations } from './migrations/index.js';
import { nextObjectId } from './uniqid.js';

const SETTINGS_GROUPS = ['branding', 'css-html', 'general', 'interface', 'legal', 'login', 'privileges', 'seo', 'theme', 'users', 'write'];

describe.each(testDatabases())('schema and install seed on $name', ({ create }) => {
  let target: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    target = await create();
    db = createDb({ driver: target.driver, connection: target.connection });
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.drop();
  });

  it('migrates an empty database to the latest schema', async () => {
    expect(await hasInstalledSchema(db)).toBe(false);
    expect(await pendingMigrations(db)).toEqual(Object.keys(migrations));

    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await pendingMigrations(db)).toEqual([]);
    expect(await hasInstalledSchema(db)).toBe(true);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('seeds the administrator with the Admin role', async () => {
    await seedInstall(db, {
      language: 'en_US',
      siteName: 'Test Q&A',
      siteUrl: 'https://qa.example.com/',
      contactEmail: 'contact@example.com',
      loginRequired: true,
      adminName: 'admin',
      adminEmail: 'admin@example.com',
      adminPasswordHash: '$2b$10$abcdefghijklmnopqrstuv',
    });
    const admin = await db
      .selectFrom('user')
      .innerJoin('user_role_rel', 'user_role_rel.user_id', 'user.id')
      .select(['user.id', 'user.username', 'user.display_name', 'user.mail_status', 'user.rank', 'user.question_count', 'user.answer_count', 'user_role_rel.role_id'])
      .executeTakeFirstOrThrow();
    expect({ ...admin, id: String(admin.id) }).toEqual({
      id: '1',
      username: 'admin',
      display_name: 'admin',
      mail_status: 1,
      rank: 1,
      question_count: 2,
      answer_count: 2,
      role_id: 2,
    });
  });

  it('gives the next registered user id 2', async () => {
    await db.insertInto('user').values({ created_at: 1, username: 'second', e_mail: 'second@example.com' }).execute();
    const row = await db.selectFrom('user').select('id').where('username', '=', 'second').executeTakeFirstOrThrow();
    expect(String(row.id)).toBe('2');
  });

  it('rejects a second user with the same username', async () => {
    await expect(
      db.insertInto('user').values({ created_at: 1, username: 'admin', e_mail: 'other@example.com' }).execute(),
    ).rejects.toThrow();
  });

  it('seeds roles, powers and the level-2 privilege thresholds', async () => {
    const roles = await db.selectFrom('role').select(['id', 'name']).orderBy('id').execute();
    expect(roles).toEqual([
      { id: 1, name: 'User' },
      { id: 2, name: 'Admin' },
      { id: 3, name: 'Moderator' },
    ]);
    const powers = await db.selectFrom('role_power_rel').select(['role_id', 'power_type']).execute();
    expect(powers.filter((p) => p.role_id === 2)).toHaveLength(42);
    expect(powers.filter((p) => p.role_id === 3).map((p) => p.power_type)).not.toContain('admin.access');

    const config = Object.fromEntries(
      (await db.selectFrom('config').select(['id', 'key', 'value']).execute()).map((r) => [r.key, r]),
    );
    expect(config['rank.question.vote_down']).toEqual({ id: 40, key: 'rank.question.vote_down', value: '125' });
    expect(config['rank.question.vote_up']?.value).toBe('8');
    expect(config['rank.tag.add']?.value).toBe('750');
    expect(config['rank.question.close']?.value).toBe('-1');
    expect(JSON.parse(config['email.config']!.value)).toMatchObject({ smtp_port: 465, smtp_authentication: true });
    expect(JSON.parse(config['reason.a_duplicate']!.value)).toMatchObject({ name: 'reason.a_duplicate.name', content_type: 'text' });
    expect(config['reason.a_duplicate']?.id).toBe(60);
    expect(config['plugin.status']?.value).toBe('{}');
  });

  it('seeds every settings group with its fresh-install values', async () => {
    const rows = await db.selectFrom('site_info').select(['type', 'content', 'status']).execute();
    expect(rows.map((r) => r.type).sort()).toEqual(SETTINGS_GROUPS);
    const group = (type: string) => JSON.parse(rows.find((r) => r.type === type)!.content);
    expect(group('general')).toMatchObject({ name: 'Test Q&A', site_url: 'https://qa.example.com' });
    expect(group('login').login_required).toBe(true);
    expect(group('seo').robots).toContain('Sitemap: https://qa.example.com/sitemap.xml');
    expect(group('privileges')).toEqual({ level: 2 });
    expect(group('theme').color_scheme).toBe('system');
  });

  it('seeds the 14 built-in badges with badge ids', async () => {
    const badges = await db.selectFrom('badge').select(['id', 'name', 'level', 'single', 'handler', 'param']).execute();
    expect(badges).toHaveLength(14);
    for (const b of badges) expect(b.id).toMatch(/^1009\d{13}$/);
    expect(badges.find((b) => b.name === 'badge.default_badges.great_answer.name')).toMatchObject({
      level: 3,
      single: 2,
      handler: 'ReachAnswerVote',
      param: '{"amount":"50"}',
    });
  });

  it('seeds two answered questions tagged support', async () => {
    const tagged = await db
      .selectFrom('tag')
      .innerJoin('tag_rel', 'tag_rel.tag_id', 'tag.id')
      .innerJoin('question', 'question.id', 'tag_rel.object_id')
      .innerJoin('answer', 'answer.question_id', 'question.id')
      .select(['tag.question_count', 'question.id', 'question.answer_count', 'question.last_answer_id', 'question.parsed_text', 'answer.id as answer_id'])
      .where('tag.slug_name', '=', 'support')
      .execute();
    expect(tagged).toHaveLength(2);
    for (const row of tagged) {
      expect(row.id).toMatch(/^1001\d{13}$/);
      expect(row.answer_id).toMatch(/^1002\d{13}$/);
      expect(row).toMatchObject({ question_count: 2, answer_count: 1, last_answer_id: row.answer_id });
      expect(row.parsed_text).toMatch(/^<p>/);
    }
  });

  it('allocates increasing, well-formed 17-digit ids', async () => {
    const ids = [await nextObjectId(db, 1), await nextObjectId(db, 1), await nextObjectId(db, 10)];
    expect(ids[0]).toMatch(/^1001\d{13}$/);
    expect(ids[2]).toMatch(/^1010\d{13}$/);
    const seqs = ids.map((id) => BigInt(id.slice(4)));
    expect(seqs[1]! > seqs[0]!).toBe(true);
    expect(seqs[2]! > seqs[1]!).toBe(true);
  });

  it('keeps a 17-digit id exact through insert and select', async () => {
    // Odd and above 2^53: a double would round it to its even neighbour.
    const id = '10019999999999993';
    const body = 'x'.repeat(100_000); // beyond MySQL's 64 KB TEXT: post bodies need MEDIUMTEXT
    await db.insertInto('question').values({ id, created_at: 1, user_id: 1, title: 't', original_text: body, parsed_text: body }).execute();
    const row = await db.selectFrom('question').select(['id', 'original_text']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.id).toBe(id);
    expect(row.original_text).toHaveLength(body.length);
  });
});
