/** Text and attribute values for the XML documents of this folder (sitemaps, OpenSearch, Atom). */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Control characters other than tab and line breaks are not allowed anywhere in XML 1.0.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** Unix seconds as a W3C / RFC 3339 date-time in UTC, to the second (sitemap lastmod, Atom updated). */
export function w3cDate(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
