import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { preferredEncoding } from '../src/core/shared-reply.js';
import { cachedPage, cachedReaderPage } from '../src/features/question/list-cache.js';
import { installedSite, member, relaxCaptcha, type TestSite } from './support/app.js';

// Counts the compressions the server itself makes (@fastify/compress loads its own zlib, uncounted).
const compressions = vi.hoisted(() => ({ br: 0, gzip: 0 }));
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>();
  return {
    ...zlib,
    brotliCompressSync: (...args: Parameters<typeof zlib.brotliCompressSync>) => (compressions.br++, zlib.brotliCompressSync(...args)),
    gzipSync: (...args: Parameters<typeof zlib.gzipSync>) => (compressions.gzip++, zlib.gzipSync(...args)),
  };
});

let site: TestSite;
let alice: { id: string; token: string };
let questionId: string;
beforeAll(async () => {
  site = await installedSite();
  await relaxCaptcha(site);
  alice = await member(site, 'alice', 1000);
  // Enough questions for a page above the compression threshold.
  for (let i = 1; i <= 8; i++) {
    const res = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/question',
      headers: { authorization: alice.token },
      payload: { title: `Question number ${i} about configuring the cache`, content: `Body of question ${i}, long enough to post.`, tags: [{ slug_name: 'support' }] },
    });
    expect(res.statusCode).toBe(200);
    questionId = res.json().data.id;
  }
});
afterAll(async () => site.close());

const LIST = '/answer/api/v1/question/page?order=newest&page=1&page_size=20';
const get = (headers: Record<string, string>, url = LIST) => site.app.inject({ method: 'GET', url, headers });

