import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACT } from '../src/features/activity/types.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

type Item = { activity_type: string; revision_id: string; comment: string; object_id: string; object_type: string; user_info: { username: string } | null; cancelled: boolean };
const targets = dialectTargets();

describe.each(targets)('timelines of questions, answers and tags on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let author: User;
  let answerer: User;
  let voter: User;
  let critic: User;
  let admin: User;
  let questionId: string;
  let answerId: string;

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const timeline = async (user: User, id: string, showVote = false) => {
    const res = await api('GET', `/activity/timeline?object_id=${id}&show_vote=${showVote}`, user);
    expect(res.statusCode).toBe(200);
    return body<{ object_info: Record<string, string>; timeline: Item[] }>(res).data;
  };
  const kinds = (items: Item[]) => items.map((i) => i.activity_type);

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    author = await member(site, 'tlauthor', 200);
    answerer = await member(site, 'tlanswerer', 200);
    voter = await member(site, 'tlvoter', 200);
    critic = await member(site, 'tlcritic', 200);
    admin = await adminOf(site);

    questionId = body(await api('POST', '/question', author, { title: 'How do timelines work?', content: 'First body', tags: [{ slug_name: 'support' }] })).data.id;
    answerId = body(await api('POST', '/answer', answerer, { question_id: questionId, content: 'Like this, with events.' })).data.info.id;
    expect((await api('POST', '/comment', voter, { object_id: questionId, original_text: 'A **bold** remark here' })).statusCode).toBe(200);
    expect((await api('POST', '/comment', author, { object_id: answerId, original_text: 'Thanks for the answer' })).statusCode).toBe(200);
    const edit = await api('PUT', '/question', author, {
      id: questionId,
      title: 'How do timelines really work?',
      content: 'Second body',
      tags: [{ slug_name: 'support' }],
      edit_summary: 'Fixed **typo** <script>alert(1)</script>',
    });
    expect(edit.statusCode).toBe(200);
    expect((await api('POST', '/vote/up', voter, { object_id: questionId })).statusCode).toBe(200);
    expect((await api('POST', '/vote/down', critic, { object_id: questionId })).statusCode).toBe(200);
    expect((await api('POST', '/vote/up', voter, { object_id: answerId })).statusCode).toBe(200);
    expect((await api('POST', '/answer/acceptance', author, { question_id: questionId, answer_id: answerId })).statusCode).toBe(200);
  });
  afterAll(async () => stop?.());

  it('lists a question’s events newest first, without votes unless asked', async () => {
    const data = await timeline(voter, questionId);
    expect(data.object_info).toMatchObject({
      title: 'How do timelines really work?',
      object_type: 'question',
      question_id: questionId,
      answer_id: '',
      username: 'tlauthor',
    });
    expect(kinds(data.timeline)).toEqual(['accept', 'edited', 'commented', 'answered', 'asked']);
    const [accept, edited, commented, answered, asked] = data.timeline as [Item, Item, Item, Item, Item];
    expect(accept.user_info?.username).toBe('tlauthor');
    expect(edited.comment).toContain('<strong>typo</strong>');
    expect(edited.comment).not.toContain('<script');
    expect(commented.comment).toContain('<strong>bold</strong>');
    expect(commented).toMatchObject({ object_type: 'comment', user_info: { username: 'tlvoter' } });
    expect(answered).toMatchObject({ object_id: answerId, object_type: 'answer', user_info: { username: 'tlanswerer' } });
    expect(asked).toMatchObject({ object_id: questionId, object_type: 'question', cancelled: false });
    // The answer's own events (its comment, its vote) are on the answer's timeline, not here.
    expect(data.timeline.filter((i) => i.object_id === answerId).map((i) => i.activity_type)).toEqual(['accept', 'answered']);
  });

  it('shows votes with show_vote, hiding downvoters from everyone but admins', async () => {
    const asMember = await timeline(voter, questionId, true);
    expect(kinds(asMember.timeline)).toEqual(['accept', 'downvote', 'upvote', 'edited', 'commented', 'answered', 'asked']);
    expect(asMember.timeline[1]!.user_info).toBeNull();
    expect(asMember.timeline[2]!.user_info?.username).toBe('tlvoter');
    const asAdmin = await timeline(admin, questionId, true);
    expect(asAdmin.timeline[1]!.user_info?.username).toBe('tlcritic');
    // A vote taken back stays in the history, marked cancelled.
    expect((await api('POST', '/vote/up', voter, { object_id: questionId, is_cancel: true })).statusCode).toBe(200);
    const after = await timeline(voter, questionId, true);
    expect(after.timeline.find((i) => i.activity_type === 'upvote')).toMatchObject({ cancelled: true });
    expect((await api('POST', '/vote/up', voter, { object_id: questionId })).statusCode).toBe(200);
  });

  it('lists an answer’s own events', async () => {
    const data = await timeline(critic, answerId, true);
    expect(data.object_info).toMatchObject({ object_type: 'answer', question_id: questionId, answer_id: answerId, title: 'How do timelines really work?', username: 'tlanswerer' });
    expect(kinds(data.timeline)).toEqual(['accept', 'upvote', 'commented', 'answered']);
    expect(data.timeline[0]!.user_info?.username).toBe('tlauthor');
    expect(data.timeline[3]!.revision_id).not.toBe('0');
    expect(kinds((await timeline(critic, answerId)).timeline)).toEqual(['accept', 'commented', 'answered']);
  });

  it('gives the two revisions behind an edit for the diff', async () => {
    const items = (await timeline(voter, questionId)).timeline;
    const edited = items.find((i) => i.activity_type === 'edited')!;
    const asked = items.find((i) => i.activity_type === 'asked')!;
    const res = await api('GET', `/activity/timeline/detail?new_revision_id=${edited.revision_id}&old_revision_id=${asked.revision_id}`, voter);
    expect(res.statusCode).toBe(200);
    const detail = body(res).data;
    expect(detail.new_revision).toMatchObject({ title: 'How do timelines really work?', original_text: 'Second body' });
    expect(detail.new_revision.tags).toEqual([expect.objectContaining({ slug_name: 'support', reserved: false })]);
    expect(detail.old_revision).toMatchObject({ title: 'How do timelines work?', original_text: 'First body' });

    const first = body(await api('GET', `/activity/timeline/detail?new_revision_id=${asked.revision_id}&old_revision_id=0`, voter)).data;
    expect(first.old_revision).toEqual({ title: '', tags: [], original_text: '', slug_name: '', main_tag_slug_name: '' });
    expect(first.new_revision.original_text).toBe('First body');

    const answered = (await timeline(voter, answerId)).timeline.find((i) => i.activity_type === 'answered')!;
    const answerSide = body(await api('GET', `/activity/timeline/detail?new_revision_id=${answered.revision_id}`, voter)).data;
    expect(answerSide.new_revision).toMatchObject({ title: 'How do timelines really work?', original_text: 'Like this, with events.' });

    const mixed = await api('GET', `/activity/timeline/detail?new_revision_id=${edited.revision_id}&old_revision_id=${answered.revision_id}`, voter);
    expect(mixed.statusCode).toBe(400);
    expect((await api('GET', '/activity/timeline/detail?new_revision_id=99999999', voter)).statusCode).toBe(404);
    const bad = await api('GET', '/activity/timeline/detail?new_revision_id=abc', voter);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).data[0].error_field).toBe('new_revision_id');
    expect((await api('GET', `/activity/timeline/detail?new_revision_id=${edited.revision_id}`)).statusCode).toBe(401);
  });

  it('shows events recorded by other features, such as a close with its message', async () => {
    const t = Math.floor(Date.now() / 1000) + 5;
    await site.runtime.database
      .insertInto('activity')
      .values({ created_at: t, updated_at: t, user_id: admin.id, trigger_user_id: admin.id, object_id: questionId, original_object_id: questionId, activity_type: ACT.questionClosed, rank: 0, has_rank: 0, cancelled: 0, revision_id: '0' })
      .execute();
    await site.runtime.database
      .insertInto('meta')
      .values({ created_at: t, updated_at: t, object_id: questionId, key: 'question.close.reason', value: JSON.stringify({ close_type: 59, close_msg: 'Off *topic* <img src=x onerror=alert(1)>' }) })
      .execute();
    const [closed] = (await timeline(voter, questionId)).timeline;
    expect(closed).toMatchObject({ activity_type: 'closed', user_info: { username: 'admin' } });
    expect(closed!.comment).toContain('<em>topic</em>');
    expect(closed!.comment).not.toContain('<img');
  });

  it('has timelines for tags', async () => {
    const tag = await site.runtime.database.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
    const data = await timeline(voter, String(tag.id));
    expect(data.object_info).toMatchObject({ object_type: 'tag', main_tag_slug_name: 'support', question_id: '' });
    // Follows are never timeline events.
    expect((await api('POST', '/follow', voter, { object_id: String(tag.id) })).statusCode).toBe(200);
    expect((await timeline(voter, String(tag.id))).timeline.map((i) => i.activity_type)).not.toContain('follow');
  });

  it('starts the history and timeline of a tag created while asking', async () => {
    await site.runtime.database.updateTable('user').set({ rank: 2000 }).where('id', '=', critic.id).execute();
    const asked = await api('POST', '/question', critic, { title: 'A question bringing a new tag', content: 'Body', tags: [{ slug_name: 'brand-new', display_name: 'Brand New' }] });
    expect(asked.statusCode, asked.body).toBe(200);
    const tag = await site.runtime.database.selectFrom('tag').select(['id', 'revision_id']).where('slug_name', '=', 'brand-new').executeTakeFirstOrThrow();
    const created = (await timeline(voter, String(tag.id))).timeline;
    expect(created).toEqual([expect.objectContaining({ activity_type: 'created', revision_id: String(tag.revision_id), user_info: expect.objectContaining({ username: 'tlcritic' }) })]);
    const history = body(await api('GET', `/revisions?object_id=${tag.id}`, voter)).data;
    expect(history).toEqual([expect.objectContaining({ content: { slug_name: 'brand-new', display_name: 'Brand New', original_text: '' } })]);
  });

  it('refuses visitors, unknown and deleted objects, and bad input', async () => {
    expect((await api('GET', `/activity/timeline?object_id=${questionId}`)).statusCode).toBe(401);
    expect((await api('GET', '/activity/timeline?object_id=10010000000999999', voter)).statusCode).toBe(404);
    expect((await api('GET', '/activity/timeline?object_id=nonsense', voter)).statusCode).toBe(404);
    const noId = await api('GET', '/activity/timeline', voter);
    expect(noId.statusCode).toBe(400);
    expect(body(noId).data[0].error_field).toBe('object_id');
    expect((await api('GET', `/activity/timeline?object_id=${questionId}&show_vote=maybe`, voter)).statusCode).toBe(400);

    const gone = body(await api('POST', '/question', critic, { title: 'A question to delete', content: 'Soon gone', tags: [{ slug_name: 'support' }] })).data.id;
    expect((await site.app.inject({ method: 'DELETE', url: '/answer/api/v1/question', headers: { authorization: critic.token }, payload: { id: gone } })).statusCode).toBe(200);
    expect((await api('GET', `/activity/timeline?object_id=${gone}`, voter)).statusCode).toBe(404);
    expect(kinds((await timeline(admin, gone)).timeline)).toEqual(['deleted', 'asked']);
  });
});
