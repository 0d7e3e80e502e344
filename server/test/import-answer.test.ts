import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDataPaths } from '../src/config/paths.js';
import { type Progress, silentProgress } from '../src/core/progress.js';
import { urlTitle } from '../src/core/slug.js';
import { advanceSequences } from '../src/db/sequences.js';
import { checkCounters } from '../src/features/counters/check.js';
import { importAnswerSite } from '../src/features/import/answer/run.js';
import { importCommand } from '../src/features/import/command.js';
import { ImportError, type ImportReport } from '../src/features/import/report.js';
import { login, type TestSite, tempDir } from './support/app.js';
import { serverDialects } from './support/databases.js';
import { type DialectTarget, siteOn } from './support/dialect-sites.js';
import { IDS, OLD_PASSWORD } from './support/upstream-answer/fill.js';
import type { UpstreamDialect, UpstreamRelease } from './support/upstream-answer/schema.js';
import { type UpstreamSource, upstreamSource } from './support/upstream-answer/source.js';

const sqliteTarget: DialectTarget = { name: 'sqlite3' };

async function runImport(site: TestSite, from: string, options: { dryRun?: boolean; uploads?: string; progress?: Progress } = {}): Promise<ImportReport> {
  return importAnswerSite(site.runtime.database, resolveDataPaths(site.dataDir), {
    from,
    uploads: options.uploads,
    dryRun: options.dryRun ?? false,
    progress: options.progress ?? silentProgress,
  });
}

/** What import/command.ts does after an import, then a restart so no cache holds the install's data. */
async function settle(site: TestSite) {
  await advanceSequences(site.runtime.database);
  await checkCounters(site.runtime.database, { fix: true });
  await site.restart();
}

