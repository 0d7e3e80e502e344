import type { FastifyInstance } from 'fastify';
import { revisionCheckQuery, revisionObjectQuery } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { ensure } from '../../core/guardian.js';
import { toLongId } from '../../core/ids.js';
import { loadThresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import { parseInput } from '../../core/validate.js';
import { loadUserBasics } from '../user/basic.js';
import { loadVisibleObject } from '../visibility/objects.js';
import { hasPendingRevision, revisionsOf } from './service.js';

/** The status of a deleted question, answer or tag. */
const DELETED = 10;

/** Edit history and the "may I edit now?" check (domain.md 5.9), for objects the caller may see. */
export async function revisionRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/revisions', { config: { access: 'public', openapi: { query: revisionObjectQuery, response: 'RevisionItem[]', summary: 'Edit history of an object' } } }, async (request, reply) => {
    const id = toLongId(parseInput(revisionObjectQuery, request.query).object_id);
    const target = id ? await loadVisibleObject(runtime, request.user, id, await loadThresholds(runtime)) : null;
    if (!target) throw notFound('error.object.not_found');
    const rows = await revisionsOf(runtime.database, target.id);
    const users = await loadUserBasics(runtime, rows.map((r) => String(r.user_id)));
    return send(
      request,
      reply,
      rows.map((r) => {
        const snapshot = JSON.parse(r.content) as { title?: string; content?: string; tags?: string[] };
        return {
          id: String(r.id),
          object_id: String(r.object_id),
          title: r.title,
          url_title: urlTitle(r.title),
          content: snapshot,
          status: Number(r.status),
          reason: r.log,
          create_at: Number(r.created_at),
          user_info: users.get(String(r.user_id)) ?? null,
        };
      }),
    );
  });

  app.get('/revisions/edit/check', { config: { access: 'auth', openapi: { query: revisionCheckQuery, response: 'EditAllowed', summary: 'Whether the caller may edit now' } } }, async (request, reply) => {
    const id = toLongId(parseInput(revisionCheckQuery, request.query).id);
    const thresholds = await loadThresholds(runtime);
    const target = id ? await loadVisibleObject(runtime, request.user, id, thresholds) : null;
    // Deleted objects stay readable for their author and moderators, but nobody edits them.
    if (!target || target.status === DELETED) throw notFound('error.object.not_found');
    ensure(request.user, `${target.kind}.edit`, thresholds, target.authorId);
    if (await hasPendingRevision(runtime.database, target.id)) throw badRequest('error.revision.review_underway', { err_type: 'toast' });
    return send(request, reply, true);
  });
}
