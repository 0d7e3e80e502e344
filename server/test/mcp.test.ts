import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, member, type TestSite } from './support/app.js';
import { adminOf, dialectTargets, siteOn, type User } from './support/dialect-sites.js';

const API = '/answer/api/v1';
const ADMIN_API = '/answer/admin/api';
type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

/** The MCP server (issue 28) with the SDK's own client over Streamable HTTP, keys as the owners see. */
describe.each(dialectTargets())('MCP server on $name', (target) => {
  let site: TestSite;
  let stop: () => Promise<void>;
  let base: string;
  let admin: User;
  let writer: User;
  let readKey: string;
  let writeKey: string;
  let questionId: string;
  const clients: Client[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, authorization?: string, payload?: unknown) =>
    site.app.inject({ method, url, headers: authorization ? { authorization } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return JSON.parse(r.body).data;
  };
  const keyOf = async (owner: User, scope: string) => (await ok(call('POST', `${API}/user/api-key`, owner.token, { description: `mcp ${scope}`, scope }))).access_key as string;
  const connect = async (key: string) => {
    const client = new Client({ name: 'answer-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${API}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    clients.push(client);
    return client;
  };
  const use = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
  const json = (result: ToolResult) => {
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    return JSON.parse(result.content[0]!.text);
  };

  beforeAll(async () => {
    ({ site, stop } = await siteOn(target));
    base = await site.app.listen({ host: '127.0.0.1', port: 0 });
    admin = await adminOf(site);
    writer = await member(site, `mcpwriter${target.name.slice(0, 3)}`, 2000);
    readKey = await keyOf(writer, 'read');
    writeKey = await keyOf(writer, 'write');
    questionId = (await ok(call('POST', `${API}/question`, admin.token, { title: 'How do I connect an assistant over MCP?', content: 'The question body, long enough.', tags: [{ slug_name: 'mcp-tools' }] }))).id;
  });
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await stop?.();
  });

  it('is off until an administrator turns it on, and tells how to connect', async () => {
    expect((await call('POST', `${API}/mcp`, `Bearer ${readKey}`, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).statusCode).toBe(404);
    expect(await ok(call('GET', `${ADMIN_API}/mcp-config`, admin.token))).toMatchObject({ enabled: false, type: 'streamable-http', url: expect.stringMatching(/\/answer\/api\/v1\/mcp$/), http_header: expect.stringContaining('Authorization') });
    expect((await call('PUT', `${ADMIN_API}/mcp-config`, writer.token, { enabled: true })).statusCode).toBe(403);
    await ok(call('PUT', `${ADMIN_API}/mcp-config`, admin.token, { enabled: true }));
    expect((await ok(call('GET', `${ADMIN_API}/mcp-config`, admin.token))).enabled).toBe(true);
    // A session is not a key.
    const bySession = await call('POST', `${API}/mcp`, writer.token, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect([bySession.statusCode, body(bySession).reason]).toEqual([401, 'error.mcp.key_required']);
  });

  it('lists the read tools to a read key and answers each as its owner sees', async () => {
    const client = await connect(readKey);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['get_question', 'get_tag', 'get_user', 'list_questions', 'list_tags', 'search']);
    const tool = (await client.listTools()).tools.find((t) => t.name === 'search')!;
    expect(tool.inputSchema).toMatchObject({ type: 'object', properties: { query: { type: 'string', maxLength: 60 } }, required: ['query'] });
    const got = json(await use(client, 'get_question', { id: questionId }));
    expect(got.question.title).toBe('How do I connect an assistant over MCP?');
    expect(got).toHaveProperty('answers');
    expect(got).toHaveProperty('comments');
    expect(json(await use(client, 'list_questions', { order: 'newest' })).list.map((x: { id: string }) => x.id)).toContain(questionId);
    expect(json(await use(client, 'list_tags', {})).list.map((x: { slug_name: string }) => x.slug_name)).toContain('mcp-tools');
    expect(json(await use(client, 'get_tag', { name: 'mcp-tools' })).slug_name).toBe('mcp-tools');
    expect(json(await use(client, 'get_user', { username: `mcpwriter${target.name.slice(0, 3)}` })).username).toBe(`mcpwriter${target.name.slice(0, 3)}`);
    expect(json(await use(client, 'search', { query: 'assistant' }))).toHaveProperty('list');
    // A write tool is not there for it.
    const refused = await client.callTool({ name: 'ask_question', arguments: { title: 'x', content: 'y', tags: ['mcp-tools'] } }).catch((error: Error) => ({ isError: true, content: [{ type: 'text', text: error.message }] }));
    expect((refused as ToolResult).isError).toBe(true);
  });

  it('lets a write key ask, answer, comment and vote as its owner', async () => {
    const client = await connect(writeKey);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(expect.arrayContaining(['ask_question', 'post_answer', 'add_comment', 'vote']));
    const asked = json(await use(client, 'ask_question', { title: 'A question asked by an assistant', content: 'Asked through the MCP server, long enough.', tags: ['mcp-tools'] }));
    const row = await site.runtime.database.selectFrom('question').select('user_id').where('id', '=', asked.id).executeTakeFirstOrThrow();
    expect(String(row.user_id)).toBe(writer.id);
    json(await use(client, 'post_answer', { question_id: questionId, content: 'An answer posted through MCP.' }));
    json(await use(client, 'add_comment', { object_id: questionId, content: 'A comment posted through MCP.' }));
    json(await use(client, 'vote', { object_id: questionId, direction: 'up' }));
    // The site's own rules answer through the tool: no vote on one's own post.
    const own = await use(client, 'vote', { object_id: asked.id, direction: 'up' });
    expect(own.isError).toBe(true);
  });

  it('never shows a deleted question to a key whose owner may not see it', async () => {
    const gone = (await ok(call('POST', `${API}/question`, admin.token, { title: 'A question that will be deleted soon', content: 'Deleted before the assistant asks.', tags: [{ slug_name: 'mcp-tools' }] }))).id;
    await ok(call('DELETE', `${API}/question`, admin.token, { id: gone }));
    const client = await connect(readKey);
    const result = await use(client, 'get_question', { id: gone });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(json(await use(client, 'list_questions', { order: 'newest' })))).not.toContain(gone);
  });

  it("does not let a key read a private site's content its owner may not read", async () => {
    const reader = await member(site, `mcpreader${target.name.slice(0, 3)}`);
    const key = await keyOf(reader, 'read');
    const login = await ok(call('GET', `${ADMIN_API}/siteinfo/login`, admin.token));
    await ok(call('PUT', `${ADMIN_API}/siteinfo/login`, admin.token, { ...login, login_required: true }));
    try {
      // A verified member reads the private site through their key...
      const client = await connect(key);
      expect(json(await use(client, 'get_question', { id: questionId })).question.id).toBe(questionId);
      // ...an owner whose address is not verified (any more) reads nothing, as on the site itself:
      // the key is turned away at the door (403), before any tool runs.
      await site.runtime.database.updateTable('user').set({ mail_status: 2 }).where('id', '=', reader.id).execute();
      await expect(use(client, 'get_question', { id: questionId })).rejects.toThrow(/error\.email\.need_to_be_verified/);
    } finally {
      await ok(call('PUT', `${ADMIN_API}/siteinfo/login`, admin.token, { ...login, login_required: false }));
    }
  });
});
