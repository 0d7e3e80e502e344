import { type SearchDesc, searchQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { searchDescription } from '../plugin/search-plugin.js';
import { searchAttempt } from './attempt.js';
import { search } from './service.js';

export async function searchRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  // Every new search counts towards the `search` captcha (domain.md 16), answered or not; its other
  // pages and orders do not (see attempt.ts).
  app.get('/search', { config: { access: 'public', openapi: { query: searchQuery, response: 'SearchResult', summary: 'Search posts' }, captcha: 'search', countOn: 'attempt', attemptOf: searchAttempt } }, async (request, reply) => {
    const input = parseInput(searchQuery, request.query);
    return send(request, reply, await search(runtime, request.user, input));
  });

  // The enabled search plugin's attribution; all empty with the built-in search (the client then shows none).
  app.get('/search/desc', { config: { access: 'public', openapi: { response: 'SearchDesc' } } }, async (request, reply) => {
    const desc: SearchDesc = await searchDescription(runtime, request.lang);
    return send(request, reply, desc);
  });
}
