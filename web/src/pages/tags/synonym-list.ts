import { LIMITS } from '@answer/contract';
import { slugOf } from '../../components/tag-input';

export type SynonymProblem = 'empty' | 'too_long' | 'self' | 'duplicate';

/**
 * The synonym set with a typed name added as a slug (the server stores slugs lower case with
 * hyphens for spaces), or why it cannot be: a tag is never its own synonym (domain.md 7.4).
 */
export function addSynonym(list: string[], typed: string, mainSlug: string): { list: string[]; problem?: SynonymProblem } {
  const slug = slugOf(typed);
  if (!slug) return { list, problem: 'empty' };
  if (slug.length > LIMITS.tagNameMax) return { list, problem: 'too_long' };
  if (slug === mainSlug) return { list, problem: 'self' };
  if (list.includes(slug)) return { list, problem: 'duplicate' };
  return { list: [...list, slug] };
}
