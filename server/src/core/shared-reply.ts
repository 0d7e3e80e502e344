import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelopeOf } from './envelope.js';

/** Smaller bodies go out as they are: the threshold app.ts gives @fastify/compress. */
const MIN_COMPRESS_BYTES = 1024;

/** Compressed once per cached body, so a better ratio than the per-reply default is affordable. */
const BROTLI = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 6 } };

type Encoding = 'br' | 'gzip';

interface Bodies {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The success reply of a value every reader shares (a cached list page): its envelope is serialised
 * once per language and compressed at most once per encoding, not again for every request. The
 * bytes a client decodes are the ones `send` would have written.
 */
export class SharedReply<T> {
  readonly #bodies = new Map<string, Bodies>();

  constructor(readonly data: T) {}

  /** The envelope's JSON in this language, serialised once. */
  json(lang: string): Buffer {
    return this.#bodiesIn(lang).json;
  }

  #bodiesIn(lang: string): Bodies {
    let bodies = this.#bodies.get(lang);
    if (!bodies) {
      bodies = { json: Buffer.from(JSON.stringify(envelopeOf(lang, this.data))) };
      this.#bodies.set(lang, bodies);
    }
    return bodies;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const bodies = this.#bodiesIn(request.lang);
    // The body differs by Accept-Encoding even when it goes out uncompressed.
    reply.code(200).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding =
      bodies.json.length >= MIN_COMPRESS_BYTES && request.headers['x-no-compression'] === undefined
        ? preferredEncoding(request.headers['accept-encoding'])
        : undefined;
    // Anything else (identity, deflate only) is left to @fastify/compress as for any other reply.
    if (!encoding) return reply.send(bodies.json);
    bodies[encoding] ??= encoding === 'br' ? brotliCompressSync(bodies.json, BROTLI) : gzipSync(bodies.json);
    // A Content-Encoding already set makes @fastify/compress pass the body through untouched.
    return reply.header('content-encoding', encoding).send(bodies[encoding]);
  }
}

/** br or gzip by the client's q-values (br on a tie, as app.ts orders them); undefined when it takes neither. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q: Partial<Record<Encoding | '*', number>> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const name = token === 'x-gzip' ? 'gzip' : token;
    if (name !== 'br' && name !== 'gzip' && name !== '*') continue;
    const weight = params.find((p) => p.startsWith('q='));
    q[name] = weight === undefined ? 1 : Number(weight.slice(2)) || 0;
  }
  const br = q.br ?? q['*'] ?? 0;
  const gzip = q.gzip ?? q['*'] ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : undefined;
}
