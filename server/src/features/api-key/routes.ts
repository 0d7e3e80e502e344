import { ADMIN_API_PREFIX, API_PREFIX, apiKeyCreateSchema, apiKeyDeleteSchema, apiKeyUpdateSchema } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { doc } from '../openapi/declare.js';
import { createKey, type KeyRing, listKeys, renameKey, revokeKey } from './keys.js';

/**
 * API keys in upstream 2.0's shapes: a member's own keys under `/answer/api/v1/user/api-key…` and
 * the administrators' site keys under `/answer/admin/api/api-key…`. No key can call these (guard.ts).
 */
export async function apiKeyRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const rings: [string, 'auth' | 'admin', (request: FastifyRequest) => KeyRing][] = [
    [`${API_PREFIX}/user/api-key`, 'auth', (request) => ({ kind: 'personal', owner: request.user! })],
    [`${ADMIN_API_PREFIX}/api-key`, 'admin', (request) => ({ kind: 'site', admin: request.user! })],
  ];
  for (const [path, access, ringOf] of rings) {
    const config = { config: { access } };
    app.get(`${path}/all`, doc(config, { response: 'ApiKeyItem[]' }), async (request, reply) => send(request, reply, await listKeys(runtime, ringOf(request))));
    app.post(path, doc(config, { body: apiKeyCreateSchema, response: 'ApiKeyCreated' }), async (request, reply) => {
      const access_key = await createKey(runtime, ringOf(request), parseInput(apiKeyCreateSchema, request.body));
      return send(request, reply, { access_key });
    });
    app.put(path, doc(config, { body: apiKeyUpdateSchema, response: null }), async (request, reply) => {
      const { id, description } = parseInput(apiKeyUpdateSchema, request.body);
      await renameKey(runtime, ringOf(request), id, description);
      return send(request, reply, null);
    });
    app.delete(path, doc(config, { body: apiKeyDeleteSchema, response: null }), async (request, reply) => {
      await revokeKey(runtime, ringOf(request), parseInput(apiKeyDeleteSchema, request.body).id);
      return send(request, reply, null);
    });
  }
}
