import { ADMIN_API_PREFIX, aiConfigSchema, aiTestSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import { parseInput } from '../../core/validate.js';
import { aiConfig, saveAiConfig, storedApiKey } from './config-store.js';
import { reindexState, startReindex } from './embeddings/reindex-job.js';
import { embeddingSetup } from './embeddings/setup.js';
import { testProvider } from './provider-test.js';

/**
 * Admin → AI (issue 31, part 1): upstream 2.0's `GET|PUT /answer/admin/api/ai-config` and our test
 * button. The API key goes in and never comes out (docs/ai.md).
 */
export async function aiRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const base = `${ADMIN_API_PREFIX}/ai-config`;

  app.get(base, { config: { access: 'admin', openapi: { response: 'AiConfig' } } }, async (request, reply) => send(request, reply, await aiConfig(runtime)));
  app.put(base, { config: { access: 'admin', openapi: { body: aiConfigSchema, response: null } } }, async (request, reply) => {
    await saveAiConfig(runtime, parseInput(aiConfigSchema, request.body));
    return send(request, reply, null);
  });
  app.get(`${ADMIN_API_PREFIX}/ai/reindex`, { config: { access: 'admin', openapi: { response: 'AiReindexState', summary: 'Embedding the existing posts: progress' } } }, async (request, reply) => {
    const state = await reindexState(runtime);
    return send(request, reply, { ...state, msg: state.msg ? t(request.lang, state.msg) : '' });
  });
  // Starting while a run goes on is not an error: the page shows that run.
  app.post(`${ADMIN_API_PREFIX}/ai/reindex`, { config: { access: 'admin', openapi: { response: 'AiReindexState', summary: 'Embed the existing posts in the background' } } }, async (request, reply) => {
    if (!(await embeddingSetup(runtime))) throw badRequest('error.ai.semantic_search_off');
    await startReindex(runtime, (error) => request.log.error({ err: error }, 'embedding reindex failed'));
    const state = await reindexState(runtime);
    return send(request, reply, { ...state, msg: state.msg ? t(request.lang, state.msg) : '' });
  });
  // A failed test is an answer, not an error: 200 with ok false and the translated reason.
  app.post(`${base}/test`, { config: { access: 'admin', openapi: { body: aiTestSchema, response: 'AiTestResult', summary: 'Check the provider: list its models' } } }, async (request, reply) => {
    const input = parseInput(aiTestSchema, request.body);
    const api_key = input.api_key || (await storedApiKey(runtime, input.provider));
    const outcome = await testProvider({ provider: input.provider, api_host: input.api_host, api_key });
    const msg = t(request.lang, outcome.ok ? 'error.ai.test.ok' : `error.ai.test.${outcome.reason}`, { status: outcome.status, count: outcome.models.length });
    return send(request, reply, { ...outcome, msg });
  });
}
