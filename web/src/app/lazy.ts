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
 * One chunk per area of the site: `area('Name')` is a lazy component for the module's export
 * `Name`, and every page of the area shares the one download.
 */
export function lazyArea<M>(load: () => Promise<M>) {
  return (name: keyof M & string) =>
    lazy(async () => ({ default: (await withTimeout(load()))[name] as ComponentType }));
}
