import type { AiChatChunk } from '@answer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TIMEOUTS } from '../src/features/ai/chat-provider.js';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';
import { reindexEmbeddings } from '../src/features/ai/embeddings/reindex.js';
import { bagOfWordsEmbedding, type FakeOpenAi, startFakeOpenAi } from './support/fake-openai.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';

/** The events of a chat reply: its chunks, and whether it ended with [DONE]. */
function events(text: string): { chunks: AiChatChunk[]; done: boolean } {
  const data = text
    .split('\n\n')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('data: '))
    .map((e) => e.slice(6));
  return { chunks: data.filter((d) => d !== '[DONE]').map((d) => JSON.parse(d) as AiChatChunk), done: data[data.length - 1] === '[DONE]' };
}
const textOf = (chunks: AiChatChunk[]) => chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
const last = (chunks: AiChatChunk[]) => chunks[chunks.length - 1]!;

describe.each(dialectTargets())('AI assistant on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let admin: User;
  let asker: User;
  let reader: User;
  let other: User;
  let fake: FakeOpenAi;
  const ids: Record<string, string> = {};

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user: User | null, payload?: unknown) =>
    site.app.inject({ method, url, headers: user ? { authorization: user.token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    await site.runtime.outbox.idle();
    return JSON.parse(r.body).data;
  };
  const configure = (extra: Record<string, unknown> = {}) =>
    ok(
      call('PUT', `${ADMIN_API}/ai-config`, admin, {
        enabled: true,
        chosen_provider: 'openai_compatible',
        ai_providers: [{ provider: 'openai_compatible', api_host: fake.url, api_key: 'sk-fake-key', model: 'fake-chat' }],
        daily_limit_per_member: 0,
        monthly_token_budget: 0,
        allowed_roles: [1, 2, 3],
        ...extra,
      }),
    );
  const ask = (question: string, conversation_id = '', user: User = reader) => call('POST', `${API}/chat/completions`, user, { messages: [{ role: 'user', content: question }], conversation_id });
  const post = async (user: User, title: string, content: string) => (await ok(call('POST', `${API}/question`, user, { title, content, tags: [{ slug_name: 'support' }] }))).id as string;
  const answer = async (user: User, questionId: string, content: string) => (await ok(call('POST', `${API}/answer`, user, { question_id: questionId, content }))).info.id as string;
  /** Everything the provider was sent, as one text. */
  const sentToProvider = () => fake.chatRequests().map((r) => r.raw).join('\n');

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    admin = await adminOf(site);
    asker = await member(site, 'aiasker', 200);
    reader = await member(site, 'aireader', 1);
    other = await member(site, 'aiother', 1);
    fake = await startFakeOpenAi({ key: 'sk-fake-key', embed: bagOfWordsEmbedding({ automobile: 'car', vehicle: 'car' }) });
    CHAT_TIMEOUTS.firstByteMs = 500;
    ids.zebra = await post(asker, 'How do I configure the zebra router firmware?', 'The zebra router firmware keeps resetting my settings after a reboot.');
    ids.zebraAnswer = await answer(admin, ids.zebra, 'Hold the reset button for ten seconds, then flash the zebra firmware again from the recovery page.');
    ids.lemur = await post(asker, 'Where are the lemur backup files kept?', 'I need to restore the lemur backups to another machine.');
    ids.lemurAnswer = await answer(admin, ids.lemur, 'Lemur keeps its backups under the data folder, in backups/lemur, one archive per day.');
    // What the reader may not see: deleted, pending review, and an unlisted question of someone else.
    ids.deleted = await post(asker, 'Quokka deleted secret alpha', 'This quokka post holds DELETEDMARKER and was deleted.');
    await ok(call('DELETE', `${API}/question`, asker, { id: ids.deleted }));
    ids.unlisted = await post(asker, 'Quokka unlisted secret gamma', 'This quokka post holds UNLISTEDMARKER and is unlisted.');
    await ok(call('PUT', `${API}/question/operation`, admin, { id: ids.unlisted, operation: 'hide' }));
    await ok(call('PUT', `${ADMIN_API}/siteinfo/review`, admin, { reputation_below: 0, first_posts: 0, review_words: ['heldword'], delete_words: [], max_links: null }));
    const held = await call('POST', `${API}/question`, other, { title: 'Quokka pending secret beta', content: 'This quokka post holds PENDINGMARKER heldword and waits for review.', tags: [{ slug_name: 'support' }] });
    expect(held.statusCode, held.body).toBe(200);
    ids.visible = await post(asker, 'Quokka feeding schedule for the shelter', 'How often should the shelter quokka be fed?');
    await answer(admin, ids.visible, 'Twice a day, leaves and grass; the quokka shelter keeps a feeding log.');
  });
  afterAll(async () => {
    CHAT_TIMEOUTS.firstByteMs = 30_000;
    await fake?.close();
    await stop?.();
  });

  it('is refused while off, to visitors and to roles not allowed', async () => {
    expect(body(await ask('anything')).reason).toBe('error.ai.disabled');
    expect((await ask('anything')).statusCode).toBe(404);
    await configure({ allowed_roles: [2] });
    expect((await ask('anything', '', null as unknown as User)).statusCode).toBe(401);
    const refused = await ask('anything');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).reason).toBe('error.ai.not_allowed');
    expect(body(await call('GET', `${API}/ai/status`, reader)).data).toMatchObject({ enabled: true, can_use: false });
    expect(fake.chatRequests()).toHaveLength(0);
    await configure();
    expect(body(await call('GET', `${API}/ai/status`, reader)).data).toMatchObject({ enabled: true, can_use: true, remaining_today: -1 });
    expect(body(await call('GET', `${API}/siteinfo`, null)).data.ai_enabled).toBe(true);
  });

  it('streams an answer that cites the exact posts it came from, and keeps the conversation', async () => {
    fake.script((request) => {
      const sent = JSON.stringify(request.messages);
      // The answer's source number, as the prompt numbered it.
      const n = /\[(\d+)\] Answer to: How do I configure the zebra/.exec(JSON.parse(sent).map((m: { content: string }) => m.content).join('\n'))?.[1];
      return { content: `Hold the reset button for ten seconds, then flash again [${n}].`, usage: { prompt_tokens: 300, completion_tokens: 40 } };
    });
    const res = await ask('My zebra router firmware resets after reboot, what do I do?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const { chunks, done } = events(res.body);
    expect(done).toBe(true);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const final = last(chunks);
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expect(textOf(chunks)).toMatch(/^Hold the reset button for ten seconds, then flash again \[\d+\]\.$/);
    expect(final.grounded).toBe(true);
    expect(final.citations).toHaveLength(1);
    expect(final.citations![0]).toMatchObject({ kind: 'answer', object_id: ids.zebraAnswer, question_id: ids.zebra });
    expect(final.citations![0]!.url).toContain(`/questions/${ids.zebra}/`);
    expect(final.citations![0]!.url).toContain(ids.zebraAnswer);
    expect(final.html).toContain(`href="${final.citations![0]!.url}"`);
    // The provider got the member's question and the post's text, with the site's key.
    const request = fake.chatRequests().at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-fake-key');
    expect(request.body.stream).toBe(true);
    expect(request.raw).toContain('flash the zebra firmware again from the recovery page');
    // The conversation is kept, for the member only.
    const list = body(await call('GET', `${API}/ai/conversation/page`, reader)).data;
    expect(list.count).toBe(1);
    expect(list.list[0].conversation_id).toBe(final.conversation_id);
    const detail = body(await call('GET', `${API}/ai/conversation?conversation_id=${final.conversation_id}`, reader)).data;
    expect(detail.records.map((r: { role: string }) => r.role)).toEqual(['user', 'assistant']);
    expect(detail.records[1]).toMatchObject({ chat_completion_id: final.chat_completion_id, grounded: true, helpful: 0 });
    expect(detail.records[1].html).toContain('<a href=');
    expect((await call('GET', `${API}/ai/conversation?conversation_id=${final.conversation_id}`, other)).statusCode).toBe(404);
    // Continuing: the earlier turn goes along, and someone else cannot continue it.
    fake.script(() => ({ content: 'NO_ANSWER' }));
    const next = await ask('And what about the lemur backups?', final.conversation_id);
    expect(next.statusCode).toBe(200);
    expect(fake.chatRequests().at(-1)!.raw).toContain('My zebra router firmware resets after reboot');
    expect((await ask('Let me in', final.conversation_id, other)).statusCode).toBe(404);
    expect(body(await call('GET', `${API}/ai/conversation?conversation_id=${final.conversation_id}`, reader)).data.records).toHaveLength(4);
  });

  it('never sends the provider a post the member may not see', async () => {
    fake.script((request, n) => (n === 0 ? { toolCalls: [{ name: 'search_site', arguments: '{"query":"quokka secret"}' }] } : { content: 'Feed it twice a day [1].' }));
    const res = await ask('Tell me about the quokka secrets: alpha, beta, gamma');
    expect(res.statusCode, res.body).toBe(200);
    const sent = sentToProvider();
    expect(sent).toContain('Twice a day, leaves and grass');
    for (const marker of ['DELETEDMARKER', 'PENDINGMARKER', 'UNLISTEDMARKER']) expect(sent).not.toContain(marker);
    // The tool round's search was run and reported to the member as a step.
    expect(events(res.body).chunks.some((c) => c.step?.kind === 'searching' && c.step.detail === 'quokka secret')).toBe(true);
    // The unlisted question's author may see it, and so may the model when they ask.
    fake.script(() => ({ content: 'It is unlisted [1].' }));
    expect((await ask('quokka unlisted secret gamma', '', asker)).statusCode).toBe(200);
    expect(fake.chatRequests().at(-1)!.raw).toContain('UNLISTEDMARKER');
  });

  it('reads more through tool calls over several rounds, and cites what the tools found', async () => {
    fake.script((request, n) => {
      if (n === 0) return { toolCalls: [{ name: 'read_question', arguments: JSON.stringify({ question_id: ids.lemur }) }] };
      const tool = request.messages.find((m: { role: string }) => m.role === 'tool');
      const source = JSON.parse(tool.content).sources.find((s: { kind: string }) => s.kind === 'answer');
      return { content: `Under the data folder [${source.n}].` };
    });
    const res = await ask('zebra firmware question, but also where do backups live?');
    const { chunks } = events(res.body);
    expect(chunks.some((c) => c.step?.kind === 'reading' && c.step.detail === ids.lemur)).toBe(true);
    const final = last(chunks);
    expect(final.citations!.map((c) => c.object_id)).toEqual([ids.lemurAnswer]);
    expect(fake.chatRequests().at(-1)!.body.messages.some((m: { role: string }) => m.role === 'tool')).toBe(true);
  });

  it("gives nothing of a private site to a visitor or to an account that may not read it", async () => {
    fake.script(undefined);
    const login = await ok(call('GET', `${ADMIN_API}/siteinfo/login`, admin));
    await ok(call('PUT', `${ADMIN_API}/siteinfo/login`, admin, { ...login, login_required: true }));
    const unverified = await member(site, 'aiunverified', 1);
    await site.runtime.database.updateTable('user').set({ mail_status: 2 }).where('id', '=', unverified.id).execute();
    try {
      const calls = fake.chatRequests().length;
      expect((await ask('zebra router firmware', '', null as unknown as User)).statusCode).toBe(401);
      expect((await call('POST', `${API}/ai/ask-summary`, null, { title: 'zebra router firmware' })).statusCode).toBe(401);
      expect((await call('GET', `${API}/ai/status`, null)).statusCode).toBe(401);
      expect((await ask('zebra router firmware', '', unverified)).statusCode).toBe(403);
      expect(fake.chatRequests()).toHaveLength(calls);
      // A verified member of the private site is served as before.
      expect((await ask('zebra router firmware')).statusCode).toBe(200);
    } finally {
      await ok(call('PUT', `${ADMIN_API}/siteinfo/login`, admin, { ...login, login_required: false }));
    }
  });

  it('keeps one conversation, one owner, when requests with a new id race', async () => {
    fake.script(undefined);
    const id = 'race-conversation-0001';
    const [a, b, c] = await Promise.all([ask('zebra router firmware', id, reader), ask('lemur backups', id, reader), ask('zebra router firmware', id, other)]);
    // Every answered request ended well (a failure after the stream began would still be a 200).
    for (const r of [a, b, c].filter((r) => r.statusCode === 200)) expect(last(events(r.body).chunks).choices[0]!.finish_reason).toBe('stop');
    // Whoever inserted the id first owns it; the other member is told it does not exist.
    const owners = await site.runtime.database.selectFrom('ai_conversation').select('user_id').where('conversation_id', '=', id).execute();
    expect(owners).toHaveLength(1);
    if (String(owners[0]!.user_id) === reader.id) {
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 404]);
      expect(body(await call('GET', `${API}/ai/conversation?conversation_id=${id}`, reader)).data.records).toHaveLength(4);
    } else {
      expect(String(owners[0]!.user_id)).toBe(other.id);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([404, 404, 200]);
      expect(body(await call('GET', `${API}/ai/conversation?conversation_id=${id}`, other)).data.records).toHaveLength(2);
    }
  });

  it('renders answers with the posts\' sanitiser, without images, citations linked outside code only', async () => {
    fake.script(() => ({ content: 'Flash it [1]. ![x](https://evil.example/?q=secret) <script>alert(1)</script> Run `reset [1]`.' }));
    const final = last(events((await ask('zebra router firmware')).body).chunks);
    expect(final.grounded).toBe(true);
    expect(final.html).not.toMatch(/<img|<script|evil\.example/);
    expect(final.html).toContain(`<a href="${final.citations![0]!.url}"`);
    expect(final.html).toContain('<code>reset [1]</code>');
    fake.script(undefined);
  });

  it('says honestly when the site has no answer', async () => {
    fake.script(() => ({ content: 'NO_ANSWER' }));
    const res = await ask('How do I bake sourdough bread on the moon?');
    const { chunks } = events(res.body);
    expect(textOf(chunks)).not.toContain('NO_ANSWER');
    expect(textOf(chunks)).toContain('The site has no answer to this yet');
    expect(last(chunks)).toMatchObject({ grounded: false, citations: [] });
    // An answer citing nothing real is not grounded either.
    fake.script(() => ({ content: 'Just reboot it [42].' }));
    expect(last(events((await ask('zebra router firmware')).body).chunks)).toMatchObject({ grounded: false, citations: [] });
  });

  it('turns provider failures into clear messages, never a 500, and does not count them', async () => {
    await configure({ daily_limit_per_member: 50 });
    const before = body(await call('GET', `${API}/ai/status`, reader)).data.remaining_today;
    const conversations = body(await call('GET', `${API}/ai/conversation/page`, reader)).data.count;
    fake.script(() => ({ status: 429 }));
    let res = await ask('zebra router firmware');
    expect(res.statusCode).toBe(429);
    expect(body(res).reason).toBe('error.ai.provider.rate_limited');
    expect(body(res).msg).toMatch(/busy/);
    fake.script(() => ({ raw: 'data: {not json\n\n' }));
    res = await ask('zebra router firmware');
    expect([res.statusCode, body(res).reason]).toEqual([503, 'error.ai.provider.malformed']);
    fake.script(() => ({ hangMs: 5_000 }));
    res = await ask('zebra router firmware');
    expect([res.statusCode, body(res).reason]).toEqual([503, 'error.ai.provider.timeout']);
    fake.script(() => ({ status: 401 }));
    expect(body(await ask('zebra router firmware')).reason).toBe('error.ai.provider.unauthorized');
    // A failure after text began ends the stream with an error chunk.
    fake.script(() => ({ raw: `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Partly' } }] })}\n\ndata: {broken\n\n` }));
    res = await ask('zebra router firmware');
    expect(res.statusCode).toBe(200);
    const final = last(events(res.body).chunks);
    expect(final.choices[0]!.finish_reason).toBe('error');
    expect(final.error!.reason).toBe('error.ai.provider.malformed');
    expect(body(await call('GET', `${API}/ai/status`, reader)).data.remaining_today).toBe(before);
    // The new conversations those failures claimed are not kept.
    expect(body(await call('GET', `${API}/ai/conversation/page`, reader)).data.count).toBe(conversations);
    fake.script(undefined);
  });

  it('holds the daily limit and the monthly budget exactly under concurrent requests', async () => {
    await configure({ daily_limit_per_member: 3 });
    await site.runtime.database.deleteFrom('ai_usage').execute();
    const burst = await Promise.all(Array.from({ length: 8 }, () => ask('zebra router firmware', '', other)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(burst.filter((r) => r.statusCode === 429).map((r) => body(r).reason)).toEqual(Array(5).fill('error.ai.daily_limit'));

    await configure({ daily_limit_per_member: 0, monthly_token_budget: 1500 });
    await site.runtime.database.deleteFrom('ai_usage').execute();
    fake.script(() => ({ content: 'See [1].', usage: { prompt_tokens: 100, completion_tokens: 20 } }));
    const spend = await Promise.all(Array.from({ length: 6 }, () => ask('zebra router firmware', '', other)));
    const served = spend.filter((r) => r.statusCode === 200).length;
    const refused = spend.filter((r) => r.statusCode === 429);
    expect(served).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => body(r).reason === 'error.ai.budget_spent')).toBe(true);
    const row = await site.runtime.database.selectFrom('ai_usage').select('used').where('scope', '=', 'site.tokens').executeTakeFirstOrThrow();
    expect(Number(row.used)).toBe(served * 120);
    expect(Number(row.used)).toBeLessThanOrEqual(1500);
    await configure();
    fake.script(undefined);
  });

  it('lets members judge, report and delete their conversations, and administrators review them', async () => {
    const res = await ask('zebra router firmware reset', '', asker);
    const final = last(events(res.body).chunks);
    const vote = (user: User, vote_type: string, cancel = false) => call('POST', `${API}/ai/conversation/vote`, user, { chat_completion_id: final.chat_completion_id, vote_type, cancel });
    expect((await vote(asker, 'helpful')).statusCode).toBe(200);
    expect((await vote(other, 'helpful')).statusCode).toBe(404);
    expect((await vote(asker, 'sideways')).statusCode).toBe(400);
    expect((await call('POST', `${API}/ai/conversation/report`, asker, { chat_completion_id: final.chat_completion_id, reason: 'It made things up.' })).statusCode).toBe(200);
    const detail = body(await call('GET', `${API}/ai/conversation?conversation_id=${final.conversation_id}`, asker)).data;
    expect(detail.records[1]).toMatchObject({ helpful: 1, unhelpful: 0, reported: true });

    expect((await call('GET', `${ADMIN_API}/ai/conversation/page`, asker)).statusCode).toBe(403);
    const list = body(await call('GET', `${ADMIN_API}/ai/conversation/page?page_size=50`, admin)).data;
    const item = list.list.find((c: { id: string }) => c.id === final.conversation_id);
    expect(item).toMatchObject({ helpful_count: 1, report_count: 1, user_info: { id: asker.id, username: 'aiasker' } });
    expect(item.tokens).toBeGreaterThan(0);
    const adminDetail = body(await call('GET', `${ADMIN_API}/ai/conversation?conversation_id=${final.conversation_id}`, admin)).data;
    expect(adminDetail.records[1].report_reason).toBe('It made things up.');
    const usage = body(await call('GET', `${ADMIN_API}/ai/usage`, admin)).data;
    expect(usage).toMatchObject({ enabled: true, reports: 1 });
    expect(usage.conversations).toBeGreaterThanOrEqual(list.count);

    expect((await call('DELETE', `${API}/ai/conversation`, other, { conversation_id: final.conversation_id })).statusCode).toBe(404);
    expect((await call('DELETE', `${API}/ai/conversation`, asker, { conversation_id: final.conversation_id })).statusCode).toBe(200);
    expect((await call('GET', `${API}/ai/conversation?conversation_id=${final.conversation_id}`, asker)).statusCode).toBe(404);
    expect((await call('GET', `${API}/ai/conversation?conversation_id=bad!`, asker)).statusCode).toBe(400);
  });

  it('summarises what the site already says while a question is written', async () => {
    fake.script(() => ({ content: 'This was answered: flash the firmware again [2].' }));
    const summary = await ok(call('POST', `${API}/ai/ask-summary`, reader, { title: 'Zebra router firmware keeps resetting', content: 'After every reboot my zebra router settings are gone.' }));
    expect(summary.grounded).toBe(true);
    expect(summary.citations[0].question_id).toBe(ids.zebra);
    expect(summary.html).toContain('<a href=');
    const calls = fake.chatRequests().length;
    // Nothing on the site about it: no provider call at all.
    expect(await ok(call('POST', `${API}/ai/ask-summary`, reader, { title: 'Xylophone tuning for beginners', content: '' }))).toEqual({ html: '', citations: [], grounded: false });
    expect(fake.chatRequests()).toHaveLength(calls);
    expect((await call('POST', `${API}/ai/ask-summary`, reader, { title: '' })).statusCode).toBe(400);
    fake.script(undefined);
  });
});
