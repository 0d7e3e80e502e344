import type { FastifyInstance, RouteOptions } from 'fastify';

/** One route as Fastify registered it, with the access level it declares. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: string | undefined;
  config: Record<string, unknown> | undefined;
}

/**
 * The `fastify` module with every instance it makes recording its routes into `sink`, for tests
 * that walk all registered routes (the app is built by buildApp, so the hook must go onto every
 * instance the factory makes). Use it from a hoisted mock:
 *
 *   const registered = vi.hoisted(() => [] as RegisteredRoute[]);
 *   vi.mock('fastify', async (original) => (await import('./support/registered-routes.js')).recordingFastify(await original(), registered));
 */
export function recordingFastify(mod: typeof import('fastify'), sink: RegisteredRoute[]) {
  const create = mod.default as unknown as (options?: object) => FastifyInstance;
  const factory = (options?: object) => {
    const app = create(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      const config = route.config as Record<string, unknown> | undefined;
      for (const method of [route.method].flat()) sink.push({ method, url: route.url, access: config?.access as string | undefined, config });
    });
    return app;
  };
  return { ...mod, default: factory };
}
