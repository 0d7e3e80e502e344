/**
 * One render at a time. The app keeps the site, the reader and the language in module-wide stores
 * (state/, i18n/), as a browser has one of each; a render sets them for its reader first and holds
 * the lock until React has written everything, so two readers' renders never mix. Rendering is
 * CPU work only (the data was fetched before), so queueing costs nothing on one thread.
 */
let tail: Promise<unknown> = Promise.resolve();

export function withRenderLock<T>(work: () => T | Promise<T>): Promise<T> {
  const run = tail.then(work, work);
  tail = run.catch(() => undefined);
  return run;
}
