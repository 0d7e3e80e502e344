import { TIMINGS } from '@answer/contract';
import { type ComponentType, lazy } from 'react';

export class ChunkLoadError extends Error {
  constructor() {
    super('chunk load timeout');
    this.name = 'ChunkLoadError';
  }
}

/** import() cannot be cancelled, but a page that has not arrived after 120 s is reported as failed. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), TIMINGS.chunkLoadTimeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A thenable that has already settled. React.lazy reads a module from it at once, where a promise
 * (settled or not) makes it suspend and show the loading fallback for at least a moment.
 */
const settled = <T>(value: T) => ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

/** An area's module may export `ready`: what its pages need besides their code, awaited before they render. */
async function whenReady<M>(module: M): Promise<M> {
  await (module as { ready?: () => Promise<unknown> }).ready?.();
  return module;
}

/**
 * One chunk per area of the site: `area('Name')` is a lazy component for the module's export
 * `Name`, and every page of the area shares the one download. `area.preload()` starts that download
 * ahead of rendering; a page whose area is loaded then renders without a loading state.
 */
export function lazyArea<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= withTimeout(load().then(whenReady)).then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download (a deploy replaced the chunks, a network blip) may be tried again.
        loading = undefined;
        throw error;
      },
    ));
  const area = (name: keyof M & string) =>
    lazy(() => {
      const component = (module: M) => ({ default: module[name] as ComponentType });
      return loaded ? settled(component(loaded)) : preload().then(component);
    });
  return Object.assign(area, { preload });
}
