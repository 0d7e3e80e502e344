import { tagPath } from '../../components/question-links';

/**
 * Where a tag page must go instead: a synonym's slug (the server answers with its main tag) or a
 * differently written slug moves to the main tag's own address, keeping the sub-page (`/info`) and
 * query. Null when `requested` already is that address.
 */
export function synonymRedirect(
  requested: string,
  tag: { slug_name: string; main_tag_slug_name?: string } | undefined,
  suffix = '',
  search = '',
): string | null {
  if (!tag) return null;
  const canonical = tag.main_tag_slug_name || tag.slug_name;
  if (!canonical || canonical === requested) return null;
  return `${tagPath(canonical)}${suffix}${search}`;
}
