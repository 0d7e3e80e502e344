import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { envelopeOf, send } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { mayCallRoute, type RouteAccess, type SessionUser } from '../../core/guardian.js';
import { forbiddenRequestField } from '../../core/request-text.js';
import { SharedReply } from '../../core/shared-reply.js';
import type { Runtime } from '../../runtime.js';
import { viewerOf } from '../question/views.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { sameForEveryReader } from './render-identity.js';

/**
 * Who asks a read: the reader (null for a visitor), their language, and who a view is counted for
 * (asked only by the read that counts views: a visitor's is a digest, not worth making for the others).
 */
export interface ReadInput {
  query: unknown;
  user: SessionUser | null;
  lang: string;
  viewer: () => string;
}

/** A read's reply: a shared value with its stored bodies, or this reader's own data; and whether every reader gets the same. */
export interface ReadOutcome {
  reply: SharedReply<unknown> | { data: unknown };
  sameForEveryReader?: boolean;
}

export type Read = (input: ReadInput) => Promise<ReadOutcome>;

interface Registered {
  access: RouteAccess;
  read: Read;
}

/** The reads of each runtime's app, by full path (one app per runtime; tests build many). */
const registries = new WeakMap<Runtime, Map<string, Registered>>();

function registryOf(runtime: Runtime): Map<string, Registered> {
  let registry = registries.get(runtime);
  if (!registry) registries.set(runtime, (registry = new Map()));
  return registry;
}

/**
 * A GET route of the API that a member's page asks again for its reader (features/pages/app-render.ts).
 * The route answers with `read`, and a page render calls the same `read` in process: replaying such a
 * call through app.inject cost about ten times the read itself (the request and reply objects and
 * every hook), which made a member's page twice a visitor's (issue 25).
 */
export function readRoute(app: FastifyInstance, path: string, options: RouteShorthandOptions & { config: { access: RouteAccess } }, read: Read): void {
  registryOf(app.runtime).set(app.prefix + path, { access: options.config.access, read });
  app.get(path, options, async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await read({ query: request.query, user: request.user, lang: request.lang, viewer: () => viewerOf(request) });
    if (outcome.sameForEveryReader) sameForEveryReader(reply);
    return outcome.reply instanceof SharedReply ? outcome.reply.send(request, reply) : send(request, reply, outcome.reply.data);
  });
}

/**
 * The reply body a member gets from a GET call of their page, asked in process: what the route sends,
 * after the same checks (the control characters every request is refused for, the guardian's access
 * rule). null when the route refuses it or has nothing (a page leaves such a reply out, as it does a
 * non-200 reply); undefined when the path is not a read route (the caller asks through app.inject).
 */
export async function readForReader(runtime: Runtime, url: string, reader: Omit<ReadInput, 'query'> & { user: SessionUser }): Promise<string | null | undefined> {
  const mark = url.indexOf('?');
  const registered = registryOf(runtime).get(mark < 0 ? url : url.slice(0, mark));
  if (!registered) return undefined;
  const query = queryObject(mark < 0 ? '' : url.slice(mark + 1));
  if (forbiddenRequestField(url, {}, query)) return null;
  const loginRequired = registered.access === 'public' && (await loadSiteSettings(runtime)).login.login_required;
  if (!mayCallRoute(reader.user, registered.access, loginRequired)) return null;
  try {
    const { reply } = await registered.read({ query, ...reader });
    return reply instanceof SharedReply ? reply.json(reader.lang).toString() : JSON.stringify(envelopeOf(reader.lang, reply.data));
  } catch (error) {
    // A refusal (gone, not allowed, a bad parameter) is the reply a page leaves out; anything else is a bug to see.
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** A query string as Fastify's parser gives it to a route: one string per name, an array for a repeated one. */
function queryObject(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const had = query[name];
    query[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return query;
}
