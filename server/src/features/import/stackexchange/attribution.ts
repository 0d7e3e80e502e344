import path from 'node:path';

/**
 * CC BY-SA asks every reuse to name the author and link the original. A dump does not say which
 * site it is, so the site comes from ANSWER_IMPORT_SITE_URL when set, else from the folder's name,
 * which is the site's host name in the dumps Stack Exchange publishes ("cooking.stackexchange.com").
 */
export interface SourceSite {
  /** https://cooking.stackexchange.com, without a trailing slash. */
  url: string;
  /** The host, used to tell this dump's placeholder accounts and id plan from another dump's. */
  host: string;
}

export function sourceSite(folder: string, env: NodeJS.ProcessEnv = process.env): SourceSite {
  const given = env.ANSWER_IMPORT_SITE_URL?.trim();
  if (given) {
    try {
      const url = new URL(given);
      return { url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`, host: url.host };
    } catch {
      // An unusable value falls back to the folder's name; the report says which site was used.
    }
  }
  const host =
    path
      .basename(path.resolve(folder))
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '') || 'stackexchange';
  return { url: `https://${host}`, host };
}

/** Licences as the dump names them ("CC BY-SA 4.0"); rows of old dumps name none. */
export const DEFAULT_LICENSE = 'CC BY-SA';

export const sourceUrls = (site: SourceSite) => ({
  question: (seId: string) => `${site.url}/questions/${seId}`,
  answer: (seId: string) => `${site.url}/a/${seId}`,
  comment: (seId: string) => `${site.url}/posts/comments/${seId}`,
  user: (seId: string) => `${site.url}/users/${seId}`,
});
