import type { Runtime } from '../../runtime.js';

const CACHE_KEY = 'answer:remote-version';
const CACHE_SECONDS = 3600;
const TIMEOUT_MS = 3000;

/**
 * The newest released version, for the dashboard: asked only when the owner turned "check for
 * updates" on (off by default, so a site tells no third party it exists) and a release feed is set
 * in ANSWER_UPDATE_URL (a JSON document with `version`, or npm's `dist-tags.latest`). Any failure
 * or timeout shows as unknown (''); the answer is kept an hour.
 */
export async function remoteVersion(runtime: Runtime, checkUpdate: boolean): Promise<string> {
  const url = process.env.ANSWER_UPDATE_URL;
  if (!checkUpdate || !url) return '';
  const cached = await runtime.cache.get<string>(CACHE_KEY);
  if (cached !== undefined) return cached;
  let version = '';
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    const body = (await res.json()) as { version?: unknown; 'dist-tags'?: { latest?: unknown } };
    const found = body.version ?? body['dist-tags']?.latest;
    if (res.ok && typeof found === 'string' && found.length <= 64) version = found;
  } catch {
    // Unreachable or not JSON: unknown, asked again in an hour.
  }
  await runtime.cache.set(CACHE_KEY, version, CACHE_SECONDS);
  return version;
}
