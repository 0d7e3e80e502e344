import { LIMITS } from '@answer/contract';
import type { TagBrief } from '../api/post-types';

/** A tag chosen in a form; `is_new` when it does not exist yet and asking will create it. */
export interface ChosenTag {
  slug_name: string;
  display_name: string;
  is_new?: boolean;
}

export const MAX_TAGS = 5;

/** The slug the server will store for a typed name (domain.md 1.10: lower case, spaces to "-"). */
export const slugOf = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

/** What typing `text` and pressing Enter adds: the matching suggestion, else a new tag. */
export function tagFromText(text: string, suggestions: TagBrief[]): ChosenTag | null {
  const name = text.trim().replace(/,+$/, '').trim();
  if (!name) return null;
  const slug = slugOf(name);
  const known = suggestions.find((s) => s.slug_name === slug || s.display_name.toLowerCase() === name.toLowerCase());
  if (known) return { slug_name: known.slug_name, display_name: known.display_name };
  return { slug_name: slug, display_name: name, is_new: true };
}

/** Adds a tag unless it is already there or the form is full; a too-long name is refused. */
export function addTag(tags: ChosenTag[], tag: ChosenTag): { tags: ChosenTag[]; error?: 'too_long' | 'too_many' } {
  if (tags.some((t) => t.slug_name === tag.slug_name)) return { tags };
  if ([...tag.slug_name].length > LIMITS.tagNameMax) return { tags, error: 'too_long' };
  if (tags.length >= MAX_TAGS) return { tags, error: 'too_many' };
  return { tags: [...tags, tag] };
}

/** The request form of chosen tags. */
export const tagsForRequest = (tags: ChosenTag[]) => tags.map(({ slug_name, display_name }) => ({ slug_name, display_name }));
