import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVILEGE_LEVELS } from '../src/features/install/privilege-levels.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, siteOn, type User } from './support/dialect-sites.js';

/**
 * Every reputation gate of the default level (2), through the real endpoints: one point below the
 * threshold the action is refused with a message naming the reputation needed, at the threshold it
 * goes through. Each attempt acts on fresh posts so an earlier attempt cannot decide a later one.
 */
describe('each privilege gate opens exactly at its threshold', () => {
  const level = PRIVILEGE_LEVELS[2];
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let admin: User;
  let author: User;
  let answerer: User;
  let suggester: User;
  let tester: User;
  let serial = 0;

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, user: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: { authorization: user.token }, payload: payload as object });
  const setRank = (user: User, rank: number) => site.runtime.database.updateTable('user').set({ rank }).where('id', '=', user.id).execute();

  const newQuestion = async () => {
    serial += 1;
    const res = await api('POST', '/question', author, { title: `Gate question number ${serial}`, content: `Body of question ${serial}`, tags: [{ slug_name: 'support' }] });
    return body(res).data.id as string;
  };
  const newAnswer = async () => {
    const questionId = await newQuestion();
    const id = body(await api('POST', '/answer', answerer, { question_id: questionId, content: 'An answer to vote on' })).data.info.id as string;
    return { id, questionId };
  };
  const editAnswer = async (user: User, content = 'An edited answer body') => {
    const answer = await newAnswer();
    const res = await api('PUT', '/answer', user, { id: answer.id, question_id: answer.questionId, content, edit_summary: 'gate' });
    return { answer, res };
  };
  const newTag = async () => {
    serial += 1;
    const slug = `gate-tag-${serial}`;
    await api('POST', '/question', admin, { title: `Question making tag ${serial}`, content: 'Body', tags: [{ slug_name: slug, display_name: slug }] });
    const row = await site.runtime.database.selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow();
    return { id: String(row.id), slug };
  };
  const editQuestion = async (user: User) =>
    api('PUT', '/question', user, { id: await newQuestion(), title: 'An edited title for the gate', content: 'Edited body', tags: [{ slug_name: 'support' }], edit_summary: 'gate' });
  const editTag = async (user: User) => {
    const tag = await newTag();
    return api('PUT', '/tag', user, { tag_id: tag.id, display_name: tag.slug, slug_name: tag.slug, original_text: 'A better description', edit_summary: 'gate' });
  };
  const pendingRevision = async (objectId: string) =>
    String((await site.runtime.database.selectFrom('revision').select('id').where('object_id', '=', objectId).where('status', '=', 1).executeTakeFirstOrThrow()).id);
  const approveSuggestionOn = async (user: User, objectId: string) => api('PUT', '/revisions/audit', user, { id: await pendingRevision(objectId), operation: 'approve' });

  const refused = (res: LightMyRequestResponse) => res.statusCode === 403;
  const direct = (res: LightMyRequestResponse) => res.statusCode === 200 && body(res).data.wait_for_review === false;

  /** key → [attempt by the tester, did it get through?]. */
  const gates: [string, (u: User) => Promise<LightMyRequestResponse>, (r: LightMyRequestResponse) => boolean][] = [
    ['question.vote_up', async (u) => api('POST', '/vote/up', u, { object_id: await newQuestion() }), (r) => r.statusCode === 200],
    ['question.vote_down', async (u) => api('POST', '/vote/down', u, { object_id: await newQuestion() }), (r) => r.statusCode === 200],
    ['answer.vote_up', async (u) => api('POST', '/vote/up', u, { object_id: (await newAnswer()).id }), (r) => r.statusCode === 200],
    ['answer.vote_down', async (u) => api('POST', '/vote/down', u, { object_id: (await newAnswer()).id }), (r) => r.statusCode === 200],
    ['question.edit', editQuestion, (r) => r.statusCode === 200],
    ['question.edit_without_review', editQuestion, direct],
    ['answer.edit', async (u) => (await editAnswer(u)).res, (r) => r.statusCode === 200],
    ['answer.edit_without_review', async (u) => (await editAnswer(u)).res, direct],
    ['tag.edit', editTag, (r) => r.statusCode === 200],
    ['tag.edit_without_review', editTag, direct],
    [
      'tag.add',
      async (u) => {
        serial += 1;
        return api('POST', '/question', u, { title: `A question with a brand new tag ${serial}`, content: 'Body', tags: [{ slug_name: `new-tag-${serial}`, display_name: `new-tag-${serial}` }] });
      },
      (r) => r.statusCode === 200,
    ],
    ['answer.invite_someone_to_answer', async (u) => api('PUT', '/question/invite', u, { id: await newQuestion(), invite_user: ['gateanswerer'] }), (r) => r.statusCode === 200],
    [
      'question.audit',
      async (u) => {
        const id = await newQuestion();
        await api('PUT', '/question', suggester, { id, title: 'A suggested better title', content: 'Suggested body', tags: [{ slug_name: 'support' }], edit_summary: 's' });
        return approveSuggestionOn(u, id);
      },
      (r) => r.statusCode === 200,
    ],
    [
      'answer.audit',
      async (u) => {
        const { answer } = await editAnswer(suggester, 'A suggested answer body');
        return approveSuggestionOn(u, answer.id);
      },
      (r) => r.statusCode === 200,
    ],
    [
      'tag.audit',
      async (u) => {
        const tag = await newTag();
        await api('PUT', '/tag', suggester, { tag_id: tag.id, display_name: tag.slug, slug_name: tag.slug, original_text: 'Suggested description', edit_summary: 's' });
        return approveSuggestionOn(u, tag.id);
      },
      (r) => r.statusCode === 200,
    ],
  ];

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name: 'sqlite3' }));
    admin = await adminOf(site);
    author = await member(site, 'gateauthor', 1);
    answerer = await member(site, 'gateanswerer', 1);
    // Above every edit threshold, below every edit-without-review one: all its edits are suggestions.
    suggester = await member(site, 'gatesuggester', 100);
    tester = await member(site, 'gatetester', 1);
  });
  afterAll(async () => stop?.());

  it.each(gates)('%s', async (key, attempt, through) => {
    const threshold = level[key as keyof typeof level];
    expect(threshold).toBeGreaterThan(1);
    await setRank(tester, threshold - 1);
    const below = await attempt(tester);
    expect(through(below)).toBe(false);
    if (refused(below)) expect(body(below).msg).toContain(String(threshold));
    await setRank(tester, threshold);
    const at = await attempt(tester);
    expect(at.statusCode, at.body).toBe(200);
    expect(through(at)).toBe(true);
  });
});
