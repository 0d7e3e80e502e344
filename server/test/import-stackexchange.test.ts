import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../src/core/progress.js';
import { checkCounters } from '../src/features/counters/check.js';
import { ImportError } from '../src/features/import/report.js';
import { dumpPostHtml, dumpPostHtmlWhole, dumpPostHtmls } from '../src/features/import/stackexchange/dump-html.js';
import { importStackExchange } from '../src/features/import/stackexchange/run.js';
import { search } from '../src/features/search/service.js';
import { plainRowCount } from '../src/features/import/stackexchange/xml-check.js';
import { countRows, parsedRowCount } from '../src/features/import/stackexchange/xml-rows.js';
import { tempDir, type TestSite } from './support/app.js';
import { dialectTargets, siteOn } from './support/dialect-sites.js';

/**
 * `answer import stackexchange` on a small dump written here in the published format: every kind
 * of row lands where the site reads it, the counters agree with the rows, and the import can be
 * run again, interrupted, refused or dry-run without leaving anything half done.
 */
const file = (root: string, rows: Record<string, string | number | undefined>[]) => {
  const attr = (v: string | number) => String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#xA;');
  const lines = rows.map((r) => `  <row ${Object.entries(r).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}="${attr(v!)}"`).join(' ')} />`);
  return `\ufeff<?xml version="1.0" encoding="utf-8"?>\n<${root}>\n${lines.join('\n')}\n</${root}>\n`;
};

const QUESTION_BODY = `<p>I have <code>x = 1</code> and a <a href="https://example.com/recipe" rel="nofollow">recipe link</a>.</p>
<p><img src="https://i.sstatic.net/bread.png" alt="a loaf"></p>
<pre class="lang-js prettyprint-override"><code>const dough = mix(flour, water);
if (dough.weight &lt; 500) { knead(dough); }
</code></pre>
<ul>
<li>flour</li>
<li>water <strong>warm</strong></li>
</ul>
<table><thead><tr><th>Step</th><th>Minutes</th></tr></thead><tbody><tr><td>Proof</td><td>60</td></tr></tbody></table>`;

function writeDump(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  const w = (name: string, root: string, rows: Record<string, string | number | undefined>[]) => fs.writeFileSync(path.join(folder, name), file(root, rows));
  w('Users.xml', 'users', [
    { Id: -1, Reputation: 1, CreationDate: '2010-07-19T06:55:26.860', DisplayName: 'Community', AboutMe: '<p>Hi, I am not really a person.</p>' },
    { Id: 5, Reputation: 1234, CreationDate: '2010-07-20T10:00:00.000', DisplayName: 'Alice Baker', LastAccessDate: '2020-01-01T00:00:00.000', WebsiteUrl: 'https://alice.example', Location: 'Lyon', AboutMe: '<p>I bake <em>bread</em>.</p>' },
    { Id: 6, Reputation: 50, CreationDate: '2010-07-21T10:00:00.000', DisplayName: 'Bob' },
    { Id: 7, Reputation: 1, CreationDate: '2010-07-22T10:00:00.000', DisplayName: 'Carol' },
  ]);
  w('Tags.xml', 'tags', [
    { Id: 1, TagName: 'baking', Count: 1, ExcerptPostId: 1, WikiPostId: 2 },
    { Id: 2, TagName: 'bread', Count: 2 },
  ]);
  w('Posts.xml', 'posts', [
    { Id: 1, PostTypeId: 4, CreationDate: '2010-07-19T00:00:00.000', Score: 0, Body: '<p>Cooking with dry heat.</p>' },
    { Id: 2, PostTypeId: 5, CreationDate: '2010-07-19T00:00:00.000', Score: 0, Body: '<p>Baking is <strong>fun</strong>.</p>' },
    {
      Id: 10, PostTypeId: 1, AcceptedAnswerId: 12, CreationDate: '2010-08-01T12:00:00.000', Score: 7, ViewCount: 120, Body: QUESTION_BODY, OwnerUserId: 5,
      LastEditorUserId: 6, LastEditDate: '2010-08-02T12:00:00.000', LastActivityDate: '2010-08-03T12:00:00.000', Title: 'How do I bake bread?', Tags: '<baking><bread>', AnswerCount: 2, CommentCount: 1, ContentLicense: 'CC BY-SA 4.0',
    },
    { Id: 11, PostTypeId: 2, ParentId: 10, CreationDate: '2010-08-01T13:00:00.000', Score: 2, Body: '<p>Use more water.</p>', OwnerUserId: 6, ContentLicense: 'CC BY-SA 4.0' },
    { Id: 12, PostTypeId: 2, ParentId: 10, CreationDate: '2010-08-01T14:00:00.000', Score: 5, Body: '<blockquote><p>Patience</p></blockquote><p>Let it rise, then <code>bake()</code>.</p><ol><li>rise</li><li>bake</li></ol>', OwnerUserId: 7, ContentLicense: 'CC BY-SA 3.0' },
    { Id: 20, PostTypeId: 1, CreationDate: '2010-09-01T12:00:00.000', Score: -1, ViewCount: 5, Body: '<p>How to bake a loaf?</p>', OwnerUserId: 6, Title: 'Baking a loaf', Tags: '|bread|yeast|', ClosedDate: '2010-09-02T00:00:00.000', ContentLicense: 'CC BY-SA 4.0' },
    { Id: 30, PostTypeId: 1, CreationDate: '2010-09-05T12:00:00.000', Score: 0, ViewCount: 1, Body: '<p>Which oven should I buy?</p>', OwnerDisplayName: 'Ghost', Title: 'Best oven brand', Tags: '<baking>', ClosedDate: '2010-09-06T00:00:00.000' },
    { Id: 40, PostTypeId: 2, ParentId: 999, CreationDate: '2010-09-05T12:00:00.000', Score: 0, Body: '<p>Orphan</p>', OwnerUserId: 5 },
    { Id: 50, PostTypeId: 6, CreationDate: '2010-09-05T12:00:00.000', Score: 0, Body: '<p>Nomination</p>', OwnerUserId: 5 },
  ]);
  w('Comments.xml', 'comments', [
    { Id: 100, PostId: 10, Score: 3, Text: 'Which flour? See `type 55`.', CreationDate: '2010-08-01T12:30:00.000', UserId: 6, ContentLicense: 'CC BY-SA 4.0' },
    { Id: 101, PostId: 12, Score: 0, Text: 'Thanks, worked for me.', CreationDate: '2010-08-01T15:00:00.000', UserId: 5 },
    { Id: 102, PostId: 999, Score: 0, Text: 'On a missing post', CreationDate: '2010-08-01T15:00:00.000', UserId: 5 },
  ]);
  w('PostHistory.xml', 'posthistory', [
    { Id: 1000, PostHistoryTypeId: 1, PostId: 10, RevisionGUID: 'a', CreationDate: '2010-08-01T12:00:00.000', UserId: 5, Text: 'How do I bake bread?' },
    { Id: 1001, PostHistoryTypeId: 2, PostId: 10, RevisionGUID: 'a', CreationDate: '2010-08-01T12:00:00.000', UserId: 5, Text: 'First version of the body' },
    { Id: 1002, PostHistoryTypeId: 3, PostId: 10, RevisionGUID: 'a', CreationDate: '2010-08-01T12:00:00.000', UserId: 5, Text: '<baking><bread>' },
    { Id: 1003, PostHistoryTypeId: 5, PostId: 10, RevisionGUID: 'b', CreationDate: '2010-08-02T12:00:00.000', UserId: 6, Comment: 'added the recipe', Text: 'Second version of the body' },
    { Id: 1004, PostHistoryTypeId: 2, PostId: 12, RevisionGUID: 'c', CreationDate: '2010-08-01T14:00:00.000', UserId: 7, Text: 'Let it rise.' },
    { Id: 1005, PostHistoryTypeId: 1, PostId: 20, RevisionGUID: 'd', CreationDate: '2010-09-01T12:00:00.000', UserId: 6, Text: 'Baking a loaf' },
    { Id: 1006, PostHistoryTypeId: 2, PostId: 20, RevisionGUID: 'd', CreationDate: '2010-09-01T12:00:00.000', UserId: 6, Text: 'How to bake a loaf?' },
    { Id: 1007, PostHistoryTypeId: 3, PostId: 20, RevisionGUID: 'd', CreationDate: '2010-09-01T12:00:00.000', UserId: 6, Text: '|bread|yeast|' },
    { Id: 1008, PostHistoryTypeId: 10, PostId: 20, CreationDate: '2010-09-02T00:00:00.000', UserId: -1, Comment: '101', Text: '{"OriginalQuestionIds":[10],"Voters":[{"Id":5,"DisplayName":"Alice Baker"}]}' },
    { Id: 1009, PostHistoryTypeId: 10, PostId: 30, CreationDate: '2010-09-06T00:00:00.000', UserId: -1, Comment: '102', Text: '' },
  ]);
  w('PostLinks.xml', 'postlinks', [{ Id: 1, CreationDate: '2010-09-02T00:00:00.000', PostId: 20, RelatedPostId: 10, LinkTypeId: 3 }]);
  w('Votes.xml', 'votes', [
    { Id: 1, PostId: 10, VoteTypeId: 2, CreationDate: '2010-08-01T00:00:00.000' },
    { Id: 2, PostId: 11, VoteTypeId: 2, UserId: 5, CreationDate: '2010-08-01T00:00:00.000' },
  ]);
  w('Badges.xml', 'badges', [
    { Id: 1, UserId: 5, Name: 'Nice Question', Date: '2010-09-01T00:00:00.000', Class: 3, TagBased: 'False' },
    { Id: 2, UserId: 6, Name: 'Autobiographer', Date: '2010-09-01T00:00:00.000', Class: 3, TagBased: 'False' },
    { Id: 3, UserId: 6, Name: 'Tumbleweed', Date: '2010-09-01T00:00:00.000', Class: 3, TagBased: 'False' },
    { Id: 4, UserId: 5, Name: 'bread', Date: '2010-09-01T00:00:00.000', Class: 3, TagBased: 'True' },
  ]);
}

const TABLES = ['question', 'answer', 'comment', 'tag', 'tag_rel', 'revision', 'user', 'post_source', 'meta', 'activity', 'vote', 'badge_award'] as const;

describe.each(dialectTargets())('Stack Exchange import on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  const root = tempDir('se-dump-');
  const folder = path.join(root, 'cooking.stackexchange.com');
  const db = () => site.runtime.database;
  const run = (dir: string, more: { dryRun?: boolean } = {}, hooks = {}) =>
    importStackExchange(db(), site.runtime.paths, { folder: dir, dryRun: !!more.dryRun, progress: silentProgress }, hooks);
  const tableCounts = async () => {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number((await db().selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return out;
  };
  const seId = async (table: 'question' | 'answer', title: string) => String((await db().selectFrom(table as 'question').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id);
  let before: Record<string, number>;
  let afterFirst: Record<string, number>;
  let report: Awaited<ReturnType<typeof run>>;

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    writeDump(folder);
    before = await tableCounts();
    report = await run(folder);
    afterFirst = await tableCounts();
  }, 120_000);
  afterAll(async () => {
    await stop?.();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('reports what it imported and every problem row', () => {
    expect(report.counts).toMatchObject({ users: 4, questions: 3, answers: 2, comments: 2, 'closed questions': 2, 'duplicate links': 1, votes: 1, 'badge awards': 2 });
    expect(report.counts['posts of other types (left out)']).toBe(1);
    expect(report.problems.join('\n')).toMatch(/answer 40 belongs to question 999/);
    expect(report.problems.join('\n')).toMatch(/comment 102 is on post 999/);
    expect(report.problems.join('\n')).toMatch(/Tumbleweed/);
    expect(afterFirst.question! - before.question!).toBe(3);
    expect(afterFirst.answer! - before.answer!).toBe(2);
    expect(afterFirst.comment! - before.comment!).toBe(2);
  });

  it('turns HTML bodies into Markdown and renders them with the sanitiser', async () => {
    const q = await db().selectFrom('question').selectAll().where('title', '=', 'How do I bake bread?').executeTakeFirstOrThrow();
    expect(q.original_text).toContain('```js\nconst dough = mix(flour, water);\nif (dough.weight < 500) { knead(dough); }\n```');
    expect(q.original_text).toContain('`x = 1`');
    expect(q.original_text).toContain('[recipe link](https://example.com/recipe)');
    expect(q.original_text).toContain('![a loaf](https://i.sstatic.net/bread.png)');
    expect(q.original_text).toMatch(/- flour\n- water \*\*warm\*\*/);
    expect(q.original_text).toMatch(/\| Step +\| Minutes \|\n\| -+ \| -+ \|\n\| Proof \| 60 +\|/);
    expect(q.parsed_text).toContain('<table>');
    expect(q.parsed_text).toMatch(/<pre><code class="hljs language-js"><span class="hljs-keyword">const<\/span> dough/);
    expect(q.parsed_text).toContain('<img src="https://i.sstatic.net/bread.png"');
    const a = await db().selectFrom('answer').selectAll().where('original_text', 'like', '%Patience%').executeTakeFirstOrThrow();
    expect(a.original_text).toMatch(/^> Patience/);
    expect(a.original_text).toContain('1. rise\n2. bake');
    expect(Number(q.view_count)).toBe(120);
    expect(Number(q.vote_count)).toBe(7);
    // A tag's excerpt and wiki become its description, rendered as one written here.
    const tag = await db().selectFrom('tag').select(['original_text', 'parsed_text']).where('slug_name', '=', 'baking').executeTakeFirstOrThrow();
    expect(tag.original_text).toBe('Cooking with dry heat.\n\nBaking is **fun**.');
    expect(tag.parsed_text).toBe('<p>Cooking with dry heat.</p>\n<p>Baking is <strong>fun</strong>.</p>');
  });

  it('keeps accepted answers, closed and duplicate questions, and tags in both formats', async () => {
    const q10 = await db().selectFrom('question').selectAll().where('title', '=', 'How do I bake bread?').executeTakeFirstOrThrow();
    const answers = await db().selectFrom('answer').select(['id', 'adopted', 'original_text']).where('question_id', '=', String(q10.id)).orderBy('created_at').execute();
    expect(answers.map((a) => Number(a.adopted))).toEqual([1, 2]);
    expect(String(q10.accepted_answer_id)).toBe(String(answers[1]!.id));
    expect(Number(q10.answer_count)).toBe(2);
    expect(String(q10.last_answer_id)).toBe(String(answers[1]!.id));

    const q20 = await db().selectFrom('question').selectAll().where('title', '=', 'Baking a loaf').executeTakeFirstOrThrow();
    const q30 = await db().selectFrom('question').selectAll().where('title', '=', 'Best oven brand').executeTakeFirstOrThrow();
    expect([Number(q20.status), Number(q30.status)]).toEqual([2, 2]);
    const reason = async (id: unknown) => JSON.parse((await db().selectFrom('meta').select('value').where('object_id', '=', String(id)).where('key', '=', 'question.close.reason').executeTakeFirstOrThrow()).value);
    expect(await reason(q20.id)).toEqual({ close_type: 60, close_msg: expect.stringMatching(new RegExp(`/questions/${q10.id}$`)) });
    expect((await reason(q30.id)).close_type).toBe(63);

    const tagsOf = async (id: unknown) =>
      (await db().selectFrom('tag_rel').innerJoin('tag', 'tag.id', 'tag_rel.tag_id').select('tag.slug_name').where('tag_rel.object_id', '=', String(id)).orderBy('tag.slug_name').execute()).map((t) => t.slug_name);
    expect(await tagsOf(q10.id)).toEqual(['baking', 'bread']);
    expect(await tagsOf(q20.id)).toEqual(['bread', 'yeast']);
    const baking = await db().selectFrom('tag').selectAll().where('slug_name', '=', 'baking').executeTakeFirstOrThrow();
    expect(baking.original_text).toBe('Cooking with dry heat.\n\nBaking is **fun**.');
    expect(Number(baking.question_count)).toBe(2);
  });

  it('makes placeholder accounts that cannot sign in, with reputation and profile', async () => {
    const alice = await db().selectFrom('user').selectAll().where('display_name', '=', 'Alice Baker').executeTakeFirstOrThrow();
    expect(alice.e_mail).toBe('se-5@cooking.stackexchange.com.invalid');
    expect(alice.pass).toBe('');
    expect(Number(alice.rank)).toBe(1234);
    expect(alice.bio).toBe('I bake _bread_.');
    expect(alice.bio_html).toContain('<em>bread</em>');
    expect([alice.website, alice.location]).toEqual(['https://alice.example', 'Lyon']);
    expect(alice.username).toMatch(/^[a-z0-9._-]{4,30}$/);
    const res = await site.app.inject({ method: 'POST', url: '/answer/api/v1/user/login/email', payload: { e_mail: alice.e_mail, pass: 'anything-at-all' } });
    expect(res.statusCode).not.toBe(200);
    const ghostQuestion = await db().selectFrom('question').select('user_id').where('title', '=', 'Best oven brand').executeTakeFirstOrThrow();
    const community = await db().selectFrom('user').select('display_name').where('id', '=', String(ghostQuestion.user_id)).executeTakeFirstOrThrow();
    expect(community.display_name).toBe('Community');
    const badges = await db().selectFrom('badge_award').innerJoin('badge', 'badge.id', 'badge_award.badge_id').select('badge.name').where('badge_award.user_id', '=', String(alice.id)).execute();
    expect(badges.map((b) => b.name)).toEqual(['badge.default_badges.nice_question.name']);
  });

  it('files comments under their question and keeps revisions with carried-over parts', async () => {
    const q10 = await seId('question', 'How do I bake bread?');
    const comments = await db().selectFrom('comment').select(['original_text', 'parsed_text', 'question_id', 'object_id', 'vote_count']).where('question_id', '=', q10).orderBy('created_at').execute();
    expect(comments.map((c) => c.original_text)).toEqual(['Which flour? See `type 55`.', 'Thanks, worked for me.']);
    expect(comments[0]!.parsed_text).toContain('<code>type 55</code>');
    expect(String(comments[1]!.object_id)).not.toBe(q10);
    expect(Number(comments[0]!.vote_count)).toBe(3);
    const revisions = await db().selectFrom('revision').select(['id', 'content', 'log', 'title']).where('object_id', '=', q10).orderBy('id').execute();
    expect(revisions.map((r) => JSON.parse(r.content))).toEqual([
      { title: 'How do I bake bread?', content: 'First version of the body', tags: ['baking', 'bread'] },
      { title: 'How do I bake bread?', content: 'Second version of the body', tags: ['baking', 'bread'] },
    ]);
    expect(revisions[1]!.log).toBe('added the recipe');
    const question = await db().selectFrom('question').select('revision_id').where('id', '=', q10).executeTakeFirstOrThrow();
    expect(String(question.revision_id)).toBe(String(revisions[1]!.id));
  });

  it('shows the attribution in the question and answer replies', async () => {
    const q10 = await seId('question', 'How do I bake bread?');
    const info = (await site.app.inject({ url: `/answer/api/v1/question/info?id=${q10}` })).json().data;
    expect(info.source).toEqual({ url: 'https://cooking.stackexchange.com/questions/10', author_name: 'Alice Baker', author_url: 'https://cooking.stackexchange.com/users/5', license: 'CC BY-SA 4.0' });
    const page = (await site.app.inject({ url: `/answer/api/v1/answer/page?question_id=${q10}&order=created` })).json().data;
    expect(page.list.map((a: { source: unknown }) => a.source)).toEqual([
      { url: 'https://cooking.stackexchange.com/a/11', author_name: 'Bob', author_url: 'https://cooking.stackexchange.com/users/6', license: 'CC BY-SA 4.0' },
      { url: 'https://cooking.stackexchange.com/a/12', author_name: 'Carol', author_url: 'https://cooking.stackexchange.com/users/7', license: 'CC BY-SA 3.0' },
    ]);
    const ghost = await seId('question', 'Best oven brand');
    expect((await site.app.inject({ url: `/answer/api/v1/question/info?id=${ghost}` })).json().data.source).toMatchObject({ author_name: 'Ghost', author_url: '' });
  });

  it('leaves every counter as a recount finds it, imported scores included', async () => {
    expect(await checkCounters(db())).toEqual([]);
    const answer11 = await db().selectFrom('answer').select(['id', 'vote_count']).where('original_text', '=', 'Use more water.').executeTakeFirstOrThrow();
    expect(Number(answer11.vote_count)).toBe(2);
    const votes = await db().selectFrom('vote').select('direction').where('object_id', '=', String(answer11.id)).execute();
    expect(votes.map((v) => Number(v.direction))).toEqual([1]);
  });

  it('changes nothing when run again', async () => {
    const again = await run(folder);
    expect(again.counts.questions).toBe(3);
    expect(await tableCounts()).toEqual(afterFirst);
    expect(await checkCounters(db())).toEqual([]);
  });

  it('writes nothing in a dry run, yet counts what it would import', async () => {
    const dry = path.join(root, 'dry.stackexchange.com');
    writeDump(dry);
    const counts = await tableCounts();
    const result = await run(dry, { dryRun: true });
    expect(result.counts).toMatchObject({ users: 4, questions: 3, answers: 2, comments: 2, revisions: 4 });
    expect(await tableCounts()).toEqual(counts);
  });

  it('refuses a truncated file before writing anything', async () => {
    const cut = path.join(root, 'cut.stackexchange.com');
    writeDump(cut);
    const comments = fs.readFileSync(path.join(cut, 'Comments.xml'), 'utf8');
    fs.writeFileSync(path.join(cut, 'Comments.xml'), comments.slice(0, comments.indexOf('Id="101"') + 20));
    const counts = await tableCounts();
    const error = await run(cut).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as Error).message).toMatch(/^Comments\.xml is not a complete XML file \(line 4/);
    expect(await tableCounts()).toEqual(counts);
    fs.rmSync(path.join(cut, 'Posts.xml'));
    await expect(run(cut)).rejects.toThrow(/has no Posts\.xml/);
  });

  it('keeps every answer whose question ended the batch before it, or comes after it', async () => {
    // A batch's rows are read while the batch before it is still being converted: reading them
    // must not wait on anything, or an answer could be read before the question it follows.
    const ahead = path.join(root, 'ahead.stackexchange.com');
    writeDump(ahead);
    // Batches of 30 rows: 30 questions, then their 30 answers, three times over.
    const rows: Record<string, string | number | undefined>[] = [];
    for (let round = 0; round < 3; round++) {
      const ids = Array.from({ length: 30 }, (_, i) => 1000 + (round * 30 + i) * 10);
      for (const id of ids) rows.push({ Id: id, PostTypeId: 1, CreationDate: '2011-01-01T00:00:00.000', Score: 0, Body: `<p>Question ${id}</p>`, OwnerUserId: 5, Title: `Ahead question ${id}`, Tags: `<fresh-${id}>` });
      for (const id of ids.reverse()) rows.push({ Id: id + 1, PostTypeId: 2, ParentId: id, CreationDate: '2011-01-02T00:00:00.000', Score: 0, Body: `<p>Answer to ${id}</p>`, OwnerUserId: 6 });
    }
    // And an answer before its question, as a merge leaves one (answers moved under a later question).
    rows.unshift({ Id: 999, PostTypeId: 2, ParentId: 1010, CreationDate: '2011-01-02T00:00:00.000', Score: 1, Body: '<p>Merged in</p>', OwnerUserId: 6 });
    fs.writeFileSync(path.join(ahead, 'Posts.xml'), file('posts', rows));
    fs.writeFileSync(path.join(ahead, 'Comments.xml'), file('comments', []));
    const result = await run(ahead, {}, { batchSize: 30 });
    expect(result.problems.filter((p) => p.includes('not in the dump'))).toEqual([]);
    expect(result.counts).toMatchObject({ questions: 90, answers: 91 });
    const merged = await db().selectFrom('answer').select('question_id').where('original_text', '=', 'Merged in').executeTakeFirstOrThrow();
    expect(String(merged.question_id)).toBe(await seId('question', 'Ahead question 1010'));
    expect(await checkCounters(db())).toEqual([]);
  });

  it('gives the same result when an interrupted import is run again', async () => {
    // Another site's dump, so its rows are new here; one post a batch, two batches a commit, and
    // stopped once the third batch is committed: the fourth was committed with it (the tag excerpt,
    // the tag wiki, question 10 and its answer 11), and nothing after.
    const other = path.join(root, 'other.stackexchange.com');
    writeDump(other);
    const start = await tableCounts();
    const stopAt = (file: string, n: number) => {
      if (file === 'Posts.xml' && n === 3) throw new Error('killed');
    };
    await expect(run(other, {}, { batchSize: 1, commitEvery: 2, afterBatch: stopAt })).rejects.toThrow('killed');
    const half = await tableCounts();
    expect(half.question! - start.question!).toBe(1);
    expect(half.answer! - start.answer!).toBe(1);
    await run(other, {}, { batchSize: 2 });
    const end = await tableCounts();
    for (const t of TABLES) if (t !== 'tag') expect(end[t]! - start[t]!, t).toBe(afterFirst[t]! - before[t]!);
    expect(await checkCounters(db())).toEqual([]);
    // Question 10 and answer 11, written by both runs, are found in both dumps' copies.
    const found = await search(site.runtime, null, { q: 'water', order: 'newest', page: 1, size: 50 });
    expect(new Set(found.list.map((r) => r.object.id)).size).toBe(4);
  });
});

describe('the dump HTML an imported post shows', () => {
  it('passes only through the posts\' sanitiser, with code shaped as ours', () => {
    const html = dumpPostHtml(
      '<p onclick="steal()">Press <kbd>Ctrl</kbd>, <b>bold</b> <a href="javascript:alert(1)">x</a> <img src="https://i.sstatic.net/a.png" onerror="steal()"></p>' +
        '<script>alert(1)</script><div style="position:fixed">text</div><dl><dt>term</dt><dd>meaning</dd></dl>' +
        '<pre class="lang-none prettyprint-override"><code>a &lt; b\n</code></pre><pre class="lang-py"><code>x = "&lt;/code&gt;"\n</code></pre>',
    );
    expect(html).not.toMatch(/onclick|onerror|script|javascript|style=|<div/);
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<p>term</p><p>meaning</p>');
    expect(html).toContain('<pre><code class="hljs">a &lt; b\n</code></pre>');
    expect(html).toMatch(/<pre><code class="hljs language-py">x = <span class="hljs-string">"&lt;\/code&gt;"<\/span>\n<\/code><\/pre>/);
  });

  it('is what sanitising it whole, highlighting included, gives', () => {
    const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const codes = [
      'const a = "double" + \'single\' + `tick`; if (a < b && c > d) { run(a); }\n',
      'def f(x):\n    """doc"""\n    return x ** 2  # it\'s\n',
      '<div class="x" onclick="go()"><script>let y = 1;</script><style>p { color: red }</style></div>',
      'SELECT "name", \'x\' FROM t WHERE a <> 1 AND b >= 2; -- note\n',
      '#include <stdio.h>\nint main() { printf("%d\\n", 1 & 2); return 0; }\n',
      'fn main() { let s: &str = "é ü 中文 🙂"; println!("{}", s); }\n',
      'echo "$HOME" \'$x\' | grep -v foo > out.txt 2>&1\r\nexit 0\r\n',
      '{"key": [1, 2.5e3, true, null], "s": "a\\"b"}',
      'class A<T> extends B implements C { @Override public String toString() { return "&amp;"; } }',
      'x\u0000y\u00a0z &lt; literally &amp;amp;',
      '',
    ];
    const languages = ['js', 'javascript', 'ts', 'python', 'py', 'java', 'c', 'cpp', 'c++', 'csharp', 'cs', 'go', 'rust', 'ruby', 'php', 'sql', 'bash', 'sh', 'shell', 'html', 'xml', 'css', 'scss', 'less', 'json', 'yaml', 'markdown', 'diff', 'kotlin', 'swift', 'perl', 'r', 'lua', 'objectivec', 'makefile', 'ini', 'graphql', 'vbnet', 'wasm', 'plaintext', 'none', 'unknown-lang'];
    const bodies: string[] = [];
    for (const language of languages) {
      for (const code of codes) {
        bodies.push(`<p>About <code>${escape(language)}</code>:</p>\n<pre class="lang-${language} prettyprint-override"><code>${escape(code)}</code></pre>\n<p>after</p>`);
        bodies.push(`<pre><code class="language-${language}">${escape(code)}\n</code></pre><pre class="lang-${language}"><code>${escape(code)}</code></pre>`);
      }
    }
    const block = `<pre class="lang-js"><code>${escape(codes[0]!)}</code></pre>`;
    bodies.push(
      // Blocks where their context changes them: in a comment, an attribute, dropped or raw-text elements, markup inside.
      `<!-- ${block} --><p>x</p>${block}`,
      `<a title='${block}' href="https://example.com">link</a>${block}`,
      `<script>${block}</script><style>${block}</style><textarea>${block}</textarea><title>${block}</title><option>${block}</option>`,
      `<blockquote><table><tr><td>${block}</td></tr></table></blockquote><div><b>${block}</b></div><dl><dt>${block}</dt></dl>`,
      `<pre class="lang-js"><code>a <b>bold</b> &lt; b</code></pre><pre class="lang-js"><code>&nbsp;&copy; &#60; &#x3c; &#0;</code></pre>`,
      `<pre class="lang-js"><code>unclosed ${escape('"\'<>&')}`,
      `${block}<pre class="lang-js"><code>${block}</code></pre>`,
    );
    for (const body of bodies) expect(dumpPostHtml(body), body).toBe(dumpPostHtmlWhole(body));
    // Many at once (one sanitiser call for the posts that close what they open), in two orders.
    expect(dumpPostHtmls(bodies)).toEqual(bodies.map(dumpPostHtmlWhole));
    expect(dumpPostHtmls([...bodies].reverse())).toEqual([...bodies].reverse().map(dumpPostHtmlWhole));
  });

  it('is, many at once, what each post gives alone, whatever the post before it leaves open', () => {
    // Each of these, read before another post, would change how that post is read if it were
    // joined to it: unclosed elements, quotes, comments, raw text, an entity or tag cut short.
    const before = [
      '<p>unclosed paragraph',
      '<ul><li>one<li>two</ul>',
      '<div><p>inside a div that never closes</p>',
      '<a href="https://example.com/x>quote never closes</a>',
      "<a title='single quote never closes>x</a>",
      '<!-- comment never closes <p>x</p>',
      '<![CDATA[ x ]]> <?php echo 1; ?> <!DOCTYPE html>',
      '<script>never closed',
      '<style>p { color: red }',
      '<textarea>never closed',
      '<title>never closed',
      '<xmp><b>raw</b>',
      '<svg><circle r="1"/><p>x</p>',
      '<math><mi>x</mi>',
      'an entity cut short &amp',
      'a tag cut short <a href',
      'a lone < and a lone > and 1 < 2',
      '<P>Upper case</P><BR><IMG SRC="https://example.com/i.png">',
      '<p>a<p>b</p>',
      '<table><tr><td>cell</table>',
      '<pre class="lang-js"><code>const a = 1 &lt; 2;\n</code></pre>',
      '<b>bold <i>both</b> italic</i>',
      '</p></div>stray closing tags',
      '<br/><hr /><img src="https://example.com/i.png"/>',
      '<p/>self-closing paragraph',
      '<a\u00a0href="https://example.com">a no-break space, part of the tag name to the parser</a>',
    ];
    const after = ['<p>after</p>', '</div><p>closes a div before it</p>', '</a><p>x</p>', '--><p>ends a comment</p>', '"><p>ends a quote</p>', '</script><p>x</p>', '<li>item</li>'];
    // In pairs, so that a pair the sanitiser's marks show to be wrong cannot hide behind another.
    for (const b of before) for (const a of after) expect(dumpPostHtmls([b, a]), `${b} + ${a}`).toEqual([dumpPostHtmlWhole(b), dumpPostHtmlWhole(a)]);
    const posts = before.flatMap((b) => after.flatMap((a) => [b, a]));
    expect(dumpPostHtmls(posts)).toEqual(posts.map(dumpPostHtmlWhole));
  });
});

