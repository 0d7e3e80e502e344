import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { dialectTargets, siteOn, type User } from './support/dialect-sites.js';

type Summary = { emoji: string; count: number; tooltip: string; is_active: boolean }[];
const targets = dialectTargets();

describe.each(targets)('reactions on questions and answers on $name', ({ name, url }) => {
  let site: TestSite;
  let stop: (() => Promise<void>) | undefined;
  let author: User;
  let fans: User[];
  let questionId: string;
  let answerId: string;
  let commentId: string;

  const api = (method: 'GET' | 'PUT' | 'POST', path: string, user?: User, payload?: unknown) =>
    site.app.inject({ method, url: `/answer/api/v1${path}`, headers: user ? { authorization: user.token } : {}, payload: payload as object });
  const react = (user: User, objectId: string, emoji: string, reaction = 'activate') => api('PUT', '/meta/reaction', user, { object_id: objectId, emoji, reaction });
  const summary = async (objectId: string, user?: User): Promise<Summary> => {
    const res = await api('GET', `/meta/reaction?object_id=${objectId}`, user);
    expect(res.statusCode).toBe(200);
    return body(res).data.reaction_summary;
  };
  const ask = async (title: string) => body(await api('POST', '/question', author, { title, content: 'Body text', tags: [{ slug_name: 'support' }] })).data.id as string;
  const metaRows = async (objectId: string) =>
    site.runtime.database.selectFrom('meta').select('value').where('object_id', '=', objectId).where('key', '=', 'object.react.summary').execute();

  beforeAll(async () => {
    ({ site, stop } = await siteOn({ name, url }));
    author = await member(site, 'reactauthor', 200);
    fans = [];
    for (let i = 0; i < 10; i++) fans.push(await member(site, `reactfan${i}`, 1));
    questionId = await ask('A question people react to');
    answerId = body(await api('POST', '/answer', fans[0]!, { question_id: questionId, content: 'An answer to react to.' })).data.info.id;
    await api('POST', '/comment', fans[1]!, { object_id: questionId, original_text: 'A comment here' });
    commentId = String((await site.runtime.database.selectFrom('comment').select('id').where('question_id', '=', questionId).executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => stop?.());

  it('activates and deactivates emojis, and says whose they are', async () => {
    const on = await react(fans[0]!, questionId, 'heart');
    expect(on.statusCode).toBe(200);
    expect(body(on).data.reaction_summary).toEqual([{ emoji: 'heart', count: 1, tooltip: 'reactfan0', is_active: true }]);
    await react(fans[1]!, questionId, 'smile');
    await react(fans[1]!, questionId, 'heart');
    expect(await summary(questionId, fans[1])).toEqual([
      { emoji: 'heart', count: 2, tooltip: 'reactfan0, reactfan1', is_active: true },
      { emoji: 'smile', count: 1, tooltip: 'reactfan1', is_active: true },
    ]);
    expect((await summary(questionId)).every((s) => !s.is_active)).toBe(true);
    expect(body(await react(fans[0]!, questionId, 'heart', 'deactivate')).data.reaction_summary).toEqual([
      { emoji: 'heart', count: 1, tooltip: 'reactfan1', is_active: false },
      { emoji: 'smile', count: 1, tooltip: 'reactfan1', is_active: false },
    ]);
    // Taking back what you never gave changes nothing.
    await react(fans[0]!, questionId, 'frown', 'deactivate');
    expect((await summary(questionId)).map((s) => [s.emoji, s.count])).toEqual([['heart', 1], ['smile', 1]]);
    expect(await metaRows(questionId)).toHaveLength(1);
  });

  it('names five people in the tooltip, then counts the rest', async () => {
    for (const fan of fans.slice(0, 7)) expect((await react(fan, answerId, 'frown')).statusCode).toBe(200);
    const [frown] = await summary(answerId, fans[6]);
    expect(frown).toEqual({ emoji: 'frown', count: 7, tooltip: 'reactfan0, reactfan1, reactfan2, reactfan3, reactfan4 and 2 more...', is_active: true });
  });

  it('counts 20 simultaneous activations by one person once', async () => {
    const id = await ask('Clicked many times at once');
    const replies = await Promise.all(Array.from({ length: 20 }, () => react(fans[2]!, id, 'smile')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await summary(id)).toEqual([{ emoji: 'smile', count: 1, tooltip: 'reactfan2', is_active: false }]);
    expect(await metaRows(id)).toHaveLength(1);
  });

  it('keeps every one of 10 simultaneous activations by different people', async () => {
    const id = await ask('Everyone reacts at once');
    const replies = await Promise.all(fans.map((fan) => react(fan, id, 'heart')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [heart] = await summary(id);
    expect(heart!.count).toBe(10);
    const stored = JSON.parse((await metaRows(id))[0]!.value);
    expect(new Set(stored.reactions[0].user_ids)).toEqual(new Set(fans.map((f) => f.id)));
  });

  it('takes reactions only on questions and answers, from members', async () => {
    const onComment = await react(fans[0]!, commentId, 'heart');
    expect(onComment.statusCode).toBe(400);
    expect(body(onComment).reason).toBe('error.reaction.unsupported_object');
    expect((await api('GET', `/meta/reaction?object_id=${commentId}`)).statusCode).toBe(400);
    const tag = await site.runtime.database.selectFrom('tag').select('id').where('slug_name', '=', 'support').executeTakeFirstOrThrow();
    expect((await react(fans[0]!, String(tag.id), 'heart')).statusCode).toBe(400);
    expect((await react(fans[0]!, '10010000000999999', 'heart')).statusCode).toBe(404);
    expect((await api('GET', '/meta/reaction?object_id=10010000000999999')).statusCode).toBe(404);
    expect((await api('PUT', '/meta/reaction', undefined, { object_id: questionId, emoji: 'heart', reaction: 'activate' })).statusCode).toBe(401);
    const badEmoji = await react(fans[0]!, questionId, 'thumbsup');
    expect(badEmoji.statusCode).toBe(400);
    expect(body(badEmoji).data[0].error_field).toBe('emoji');
    const badReaction = await react(fans[0]!, questionId, 'heart', 'toggle');
    expect(body(badReaction).data[0].error_field).toBe('reaction');
    expect((await api('GET', '/meta/reaction')).statusCode).toBe(400);
  });
});
