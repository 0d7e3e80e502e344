import type { SiteSettings } from '../siteinfo/service.js';
import { siteBase } from './sitemap.js';
import { escapeXml, XML_DECLARATION } from './xml.js';

/** OpenSearch 1.1 caps ShortName at 16 characters and Description at 1024. */
const SHORT_NAME_MAX = 16;
const DESCRIPTION_MAX = 1024;

const cut = (s: string, max: number) => [...s].slice(0, max).join('');

/** `/opensearch.xml`: lets browsers offer the site's search (the web app's /search page) in the address bar. */
export function openSearchXml(settings: SiteSettings): string {
  const { name, short_description: description, site_url: siteUrl } = settings.general;
  const template = `${siteBase(siteUrl)}/search?q={searchTerms}`;
  return (
    `${XML_DECLARATION}<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">\n` +
    `<ShortName>${escapeXml(cut(name, SHORT_NAME_MAX))}</ShortName>\n` +
    `<Description>${escapeXml(cut(description || name, DESCRIPTION_MAX))}</Description>\n` +
    `<InputEncoding>UTF-8</InputEncoding>\n` +
    `<Url type="text/html" method="get" template="${escapeXml(template)}"/>\n` +
    `</OpenSearchDescription>\n`
  );
}
