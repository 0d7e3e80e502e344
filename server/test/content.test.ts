import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longToShort } from '../src/core/ids.js';
import { ADMIN, installedSite, login, member, relaxCaptcha, type TestSite } from './support/app.js';

let site: TestSite;
let admin: string;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
let newcomer: { id: string; token: string };

beforeAll(async () => {
  site = await installedSite();
  await relaxCaptcha(site);
  admin = await login(site, ADMIN.email, ADMIN.password);
  alice = await member(site, 'alice', 1000);
  bob = await member(site, 'bobby', 200);
  newcomer = await member(site, 'newbie', 1);
});
afterAll(async () => site.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  site.app.inject({ method, url: `/answer/api/v1${url}`, headers: token ? { authorization: token } : {}, payload: payload as object });
const fields = (res: { json(): any }) => (res.json().data as { error_field: string }[]).map((e) => e.error_field);

let questionId: string;

describe('asking', () => {
  it('asks a question with an existing tag and lists it first', async () => {
    const res = await api('POST', '/question', alice.token, {
      title: 'How do I configure PostgreSQL?',
      content: 'I want to use **PostgreSQL** instead of SQLite.',
      tags: [{ slug_name: 'support' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data;
    questionId = q.id;
    expect(q).toMatchObject({ title: 'How do I configure PostgreSQL?', url_title: 'how-do-i-configure-postgresql', status: 1 });
    expect(q.html).toContain('<strong>PostgreSQL</strong>');
    expect(q.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['support']);
    const list = (await api('GET', '/question/page?order=newest&page_size=20')).json().data;
    expect(list.count).toBe(3);
    expect(list.list[0]).toMatchObject({ id: questionId, operation_type: 'asked', operator: { username: 'alice' } });
    expect(list.list[0].description).toBe('I want to use PostgreSQL instead of SQLite.');
  });

  it.each([
    [{ content: 'body text', tags: [{ slug_name: 'support' }] }, ['title']],
    [{ title: 'x'.repeat(151), content: 'body text', tags: [{ slug_name: 'support' }] }, ['title']],
    [{ title: 'A title', content: '   ', tags: [{ slug_name: 'support' }] }, ['content']],
    [{ title: 'A title', content: 'body text', tags: [] }, ['tags']],
    [{ title: 'A title', content: 'body text' }, ['tags']],
    [{ title: 'A title', content: 'body text', tags: [{ slug_name: 'x'.repeat(36) }] }, ['tags.0.slug_name']],
    [{ title: 42, content: {}, tags: 'support' }, ['title', 'content', 'tags']],
  ])('rejects %j on %j', async (payload, expected) => {
    const res = await api('POST', '/question', alice.token, payload);
    expect(res.statusCode).toBe(400);
    expect(fields(res).sort()).toEqual([...expected].sort());
  });

  it('refuses control characters in any text field with a translated reason', async () => {
    const res = await api('POST', '/question', alice.token, { title: 'A\u0000title', content: 'body \u001b[31m', tags: [{ slug_name: 'sup\u0085port' }] });
    expect(res.statusCode).toBe(400);
    expect(fields(res).sort()).toEqual(['content', 'tags.0.slug_name', 'title']);
    expect(res.json().data[0].error_msg).toBe('This value contains control or invalid characters.');
    const fine = await api('POST', '/post/render', alice.token, { content: 'tab\there\r\nemoji 😀 \u200Fשלום' });
    expect(fine.statusCode).toBe(200);
  });

  it('creates a new tag only with the tag.add privilege, naming the reputation needed', async () => {
    const payload = { title: 'Brand new topic here', content: 'Some body', tags: [{ slug_name: 'Brand New', display_name: 'Brand New' }] };
    const denied = await api('POST', '/question', bob.token, payload);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('You need at least 750 reputation to do this.');
    const ok = await api('POST', '/question', alice.token, payload);
    expect(ok.json().data.tags[0]).toMatchObject({ slug_name: 'brand-new', display_name: 'Brand New' });
  });

  it('refuses the same submission twice in a row', async () => {
    const payload = { title: 'Double click question', content: 'Body of it', tags: [{ slug_name: 'support' }] };
    expect((await api('POST', '/question', bob.token, payload)).statusCode).toBe(200);
    const again = await api('POST', '/question', bob.token, payload);
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe('base.duplicate_request_error');
  });

  it('requires an activated account and refuses visitors', async () => {
    expect((await api('POST', '/question', undefined, { title: 't', content: 'c', tags: [{ slug_name: 'support' }] })).statusCode).toBe(401);
  });

  it('neutralises script in titles and bodies', async () => {
    const res = await api('POST', '/question', alice.token, {
      title: '<script>alert(1)</script> title',
      content: '<img src=x onerror=alert(1)> [a](javascript:alert(2)) <a href="javascript:alert(3)">b</a>',
      tags: [{ slug_name: 'support' }],
    });
    const q = res.json().data;
    expect(q.html).not.toMatch(/<img|<script|<a [^>]*href="javascript/i);
    // Titles are plain text: kept verbatim in JSON, rendered as text by clients.
    expect(q.title).toBe('<script>alert(1)</script> title');
  });
});

describe('reading', () => {
  it('reads a question by long and short id and counts one view per viewer', async () => {
    const read = async (token: string, id = questionId) => (await api('GET', `/question/info?id=${id}`, token)).json().data;
    // Pages show the counter as cached for a few seconds (list-cache.ts): the table has it at once.
    const views = async () =>
      Number((await site.runtime.database.selectFrom('question').select('view_count').where('id', '=', questionId).executeTakeFirstOrThrow()).view_count);
    await read(bob.token);
    const before = await views();
    const again = await read(bob.token, longToShort(questionId));
    expect(again.id).toBe(questionId);
    expect(await views()).toBe(before);
    await read(alice.token);
    expect(await views()).toBe(before + 1);
    await read(alice.token);
    await read(bob.token);
    expect(await views()).toBe(before + 1);
  });

  it('answers 404 for unknown, malformed and other-type ids', async () => {
    for (const id of ['10019999999999999', 'nonsense!', '10020000000000001', '']) {
      const res = await api('GET', `/question/info?id=${encodeURIComponent(id)}`);
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('filters by tag and orders', async () => {
    const byTag = (await api('GET', '/question/page?tag=brand-new')).json().data;
    expect(byTag.list.map((q: { title: string }) => q.title)).toEqual(['Brand new topic here']);
    expect((await api('GET', '/question/page?tag=no-such-tag')).json().data.count).toBe(0);
    expect((await api('GET', '/question/page?order=unanswered')).json().data.count).toBeGreaterThan(0);
    expect((await api('GET', '/question/page?order=bogus')).statusCode).toBe(400);
    // Upstream reads page < 1 as the first page and page_size < 1 as the default; a word is still refused.
    const first = (await api('GET', '/question/page?order=newest')).json().data;
    expect((await api('GET', '/question/page?order=newest&page=0&page_size=-3')).json().data).toEqual(first);
    expect((await api('GET', '/question/page?page=abc')).statusCode).toBe(400);
    expect((await api('GET', '/question/page?page=1&page=2')).statusCode).toBe(400);
    const twice = await api('GET', `/question/info?id=${questionId}&id=${questionId}`);
    expect(twice.statusCode).toBe(400);
    expect(fields(twice)).toEqual(['id']);
    expect((await api('GET', `/question/info?id=${'9'.repeat(38)}`)).statusCode).toBe(404);
  });

  it('suggests similar titles and related questions', async () => {
    const similar = (await api('GET', '/question/similar?title=PostgreSQL', bob.token)).json().data;
    expect(similar[0]).toMatchObject({ title: 'How do I configure PostgreSQL?' });
    const related = (await api('GET', `/question/similar/tag?question_id=${questionId}`)).json().data;
    expect(related.list.every((q: { id: string }) => q.id !== questionId)).toBe(true);
  });
});

let answerId: string;
describe('answers', () => {
  it('answers, once per user, and lists answers with their authors', async () => {
    const res = await api('POST', '/answer', bob.token, { question_id: questionId, content: 'Set DB_TYPE=postgres and DB_HOST.' });
    expect(res.statusCode, res.body).toBe(200);
    answerId = res.json().data.info.id;
    const second = await api('POST', '/answer', bob.token, { question_id: questionId, content: 'Another answer of mine.' });
    expect(second.statusCode).toBe(403);
    expect(second.json().reason).toBe('error.answer.restrict_answer');
    const short = await api('POST', '/answer', alice.token, { question_id: questionId, content: 'short' });
    expect(fields(short)).toEqual(['content']);
    const page = (await api('GET', `/answer/page?question_id=${questionId}`)).json().data;
    expect(page.count).toBe(1);
    expect(page.list[0]).toMatchObject({ id: answerId, user_info: { username: 'bobby' }, accepted: 1 });
    const q = (await api('GET', `/question/info?id=${questionId}`, bob.token)).json().data;
    expect(q).toMatchObject({ answer_count: 1, answered: true, first_answer_id: answerId });
  });

  it('serves the page size the 1.4.0 question page asks for, clamping what is beyond the maximum', async () => {
    const res = await api('GET', `/answer/page?question_id=${questionId}&page=1&page_size=999&order=default`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list.map((a: { id: string }) => a.id)).toEqual([answerId]);
    for (const size of ['1000000', '0', '-1', '2.5']) {
      const other = await api('GET', `/answer/page?question_id=${questionId}&page_size=${size}`);
      expect(other.statusCode, size).toBe(200);
      expect(other.json().data.list).toHaveLength(1);
    }
  });

  it('lets the author edit and stores a revision; others below the privilege cannot', async () => {
    const edit = await api('PUT', '/answer', bob.token, { id: answerId, question_id: questionId, content: 'Set DB_TYPE=postgres, DB_HOST and DB_NAME.', edit_summary: 'more detail' });
    expect(edit.json().data).toEqual({ wait_for_review: false });
    const revisions = (await api('GET', `/revisions?object_id=${answerId}`)).json().data;
    expect(revisions).toHaveLength(2);
    expect(revisions[0]).toMatchObject({ reason: 'more detail', user_info: { username: 'bobby' } });
    const denied = await api('PUT', '/answer', newcomer.token, { id: answerId, question_id: questionId, content: 'vandalised content' });
    expect(denied.statusCode).toBe(403);
  });

  it('sends a mid-reputation edit of another post to review and locks further edits', async () => {
    const res = await api('PUT', '/question', bob.token, {
      id: questionId,
      title: 'How do I configure PostgreSQL for Answer?',
      content: 'I want to use **PostgreSQL** instead of SQLite.',
      tags: [{ slug_name: 'support' }],
      edit_summary: 'clearer title',
    });
    expect(res.json().data).toMatchObject({ wait_for_review: true });
    expect((await api('GET', `/question/info?id=${questionId}`)).json().data.title).toBe('How do I configure PostgreSQL?');
    const check = await api('GET', `/revisions/edit/check?id=${questionId}`, alice.token);
    expect(check.statusCode).toBe(400);
    expect(check.json().data).toEqual({ err_type: 'toast' });
  });

  it('deletes an own answer without votes', async () => {
    expect((await api('DELETE', '/answer', alice.token, { id: answerId })).statusCode).toBe(403);
    expect((await api('DELETE', '/answer', bob.token, { id: answerId })).statusCode).toBe(200);
    expect((await api('GET', `/answer/page?question_id=${questionId}`)).json().data.count).toBe(0);
    expect((await api('GET', `/answer/page?question_id=${questionId}`, admin)).json().data.count).toBe(1);
  });
});

describe('comments', () => {
  let commentId: string;
  it('comments, replies and renders Markdown safely', async () => {
    const res = await api('POST', '/comment', bob.token, { object_id: questionId, original_text: 'Which **version**? <script>x</script> @alice' });
    expect(res.statusCode, res.body).toBe(200);
    commentId = res.json().data.comment_id;
    expect(res.json().data.parsed_text).toContain('<strong>version</strong>');
    expect(res.json().data.parsed_text).not.toContain('<script>');
    const reply = await api('POST', '/comment', alice.token, { object_id: questionId, original_text: 'Version 16.', reply_comment_id: commentId });
    expect(reply.json().data).toMatchObject({ reply_username: 'bobby', reply_comment_id: commentId });
    const page = (await api('GET', `/comment/page?object_id=${questionId}`)).json().data;
    expect(page.list.map((c: { username: string }) => c.username)).toEqual(['bobby', 'alice']);
  });

  it('edits within the window, refuses others, deletes own', async () => {
    expect((await api('PUT', '/comment', bob.token, { comment_id: commentId, original_text: 'Which version exactly?' })).statusCode).toBe(200);
    expect((await api('PUT', '/comment', alice.token, { comment_id: commentId, original_text: 'hijacked text' })).statusCode).toBe(403);
    await site.runtime.database.updateTable('comment').set({ created_at: 1 }).where('id', '=', commentId).execute();
    const late = await api('PUT', '/comment', bob.token, { comment_id: commentId, original_text: 'Too late edit' });
    expect(late.json().reason).toBe('error.comment.cannot_edit_after_deadline');
    expect((await api('DELETE', '/comment', bob.token, { comment_id: commentId })).statusCode).toBe(200);
    expect((await api('GET', `/comment/page?object_id=${questionId}`)).json().data.count).toBe(1);
  });

  it('validates comment bodies and targets', async () => {
    expect(fields(await api('POST', '/comment', bob.token, { object_id: questionId, original_text: 'x' }))).toEqual(['original_text']);
    expect((await api('POST', '/comment', bob.token, { object_id: '10019999999999999', original_text: 'hello there' })).statusCode).toBe(400);
  });

  it('finds users to mention', async () => {
    const found = (await api('GET', '/user/info/search?username=ali', bob.token)).json().data;
    expect(found.map((u: { username: string }) => u.username)).toEqual(['alice']);
  });
});

describe('editor helpers', () => {
  it('renders a preview and suggests tags', async () => {
    expect((await api('POST', '/post/render', undefined, { content: '*hi*' })).json().data).toBe('<p><em>hi</em></p>');
    const tags = (await api('GET', '/question/tags?tag=sup')).json().data;
    expect(tags.map((t: { slug_name: string }) => t.slug_name)).toContain('support');
  });
});
