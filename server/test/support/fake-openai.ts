import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI HTTP API (`/v1/models`, `/v1/chat/completions` streamed or
 * not, `/v1/embeddings`), for tests: no model can run on the test machine, so replies are scripted.
 * It keeps every request it received, so a test can assert what the site sent to the provider
 * (which posts, which key) and not only what came back.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** The raw body, for "this text never reached the provider" checks. */
  raw: string;
}

export type ChatReply =
  /** A text answer, streamed in small pieces when the request asked for a stream. */
  | { content: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** The model asks to run tools; the next request carries their results. */
  | { toolCalls: Array<{ name: string; arguments: string }> }
  /** An HTTP error from the provider (429 rate limited, 500...). */
  | { status: number; body?: string }
  /** Say nothing for this long (the site's timeout should fire first). */
  | { hangMs: number }
  /** Bytes that are not the protocol. */
  | { raw: string };

export interface FakeOpenAiOptions {
  /** The scripted answer to the n-th (0-based) chat request. Default: `defaultChat`. */
  chat?: (body: any, n: number) => ChatReply | Promise<ChatReply>;
  /** Vectors for texts. Default: `bagOfWordsEmbedding` with no synonyms. */
  embed?: (texts: string[]) => number[][];
  /** When set, requests without `Authorization: Bearer <key>` get a 401. */
  key?: string;
}

export interface FakeOpenAi {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  chatRequests: () => ReceivedRequest[];
  /** Replace the chat script for the following requests (n restarts at 0). */
  script: (chat: FakeOpenAiOptions['chat']) => void;
  close: () => Promise<void>;
}

/** Source numbers the prompt offers: lines like "[3] ..." or JSON `"n":3`. */
export function offeredSources(body: any): number[] {
  const text = JSON.stringify(body.messages ?? []);
  const found = new Set<number>();
  for (const m of text.matchAll(/\[(\d{1,3})\]|\\"n\\":(\d{1,3})/g)) found.add(Number(m[1] ?? m[2]));
  return [...found].sort((a, b) => a - b);
}

/** Answers from the first offered source, citing it, or says the site has nothing. */
export function defaultChat(body: any): ChatReply {
  const sources = offeredSources(body);
  if (!sources.length) return { content: 'NO_ANSWER' };
  return { content: `The community already covers this: see the accepted approach [${sources[0]}].`, usage: { prompt_tokens: 120, completion_tokens: 20 } };
}

/**
 * A deterministic embedding: each word (lower-cased, after `synonyms` maps it to a concept) adds 1
 * to a hashed dimension; the vector is normalised. Two texts sharing concepts are close, so a test
 * can make a paraphrase match ("automobile" ~ "car") that full-text search misses.
 */
export function bagOfWordsEmbedding(synonyms: Record<string, string> = {}, dims = 64) {
  return (texts: string[]) =>
    texts.map((t) => {
      const v = new Array<number>(dims).fill(0);
      for (const raw of t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
        const word = synonyms[raw] ?? raw;
        v[createHash('sha1').update(word).digest().readUInt32BE(0) % dims]! += 1;
      }
      const norm = Math.hypot(...v) || 1;
      return v.map((x) => x / norm);
    });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

const chunk = (res: ServerResponse, payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);

function streamReply(res: ServerResponse, body: any, reply: Extract<ChatReply, { content: string } | { toolCalls: unknown }>) {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
  chunk(res, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  if ('content' in reply) {
    for (const piece of reply.content.match(/.{1,12}/gs) ?? []) chunk(res, { ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    chunk(res, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  } else {
    reply.toolCalls.forEach((call, index) => {
      const half = Math.ceil(call.arguments.length / 2);
      chunk(res, { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: call.name, arguments: call.arguments.slice(0, half) } }] }, finish_reason: null }] });
      chunk(res, { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }, finish_reason: null }] });
    });
    chunk(res, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] });
  }
  const usage = 'usage' in reply && reply.usage ? reply.usage : { prompt_tokens: 100, completion_tokens: 10 };
  if (body.stream_options?.include_usage) chunk(res, { ...base, choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
  res.end('data: [DONE]\n\n');
}

function wholeReply(res: ServerResponse, body: any, reply: Extract<ChatReply, { content: string } | { toolCalls: unknown }>) {
  const usage = 'usage' in reply && reply.usage ? reply.usage : { prompt_tokens: 100, completion_tokens: 10 };
  const message =
    'content' in reply
      ? { role: 'assistant', content: reply.content }
      : { role: 'assistant', content: null, tool_calls: reply.toolCalls.map((c, i) => ({ id: `call_${i}`, type: 'function', function: c })) };
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      model: body.model,
      choices: [{ index: 0, message, finish_reason: 'content' in reply ? 'stop' : 'tool_calls' }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    }),
  );
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: ReceivedRequest[] = [];
  let chat = options.chat ?? defaultChat;
  let chatCount = 0;
  const embed = options.embed ?? bagOfWordsEmbedding();
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = null;
    }
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body, raw });
    if (options.key && req.headers.authorization !== `Bearer ${options.key}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
    }
    if (path.endsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-chat' }, { id: 'fake-embed' }] }));
    }
    if (path.endsWith('/v1/embeddings') && body) {
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      res.writeHead(200, { 'content-type': 'application/json' });
      const data = embed(input).map((embedding, index) => ({ object: 'embedding', index, embedding }));
      return res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: input.length * 8, total_tokens: input.length * 8 } }));
    }
    if (path.endsWith('/v1/chat/completions') && body) {
      const reply = await chat(body, chatCount++);
      if ('hangMs' in reply) {
        hanging.add(res);
        const timer = setTimeout(() => res.end(), reply.hangMs);
        res.on('close', () => {
          clearTimeout(timer);
          hanging.delete(res);
        });
        return;
      }
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        return res.end(reply.body ?? JSON.stringify({ error: { message: `scripted ${reply.status}` } }));
      }
      if ('raw' in reply) {
        res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
        return res.end(reply.raw);
      }
      return body.stream ? streamReply(res, body, reply) : wholeReply(res, body, reply);
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'not found' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    chatRequests: () => requests.filter((r) => r.path.endsWith('/chat/completions')),
    script: (next) => {
      chat = next ?? defaultChat;
      chatCount = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
