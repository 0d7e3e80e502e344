import { baseInfoSchema, dbSettingsSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { listLanguages } from '../../core/i18n.js';
import { parseInput } from '../../core/validate.js';
import { checkConfigFile, checkDatabase, initConfig, installBaseInfo } from './service.js';

/** The installer's API (domain.md 14.3); every call refuses once the site is installed. */
export async function installRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/language/options', async (request, reply) =>
    send(request, reply, listLanguages().map((l) => ({ label: l.label, value: l.value }))),
  );

  app.post('/db/check', async (request, reply) =>
    send(request, reply, await checkDatabase(runtime, parseInput(dbSettingsSchema, request.body))),
  );

  app.post('/config-file/check', async (request, reply) => send(request, reply, await checkConfigFile(runtime)));

  app.post('/init', async (request, reply) => {
    await initConfig(runtime, parseInput(dbSettingsSchema, request.body));
    return send(request, reply, null);
  });

  app.post('/base-info', async (request, reply) => {
    await installBaseInfo(runtime, parseInput(baseInfoSchema, request.body));
    return send(request, reply, null);
  });
}
