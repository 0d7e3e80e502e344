import { userStaffQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { searchStaff, userRanking } from './ranking.js';

/** The user directory (domain.md 11.5): the ranking lists and the staff search. */
export async function userDirectoryRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/user/ranking', { config: { access: 'public', openapi: { response: 'UserRanking' }, sameForEveryReader: true } }, async (request, reply) => send(request, reply, await userRanking(runtime)));

  app.get('/user/staff', { config: { access: 'public', openapi: { query: userStaffQuery, response: 'StaffUser[]' } } }, async (request, reply) => {
    const query = parseInput(userStaffQuery, request.query);
    return send(request, reply, await searchStaff(runtime, query.username, query.page_size));
  });
}
