const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&amp;': '&', '&nbsp;': ' ' };

/**
 * The text a reader sees in a post's rendered HTML (our own sanitised markup), code included: what
 * is indexed and what excerpts are cut from. Link targets and markup are not text.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:lt|gt|quot|#39|#x27|amp|nbsp);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}
