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

const typedName = (text: string) => text.trim().replace(/,+$/, '').trim();

const isNamed = (tag: { slug_name: string; display_name: string }, name: string) =>
  tag.slug_name === slugOf(name) || tag.display_name.toLowerCase() === name.toLowerCase();

/** What `text` means taken literally (a comma, or Enter with the list closed): the tag of that name, else a new tag. */
export function tagFromText(text: string, suggestions: TagBrief[]): ChosenTag | null {
  const name = typedName(text);
  if (!name) return null;
  const known = suggestions.find((s) => isNamed(s, name));
  if (known) return { slug_name: known.slug_name, display_name: known.display_name };
  return { slug_name: slugOf(name), display_name: name, is_new: true };
}

/** One row of the list under the tag input; `create` is the explicit "create tag" row. */
export interface TagOption {
  tag: ChosenTag;
  create: boolean;
}

/**
 * The list under the tag input for `text`: the suggested tags not chosen yet (the one named exactly
 * so first), then "create" when no existing tag has that name. The first row is the one Enter takes,
 * so typing "dock" picks the suggested "docker" and a new tag is only made on purpose.
 */
export function tagOptions(text: string, suggestions: TagBrief[], chosen: ChosenTag[]): TagOption[] {
  const name = typedName(text);
  if (name && chosen.some((c) => isNamed(c, name))) return [];
  const taken = new Set(chosen.map((c) => c.slug_name));
  const rows = suggestions
    .filter((s) => !taken.has(s.slug_name))
    .map((s) => ({ tag: { slug_name: s.slug_name, display_name: s.display_name }, create: false }));
  if (!name) return rows;
  const exact = rows.findIndex((r) => isNamed(r.tag, name));
  if (exact >= 0) return [rows[exact]!, ...rows.filter((_, i) => i !== exact)];
  return [...rows, { tag: { slug_name: slugOf(name), display_name: name, is_new: true }, create: true }];
}

/** Adds a tag unless it is already there or the form is full; a too-long name is refused. */
export function addTag(tags: ChosenTag[], tag: ChosenTag, max = MAX_TAGS): { tags: ChosenTag[]; error?: 'too_long' | 'too_many' } {
  if (tags.some((t) => t.slug_name === tag.slug_name)) return { tags };
  if ([...tag.slug_name].length > LIMITS.tagNameMax) return { tags, error: 'too_long' };
  if (tags.length >= max) return { tags, error: 'too_many' };
  return { tags: [...tags, tag] };
}

/** The request form of chosen tags. */
export const tagsForRequest = (tags: ChosenTag[]) => tags.map(({ slug_name, display_name }) => ({ slug_name, display_name }));
