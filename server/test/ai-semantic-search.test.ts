import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveDataPaths } from '../src/config/paths.js';
import { silentProgress } from '../src/core/progress.js';
import { createDb } from '../src/db/connect.js';
import { dumpSite } from '../src/features/dump/dump.js';
import { restoreSite } from '../src/features/dump/restore.js';
import { vectorsOf } from '../src/features/ai/embeddings/client.js';
import { aiCommand } from '../src/features/ai/embeddings/command.js';
import { semanticNeighbours } from '../src/features/ai/embeddings/neighbours.js';
import { resumeQueries } from '../src/features/ai/embeddings/query.js';
import { reindexEmbeddings } from '../src/features/ai/embeddings/reindex.js';
import { decodeVector, encodeVector } from '../src/features/ai/embeddings/vector-codec.js';
import { changedQuestionLists } from '../src/features/question/list-cache.js';
import { body, member, tempDir, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { bagOfWordsEmbedding, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai.js';

const CONFIG = '/answer/admin/api/ai-config';
const words = bagOfWordsEmbedding({ automobile: 'car', vehicle: 'car' }, 256);

describe('embedding replies are untrusted', () => {
  const reply = (...embeddings: unknown[]) => ({ data: embeddings.map((embedding, index) => ({ index, embedding })) });
  it('takes one vector per text, of finite numbers and one length', () => {
    expect(vectorsOf(reply([0.5, -0.5], [1, 0]), 2)?.map((v) => [...v])).toEqual([[0.5, -0.5], [1, 0]]);
    // Out of order replies are put back in `index` order.
    expect(vectorsOf({ data: [{ index: 1, embedding: [0, 1] }, { index: 0, embedding: [1, 0] }] }, 2)?.map((v) => [...v])).toEqual([[1, 0], [0, 1]]);
  });
  it('refuses anything else', () => {
    for (const bad of [
      null,
      'text',
      { data: 'x' },
      reply([1, 0]),
      reply([1, 0], [1, 0, 0]),
      reply([1, null], [1, 0]),
      reply([1, '2'], [1, 0]),
      reply([0, 0], [1, 0]),
      reply([1], [1]),
      { data: [{ index: 0, embedding: [1, 0] }, { index: 0, embedding: [0, 1] }] },
      { data: [{ index: 5, embedding: [1, 0] }, { index: 0, embedding: [0, 1] }] },
    ]) {
      expect(vectorsOf(bad, 2)).toBeNull();
    }
  });
  it('stores vectors as Int8 values that keep their direction', () => {
    const v = Float32Array.from([0.9, -0.3, 0.01, 0]);
    const back = decodeVector(encodeVector(v), 4)!;
    expect([...back]).toEqual([127, -42, 1, 0]);
    expect(decodeVector(encodeVector(v), 5)).toBeNull();
  });
});

interface Item {
  object_type: 'question' | 'answer';
  object: { id: string; question_id: string; title: string };
}

describe.each(dialectTargets())('semantic search on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let asker: User;
  let other: User;
  let fake: FakeOpenAi;
  let mode: 'ok' | 'malformed' = 'ok';
  const ids = {} as Record<'car' | 'paint' | 'pasta' | 'shopAnswer' | 'battery' | 'deleted' | 'pending' | 'unlisted', string>;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = '', payload?: unknown) =>
    site.app.inject({ method, url: url.startsWith('/answer/') ? url : `/answer/api/v1${url}`, headers: token ? { authorization: token } : {}, payload: payload as object });
  const searchData = async (q: string, token = '') => {
    const res = await api('GET', `/search?q=${encodeURIComponent(q)}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ count: number; list: Item[] }>(res).data;
  };
  const found = async (q: string, token = '') => (await searchData(q, token)).list.map((i) => (i.object_type === 'answer' ? `A:${i.object.title}` : i.object.title));
  const ask = async (token: string, title: string, content: string) => {
    const res = await api('POST', '/question', token, { title, content, tags: [{ slug_name: 'cars' }] });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.json().data.id);
  };
  const semantic = async (on: boolean, extra: Record<string, unknown> = {}, host = fake.url) => {
    const res = await api('PUT', CONFIG, admin.token, {
      ...extra,
      enabled: false,
      chosen_provider: 'openai_compatible',
      ai_providers: [{ provider: 'openai_compatible', api_host: host, api_key: '', model: 'fake-chat', embedding_model: 'fake-embed' }],
      semantic_search_enabled: on,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const embedded = async () => (await site.runtime.database.selectFrom('ai_embedding').select('object_id').execute()).map((r) => String(r.object_id));
  const embedCalls = () => fake.requests.filter((r) => r.path.endsWith('/v1/embeddings'));

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    asker = await member(site, 'asker', 2000);
    other = await member(site, 'other', 2000);
    fake = await startFakeOpenAi({ embed: (texts) => (mode === 'malformed' ? texts.map((_, i) => (i === 0 ? [1, 2, 3] : [1, 2])) : words(texts)) });
    // Written before semantic search is on: `answer ai reindex` embeds them.
    ids.car = await ask(asker.token, 'My car will not start', 'Cranks slowly when cold.');
    ids.paint = await ask(asker.token, 'Automobile paint colours', 'Which paint lasts longest outside?');
    ids.pasta = await ask(other.token, 'How long to boil pasta', 'Cooking question about water and salt.');
    const answered = await api('POST', '/answer', asker.token, { question_id: ids.pasta, content: 'Put the pot in your car and drive to a restaurant.' });
    expect(answered.statusCode, answered.body).toBe(200);
    ids.shopAnswer = String(answered.json().data.info.id);
  });
  afterAll(async () => {
    await fake?.close();
    await stop?.();
  });

  let fullText: string[];
  let fullTextReply: Awaited<ReturnType<typeof searchData>>;

  it('without a provider, search is full-text and nothing is embedded', async () => {
    fullTextReply = await searchData('automobile');
    fullText = await found('automobile');
    expect(fullText).toEqual(['Automobile paint colours']);
    await site.runtime.outbox.idle();
    expect(embedCalls()).toHaveLength(0);
    expect(await embedded()).toEqual([]);
  });

  it('reindex embeds every visible post once, and again costs nothing', async () => {
    await semantic(true);
    const first = (await reindexEmbeddings(site.runtime))!;
    // The install's own welcome posts count too.
    expect(first.posts).toBeGreaterThanOrEqual(4);
    expect(first).toMatchObject({ embedded: first.posts, unchanged: 0, outOfBudget: false });
    expect(await embedded()).toHaveLength(first.posts);
    expect(await embedded()).toEqual(expect.arrayContaining([ids.car, ids.paint, ids.pasta, ids.shopAnswer]));
    const calls = embedCalls().length;
    // Batched: one call for the questions, one for the answers.
    expect(calls).toBe(2);
    expect(embedCalls()[0]!.body).toMatchObject({ model: 'fake-embed' });
    expect(embedCalls().flatMap((r) => r.body.input)).toContain('My car will not start\n\nCranks slowly when cold.');
    const again = await reindexEmbeddings(site.runtime);
    expect(again).toMatchObject({ posts: first.posts, embedded: 0, unchanged: first.posts, removed: 0 });
    expect(embedCalls()).toHaveLength(calls);
  });

  it('`answer ai reindex` reports what it did', async () => {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    try {
      expect(await aiCommand(resolveDataPaths(site.dataDir), ['reindex'])).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(out.join('\n')).toMatch(/^Embedded 0 of (\d+) posts \(\1 already current, 0 tokens\)/);
  });

  it('Admin → AI runs the reindex in the background and shows its progress', async () => {
    const REINDEX = '/answer/admin/api/ai/reindex';
    expect((await api('POST', REINDEX, asker.token)).statusCode).toBe(403);
    await semantic(false);
    const off = await api('POST', REINDEX, admin.token);
    expect([off.statusCode, off.json().reason]).toEqual([400, 'error.ai.semantic_search_off']);
    await semantic(true);
    const started = await api('POST', REINDEX, admin.token);
    expect(started.statusCode, started.body).toBe(200);
    let state = started.json().data;
    for (let i = 0; i < 100 && state.running; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await api('GET', REINDEX, admin.token)).json().data;
    }
    expect(state).toMatchObject({ running: false, stopped: '', msg: '' });
    expect(state.done).toBe(state.total);
    expect(state.total).toBeGreaterThanOrEqual(4);
    expect(state.finished_at).toBeGreaterThanOrEqual(state.started_at);
  });

  it('vectors survive a dump and restore', async () => {
    const dir = tempDir('answer-ai-dump-');
    const file = path.join(dir, 'site.tar');
    await dumpSite(site.runtime.database, path.join(dir, 'uploads'), file, silentProgress);
    const restored = createDb({ driver: 'sqlite3', connection: path.join(dir, 'restored.db') });
    try {
      await restoreSite(restored, file, path.join(dir, 'restored-uploads'), { force: false, progress: silentProgress });
      const rows = async (db: typeof restored) =>
        (await db.selectFrom('ai_embedding').select(['object_id', 'model', 'dims', 'content_hash', 'vector']).orderBy('object_id').execute()).map((r) => ({ ...r, object_id: String(r.object_id), dims: Number(r.dims) }));
      const before = await rows(site.runtime.database);
      expect(before.length).toBeGreaterThan(0);
      expect(await rows(restored)).toEqual(before);
    } finally {
      await restored.destroy();
    }
  });

  it('ranks a paraphrase that full-text misses, its answers too', async () => {
    const titles = await found('automobile');
    expect(titles).toContain('My car will not start');
    expect(titles).toContain('Automobile paint colours');
    expect(titles).toContain('A:How long to boil pasta');
    expect(titles).not.toContain('How long to boil pasta');
    // A post matching the words and the meaning comes first.
    expect((await found('car start'))[0]).toBe('My car will not start');
    // Quoted phrases and other orders stay exact.
    expect(await found('"automobile"')).toEqual(fullText);
    const newest = await api('GET', `/search?q=automobile&order=newest`);
    expect(body(newest).data.list.map((i: Item) => i.object.title)).toEqual(fullText);
  });

  it('new and edited posts are embedded through the outbox after the write', async () => {
    ids.battery = await ask(other.token, 'Vehicle battery died', 'It was fine yesterday.');
    await site.runtime.outbox.idle();
    expect(await embedded()).toContain(ids.battery);
    expect(embedCalls().at(-1)!.raw).toContain('Vehicle battery died');
    const edit = await api('PUT', '/question', other.token, { id: ids.battery, title: 'Vehicle battery died', content: 'Fine yesterday, dim lights now.', tags: [{ slug_name: 'cars' }], edit_summary: 'more' });
    expect(edit.statusCode, edit.body).toBe(200);
    await site.runtime.outbox.idle();
    expect(embedCalls().at(-1)!.raw).toContain('dim lights now');
    expect(await found('automobile')).toContain('Vehicle battery died');
  });

  it('similar questions while asking and related questions use the vectors', async () => {
    const similar = await api('GET', `/question/similar?title=${encodeURIComponent('automobile trouble')}`, asker.token);
    expect(similar.statusCode, similar.body).toBe(200);
    const titles = (body(similar).data as { title: string }[]).map((q) => q.title);
    expect(titles).toContain('My car will not start');
    expect(titles).toContain('Vehicle battery died');
    const related = await api('GET', `/question/similar/tag?question_id=${ids.car}`);
    expect(related.statusCode, related.body).toBe(200);
    // No title word is shared: only the meaning links them.
    expect((body(related).data.list as { title: string }[])[0]!.title).toBe('Vehicle battery died');
  });

  it('a deleted, pending or unlisted post never comes back to someone who may not see it', async () => {
    ids.deleted = await ask(other.token, 'Selling my old car', 'Cheap, runs well.');
    ids.pending = await ask(other.token, 'Car alarm keeps ringing', 'At night, every night.');
    ids.unlisted = await ask(asker.token, 'Car wash soap', 'Which soap is safe?');
    await site.runtime.outbox.idle();
    // Their vectors exist: only the visibility check keeps them out.
    expect(await embedded()).toEqual(expect.arrayContaining([ids.deleted, ids.pending, ids.unlisted]));
    expect((await api('DELETE', '/question', other.token, { id: ids.deleted })).statusCode).toBe(200);
    await site.runtime.database.updateTable('question').set({ status: 11 }).where('id', '=', ids.pending).execute();
    expect((await api('PUT', '/question/operation', admin.token, { id: ids.unlisted, operation: 'hide' })).statusCode).toBe(200);
    await changedQuestionLists(site.runtime);
    const hidden = ['Selling my old car', 'Car alarm keeps ringing', 'Car wash soap'];
    for (const token of ['', other.token]) {
      const titles = await found('automobile', token);
      expect(titles).toContain('My car will not start');
      for (const t of hidden) expect(titles).not.toContain(t);
    }
    // Unlisted shows to its author and to moderators, as in full-text search; deleted and pending to nobody.
    for (const token of [asker.token, admin.token]) {
      const titles = await found('automobile', token);
      expect(titles).toContain('Car wash soap');
      expect(titles).not.toContain('Selling my old car');
      expect(titles).not.toContain('Car alarm keeps ringing');
    }
    const near = await semanticNeighbours(site.runtime, null, 'automobile', 10);
    const nearIds = near.map((n) => n.object_id);
    expect(nearIds).toContain(ids.car);
    for (const id of [ids.deleted, ids.pending, ids.unlisted]) expect(nearIds).not.toContain(id);
    expect(near.find((n) => n.object_id === ids.shopAnswer)).toMatchObject({ kind: 'answer', question_id: ids.pasta });
    const similar = (body(await api('GET', `/question/similar?title=${encodeURIComponent('automobile trouble')}`, other.token)).data as { title: string }[]).map((q) => q.title);
    for (const t of ['Selling my old car', 'Car alarm keeps ringing']) expect(similar).not.toContain(t);
  });

  it('turning semantic search off restores the full-text results', async () => {
    await semantic(false);
    expect(await searchData('automobile')).toEqual(fullTextReply);
    expect(await semanticNeighbours(site.runtime, null, 'automobile', 5)).toEqual([]);
    await semantic(true);
  });

  it('a spent token budget stops embedding and leaves search full-text', async () => {
    const calls = embedCalls().length;
    await semantic(true, { monthly_token_budget: 1 });
    const edit = await api('PUT', '/question', asker.token, { id: ids.car, title: 'My car will not start', content: 'Cranks slowly when it is cold.', tags: [{ slug_name: 'cars' }], edit_summary: 'cold' });
    expect(edit.statusCode, edit.body).toBe(200);
    await site.runtime.outbox.idle();
    expect(embedCalls()).toHaveLength(calls);
    expect(await reindexEmbeddings(site.runtime)).toMatchObject({ embedded: 0, outOfBudget: true });
    expect(await found('automobile start')).toEqual([]);
    expect(embedCalls()).toHaveLength(calls);
    await semantic(true, { monthly_token_budget: 0 });
    await reindexEmbeddings(site.runtime);
    expect(embedCalls().at(-1)!.raw).toContain('when it is cold');
  });

  it('a provider replying nonsense or down never fails a search or a write', async () => {
    const exact = await found('"paint"');
    mode = 'malformed';
    expect(await found('paint')).toEqual(exact);
    expect(await semanticNeighbours(site.runtime, null, 'paint outside', 5)).toEqual([]);
    resumeQueries(site.runtime);
    await fake.close();
    expect(await found('colours')).toEqual(['Automobile paint colours']);
    // The write succeeds; its embedding waits in the outbox for a retry.
    const edit = await api('PUT', '/question', asker.token, { id: ids.paint, title: 'Automobile paint colours', content: 'Which paint lasts longest outside in the sun?', tags: [{ slug_name: 'cars' }], edit_summary: 'sun' });
    expect(edit.statusCode, edit.body).toBe(200);
    await site.runtime.outbox.idle();
    const row = await site.runtime.database.selectFrom('outbox').select(['attempts', 'done_at', 'last_error']).where('topic', '=', 'ai.embed').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(1);
    expect(Number(row.done_at)).toBe(0);
    expect(row.last_error).toMatch(/unreachable/);
    await expect(reindexEmbeddings(site.runtime)).rejects.toThrow(/unreachable/);
  });
  it('a provider over its rate limit or too slow never fails a search', async () => {
    let hang = false;
    const troubled = http.createServer((req, res) => {
      if (hang) return; // never answers: the 3-second limit ends the call
      res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"Rate limit reached"}}');
    });
    await new Promise<void>((resolve) => troubled.listen(0, '127.0.0.1', resolve));
    try {
      // Another address is tried at once, though the last one failed a moment ago.
      await semantic(true, {}, `http://127.0.0.1:${(troubled.address() as AddressInfo).port}`);
      expect(await found('automobile colours')).toEqual(['Automobile paint colours']);
      resumeQueries(site.runtime);
      hang = true;
      expect(await found('automobile paint')).toEqual(['Automobile paint colours']);
    } finally {
      troubled.closeAllConnections();
      await new Promise((resolve) => troubled.close(resolve));
    }
  });
});