describe('cached list pages as shared replies', () => {
  it('sends the same bytes, compressed once per encoding and language, with Vary', async () => {
    const plain = await get({});
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('accept-encoding');
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = plain.json();
    expect(json).toMatchObject({ code: 200, reason: 'base.success', msg: 'Success.' });
    expect(json.data.list.length).toBeGreaterThanOrEqual(8);

    const before = { ...compressions };
    for (let i = 0; i < 3; i++) {
      const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      const gz = await get({ 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
    expect(compressions.br - before.br).toBe(1);
    expect(compressions.gzip - before.gzip).toBe(1);

    // Another language is another body, compressed once too.
    const zh = await get({ 'accept-encoding': 'br', 'accept-language': 'zh_CN' });
    expect(JSON.parse(brotliDecompressSync(zh.rawPayload).toString()).msg).toBe('成功。');
    await get({ 'accept-encoding': 'br', 'accept-language': 'zh_CN' });
    expect(compressions.br - before.br).toBe(2);
  });

  it('leaves other encodings to the compression plugin and honours x-no-compression', async () => {
    const deflate = await get({ 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    const none = await get({ 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().data.list.length).toBeGreaterThanOrEqual(8);
  });

  it('gives the same JSON as before for small pages, uncompressed', async () => {
    const small = await get({ 'accept-encoding': 'br' }, '/answer/api/v1/question/page?order=newest&page=1&page_size=1');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.list).toHaveLength(1);
  });
});

describe('the question and its answers as visitors get them', () => {
  const info = () => get({}, `/answer/api/v1/question/info?id=${questionId}`);
  const answers = () => get({ 'accept-encoding': 'gzip' }, `/answer/api/v1/answer/page?question_id=${questionId}`);

  it('are shared between visitors and renewed by the next write', async () => {
    const first = await info();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ id: questionId, answer_count: 0, answered: false });
    expect((await info()).json().data.answer_count).toBe(0);
    const none = await answers();
    // Too small to be worth compressing.
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json().data.count).toBe(0);

    const bob = await member(site, 'bobby', 1000);
    const posted = await site.app.inject({
      method: 'POST',
      url: '/answer/api/v1/answer',
      headers: { authorization: bob.token },
      payload: { question_id: questionId, content: 'An answer that renews the cached page.' },
    });
    expect(posted.statusCode).toBe(200);
    expect((await info()).json().data.answer_count).toBe(1);
    expect((await answers()).json().data).toMatchObject({ count: 1, list: [{ content: 'An answer that renews the cached page.' }] });
  });

  it('are not what a signed-in reader gets', async () => {
    const mine = await site.app.inject({ method: 'GET', url: `/answer/api/v1/question/info?id=${questionId}`, headers: { authorization: alice.token } });
    expect(mine.json().data.member_actions.length).toBeGreaterThan(0);
    expect((await info()).json().data.member_actions).toEqual([]);
  });

  it('include comments, renewed by adding, editing and deleting one', async () => {
    const comments = async () => (await get({}, `/answer/api/v1/comment/page?object_id=${questionId}&query_cond=vote&page=1&page_size=5`)).json().data;
    expect((await comments()).count).toBe(0);
    const write = (method: 'POST' | 'PUT' | 'DELETE', payload: object) =>
      site.app.inject({ method, url: '/answer/api/v1/comment', headers: { authorization: alice.token }, payload });
    const added = await write('POST', { object_id: questionId, original_text: 'A first comment on it.' });
    expect(added.statusCode).toBe(200);
    const commentId = added.json().data.comment_id;
    expect((await comments()).list).toMatchObject([{ original_text: 'A first comment on it.' }]);
    expect((await write('PUT', { comment_id: commentId, original_text: 'An edited comment on it.' })).statusCode).toBe(200);
    expect((await comments()).list).toMatchObject([{ original_text: 'An edited comment on it.' }]);
    expect((await write('DELETE', { comment_id: commentId })).statusCode).toBe(200);
    expect((await comments()).count).toBe(0);
  });

  it('answers 404 for a question that does not exist', async () => {
    expect((await get({}, '/answer/api/v1/question/info?id=10010000000999999')).statusCode).toBe(404);
    expect((await get({}, '/answer/api/v1/answer/page?question_id=10010000000999999')).statusCode).toBe(404);
    expect((await get({}, '/answer/api/v1/comment/page?object_id=10010000000999999')).statusCode).toBe(404);
  });
});

describe('the page store', () => {
  it('keeps at most 1000 pages, dropping the oldest first', async () => {
    let loads = 0;
    const load = async () => ++loads;
    for (let i = 0; i <= 1000; i++) await cachedPage(site.runtime, ['bound', i], load);
    expect(loads).toBe(1001);
    expect((await cachedPage(site.runtime, ['bound', 1000], load)).data).toBe(1001);
    expect(loads).toBe(1001);
    await cachedPage(site.runtime, ['bound', 0], load);
    expect(loads).toBe(1002);
  });
});

describe('the readers’ page store', () => {
  it('keeps at most 500 pages of signed-in readers, apart from the visitors’ pages', async () => {
    const reader = { id: '1', username: 'reader', roleId: 1, mailStatus: 1, status: 1, rank: 1 };
    const thresholds = {};
    let loads = 0;
    const load = async () => ++loads;
    await cachedPage(site.runtime, ['kept'], load);
    for (let i = 0; i <= 500; i++) await cachedReaderPage(site.runtime, reader, thresholds, ['bound', i], load);
    expect(loads).toBe(502);
    expect((await cachedReaderPage(site.runtime, reader, thresholds, ['bound', 500], load)).data).toBe(502);
    await cachedReaderPage(site.runtime, reader, thresholds, ['bound', 0], load);
    expect(loads).toBe(503);
    // The readers' pages pushed none of the visitors' out.
    expect((await cachedPage(site.runtime, ['kept'], load)).data).toBe(1);
    // Another reputation is another page.
    expect((await cachedReaderPage(site.runtime, { ...reader, rank: 2 }, thresholds, ['bound', 500], load)).data).toBe(504);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['GZIP;Q=0.8, BR;q=0.9', 'br'],
  ])('%j -> %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
