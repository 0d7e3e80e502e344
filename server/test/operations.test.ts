import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toLongId } from '../src/core/ids.js';
import { ACT } from '../src/features/activity/types.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const targets = dialectTargets();
const MODERATOR_ROLE = 3;
const DUPLICATE = 60;
const COMMUNITY_SPECIFIC = 63;

describe.each(targets)('closing, pinning, hiding and undeleting posts on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let moderator: User;
  let author: User;
  let plain: User;
  let voter: User;
  let tagSlug: string;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, user?: User, payload?: unknown, lang = 'en_US') =>
    site.app.inject({
      method,
      url: `/answer/api/v1${path}`,
      headers: { 'accept-language': lang, ...(user ? { authorization: user.token } : {}) },
      payload: payload as object,
    });
  const fields = (res: { json(): any }) => (res.json().data as { error_field: string }[]).map((e) => e.error_field);
  const database = () => site.runtime.database;
  let titles = 0;
  const ask = async (user = author) => {
    titles += 1;
    const res = await api('POST', '/question', user, { title: `Moderated question number ${titles}`, content: 'What should happen here?', tags: [{ slug_name: tagSlug }] });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data.id as string;
  };
  const answer = async (questionId: string, user: User) => {
    const res = await api('POST', '/answer', user, { question_id: questionId, content: 'An answer with enough text.' });
    expect(res.statusCode, res.body).toBe(200);
    return body(res).data.info.id as string;
  };
  const info = async (id: string, user?: User, lang = 'en_US') => api('GET', `/question/info?id=${id}`, user, undefined, lang);
  const actionsOf = async (id: string, user?: User) => (body(await info(id, user)).data.member_actions as { action: string }[]).map((a) => a.action);
  const row = (id: string) => database().selectFrom('question').selectAll().where('id', '=', toLongId(id)!).executeTakeFirstOrThrow();
  const tagCount = async () => Number((await database().selectFrom('tag').select('question_count').where('slug_name', '=', tagSlug).executeTakeFirstOrThrow()).question_count);
  const userRow = (user: User) => database().selectFrom('user').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
  const events = async (objectId: string, type: number) =>
    database().selectFrom('activity').select(['user_id', 'original_object_id']).where('object_id', '=', toLongId(objectId)!).where('activity_type', '=', type).execute();
  const close = (id: string, user: User, closeType: unknown = COMMUNITY_SPECIFIC, closeMsg?: string) =>
    api('PUT', '/question/status', user, { id, close_type: closeType, close_msg: closeMsg });
  const operate = (id: string, operation: string, user = moderator) => api('PUT', '/question/operation', user, { id, operation });
  const listIds = async (query = 'order=newest&page_size=50') => (body(await api('GET', `/question/page?${query}`)).data.list as { id: string }[]).map((q) => q.id);

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    admin = await adminOf(site);
    moderator = await member(site, 'modmia', 1);
    const t = Math.floor(Date.now() / 1000);
    await database().insertInto('user_role_rel').values({ user_id: moderator.id, role_id: MODERATOR_ROLE, created_at: t }).execute();
    author = await member(site, 'askerann', 1);
    plain = await member(site, 'plainpat', 1);
    voter = await member(site, 'votervic', 50);
    // A tag of its own, created by the admin, so its count moves only with this suite's questions.
    tagSlug = `moderation-${name}`;
    const first = await api('POST', '/question', admin, { title: 'The question that creates the tag', content: 'Creating the tag', tags: [{ slug_name: tagSlug }] });
    expect(first.statusCode, first.body).toBe(200);
  });
  afterAll(async () => stop?.());

  describe('reason lists', () => {
    it('lists the close reasons, translated by Accept-Language', async () => {
      const res = await api('GET', '/reasons?object_type=question&action=close', plain);
      expect(res.statusCode).toBe(200);
      const reasons = body(res).data as { reason_type: number; name: string; description: string; content_type: string; placeholder: string }[];
      expect(reasons.map((r) => r.reason_type)).toEqual([60, 63, 64, 59]);
      expect(reasons[0]).toMatchObject({ name: 'a duplicate', content_type: 'text', placeholder: 'Enter the link of the existing question' });
      expect(reasons[0]!.description).toContain('asked before');
      expect(reasons[3]).toMatchObject({ name: 'something else', content_type: 'textarea' });
      const zh = body(await api('GET', '/reasons?object_type=question&action=close', plain, undefined, 'zh_CN')).data;
      expect(zh[0].name).toBe('重复');
    });

    it.each([
      ['answer', 'flag', [57, 58, 59, 61]],
      ['comment', 'flag', [57, 58, 59, 62]],
      ['question', 'review', [72, 73, 74, 75]],
      ['question', 'status', [65, 67, 68]],
      ['user', 'status', [66, 70, 69, 71]],
    ])('lists %s %s reasons', async (objectType, action, ids) => {
      const res = await api('GET', `/reasons?object_type=${objectType}&action=${action}`, plain);
      expect(res.statusCode).toBe(200);
      expect(body(res).data.map((r: { reason_type: number }) => r.reason_type)).toEqual(ids);
      expect(body(res).data.every((r: { name: string }) => r.name && !r.name.startsWith('reason.'))).toBe(true);
    });

    it('refuses unknown lists with a field error and visitors with 401', async () => {
      const badType = await api('GET', '/reasons?object_type=tag&action=close', plain);
      expect(badType.statusCode).toBe(400);
      expect(fields(badType)).toEqual(['object_type']);
      const noList = await api('GET', '/reasons?object_type=answer&action=close', plain);
      expect(noList.statusCode).toBe(400);
      expect(fields(noList)).toEqual(['action']);
      expect((await api('GET', '/reasons?object_type=question&action=close')).statusCode).toBe(401);
    });
  });

  describe('closing and reopening', () => {
    it('needs the question.close privilege: a plain user gets 403, the author too', async () => {
      const id = await ask();
      const res = await close(id, plain);
      expect(res.statusCode).toBe(403);
      expect((await close(id, author)).statusCode).toBe(403);
      expect(Number((await row(id)).status)).toBe(1);
    });

    it('checks the close reason and the duplicate link', async () => {
      const id = await ask();
      const spam = await close(id, moderator, 57);
      expect(spam.statusCode).toBe(400);
      expect(fields(spam)).toEqual(['close_type']);
      expect(fields(await close(id, moderator, 999))).toEqual(['close_type']);
      expect(fields(await close(id, moderator, 'x'))).toEqual(['close_type']);
      expect(fields(await api('PUT', '/question/status', moderator, { id }))).toEqual(['close_type']);
      for (const msg of ['', 'not a link', 'javascript:alert(1)', 'ftp://example.com/q/1']) {
        const res = await close(id, moderator, DUPLICATE, msg);
        expect(res.statusCode).toBe(400);
        expect(body(res).reason).toBe('error.common.invalid_url');
        expect(fields(res)).toEqual(['close_msg']);
      }
      expect(Number((await row(id)).status)).toBe(1);
    });

    it('closes a duplicate: status, reason in meta, event, banner, no new answers', async () => {
      const id = await ask();
      const res = await close(id, moderator, DUPLICATE, 'https://example.com/questions/1');
      expect(res.statusCode, res.body).toBe(200);
      expect(Number((await row(id)).status)).toBe(2);
      const meta = await database().selectFrom('meta').select('value').where('object_id', '=', toLongId(id)!).where('key', '=', 'question.close.reason').execute();
      expect(meta.map((m) => JSON.parse(m.value))).toEqual([{ close_type: DUPLICATE, close_msg: 'https://example.com/questions/1' }]);
      const closed = await events(id, ACT.questionClosed);
      expect(closed).toHaveLength(1);
      expect(String(closed[0]!.user_id)).toBe(moderator.id);

      const page = body(await info(id)).data;
      expect(page.status).toBe(2);
      expect(page.operation).toMatchObject({ type: 'closed', level: 'info', msg: 'a duplicate: https://example.com/questions/1' });
      expect(page.operation.description).toContain('asked before');
      expect(page.operation.time).toBeGreaterThan(0);
      expect(body(await info(id, undefined, 'zh_CN')).data.operation.msg).toBe('重复: https://example.com/questions/1');

      const again = await close(id, moderator);
      expect(again.statusCode).toBe(400);
      expect(body(again).reason).toBe('error.question.already_closed');
      expect((await api('POST', '/answer', plain, { question_id: id, content: 'A late answer to a closed one.' })).statusCode).toBe(400);
    });

    it('reopens a closed question with question.reopen', async () => {
      const id = await ask();
      expect((await close(id, admin, COMMUNITY_SPECIFIC)).statusCode).toBe(200);
      expect(body(await info(id)).data.operation).toMatchObject({ type: 'closed', msg: 'a community-specific reason' });
      expect((await api('PUT', '/question/reopen', plain, { question_id: id })).statusCode).toBe(403);
      const res = await api('PUT', '/question/reopen', moderator, { question_id: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number((await row(id)).status)).toBe(1);
      expect(body(await info(id)).data.operation).toBeNull();
      expect(await events(id, ACT.questionReopened)).toHaveLength(1);
      const twice = await api('PUT', '/question/reopen', moderator, { question_id: id });
      expect(twice.statusCode).toBe(400);
      expect(body(twice).reason).toBe('error.question.not_closed');
    });
  });

  describe('pin, unpin, hide and show', () => {
    it('puts pinned questions first in every order, until unpinned', async () => {
      const older = await ask();
      const newer = await ask();
      expect((await listIds())[0]).toBe(newer);
      expect((await operate(older, 'pin', plain)).statusCode).toBe(403);
      const res = await operate(older, 'pin');
      expect(res.statusCode, res.body).toBe(200);
      expect(Number((await row(older)).pin)).toBe(2);
      expect((await listIds())[0]).toBe(older);
      expect((await listIds('order=score&page_size=50'))[0]).toBe(older);
      expect((await listIds(`order=newest&tag=${tagSlug}`))[0]).toBe(older);
      expect(await events(older, ACT.questionPin)).toHaveLength(1);
      expect(body(await info(older, moderator)).data.member_actions.map((a: { action: string }) => a.action)).toContain('unpin');

      expect((await operate(older, 'unpin')).statusCode).toBe(200);
      expect((await listIds())[0]).toBe(newer);
      expect(await events(older, ACT.questionUnpin)).toHaveLength(1);
    });

    it('hides a question from lists and tag counts but keeps its page', async () => {
      const id = await ask();
      const before = await tagCount();
      const res = await operate(id, 'hide');
      expect(res.statusCode, res.body).toBe(200);
      expect(Number((await row(id)).show)).toBe(2);
      expect(await tagCount()).toBe(before - 1);
      expect(await listIds()).not.toContain(id);
      expect(await listIds(`tag=${tagSlug}&page_size=50`)).not.toContain(id);
      const page = await info(id);
      expect(page.statusCode).toBe(200);
      expect(body(page).data).toMatchObject({ show: 2 });
      expect(body(page).data.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual([tagSlug]);
      expect(await events(id, ACT.questionHide)).toHaveLength(1);
      // Hiding twice changes nothing.
      expect((await operate(id, 'hide')).statusCode).toBe(200);
      expect(await tagCount()).toBe(before - 1);
      expect(await events(id, ACT.questionHide)).toHaveLength(1);

      expect((await operate(id, 'show')).statusCode).toBe(200);
      expect(await tagCount()).toBe(before);
      expect(await listIds()).toContain(id);
      expect(await events(id, ACT.questionShow)).toHaveLength(1);
    });

    it('refuses to hide a pinned question or pin a hidden one with a clear 400', async () => {
      const id = await ask();
      await operate(id, 'pin');
      const hide = await operate(id, 'hide');
      expect(hide.statusCode).toBe(400);
      expect(body(hide).reason).toBe('error.question.pinned_cannot_hide');
      expect(body(hide).msg).toContain('Unpin it first');
      expect(Number((await row(id)).show)).toBe(1);
      await operate(id, 'unpin');
      await operate(id, 'hide');
      const pin = await operate(id, 'pin');
      expect(pin.statusCode).toBe(400);
      expect(body(pin).reason).toBe('error.question.hidden_cannot_pin');
      expect(Number((await row(id)).pin)).toBe(1);
      await operate(id, 'show');
    });

    it('validates the operation and the id', async () => {
      const id = await ask();
      const bad = await operate(id, 'bury');
      expect(bad.statusCode).toBe(400);
      expect(fields(bad)).toEqual(['operation']);
      expect(fields(await api('PUT', '/question/operation', moderator, { operation: 'pin' }))).toEqual(['id']);
      expect((await operate('10010000000999999', 'pin')).statusCode).toBe(404);
      expect((await operate('nonsense', 'pin')).statusCode).toBe(404);
    });
  });

  describe('deleting and undeleting', () => {
    it('lets a moderator delete and undelete a question, restoring counts', async () => {
      const id = await ask();
      const tagsBefore = await tagCount();
      const asked = Number((await userRow(author)).question_count);
      // Upstream lets only admins delete other people's questions; moderators may too here.
      const del = await api('DELETE', '/question', moderator, { id });
      expect(del.statusCode, del.body).toBe(200);
      expect(await tagCount()).toBe(tagsBefore - 1);
      expect(Number((await userRow(author)).question_count)).toBe(asked - 1);
      expect(await listIds()).not.toContain(id);

      expect((await info(id, plain)).statusCode).toBe(404);
      const seen = await info(id, moderator);
      expect(seen.statusCode).toBe(200);
      expect(body(seen).data.operation).toMatchObject({ type: 'deleted', level: 'danger' });
      expect(await actionsOf(id, moderator)).toEqual(['undelete']);
      expect(await actionsOf(id, author)).toEqual([]);

      expect((await api('POST', '/question/recover', plain, { question_id: id })).statusCode).toBe(403);
      expect((await api('POST', '/question/recover', author, { question_id: id })).statusCode).toBe(403);
      const res = await api('POST', '/question/recover', moderator, { question_id: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(Number((await row(id)).status)).toBe(1);
      expect(await tagCount()).toBe(tagsBefore);
      expect(Number((await userRow(author)).question_count)).toBe(asked);
      expect(await listIds()).toContain(id);
      expect((await info(id, plain)).statusCode).toBe(200);
      const undeleted = await events(id, ACT.questionUndeleted);
      expect(undeleted).toHaveLength(1);
      expect(String(undeleted[0]!.user_id)).toBe(moderator.id);

      const twice = await api('POST', '/question/recover', moderator, { question_id: id });
      expect(twice.statusCode).toBe(400);
      expect(body(twice).reason).toBe('error.object.not_deleted');
    });

    it('brings a question closed before its deletion back open', async () => {
      const id = await ask();
      await close(id, moderator);
      expect((await api('DELETE', '/question', admin, { id })).statusCode).toBe(200);
      expect((await api('POST', '/question/recover', admin, { question_id: id })).statusCode).toBe(200);
      expect(Number((await row(id)).status)).toBe(1);
      expect((await close(id, moderator)).statusCode).toBe(200);
    });

    it('refuses to close, reopen or operate on a deleted question with 404', async () => {
      const id = await ask();
      await api('DELETE', '/question', author, { id });
      expect((await close(id, moderator)).statusCode).toBe(404);
      expect((await api('PUT', '/question/reopen', moderator, { question_id: id })).statusCode).toBe(404);
      expect((await operate(id, 'pin')).statusCode).toBe(404);
    });

    it('deletes and undeletes an answer, restoring the counts, without touching reputation', async () => {
      const questionId = await ask();
      const answerId = await answer(questionId, plain);
      expect((await api('POST', '/vote/up', voter, { object_id: answerId })).statusCode).toBe(200);
      const rank = Number((await userRow(plain)).rank);
      const answered = Number((await userRow(plain)).answer_count);

      expect((await api('DELETE', '/answer', moderator, { id: answerId })).statusCode).toBe(200);
      expect(Number((await row(questionId)).answer_count)).toBe(0);
      expect(String((await row(questionId)).last_answer_id)).toBe('0');
      expect(Number((await userRow(plain)).answer_count)).toBe(answered - 1);
      expect(Number((await userRow(plain)).rank)).toBe(rank);

      const page = async (user: User) => body(await api('GET', `/answer/page?question_id=${questionId}`, user)).data.list as { id: string; member_actions: { action: string }[] }[];
      expect(await page(plain)).toEqual([]);
      const seen = await page(moderator);
      expect(seen.map((a) => a.id)).toEqual([answerId]);
      expect(seen[0]!.member_actions.map((a) => a.action)).toEqual(['undelete']);

      expect((await api('POST', '/answer/recover', plain, { answer_id: answerId })).statusCode).toBe(403);
      const res = await api('POST', '/answer/recover', moderator, { answer_id: answerId });
      expect(res.statusCode, res.body).toBe(200);
      const q = await row(questionId);
      expect(Number(q.answer_count)).toBe(1);
      expect(String(q.last_answer_id)).toBe(toLongId(answerId));
      expect(Number((await userRow(plain)).answer_count)).toBe(answered);
      expect(Number((await userRow(plain)).rank)).toBe(rank);
      expect((await page(plain)).map((a) => a.id)).toEqual([answerId]);
      const undeleted = await events(answerId, ACT.answerUndeleted);
      expect(undeleted).toHaveLength(1);
      expect(String(undeleted[0]!.original_object_id)).toBe(toLongId(answerId));

      const twice = await api('POST', '/answer/recover', moderator, { answer_id: answerId });
      expect(twice.statusCode).toBe(400);
      expect(body(twice).reason).toBe('error.object.not_deleted');
    });
  });

  describe('member_actions', () => {
    it('lists on a question exactly what each viewer may do now', async () => {
      const id = await ask();
      expect(await actionsOf(id)).toEqual([]);
      expect(await actionsOf(id, plain)).toEqual(['report']);
      expect(await actionsOf(id, author)).toEqual(['report', 'edit', 'delete']);
      const all = ['report', 'edit', 'close', 'pin', 'hide', 'delete'];
      expect(await actionsOf(id, moderator)).toEqual(all);
      expect(await actionsOf(id, admin)).toEqual(all);
      const actions = body(await info(id, moderator)).data.member_actions;
      expect(actions[0]).toEqual({ action: 'report', name: 'Flag', type: 'reason' });
      expect(actions[1]).toEqual({ action: 'edit', name: 'Edit', type: 'edit' });
      expect(actions[2]).toEqual({ action: 'close', name: 'Close', type: 'confirm' });
      const zh = body(await info(id, moderator, 'zh_CN')).data.member_actions;
      expect(zh[2].name).toBe('关闭');

      await close(id, moderator);
      await operate(id, 'pin');
      expect(await actionsOf(id, moderator)).toEqual(['report', 'edit', 'reopen', 'unpin', 'delete']);
      await operate(id, 'unpin');
      await operate(id, 'hide');
      expect(await actionsOf(id, admin)).toEqual(['report', 'edit', 'reopen', 'show', 'delete']);
      expect(await actionsOf(id, author)).toEqual(['report', 'edit', 'delete']);
    });

    it('lists on answers what each viewer may do', async () => {
      const questionId = await ask();
      const answerId = await answer(questionId, plain);
      const actions = async (user?: User) =>
        (body(await api('GET', `/answer/page?question_id=${questionId}`, user)).data.list as { id: string; member_actions: { action: string }[] }[])
          .find((a) => a.id === answerId)!
          .member_actions.map((a) => a.action);
      expect(await actions()).toEqual([]);
      expect(await actions(author)).toEqual(['report']);
      expect(await actions(plain)).toEqual(['report', 'edit', 'delete']);
      expect(await actions(moderator)).toEqual(['report', 'edit', 'delete']);
      expect(await actions(admin)).toEqual(['report', 'edit', 'delete']);
    });
  });

  it('answers 401 to visitors and 404 for unknown posts on every call', async () => {
    const id = await ask();
    const calls: [string, string, Record<string, unknown>][] = [
      ['PUT', '/question/status', { id, close_type: COMMUNITY_SPECIFIC }],
      ['PUT', '/question/reopen', { question_id: id }],
      ['PUT', '/question/operation', { id, operation: 'pin' }],
      ['POST', '/question/recover', { question_id: id }],
      ['POST', '/answer/recover', { answer_id: '10020000000000001' }],
    ];
    for (const [method, path, payload] of calls) {
      expect((await api(method as 'PUT', path, undefined, payload)).statusCode, path).toBe(401);
    }
    const unknown: [string, string, Record<string, unknown>][] = [
      ['PUT', '/question/status', { id: '10010000000999999', close_type: COMMUNITY_SPECIFIC }],
      ['PUT', '/question/reopen', { question_id: '10010000000999999' }],
      ['PUT', '/question/operation', { id: '10010000000999999', operation: 'hide' }],
      ['POST', '/question/recover', { question_id: '10010000000999999' }],
      ['POST', '/answer/recover', { answer_id: '10020000000999999' }],
      ['POST', '/answer/recover', { answer_id: id }],
    ];
    for (const [method, path, payload] of unknown) {
      expect((await api(method as 'PUT', path, moderator, payload)).statusCode, path).toBe(404);
    }
    expect(fields(await api('PUT', '/question/reopen', moderator, {}))).toEqual(['question_id']);
    expect(fields(await api('POST', '/answer/recover', moderator, { answer_id: 7 }))).toEqual(['answer_id']);
  });
});
