import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const targets = dialectTargets();

/** Activity types (domain.md 2.20). */
const EDIT_ACCEPTED = 11;
const QUESTION_EDITED = 93;
const TAG_EDITED = 103;

describe.each(targets)('suggested edits and their review on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let author: User;
  let answerer: User;
  let low: User;
  let mid: User;
  let high: User;
  let tagLow: User;
  let tagEditor: User;
  let tagAuditor: User;
  let tagDirect: User;
  let questionId: string;
  let answerId: string;
  let tagId: string;
  let renamedTagId: string;
  /** Level 3 thresholds as the admin's privilege setting lists them. */
  let level: Record<string, number>;
  const start = new Map<string, number>();

  const api = (method: Method, path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const fields = (res: Parameters<typeof body>[0]) => (body(res).data as { error_field: string }[]).map((e) => e.error_field).sort();
  const database = () => site.runtime.database;
  const rank = async (u: User) => Number((await database().selectFrom('user').select('rank').where('id', '=', u.id).executeTakeFirstOrThrow()).rank);
  /** Reputation must always equal the starting value plus the sum of the live ledger. */
  const ledger = async (u: User) =>
    Number(
      (await database().selectFrom('activity').select((eb) => eb.fn.sum<number>('rank').as('s')).where('user_id', '=', u.id).where('cancelled', '=', 0).executeTakeFirst())?.s ?? 0,
    );
  const consistent = async (u: User) => expect(await rank(u)).toBe(start.get(u.id)! + (await ledger(u)));
  const pendingOf = async (objectId: string) =>
    String((await database().selectFrom('revision').select('id').where('object_id', '=', objectId).where('status', '=', 1).executeTakeFirstOrThrow()).id);
  const revisionRow = async (id: string) => database().selectFrom('revision').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const question = async () => body(await api('GET', `/question/info?id=${questionId}`)).data;
  const answerText = async () => (await database().selectFrom('answer').select('original_text').where('id', '=', answerId).executeTakeFirstOrThrow()).original_text;
  const audit = (user: User, id: string, operation = 'approve') => api('PUT', '/revisions/audit', user, { id, operation });
  const editQuestion = (user: User, fieldsToSend: Record<string, unknown>) =>
    api('PUT', '/question', user, { id: questionId, title: 'How do I back up the database?', content: 'Which files should I copy?', tags: [{ slug_name: 'support' }], ...fieldsToSend });
  const newMember = async (n: string, r: number) => {
    const u = await member(site, n, r);
    start.set(u.id, r);
    return u;
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    const setting = '/answer/admin/api/setting/privileges';
    expect((await site.app.inject({ method: 'PUT', url: setting, headers: { authorization: admin.token }, payload: { level: 3 } })).statusCode).toBe(200);
    const options = body(await site.app.inject({ method: 'GET', url: setting, headers: { authorization: admin.token } })).data.options;
    level = Object.fromEntries(options.find((o: { level: number }) => o.level === 3).privileges.map((p: { key: string; value: number }) => [p.key, p.value]));

    author = await newMember('author', 1);
    answerer = await newMember('answerer', 1);
    low = await newMember('lowrep', level['question.edit']! - 1);
    mid = await newMember('midrep', level['question.edit']!);
    high = await newMember('highrep', level['question.edit_without_review']!);
    tagLow = await newMember('taglow', level['tag.edit']! - 1);
    tagEditor = await newMember('tageditor', level['tag.edit']!);
    tagAuditor = await newMember('tagauditor', level['tag.audit']!);
    tagDirect = await newMember('tagdirect', level['tag.edit_without_review']!);

    // The admin creates two more tags: one for suggestions to move a question to, one to rename.
    await api('POST', '/question', admin, { title: 'Which database should I choose?', content: 'Comparing engines.', tags: [{ slug_name: 'databases' }, { slug_name: 'storage' }] });
    tagId = String((await database().selectFrom('tag').select('id').where('slug_name', '=', 'databases').executeTakeFirstOrThrow()).id);
    renamedTagId = String((await database().selectFrom('tag').select('id').where('slug_name', '=', 'storage').executeTakeFirstOrThrow()).id);
    questionId = body(await api('POST', '/question', author, { title: 'How do I back up?', content: 'Which files?', tags: [{ slug_name: 'support' }] })).data.id;
    answerId = body(await api('POST', '/answer', answerer, { question_id: questionId, content: 'Copy the data directory.' })).data.info.id;
  });
  afterAll(async () => stop?.());

  it('uses the level 3 thresholds the brief expects', () => {
    expect(level).toMatchObject({ 'question.edit': 200, 'question.edit_without_review': 2000, 'question.audit': 2000, 'answer.audit': 2000 });
  });

  it('gates question edits: below question.edit refused, then suggestion, then direct; the author edits directly', async () => {
    const denied = await editQuestion(low, {});
    expect(denied.statusCode).toBe(403);
    expect(body(denied).msg).toContain(String(level['question.edit']));

    const own = await editQuestion(author, { title: 'How do I back up my site?' });
    expect(body(own).data).toMatchObject({ wait_for_review: false });
    const direct = await editQuestion(high, { title: 'How do I back up my whole site?' });
    expect(body(direct).data).toMatchObject({ wait_for_review: false });
    expect(await question()).toMatchObject({ title: 'How do I back up my whole site?', update_user_info: { username: 'highrep' } });

    const suggested = await editQuestion(mid, { title: 'How do I back up the database?', content: 'Which **files** should I copy?', tags: [{ slug_name: 'databases' }], edit_summary: 'clearer' });
    expect(suggested.statusCode).toBe(200);
    expect(body(suggested).data).toMatchObject({ wait_for_review: true });
    expect(await question()).toMatchObject({ title: 'How do I back up my whole site?' });
    const rev = await revisionRow(await pendingOf(questionId));
    expect(String(rev.user_id)).toBe(mid.id);
  });

  it('blocks every further edit of a post while a suggestion is pending', async () => {
    for (const user of [author, high, mid]) {
      const res = await editQuestion(user, { title: 'Yet another title here' });
      expect(res.statusCode).toBe(400);
      expect(body(res).reason).toBe('error.question.cannot_update');
    }
  });

  it('gates answer edits the same way', async () => {
    const edit = (user: User, content: string) => api('PUT', '/answer', user, { id: answerId, question_id: questionId, content, edit_summary: 'detail' });
    const denied = await edit(low, 'Copy the data directory please.');
    expect(denied.statusCode).toBe(403);
    expect(body(denied).msg).toContain(String(level['answer.edit']));
    expect(body(await edit(high, 'Copy the whole data directory.')).data).toEqual({ wait_for_review: false });
    expect(body(await edit(mid, 'Stop the server, then copy the whole data directory.')).data).toEqual({ wait_for_review: true });
    expect(await answerText()).toBe('Copy the whole data directory.');
    const blocked = await edit(answerer, 'My own change meanwhile.');
    expect(body(blocked).reason).toBe('error.answer.cannot_update');
  });

  it('gates tag edits with the tag thresholds of the privilege setting', async () => {
    const edit = (user: User, payload: Record<string, unknown>) =>
      api('PUT', '/tag', user, { tag_id: tagId, slug_name: 'databases', display_name: 'Databases', original_text: 'About databases.', ...payload });
    const info = async (user?: User) => body(await api('GET', `/tag?id=${tagId}`, user)).data;
    expect((await info(tagLow)).member_actions).toEqual([]);
    expect((await info(tagEditor)).member_actions).toEqual([{ action: 'edit', name: 'Edit', type: 'edit' }]);

    const denied = await edit(tagLow, {});
    expect(denied.statusCode).toBe(403);
    expect(body(denied).msg).toContain(String(level['tag.edit']));

    expect(body(await edit(tagDirect, { original_text: 'All about **databases**.' })).data).toEqual({ wait_for_review: false });
    expect(await info()).toMatchObject({ display_name: 'Databases', original_text: 'All about **databases**.', status: 'available' });
    expect((await info()).parsed_text).toContain('<strong>databases</strong>');

    // Renaming the slug is a role power: reputation alone is not enough; the admin may.
    const rename = (user: User, slug: string) => api('PUT', '/tag', user, { tag_id: renamedTagId, slug_name: slug, display_name: 'Storage' });
    expect((await rename(tagDirect, 'disks')).statusCode).toBe(403);
    expect(body(await rename(admin, 'Storage Engines')).data).toEqual({ wait_for_review: false });
    expect(body(await api('GET', '/tag?tag_name=storage-engines')).data).toMatchObject({ tag_id: renamedTagId, slug_name: 'storage-engines', display_name: 'Storage' });
    expect((await api('GET', '/tag?tag_name=storage')).statusCode).toBe(404);
    const taken = await rename(admin, 'support');
    expect(taken.statusCode).toBe(400);
    expect(fields(taken)).toEqual(['slug_name']);

    const suggested = await edit(tagEditor, { display_name: 'Database engines', original_text: 'Engines and storage.', edit_summary: 'broader' });
    expect(body(suggested).data).toEqual({ wait_for_review: true });
    expect(await info()).toMatchObject({ display_name: 'Databases', original_text: 'All about **databases**.' });
    const blocked = await edit(tagDirect, { original_text: 'Something else.' });
    expect(blocked.statusCode).toBe(400);
    expect(body(blocked).reason).toBe('error.tag.cannot_update');
  });

  it('shows the unreviewed suggestions only to those who may audit them, one per page', async () => {
    expect(body(await api('GET', '/revisions/unreviewed', mid)).data).toEqual({ count: 0, list: [] });

    // Question and answer auditors do not see tag suggestions.
    const first = body(await api('GET', '/revisions/unreviewed?page=1', high)).data;
    expect(first.count).toBe(2);
    expect(first.list).toHaveLength(1);
    expect(first.list[0]).toMatchObject({
      type: 'question',
      info: { object_id: questionId, question_id: questionId, title: 'How do I back up my whole site?', content: 'Which files should I copy?', tags: [{ slug_name: 'support' }], status: 1 },
      unreviewed_info: {
        object_id: questionId,
        title: 'How do I back up the database?',
        url_title: 'how-do-i-back-up-the-database',
        reason: 'clearer',
        status: 1,
        content: { title: 'How do I back up the database?', content: 'Which **files** should I copy?', tags: [{ slug_name: 'databases' }] },
        user_info: { username: 'midrep' },
      },
    });
    expect(first.list[0].unreviewed_info.content.html).toContain('<strong>files</strong>');
    expect(typeof first.list[0].unreviewed_info.create_at).toBe('number');
    const second = body(await api('GET', '/revisions/unreviewed?page=2', high)).data;
    expect(second.list[0]).toMatchObject({
      type: 'answer',
      info: { object_id: answerId, question_id: questionId, content: 'Copy the whole data directory.' },
      unreviewed_info: { content: { content: 'Stop the server, then copy the whole data directory.' }, user_info: { username: 'midrep' } },
    });
    expect(body(await api('GET', '/revisions/unreviewed?page=3', high)).data).toEqual({ count: 2, list: [] });

    const all = body(await api('GET', '/revisions/unreviewed?page=3', admin)).data;
    expect(all.count).toBe(3);
    expect(all.list[0]).toMatchObject({
      type: 'tag',
      info: { object_id: tagId, title: 'Databases', url_title: 'databases', content: 'All about **databases**.' },
      unreviewed_info: { content: { display_name: 'Database engines', original_text: 'Engines and storage.' }, reason: 'broader', user_info: { username: 'tageditor' } },
    });
  });

  it('counts the review queues per caller', async () => {
    const t = Math.floor(Date.now() / 1000);
    await database().insertInto('review').values({ created_at: t, user_id: author.id, object_id: questionId, object_type: 1, status: 1 }).execute();
    await database()
      .insertInto('report')
      .values([
        { id: '10080000000000001', created_at: t, user_id: mid.id, object_id: questionId, reported_user_id: author.id, object_type: 1, report_type: 1, status: 1 },
        { id: '10080000000000002', created_at: t, user_id: mid.id, object_id: questionId, reported_user_id: author.id, object_type: 1, report_type: 1, status: 2 },
      ])
      .execute();
    // The review row points at a published question, so nothing waits in the queued-post queue
    // (queued-posts.test.ts counts held posts); the one open flag on the question does.
    expect(body(await api('GET', '/reviewing/type', admin)).data).toEqual([
      { name: 'queued_post', label: 'Queued post', todo_amount: 0 },
      { name: 'flagged_post', label: 'Flagged post', todo_amount: 1 },
      { name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 3 },
    ]);
    expect(body(await api('GET', '/reviewing/type', high)).data).toEqual([{ name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 2 }]);
    expect(body(await api('GET', '/reviewing/type', mid)).data).toEqual([{ name: 'suggested_post_edit', label: 'Suggested edits', todo_amount: 0 }]);
    expect((await api('GET', '/reviewing/type')).statusCode).toBe(401);
  });

  it('refuses reviewers without the audit privilege of the type', async () => {
    const denied = await audit(mid, await pendingOf(questionId));
    expect(denied.statusCode).toBe(403);
    expect(body(denied).msg).toContain(String(level['question.audit']));
    const tagDenied = await audit(high, await pendingOf(tagId));
    expect(tagDenied.statusCode).toBe(403);
    expect(body(tagDenied).msg).toContain(String(level['tag.audit']));
    expect(Number((await revisionRow(await pendingOf(questionId))).status)).toBe(1);
  });

  it('rejects a suggestion without changing anything else, once', async () => {
    const id = await pendingOf(answerId);
    const before = await ledger(mid);
    const res = await audit(admin, id, 'reject');
    expect(res.statusCode).toBe(200);
    const rev = await revisionRow(id);
    expect(Number(rev.status)).toBe(3);
    expect(String(rev.review_user_id)).toBe(admin.id);
    expect(await answerText()).toBe('Copy the whole data directory.');
    expect(await ledger(mid)).toBe(before);
    const again = await audit(admin, id, 'approve');
    expect(again.statusCode).toBe(400);
    expect(body(again).reason).toBe('error.revision.already_reviewed');
    // The lock is lifted: the answer can be edited again.
    expect(body(await api('PUT', '/answer', answerer, { id: answerId, question_id: questionId, content: 'Copy the data directory, then the config.' })).data).toEqual({
      wait_for_review: false,
    });
  });

  it('approves a question suggestion: title, content and tags applied, +2 to the suggester in the ledger', async () => {
    const id = await pendingOf(questionId);
    const midBefore = await rank(mid);
    const res = await audit(high, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await question()).toMatchObject({
      title: 'How do I back up the database?',
      content: 'Which **files** should I copy?',
      tags: [{ slug_name: 'databases' }],
      update_user_info: { username: 'midrep' },
    });
    expect((await question()).html).toContain('<strong>files</strong>');
    const rev = await revisionRow(id);
    expect(Number(rev.status)).toBe(2);
    expect(String(rev.review_user_id)).toBe(high.id);
    const row = await database().selectFrom('question').select(['revision_id', 'last_edit_user_id']).where('id', '=', questionId).executeTakeFirstOrThrow();
    expect([String(row.revision_id), String(row.last_edit_user_id)]).toEqual([id, mid.id]);

    expect(await rank(mid)).toBe(midBefore + 2);
    const credit = await database().selectFrom('activity').selectAll().where('user_id', '=', mid.id).where('activity_type', '=', EDIT_ACCEPTED).execute();
    expect(credit.map((a) => [Number(a.rank), String(a.object_id)])).toEqual([[2, questionId]]);
    await consistent(mid);
    const edited = await database().selectFrom('activity').select('user_id').where('activity_type', '=', QUESTION_EDITED).where('revision_id', '=', id).execute();
    expect(edited.map((a) => String(a.user_id))).toEqual([mid.id]);

    const tagCounts = await database().selectFrom('tag').select(['slug_name', 'question_count']).where('slug_name', '=', 'databases').execute();
    expect(tagCounts.map((t) => Number(t.question_count))).toEqual([2]);
    expect((await api('GET', `/revisions?object_id=${questionId}`)).json().data[0]).toMatchObject({ id, status: 2, reason: 'clearer' });

    const twice = await audit(admin, id);
    expect(twice.statusCode).toBe(400);
    expect(body(twice).reason).toBe('error.revision.already_reviewed');
    expect(await rank(mid)).toBe(midBefore + 2);
  });

  it('approves a tag suggestion (description and display name) and never one\'s own', async () => {
    const id = await pendingOf(tagId);
    expect((await audit(tagAuditor, id)).statusCode).toBe(200);
    const tag = body(await api('GET', `/tag?id=${tagId}`)).data;
    expect(tag).toMatchObject({ slug_name: 'databases', display_name: 'Database engines', original_text: 'Engines and storage.' });
    expect(await rank(tagEditor)).toBe(start.get(tagEditor.id)! + 2);
    await consistent(tagEditor);
    expect(await database().selectFrom('activity').select('id').where('activity_type', '=', TAG_EDITED).where('revision_id', '=', id).execute()).toHaveLength(1);

    // The tag auditor suggests (below tag.edit_without_review) but cannot approve it personally.
    const own = await api('PUT', '/tag', tagAuditor, { tag_id: tagId, original_text: 'Engines, storage and backups.' });
    expect(body(own).data).toEqual({ wait_for_review: true });
    expect(body(await api('GET', '/revisions/unreviewed', tagAuditor)).data.count).toBe(0);
    const self = await audit(tagAuditor, await pendingOf(tagId));
    expect(self.statusCode).toBe(403);
    expect(body(self).reason).toBe('error.revision.no_permission');
    expect((await audit(admin, await pendingOf(tagId))).statusCode).toBe(200);
    await consistent(tagAuditor);
  });

  it('applies a suggestion approved by 20 reviewers at the same moment exactly once', async () => {
    expect(body(await editQuestion(mid, { title: 'How do I back up and restore?', tags: [{ slug_name: 'databases' }] })).data).toMatchObject({ wait_for_review: true });
    const id = await pendingOf(questionId);
    const midBefore = await rank(mid);
    const reviewers = [high, admin, tagAuditor, tagDirect];
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => audit(reviewers[i % reviewers.length]!, id)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(400)]);
    for (const r of replies.filter((x) => x.statusCode === 400)) expect(body(r).reason).toBe('error.revision.already_reviewed');
    expect(await rank(mid)).toBe(midBefore + 2);
    await consistent(mid);
    expect(await database().selectFrom('activity').select('id').where('activity_type', '=', QUESTION_EDITED).where('revision_id', '=', id).execute()).toHaveLength(1);
    expect((await question()).title).toBe('How do I back up and restore?');
  });

  it('offers no suggestion on a post deleted since, to reviewers by reputation', async () => {
    const asked = body(await api('POST', '/question', author, { title: 'A question about to be deleted', content: 'Gone soon.', tags: [{ slug_name: 'support' }] })).data;
    const suggested = await api('PUT', '/question', mid, { id: asked.id, title: 'A question about to be deleted', content: 'A suggested text nobody should read later.', tags: [{ slug_name: 'support' }] });
    expect(body(suggested).data.wait_for_review).toBe(true);
    const queue = async (reviewer: User) => {
      const { count } = body(await api('GET', '/revisions/unreviewed?page=1', reviewer)).data;
      const pages = await Promise.all(Array.from({ length: count }, (_, i) => api('GET', `/revisions/unreviewed?page=${i + 1}`, reviewer)));
      return pages.map((p) => JSON.stringify(body(p).data.list)).join();
    };
    expect(await queue(high)).toContain('A suggested text nobody should read later.');
    expect((await api('DELETE', '/question', author, { id: asked.id })).statusCode).toBe(200);
    expect(await queue(high)).not.toContain('A suggested text nobody should read later.');
  });

  it('answers visitors, unknown ids and bad input with the envelope', async () => {
    expect((await api('GET', '/revisions/unreviewed')).statusCode).toBe(401);
    expect((await api('PUT', '/revisions/audit', undefined, { id: '1', operation: 'approve' })).statusCode).toBe(401);
    expect((await api('PUT', '/tag', undefined, { tag_id: tagId })).statusCode).toBe(401);

    const unknown = await audit(admin, '999999');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).reason).toBe('error.revision.not_found');
    expect(fields(await audit(admin, 'abc'))).toEqual(['id']);
    expect(fields(await audit(admin, '1', 'merge'))).toEqual(['operation']);
    expect(fields(await api('PUT', '/revisions/audit', admin, {}))).toEqual(['id', 'operation']);
    expect(fields(await api('GET', '/revisions/unreviewed?page=abc', admin))).toEqual(['page']);
    // Upstream reads page < 1 as the first page.
    expect((await api('GET', '/revisions/unreviewed?page=0', admin)).statusCode).toBe(200);

    expect(fields(await api('GET', '/tag'))).toEqual(['id']);
    expect((await api('GET', '/tag?tag_name=no-such-tag')).statusCode).toBe(404);
    expect((await api('GET', `/tag?id=${questionId}`)).statusCode).toBe(404);
    expect(fields(await api('PUT', '/tag', admin, {}))).toEqual(['tag_id']);
    expect(fields(await api('PUT', '/tag', admin, { tag_id: tagId, display_name: 'x'.repeat(36) }))).toEqual(['display_name']);
    expect((await api('PUT', '/tag', admin, { tag_id: '10030000000999999', original_text: 'x' })).statusCode).toBe(404);
  });
});