describe('the check every dump file passes before an import writes', () => {
  const header = '\ufeff<?xml version="1.0" encoding="utf-8"?>\n<posts>\n';
  const row = (i: number, extra = '') => `  <row Id="${i}" PostTypeId="1" Body="&lt;p&gt;line one&#xA;line two &amp; &quot;three&quot; &#60;é 中文 🙂&lt;/p&gt;" Title="t${i}"${extra} />\n`;
  const verdict = async (text: string) => {
    const file = path.join(tempDir('se-check-'), 'Posts.xml');
    fs.writeFileSync(file, text);
    const parsed = await parsedRowCount(file, 'posts').then(
      (n) => n,
      (err: unknown) => (err instanceof ImportError ? 'refused' : Promise.reject(err)),
    );
    return { plain: await plainRowCount(file, 'posts'), parsed, counted: await countRows(file, 'posts').catch(() => 'refused') };
  };

  it('counts a file written as Stack Exchange writes them by patterns, as the parser counts it, rows cut by chunks included', async () => {
    // Over a megabyte (one chunk), so rows straddle the chunks' edges.
    const rows = Array.from({ length: 12_000 }, (_, i) => row(i)).join('');
    expect(await verdict(`${header}${rows}</posts>\n`)).toEqual({ plain: 12_000, parsed: 12_000, counted: 12_000 });
    expect(await verdict('<posts></posts>')).toEqual({ plain: 0, parsed: 0, counted: 0 });
  });

  it('leaves to the parser what it cannot vouch for, and accepts nothing the parser refuses', async () => {
    const cases = [
      `${header}${row(1, ' Id="2"')}</posts>`, // an attribute twice
      `${header}${row(1, ' Text="a\u0001b"')}</posts>`, // a character XML does not allow
      `${header}${row(1, ' Text="&#0;"')}</posts>`,
      `${header}${row(1, ' Text="&#x1F600;"')}</posts>`, // allowed, but not a reference Stack Exchange writes
      `${header}${row(1, " Text='single'")}</posts>`,
      `${header}<!-- a comment -->${row(1)}</posts>`,
      `${header}text between rows${row(1)}</posts>`,
      `${header}<other />${row(1)}</posts>`,
      `${header}${row(1)}`, // cut short
      `${header}${row(1)}</posts><posts>`,
      `${header}${row(1)}</comments>`,
      `${header}${row(1).replace('/>', '>')}</posts>`,
      `${header}${row(1, ' Text="a & b"')}</posts>`,
      `${header}${row(1, ' Text="a < b"')}</posts>`,
      `<?xml version="1.0"?><comments>${row(1)}</comments>`, // another root
      `<?xml version="1.1"?><posts>${row(1, ' Text="a\u0085b"')}</posts>`, // XML 1.1, whose characters differ
    ];
    for (const text of cases) {
      const found = await verdict(text);
      expect(found.plain, text).toBeNull();
      expect(found.counted, text).toBe(found.parsed);
    }
  });
});
