import { ADMIN_API_PREFIX, API_PREFIX } from '@answer/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RouteAccess } from '../../core/guardian.js';
import type { OpenApiRoute } from './declare.js';

/** One method of one registered API route, as the document describes it. */
export interface CollectedRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  limits: string[];
  captcha: boolean;
  openapi: OpenApiRoute | undefined;
}

export const DOCS_PREFIX = '/answer/api/docs';

/** The routes the document describes: the API and the admin API (not the docs themselves). */
export const isDescribedPath = (url: string) =>
  (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url === ADMIN_API_PREFIX || url.startsWith(`${ADMIN_API_PREFIX}/`)) && !url.startsWith(DOCS_PREFIX);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

/** Collects every API route as it is registered (call before registering them). */
export function collectApiRoutes(app: FastifyInstance): CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isDescribedPath(route.url)) return;
    const config = (route.config ?? {}) as { access?: RouteAccess; limits?: string[]; captcha?: string; openapi?: OpenApiRoute };
    for (const method of [route.method].flat()) {
      if (!METHODS.includes(method)) continue;
      routes.push({ method, url: route.url, access: config.access, limits: config.limits ?? [], captcha: !!config.captcha, openapi: config.openapi });
    }
  });
  return routes;
}
