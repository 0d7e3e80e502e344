import { DocumentError } from './errors.js';
import { type IdpMetadata, parseIdpMetadata } from './idp-metadata.js';
import { FETCH_TIMEOUT_MS, MAX_METADATA_BYTES, MAX_REDIRECTS, METADATA_TTL_MS } from './limits.js';
import { isMetadataUrl } from './urls.js';

/** Reads the body up to the limit: a server that sends more is cut off, not read to the end. */
async function readBounded(response: Response): Promise<string> {
  if (Number(response.headers.get('content-length')) > MAX_METADATA_BYTES) {
    await response.body?.cancel();
    throw new DocumentError('the metadata is larger than 1 MB');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_METADATA_BYTES) throw new DocumentError('the metadata is larger than 1 MB');
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The metadata document at `url`. Redirects are followed by hand, a few at most, each to an
 * address the first one could have been (isMetadataUrl); the whole fetch ends after the timeout.
 */
export async function fetchMetadataXml(url: string): Promise<string> {
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!isMetadataUrl(current)) throw new DocumentError('the metadata address is not https (http only on 127.0.0.1 or localhost)');
    let response: Response;
    try {
      response = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new DocumentError('the metadata address did not answer in time');
      throw new DocumentError('the metadata address cannot be reached');
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current).href;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw new DocumentError(`the metadata address answered HTTP ${response.status}`);
    }
    try {
      return await readBounded(response);
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw new DocumentError('the metadata address did not answer in time');
      throw error;
    }
  }
  throw new DocumentError('the metadata address redirects too many times');
}

const cache = new Map<string, { expires: number; metadata: Promise<IdpMetadata> }>();

/**
 * The identity provider's metadata from its address, read once an hour and shared by every
 * sign-in; a failed read is not kept, so the next sign-in tries again.
 */
export function metadataFromUrl(url: string, entityId: string, now = Date.now()): Promise<IdpMetadata> {
  const key = JSON.stringify([url, entityId]);
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.metadata;
  const metadata = fetchMetadataXml(url).then((xml) => parseIdpMetadata(xml, entityId));
  cache.set(key, { expires: now + METADATA_TTL_MS, metadata });
  metadata.catch(() => {
    if (cache.get(key)?.metadata === metadata) cache.delete(key);
  });
  return metadata;
}

/** Drops what was fetched: the admin saved the form (maybe because the IdP changed its key). */
export function forgetMetadata(): void {
  cache.clear();
}
