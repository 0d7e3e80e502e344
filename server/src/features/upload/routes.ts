import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { BRANDING_FIELDS, type BrandingField, LIMITS, ROLE, uploadFormSchema } from '@answer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { AppError, badRequest, forbidden } from '../../core/errors.js';
import { setUploadHeaders } from '../../core/security-headers.js';
import { mayCallRoute } from '../../core/guardian.js';
import { resolveSessionCached } from '../../core/session.js';
import { VISIT_COOKIE } from '../auth/common.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { storeImage, UPLOAD_SOURCES, type UploadSource } from './service.js';

/** POST /file (multipart `source` + `file`) and serving /uploads (domain.md 19). */
export async function uploadRoutes(app: FastifyInstance, opts: { uploadsDir: string }) {
  await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 5 } });

  app.post('/answer/api/v1/file', { config: { access: 'auth', openapi: { body: uploadFormSchema, multipart: true, response: 'UploadedFileUrl', summary: 'Upload an image' } } }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('error.upload.source_unsupported');
    let source: string | undefined;
    // Optional, beyond 1.4.0: which branding image this is, for its size rule.
    let field: string | undefined;
    let data: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field' && part.fieldname === 'source') source = String(part.value);
        else if (part.type === 'field' && part.fieldname === 'field') field = String(part.value);
        else if (part.type === 'file' && part.fieldname === 'file') data = await part.toBuffer();
        else if (part.type === 'file') await part.toBuffer();
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, 'error.upload.too_large');
      if ((err as { statusCode?: number }).statusCode) throw err;
      // The multipart parser's own errors (no boundary, truncated parts) carry no status: a malformed body.
      throw badRequest('base.request_format_error');
    }
    if (!source || !UPLOAD_SOURCES.includes(source as UploadSource)) throw badRequest('error.upload.source_unsupported');
    // Branding images (logo, favicon) are site settings: admins only.
    if (source === 'branding' && request.user!.roleId !== ROLE.admin) throw forbidden();
    if (!data?.length) throw badRequest('error.upload.unsupported_file_format');
    const brandingField = BRANDING_FIELDS.includes(field as BrandingField) ? (field as BrandingField) : undefined;
    return send(request, reply, await storeImage(app.runtime, opts.uploadsDir, source as UploadSource, data, brandingField));
  });

  // On a private site uploads (except branding) are read by whoever may read the site: the
  // guardian's rule, for the person the visit cookie names. What passes is kept by that browser
  // alone and asked again on each use, so no proxy or CDN can serve it to someone else.
  const privateReads = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/uploads/') || request.url.startsWith('/uploads/branding/')) return;
    if (!app.runtime.installed || !(await loadSiteSettings(app.runtime)).login.login_required) return;
    const visit = request.cookies[VISIT_COOKIE] ?? '';
    const reader = visit ? await resolveSessionCached(app.runtime.database, visit, 'visit_token') : null;
    if (!mayCallRoute(reader, 'public', true)) return reply.redirect('/403');
    privateReads.add(request);
  });

  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '30d',
    // Only verified images render; the type is never guessed (core/security-headers.ts).
    setHeaders: (reply, filePath) => {
      setUploadHeaders(reply, filePath);
      if (privateReads.has(reply.request)) reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie');
    },
  });
}
