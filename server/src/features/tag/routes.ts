import { createTagSchema, mergeTagsSchema, setSynonymsSchema, tagIdSchema, tagInfoQuery, tagPageQuery, tagsBySlugQuery, updateTagSchema } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { editTag } from './edit.js';
import { tagInfo } from './info.js';
import { tagsBySlugList, tagsPage } from './list.js';
import { createTagByRequest, deleteTag, recoverTag } from './manage.js';
import { mergeTags } from './merge.js';
import { setSynonyms, tagSynonyms } from './synonyms.js';
import { doc } from '../openapi/declare.js';
import { readRoute } from '../pages/reader-reads.js';

/** Tags (domain.md 7): reading, creating, editing, deleting, recovering and synonyms. */
export async function tagRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const pub = { config: { access: 'public' as const } };
  // No captcha on tag writes: the client's tag forms send none (ui-api-calls rows 131-137).
  const auth = { config: { access: 'auth' as const } };

  readRoute(app, '/tag', doc(pub, { query: tagInfoQuery, response: 'TagInfo' }), async ({ query, user, lang }) => ({
    reply: { data: await tagInfo(runtime, parseInput(tagInfoQuery, query), user, lang) },
  }));

  app.put('/tag', doc(auth, { body: updateTagSchema, response: 'EditResult' }), async (request, reply) => send(request, reply, await editTag(runtime, request.user!, parseInput(updateTagSchema, request.body))));

  app.post('/tag', doc(auth, { body: createTagSchema, response: 'CreatedTag' }), async (request, reply) =>
    send(request, reply, await createTagByRequest(runtime, request.user!, parseInput(createTagSchema, request.body))),
  );

  app.delete('/tag', doc(auth, { body: tagIdSchema, response: null }), async (request, reply) => {
    await deleteTag(runtime, request.user!, parseInput(tagIdSchema, request.body).tag_id);
    return send(request, reply, null);
  });

  app.post('/tag/recover', doc(auth, { body: tagIdSchema, response: null }), async (request, reply) => {
    await recoverTag(runtime, request.user!, parseInput(tagIdSchema, request.body).tag_id);
    return send(request, reply, null);
  });

  app.get('/tags/page', doc(pub, { query: tagPageQuery, response: 'TagPage' }), async (request, reply) => send(request, reply, await tagsPage(runtime, parseInput(tagPageQuery, request.query), request.user)));

  app.get('/tags', doc(pub, { query: tagsBySlugQuery, response: 'TagSummary[]' }), async (request, reply) => send(request, reply, await tagsBySlugList(runtime, parseInput(tagsBySlugQuery, request.query).tags)));

  readRoute(app, '/tag/synonyms', doc(pub, { query: tagIdSchema, response: 'TagSynonyms' }), async ({ query, user, lang }) => ({
    reply: { data: await tagSynonyms(runtime, user, parseInput(tagIdSchema, query).tag_id, lang) },
  }));

  app.put('/tag/synonym', doc(auth, { body: setSynonymsSchema, response: null }), async (request, reply) => {
    await setSynonyms(runtime, request.user!, parseInput(setSynonymsSchema, request.body));
    return send(request, reply, null);
  });
}

/** Staff tools under the admin prefix: merging one tag into another (not in 1.4). */
export async function tagAdminRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  // Moderators merge tags too: the guardian decides (`tag.merge` is a role power), not the route.
  app.put('/tag/merge', { config: { access: 'auth', openapi: { body: mergeTagsSchema, response: null } } }, async (request, reply) => {
    await mergeTags(runtime, request.user!, parseInput(mergeTagsSchema, request.body));
    return send(request, reply, null);
  });
}
