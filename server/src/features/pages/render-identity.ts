import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * A page render calls the API in process (app.inject) as the reader of the page, who is known by
 * the visit cookie (the access token stays in the browser). The header carrying that cookie is
 * honoured only with this process's secret, which never leaves the process: no client can use it.
 */
const SECRET = randomBytes(32).toString('hex');
const HEADER = 'x-answer-render';

/** Headers of an in-process API call made for the reader with this visit cookie ('' for a visitor). */
export const renderHeaders = (visitToken: string) => ({ [HEADER]: `${SECRET}.${visitToken}` });

/**
 * The visit token of a render's call ('' for a visitor), or undefined when the request is not one
 * (no header, or a header without the secret: then it is ignored like any unknown header).
 */
export function renderReaderOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[HEADER];
  if (typeof value !== 'string' || value.length < SECRET.length + 1) return undefined;
  const given = Buffer.from(value.slice(0, SECRET.length));
  if (value[SECRET.length] !== '.' || !timingSafeEqual(given, Buffer.from(SECRET))) return undefined;
  return value.slice(SECRET.length + 1);
}

/**
 * Set on a render's call to a route whose reply is the same for every reader allowed to see it
 * (`sameForEveryReader`): a member's page keeps the visitors' reply to it instead of asking again.
 * Only render calls carry it, so no client ever sees it.
 */
export const SAME_FOR_EVERY_READER = 'x-answer-same-for-every-reader';

/**
 * For routes that know only from the reply itself that it is the same for every reader (an empty
 * list of comments or reactions: a member's marks would go on its items): marks a render's call.
 */
export function sameForEveryReader(reply: FastifyReply): void {
  if (renderReaderOf(reply.request.headers) !== undefined) reply.header(SAME_FOR_EVERY_READER, '1');
}
