import type { FastifyRequest } from 'fastify';

/**
 * What one search attempt is, for the `search` captcha (captcha/throttle.ts `attemptOf`): the words
 * as typed (case and spacing aside) and which hundred results the page reaches. A reader who pages
 * through a search, changes its order or page size, counts once; a new search counts again, and
 * so does reading past the hundredth result, so a script paging one query in small pages is still
 * counted. Read before the query is validated: odd values only make another attempt.
 */
const RESULTS_PER_ATTEMPT = 100;

export function searchAttempt(request: FastifyRequest): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const q = typeof query.q === 'string' ? query.q.trim().replace(/\s+/g, ' ').toLowerCase() : '';
  const page = Math.max(1, Number(query.page) || 1);
  const size = Math.max(1, Number(query.size) || 30);
  return `${Math.floor(((page - 1) * size) / RESULTS_PER_ATTEMPT)}:${q}`;
}
