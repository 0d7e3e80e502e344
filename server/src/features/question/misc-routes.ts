import { renderSchema, tagSuggestQuery, userMentionQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { renderMarkdown } from '../../core/markdown.js';
import { parseInput } from '../../core/validate.js';
import { suggestTags } from '../tag/list.js';
import { loadUserBasics } from '../user/basic.js';

/** Editor helpers: Markdown preview, the tag selector and the @mention picker. */
export async function editorRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.post('/post/render', { config: { access: 'public', openapi: { body: renderSchema, response: 'RenderedHtml', summary: 'Markdown preview' } } }, async (request, reply) =>
    send(request, reply, renderMarkdown(parseInput(renderSchema, request.body).content)),
  );

  app.get('/question/tags', { config: { access: 'public', openapi: { query: tagSuggestQuery, response: 'TagBrief[]' } } }, async (request, reply) => {
    const { tag } = parseInput(tagSuggestQuery, request.query);
    return send(request, reply, await suggestTags(runtime, tag));
  });

  // Up to 5 available users whose username or display name starts with the text, not the caller.
  app.get('/user/info/search', { config: { access: 'auth', openapi: { query: userMentionQuery, response: 'UserBasicInfo[]' } } }, async (request, reply) => {
    const { username } = parseInput(userMentionQuery, request.query);
    const like = `${username.trim().toLowerCase().replace(/[%_\\]/g, '')}%`;
    const rows = await runtime.database
      .selectFrom('user')
      .select('id')
      .where('status', '=', 1)
      .where('id', '!=', request.user!.id)
      .where((eb) => eb.or([eb('username', 'like', like), eb('display_name', 'like', like)]))
      .orderBy('username')
      .limit(5)
      .execute();
    const users = await loadUserBasics(runtime, rows.map((r) => String(r.id)));
    return send(request, reply, rows.map((r) => users.get(String(r.id))).filter(Boolean));
  });
}