const countOf = async (site: TestSite, table: 'user' | 'question' | 'answer' | 'comment' | 'tag' | 'vote' | 'report') =>
  Number((await site.runtime.database.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Every imported row of the tables an import writes, in a stable order, to compare two imports. */
async function snapshot(site: TestSite) {
  const db = site.runtime.database as any;
  const out: Record<string, unknown[]> = {};
  for (const table of ['user', 'question', 'answer', 'comment', 'tag', 'tag_rel', 'revision', 'activity', 'collection', 'meta', 'report', 'notification', 'badge', 'badge_award', 'user_role_rel']) {
    out[table] = (await db.selectFrom(table).selectAll().orderBy('id').execute()).map((r: Record<string, unknown>) => JSON.stringify(r));
  }
  out.vote = (await db.selectFrom('vote').selectAll().orderBy('user_id').orderBy('object_id').execute()).map((r: unknown) => JSON.stringify(r));
  return out;
}

/** The checks every full import must pass, whatever the source and target databases. */
async function expectImported(site: TestSite, source: UpstreamSource, report: ImportReport) {
  const { filled } = source;
  const db = site.runtime.database;
  expect(report.counts.users).toBe(filled.counts.users);
  expect(report.counts.questions).toBe(filled.counts.questions);
  expect(report.counts.answers).toBe(filled.counts.answers);
  expect(report.counts.votes).toBe(filled.counts.votes);
  expect(report.problems.length).toBeGreaterThanOrEqual(3);
  expect(report.problems.join('\n')).toMatch(/question 10010000000000199 is not in the source/);

  // The install's own admin and starter posts are gone; the old site's rows have their ids.
  expect(await countOf(site, 'user')).toBe(filled.counts.users);
  expect(await countOf(site, 'question')).toBe(filled.counts.questions);
  expect(await countOf(site, 'answer')).toBe(filled.counts.answers);
  expect(await countOf(site, 'comment')).toBe(filled.counts.comments);
  expect(await countOf(site, 'tag')).toBe(filled.counts.tags);
  expect(await countOf(site, 'vote')).toBe(filled.counts.votes);
  expect(report.counts.flags).toBe(filled.counts.flags);
  expect(await countOf(site, 'report')).toBe(filled.counts.flags);
  const carol = await db.selectFrom('user').selectAll().where('id', '=', 3).executeTakeFirstOrThrow();
  expect(carol.e_mail).toBe('carol.mixed@old.example.com');
  expect(carol.display_name).toBe('Carol 🌸 Ünïcode');
  expect(carol.bio_html).not.toContain('<script');
  const q1 = await db.selectFrom('question').selectAll().where('id', '=', IDS.q(1)).executeTakeFirstOrThrow();
  expect(q1.title).toBe(filled.questionSlugTitle.title);
  expect(q1.accepted_answer_id).toBe(IDS.a(1));
  expect(q1.parsed_text).not.toContain('<script');
  expect(Number(q1.created_at)).toBe(Date.UTC(2024, 2, 4, 12) / 1000);
  const synonym = await db.selectFrom('tag').selectAll().where('slug_name', '=', 'golang').executeTakeFirstOrThrow();
  expect(synonym.main_tag_id).toBe(IDS.tag(1));
  const wiki = await db.selectFrom('tag').select('parsed_text').where('slug_name', '=', 'go').executeTakeFirstOrThrow();
  expect(wiki.parsed_text).toContain('<strong>Go</strong>');
  expect(wiki.parsed_text).not.toMatch(/<img[^>]*onerror/);
  const revision = await db.selectFrom('revision').select('content').where('id', '=', 1).executeTakeFirstOrThrow();
  expect(revision.content).not.toMatch(/<img[^>]*onerror/);
  expect(Number((await db.selectFrom('answer').select('adopted').where('id', '=', IDS.a(1)).executeTakeFirstOrThrow()).adopted)).toBe(2);
  expect(String((await db.selectFrom('user_role_rel').select('role_id').where('user_id', '=', 2).executeTakeFirstOrThrow()).role_id)).toBe('3');
  const mail = await db.selectFrom('config').select('value').where('key', '=', 'email.config').executeTakeFirstOrThrow();
  expect(JSON.parse(mail.value).smtp_host).toBe('smtp.old.example.com');
  expect((await db.selectFrom('config').select('value').where('key', '=', 'rank.answer.add').executeTakeFirstOrThrow()).value).toBe('5');
  const marker = await db.selectFrom('config').select('id').where('key', '=', 'import.answer.in_progress').executeTakeFirst();
  expect(marker).toBeUndefined();
  // Upstream's AI settings come across without their plain-text key, which is reported.
  const ai = JSON.parse((await db.selectFrom('site_info').select('content').where('type', '=', 'ai').executeTakeFirstOrThrow()).content);
  expect(ai).toMatchObject({ enabled: true, chosen_provider: 'openai', prompt_config: { en_us: 'Be kind. %s' } });
  expect(ai.ai_providers).toEqual([
    { provider: 'openai', api_host: 'https://api.openai.com', api_key_enc: '', model: 'gpt-4o', embedding_model: '' },
    { provider: 'openai_compatible', api_host: 'https://gemini.example', api_key_enc: '', model: 'g1', embedding_model: '' },
  ]);
  expect(JSON.stringify(await db.selectFrom('site_info').selectAll().execute())).not.toContain('PLAINTEXT');
  expect(report.problems.join('\n')).toMatch(/API key is not moved/);

  // The imported counters already agree with the rows: the recount after it has nothing to fix.
  expect(await checkCounters(db)).toEqual([]);
  await settle(site);
  expect(await checkCounters(site.runtime.database)).toEqual([]);

  // The old URL serves, search finds the post, and people sign in with their old passwords.
  const page = await site.app.inject({ method: 'GET', url: `/questions/${IDS.q(1)}/${urlTitle(filled.questionSlugTitle.title)}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('How do I ship');
  const info = await site.app.inject({ method: 'GET', url: `/answer/api/v1/question/info?id=${IDS.q(1)}` });
  expect(info.json().data.title).toBe(filled.questionSlugTitle.title);
  const search = await site.app.inject({ method: 'GET', url: '/answer/api/v1/search?q=binary&page=1&size=10' });
  expect(JSON.stringify(search.json().data)).toContain(IDS.q(1));
  const token = await login(site, 'carol.mixed@old.example.com', OLD_PASSWORD);
  const me = await site.app.inject({ method: 'GET', url: '/answer/api/v1/user/info', headers: { authorization: token } });
  expect(me.json().data.username).toBe('carol');
  const admin = await login(site, 'alice@old.example.com', OLD_PASSWORD);
  const adminPage = await site.app.inject({ method: 'GET', url: '/answer/admin/api/users/page', headers: { authorization: admin } });
  expect(adminPage.statusCode).toBe(200);
}

const sources: { name: UpstreamDialect; url?: string }[] = [{ name: 'sqlite3' }, ...serverDialects().map((d) => ({ name: d.dialect, url: d.url }))];

describe.each(sources)('import of an Apache Answer 1.4 site on $name', (src) => {
  let source: UpstreamSource;
  let site: TestSite;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    source = await upstreamSource(src.name, '1.4.0', src.url);
    ({ site, stop } = await siteOn(sqliteTarget));
  });
  afterAll(async () => {
    await stop?.();
    await source?.drop();
  });

  it('moves members, posts, votes, badges and settings into a SQLite site', async () => {
    const report = await runImport(site, source.url);
    expect(report.counts['badge awards']).toBe(1);
    expect(report.counts['review queue']).toBe(1);
    await expectImported(site, source, report);
  });
});

describe.each(serverDialects())('import into a $dialect site', ({ dialect, url }) => {
  let source: UpstreamSource;
  let site: TestSite;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    source = await upstreamSource('sqlite3', '2.0.2');
    ({ site, stop } = await siteOn({ name: dialect, url }));
  });
  afterAll(async () => {
    await stop?.();
    await source?.drop();
  });

  it('moves an Answer 2.0 site', async () => {
    await expectImported(site, source, await runImport(site, source.url));
  });
});

describe.each<UpstreamRelease>(['1.2.0', '2.0.2'])('import of an Apache Answer %s site', (release) => {
  let source: UpstreamSource;
  let site: TestSite;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    source = await upstreamSource('sqlite3', release);
    ({ site, stop } = await siteOn(sqliteTarget));
  });
  afterAll(async () => {
    await stop?.();
    await source?.drop();
  });

  it('reads the tables that version has', async () => {
    const report = await runImport(site, source.url);
    if (release === '1.2.0') {
      // No badges upstream before 1.4: the install's own badges stay.
      expect(report.counts['badge awards']).toBeUndefined();
      expect(await site.runtime.database.selectFrom('badge').select('id').execute()).not.toHaveLength(0);
    } else expect(report.counts['badge awards']).toBe(1);
    await expectImported(site, source, report);
  });
});

describe('refusals and dry run', () => {
  let source: UpstreamSource;
  let site: TestSite;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    source = await upstreamSource('sqlite3', '1.4.0');
    ({ site, stop } = await siteOn(sqliteTarget));
  });
  afterAll(async () => {
    await stop?.();
    await source?.drop();
  });

  it('a dry run reads and reports everything and writes nothing', async () => {
    const before = await snapshot(site);
    const report = await runImport(site, source.url, { dryRun: true });
    expect(report.counts.questions).toBe(source.filled.counts.questions);
    expect(report.counts.votes).toBe(source.filled.counts.votes);
    expect(report.problems.join('\n')).toMatch(/not JSON/);
    expect(await snapshot(site)).toEqual(before);
  });

  it('refuses a wrong URL, a database that is not Answer, and unsupported versions', async () => {
    await expect(runImport(site, 'postgres://nobody@127.0.0.1:1/none')).rejects.toThrow(ImportError);
    await expect(runImport(site, 'sqlite:///no/such/answer.db')).rejects.toThrow(/No SQLite database file/);
    await expect(runImport(site, 'oracle://x')).rejects.toThrow(/Unknown database URL/);
    const text = path.join(tempDir(), 'notes.db');
    fs.writeFileSync(text, 'just some text, not a database file '.repeat(200));
    await expect(runImport(site, text)).rejects.toThrow(ImportError);
    await expect(runImport(site, source.url, { uploads: '/no/such/uploads' })).rejects.toThrow(/No uploads folder/);
    const other = await upstreamSource('sqlite3', '1.4.0');
    await other.exec('DROP TABLE version');
    await expect(runImport(site, other.url)).rejects.toThrow(/not an Apache Answer database/);
    await other.exec('CREATE TABLE version (id INTEGER PRIMARY KEY, version_number INTEGER)');
    await other.exec('INSERT INTO version VALUES (1, 10)');
    await expect(runImport(site, other.url)).rejects.toThrow(/Answer 1\.0\.8.*Upgrade the old site/);
    await other.exec('UPDATE version SET version_number = 99');
    await expect(runImport(site, other.url)).rejects.toThrow(/newer/);
    await other.drop();
    // The command reports a refusal as a message and exit code 1, not a stack trace.
    expect(await importCommand(resolveDataPaths(site.dataDir), ['answer'], { from: 'sqlite:///no/such/answer.db' })).toBe(1);
    expect(await countOf(site, 'question')).toBeGreaterThan(0);
    expect(await countOf(site, 'user')).toBe(1);
  });

  it('refuses a site that has members of its own', async () => {
    const db = site.runtime.database;
    await db.insertInto('user').values({ id: 50, created_at: 1, username: 'local', e_mail: 'local@example.com' }).execute();
    await expect(runImport(site, source.url)).rejects.toThrow(/freshly installed site/);
    await db.deleteFrom('user').where('id', '=', 50).execute();
  });

  it('runs as the answer import command, which settles ids and counters afterwards', async () => {
    expect(await importCommand(resolveDataPaths(site.dataDir), ['answer'], { from: source.url })).toBe(0);
    await site.restart();
    expect(await countOf(site, 'question')).toBe(source.filled.counts.questions);
    expect(await checkCounters(site.runtime.database)).toEqual([]);
    // New posts get ids past the imported ones.
    const uniqid = await site.runtime.database.selectFrom('uniqid').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    expect(BigInt(uniqid.id as string | number)).toBeGreaterThanOrEqual(BigInt(IDS.report(10 + 1199)) % 10n ** 13n);
  });
});

/** A progress that dies after `ticks` pages, as a killed process would stop between two of them. */
function dyingAfter(ticks: number): Progress {
  let left = ticks;
  return {
    stage() {},
    finish() {},
    tick() {
      if (--left < 0) throw new Error('killed');
    },
  };
}

describe('an interrupted import', () => {
  let source: UpstreamSource;
  const sites: { site: TestSite; stop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    source = await upstreamSource('sqlite3', '1.4.0');
    sites.push(await siteOn(sqliteTarget), await siteOn(sqliteTarget));
  });
  afterAll(async () => {
    for (const s of sites) await s.stop();
    await source?.drop();
  });

  it('finishes when run again, with the same rows as an uninterrupted import and nothing twice', async () => {
    const [whole, broken] = [sites[0]!.site, sites[1]!.site];
    const uploads = tempDir('answer-old-uploads-');
    fs.mkdirSync(path.join(uploads, 'post'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'post', 'diagram.png'), 'png bytes');
    fs.mkdirSync(path.join(uploads, 'avatar'), { recursive: true });
    fs.writeFileSync(path.join(uploads, 'avatar', 'alice.png'), 'avatar bytes');

    await runImport(whole, source.url, { uploads });
    // Killed after the pages of users, roles, notification settings, site settings, tags and questions.
    await expect(runImport(broken, source.url, { uploads, progress: dyingAfter(5) })).rejects.toThrow('killed');
    expect(await countOf(broken, 'question')).toBe(source.filled.counts.questions);
    expect(await countOf(broken, 'answer')).toBe(0);
    // A second interruption on the way, then a full run.
    await expect(runImport(broken, source.url, { uploads, progress: dyingAfter(9) })).rejects.toThrow('killed');
    await runImport(broken, source.url, { uploads });

    const a = await snapshot(whole);
    const b = await snapshot(broken);
    for (const table of Object.keys(a)) expect(b[table], table).toEqual(a[table]);
    await settle(broken);
    expect(await checkCounters(broken.runtime.database)).toEqual([]);

    // Uploads keep their relative paths and are served where the posts link to them.
    const copied = path.join(resolveDataPaths(broken.dataDir).uploads, 'post', 'diagram.png');
    expect(fs.readFileSync(copied, 'utf8')).toBe('png bytes');
    const served = await broken.app.inject({ method: 'GET', url: '/uploads/post/diagram.png' });
    expect(served.statusCode).toBe(200);
  });
});
