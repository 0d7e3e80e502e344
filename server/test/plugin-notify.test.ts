import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { addHookFixtures, hookFixtures, resetHookFixtures } from './support/hook-fixtures.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
const SITE_URL = 'http://127.0.0.1:9080';

/** Upstream's notification types (plugin/notification.go, v2.0.2). */
const UPSTREAM_TYPES = [
  'update_question', 'answer_the_question', 'up_voted_question', 'down_voted_question', 'update_answer', 'accept_answer', 'up_voted_answer',
  'down_voted_answer', 'comment_question', 'comment_answer', 'up_voted_comment', 'reply_to_you', 'mention_you', 'your_question_is_closed',
  'your_question_was_deleted', 'your_answer_was_deleted', 'your_comment_was_deleted', 'invited_you_to_answer', 'new_question', 'new_question_followed_tag',
].map((action) => `notification.action.${action}`);

/** Notification plugins' `notify` (domain.md 8.8): every inbox notification, through the outbox. */
describe.each(dialectTargets())('notification plugins on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let fixturesDir: string;
  let admin: User;
  let asker: User;
  let answerer: User;
  let voter: User;
  let tagSlug: string;
  let questionId: string;
  let questionUrl: string;
  let answerId: string;
  const names: Record<string, { username: string; display_name: string }> = {};

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: url.startsWith(ADMIN_API) ? url : `${API}${url}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body).data;
  };
  /** The messages given since the last call, once the outbox is idle. */
  const delivered = async () => {
    await site.runtime.outbox.idle();
    return hookFixtures().notified.splice(0);
  };
  const setEnabled = (enabled: boolean) => ok(api('PUT', `${ADMIN_API}/plugin/status`, admin, { plugin_slug_name: 'notify_fixture', enabled }));
  const comment = async (user: User, objectId: string, text: string) => (await ok(api('POST', '/comment', user, { object_id: objectId, original_text: text }))).comment_id as string;
  const pluginRows = () => site.runtime.database.selectFrom('outbox').select(['id', 'attempts', 'done_at']).where('topic', '=', 'plugin.notify').orderBy('id').execute();
  const retryNow = async () => {
    await site.runtime.database.updateTable('outbox').set({ available_at: 0 }).where('topic', '=', 'plugin.notify').where('done_at', '=', 0).execute();
    return delivered();
  };

  beforeAll(async () => {
    resetHookFixtures();
    ({ site, stop } = await siteOn(target));
    fixturesDir = await addHookFixtures(site);
    admin = await adminOf(site);
    const short = target.name.slice(0, 3);
    asker = await member(site, `pnasker${short}`, 2000);
    answerer = await member(site, `pnanswerer${short}`, 2000);
    voter = await member(site, `pnvoter${short}`, 3000);
    for (const user of [asker, answerer]) {
      names[user.id] = await site.runtime.database.selectFrom('user').select(['username', 'display_name']).where('id', '=', user.id).executeTakeFirstOrThrow();
    }
    tagSlug = `plugin-notify-${short}`;
    await ok(api('POST', '/question', admin, { title: 'The question that creates the tag', content: 'Creating the tag for these tests.', tags: [{ slug_name: tagSlug }] }));
    questionId = (await ok(api('POST', '/question', asker, { title: 'How do plugins hear about notifications?', content: 'A question body long enough.', tags: [{ slug_name: tagSlug }] }))).id;
  });
  afterAll(async () => {
    await stop();
    fs.rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('gives nothing to a disabled plugin', async () => {
    await ok(api('POST', '/answer', admin, { question_id: questionId, content: 'An answer given while the plugin is off.' }));
    expect(await delivered()).toEqual([]);
    expect(await pluginRows()).toEqual([]);
  });

  it("gives each inbox notification with upstream's type name, the receiver's language and absolute links", async () => {
    await setEnabled(true);
    answerId = (await ok(api('POST', '/answer', answerer, { question_id: questionId, content: 'An answer the plugin hears about.' }))).info.id;
    const [message, ...rest] = await delivered();
    expect(rest).toEqual([]);
    questionUrl = message!.questionUrl;
    expect(questionUrl.startsWith(`${SITE_URL}/questions/${questionId}`)).toBe(true);
    expect(message).toEqual({
      type: 'notification.action.answer_the_question',
      receiverUserId: asker.id,
      receiverLang: 'en_US',
      triggerUserId: answerer.id,
      triggerUserDisplayName: names[answerer.id]!.display_name,
      triggerUserUrl: `${SITE_URL}/users/${names[answerer.id]!.username}`,
      questionTitle: 'How do plugins hear about notifications?',
      questionUrl,
      tags: [tagSlug],
      answerUrl: `${questionUrl}/${answerId}`,
      commentUrl: '',
    });

    // A comment's link is its post's, with the comment named; the receiver's own language when set.
    await ok(api('PUT', '/user/interface', asker, { language: 'zh_CN' }));
    const commentId = await comment(answerer, questionId, 'A comment the plugin hears about');
    expect(await delivered()).toEqual([
      expect.objectContaining({ type: 'notification.action.comment_question', receiverUserId: asker.id, receiverLang: 'zh_CN', answerUrl: '', commentUrl: `${questionUrl}?commentId=${commentId}` }),
    ]);
    const onAnswer = await comment(asker, answerId, 'A comment on the answer');
    expect(await delivered()).toEqual([
      expect.objectContaining({ type: 'notification.action.comment_answer', receiverUserId: answerer.id, answerUrl: `${questionUrl}/${answerId}`, commentUrl: `${questionUrl}/${answerId}?commentId=${onAnswer}` }),
    ]);

    // A downvote does not name the voter, as the inbox does not.
    await ok(api('POST', '/vote/down', voter, { object_id: questionId }));
    await ok(api('POST', '/answer/acceptance', asker, { question_id: questionId, answer_id: answerId }));
    const [down, accept] = await delivered();
    expect(down).toMatchObject({ type: 'notification.action.down_voted_question', receiverUserId: asker.id, triggerUserId: '', triggerUserDisplayName: '', triggerUserUrl: '' });
    expect(accept).toMatchObject({ type: 'notification.action.accept_answer', receiverUserId: answerer.id, triggerUserId: asker.id });
    for (const m of [message!, down!, accept!]) expect(UPSTREAM_TYPES).toContain(m.type);
    // One row per plugin per notification.
    expect((await pluginRows()).length).toBe(5);
  });

  it("retries a failed notify on its own, and drops it if the plugin was disabled since", async () => {
    hookFixtures().failNotify = 1;
    await comment(answerer, questionId, 'A comment the plugin misses once');
    expect(await delivered()).toEqual([]);
    const failed = (await pluginRows()).filter((r) => Number(r.done_at) === 0);
    expect(failed.map((r) => Number(r.attempts))).toEqual([1]);
    expect(await retryNow()).toEqual([expect.objectContaining({ type: 'notification.action.comment_question', receiverUserId: asker.id })]);
    expect(await retryNow()).toEqual([]);

    hookFixtures().failNotify = 1;
    await comment(answerer, questionId, 'A comment the disabled plugin never hears about');
    expect(await delivered()).toEqual([]);
    await setEnabled(false);
    expect(await retryNow()).toEqual([]);
    const rows = await pluginRows();
    expect(rows.every((r) => Number(r.done_at) > 0)).toBe(true);
    expect(Number(rows.at(-1)!.attempts)).toBe(1);
  });
});
