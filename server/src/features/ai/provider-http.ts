import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import http from 'node:http';
import https from 'node:https';

/**
 * Outgoing calls to the AI provider. Unlike a webhook, the provider's address is set by an
 * administrator and is very often on this machine or the local network (Ollama on 127.0.0.1, vLLM
 * on a GPU box), so loopback and private networks are allowed. Link-local addresses are not: no
 * model server lives there, but cloud metadata services (169.254.169.254) do, and a base URL or a
 * name resolving there would hand out the machine's cloud credentials. Redirects are not followed
 * for the same reason. docs/ai.md.
 */
const LINK_LOCAL = new BlockList();
LINK_LOCAL.addSubnet('169.254.0.0', 16, 'ipv4');
LINK_LOCAL.addSubnet('fe80::', 10, 'ipv6');

export class ProviderAddressRefused extends Error {}

export function isLinkLocal(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return LINK_LOCAL.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  return family === 4 ? LINK_LOCAL.check(address, 'ipv4') : family === 6 ? LINK_LOCAL.check(address, 'ipv6') : false;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(hostname: string, options: object, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isLinkLocal(a.address));
    if (refused) return callback(new ProviderAddressRefused(`${hostname} resolves to ${refused.address}`), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

export class ProviderTimeout extends Error {}

/** The most of a reply that is read: a model list is small, and the reply is untrusted. */
const MAX_BYTES = 1024 * 1024;

export interface ProviderReply {
  status: number;
  text: string;
}

/** One request to the provider; rejects with ProviderTimeout, ProviderAddressRefused or a network error. */
export function providerRequest(url: URL, init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number; maxBytes?: number }): Promise<ProviderReply> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLinkLocal(host)) return Promise.reject(new ProviderAddressRefused(`${host} is a link-local address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const headers = init.body === undefined ? init.headers : { ...init.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(init.body)) };
    const request = client.request(url, { method: init.method, headers, lookup: guardedLookup as never }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > (init.maxBytes ?? MAX_BYTES)) return request.destroy(new Error('reply too large'));
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    // The whole exchange, not only the idle time between packets, is bounded.
    const timer = setTimeout(() => request.destroy(new ProviderTimeout(`no reply within ${init.timeoutMs / 1000} s`)), init.timeoutMs);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(init.body);
  });
}

/** `{api_host}/v1/<path>`, whether or not the base URL already ends in /v1. */
export function providerUrl(apiHost: string, path: string): URL {
  const base = apiHost.replace(/\/+$/, '').replace(/\/v1$/, '');
  return new URL(`${base}/v1/${path}`);
}

/** The most of a streamed answer that is read (a long answer is a few tens of KB). */
const MAX_STREAM_BYTES = 4 * 1024 * 1024;

export interface ProviderStream {
  status: number;
  /** The body of a refusal (non-2xx), for its message; '' for a stream. */
  errorText: string;
  /** The body's text pieces as they arrive; ends when the provider closes the stream. */
  pieces: AsyncIterable<string>;
}

/**
 * A streaming POST: resolves once the status line is in (so a refusal can still become a normal
 * error reply), then yields the body as it arrives. `firstByteMs` bounds the wait for the status,
 * `totalMs` the whole exchange; `signal` aborts it (the member left).
 */
export function providerStream(url: URL, init: { headers: Record<string, string>; body: string; firstByteMs: number; totalMs: number; signal?: AbortSignal }): Promise<ProviderStream> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLinkLocal(host)) return Promise.reject(new ProviderAddressRefused(`${host} is a link-local address`));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // Why the exchange was cut, when this side cut it: the pieces' reader rethrows it.
    let failure: Error | null = null;
    const cut = (error: Error) => {
      failure = error;
      request.destroy(error);
    };
    const headers = { ...init.headers, accept: 'text/event-stream', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(init.body)) };
    const request = client.request(url, { method: 'POST', headers, lookup: guardedLookup as never, signal: init.signal }, (response) => {
      clearTimeout(firstByte);
      response.setEncoding('utf8');
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        let text = '';
        response.on('data', (piece: string) => {
          if (text.length < 64 * 1024) text += piece;
        });
        response.on('end', () => resolve({ status, errorText: text, pieces: (async function* () {})() }));
        response.on('error', reject);
        return;
      }
      let size = 0;
      resolve({
        status,
        errorText: '',
        pieces: (async function* () {
          try {
            for await (const piece of response as AsyncIterable<string>) {
              size += piece.length;
              if (size > MAX_STREAM_BYTES) cut(new Error('reply too large'));
              else yield piece;
            }
          } catch (error) {
            throw failure ?? error;
          }
          if (failure) throw failure;
        })(),
      });
    });
    const firstByte = setTimeout(() => cut(new ProviderTimeout(`no reply within ${init.firstByteMs / 1000} s`)), init.firstByteMs);
    const whole = setTimeout(() => cut(new ProviderTimeout(`not finished within ${init.totalMs / 1000} s`)), init.totalMs);
    request.on('close', () => {
      clearTimeout(firstByte);
      clearTimeout(whole);
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
