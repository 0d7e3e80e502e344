import { AppError } from '../../core/errors.js';
import type { Runtime } from '../../runtime.js';
import type { PluginEntry } from './registry.js';

/** A hook that failed: where nothing can fall back, the client gets 503 with a toast saying so. */
export class PluginHookError extends AppError {
  constructor(
    readonly slug: string,
    readonly hook: string,
  ) {
    super(503, 'error.plugin.unavailable', { err_type: 'toast' });
  }
}

/**
 * Calls one hook of a plugin, bounded in time. What it throws, or a timeout, is logged with the
 * plugin's name and shown on the admin plugins page, then thrown as a PluginHookError for the
 * caller's fallback (built-in search, local storage, no captcha step); a success clears the mark.
 */
export async function callHook<T>(
  runtime: Runtime,
  entry: PluginEntry,
  hook: string,
  run: () => T | Promise<T>,
  timeoutMs = runtime.plugins.hookTimeoutMs,
  /** For hooks that refuse by throwing (a connector's receiver when a sign-in is refused): not the plugin's failure. */
  throwsToRefuse = false,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      Promise.resolve().then(run),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
        timer.unref();
      }),
    ]);
    runtime.plugins.recordSuccess(entry.slug);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (throwsToRefuse) {
      console.warn(`plugin ${entry.slug}: ${hook} refused: ${message}`);
      throw new PluginHookError(entry.slug, hook);
    }
    runtime.plugins.recordFailure(entry.slug, hook, message);
    console.error(`plugin ${entry.slug}: ${hook} failed: ${message}`);
    throw new PluginHookError(entry.slug, hook);
  } finally {
    clearTimeout(timer);
  }
}
