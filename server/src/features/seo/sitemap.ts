import type { Runtime } from '../../runtime.js';
import { contentGeneration } from '../question/list-cache.js';
import { questionPath } from '../question/permalink.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { lastActivity, listedQuestions } from './queries.js';
import { escapeXml, w3cDate, XML_DECLARATION } from './xml.js';

/** The protocol's limit of URLs per sitemap file (sitemaps.org; domain.md cache table). */
const MAX_URLS = 50_000;
let pageSize = MAX_URLS;
/**
 * Generated sitemaps are kept a few minutes, as crawlers fetch them in bursts, but only while the
 * content is unchanged: the keys hold the question lists' generation, so a deleted or retitled
 * question leaves the sitemap with the next read.
 */
const CACHE_SECONDS = 300;
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Tests use a small page size to see several pages; production keeps the protocol's limit. */
export function setSitemapPageSize(size: number = MAX_URLS) {
  pageSize = Math.min(Math.max(1, Math.floor(size)), MAX_URLS);
}

/**
 * The first question id of every sitemap page: one index-only scan numbering the listed ids, kept
 * with the pages. Each page then starts at its boundary (keyset), so no page reads the rows before
 * it and no query loads whole rows beyond one page.
 */
async function pageStarts(runtime: Runtime): Promise<string[]> {
  const key = `seo:sitemap:starts:${pageSize}:${await contentGeneration(runtime)}`;
  const cached = await runtime.cache.get<string[]>(key);
  if (cached) return cached;
  const size = pageSize;
  const numbered = listedQuestions(runtime.database).select((eb) => ['question.id', eb.fn.agg<number>('row_number').over((ob) => ob.orderBy('question.id')).as('n')]);
  const rows = await runtime.database
    .selectFrom(numbered.as('numbered'))
    .select('numbered.id')
    .where((eb) => eb(eb.parens(eb(eb.ref('numbered.n'), '-', 1)), '%', size), '=', 0)
    .orderBy('numbered.id')
    .execute();
  const starts = rows.map((r) => String(r.id));
  await runtime.cache.set(key, starts, CACHE_SECONDS);
  return starts;
}

/** Site URL without a trailing slash; links in sitemaps and feeds must be absolute. */
export const siteBase = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** `/sitemap.xml`: the index of the question sitemap pages. */
export async function sitemapIndexXml(runtime: Runtime): Promise<string> {
  const base = siteBase((await loadSiteSettings(runtime)).general.site_url);
  const entries = (await pageStarts(runtime)).map((_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap/question-${i + 1}.xml`)}</loc></sitemap>`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** `/sitemap/question-N.xml`: the canonical URLs of up to one page of listed questions; null past the last page. */
export async function sitemapPageXml(runtime: Runtime, page: number): Promise<string | null> {
  const settings = await loadSiteSettings(runtime);
  const style = settings.seo.permalink;
  const base = siteBase(settings.general.site_url);
  // The URLs depend on the permalink style and the site URL: a change of either is a new page.
  const key = `seo:sitemap:page:${pageSize}:${style}:${base}:${page}:${await contentGeneration(runtime)}`;
  const cached = await runtime.cache.get<string>(key);
  if (cached) return cached;
  const start = (await pageStarts(runtime))[page - 1];
  if (start === undefined) return null;
  const rows = await listedQuestions(runtime.database)
    .select(['question.id', 'question.title', 'question.created_at', 'question.post_update_time'])
    .where('question.id', '>=', start)
    .orderBy('question.id')
    .limit(pageSize)
    .execute();
  const urls = rows.map((q) => {
    const loc = base + encodeURI(questionPath(style, String(q.id), q.title));
    return `<url><loc>${escapeXml(loc)}</loc><lastmod>${w3cDate(lastActivity(q))}</lastmod></url>`;
  });
  const xml = `${XML_DECLARATION}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
  await runtime.cache.set(key, xml, CACHE_SECONDS);
  return xml;
}
