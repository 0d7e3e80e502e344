import type { TagBrief } from '../api/post-types';
import { EMPTY_SIDE, type RevisionSide } from './RevisionDiff';

type Snapshot = Record<string, unknown>;

/** An object's fields as one revision recorded them (the JSON snapshot in the revision's `content`). */
export interface RevisionContent {
  /** The question title or the tag's display name; empty for an answer. */
  title: string;
  /** Markdown: the question or answer body, or the tag description. */
  body: string;
  /** A question's tags. */
  tags: TagBrief[];
  /** A tag's slug. */
  slug_name: string;
}

const EMPTY_CONTENT: RevisionContent = { title: '', body: '', tags: [], slug_name: '' };

const text = (...values: unknown[]): string => (values.find((v) => typeof v === 'string') as string | undefined) ?? '';

/** A snapshot as an object: it arrives parsed, or as the stored JSON text when the server could not parse it. */
function snapshotOf(content: unknown): Snapshot {
  if (typeof content === 'string') {
    try {
      const parsed: unknown = JSON.parse(content);
      return parsed && typeof parsed === 'object' ? (parsed as Snapshot) : {};
    } catch {
      return {};
    }
  }
  return content && typeof content === 'object' ? (content as Snapshot) : {};
}

/** A snapshot's tag list, whether it holds tag objects or bare slugs (the history stores slugs). */
export function snapshotTags(tags: unknown): TagBrief[] {
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag: unknown): TagBrief[] => {
    if (typeof tag === 'string') return tag ? [{ slug_name: tag, display_name: '' }] : [];
    if (!tag || typeof tag !== 'object') return [];
    const { slug_name, display_name } = tag as Partial<TagBrief>;
    return slug_name || display_name ? [{ slug_name: slug_name ?? '', display_name: display_name ?? '' }] : [];
  });
}

/** What to call a tag: its display name, else its slug. */
const tagName = (tag: TagBrief) => tag.display_name || tag.slug_name;

/** Tag names from a tag list, whether the server sent tag objects or bare slugs. */
export const tagNames = (tags: unknown): string[] => snapshotTags(tags).map(tagName);

/**
 * Reads a revision of a question, answer or tag (`type`). A missing snapshot title falls back to the
 * revision's own title (a question's title, a tag's display name); an unknown type reads as empty.
 */
export function revisionContent(type: string, revision: { title: string; content: unknown }): RevisionContent {
  const snap = snapshotOf(revision.content);
  if (type === 'question') return { ...EMPTY_CONTENT, title: text(snap.title, revision.title), tags: snapshotTags(snap.tags), body: text(snap.content, snap.original_text) };
  if (type === 'answer') return { ...EMPTY_CONTENT, body: text(snap.content, snap.original_text) };
  if (type === 'tag') return { ...EMPTY_CONTENT, title: text(snap.display_name, revision.title), body: text(snap.original_text, snap.content), slug_name: text(snap.slug_name) };
  return EMPTY_CONTENT;
}

/** A revision as the diff shows it; `nameOf` picks how tags are named (display names where every side has them). */
export function sideOf(content: RevisionContent, nameOf: (tag: TagBrief) => string = tagName): RevisionSide {
  return { ...EMPTY_SIDE, title: content.title, tags: content.tags.map(nameOf).filter(Boolean), body: content.body };
}

/** A snapshot's tags (slugs only) named as the form knows them, or by slug when it does not. */
export const withKnownNames = (tags: readonly TagBrief[], known: readonly TagBrief[]): TagBrief[] =>
  tags.map((tag) => known.find((k) => k.slug_name === tag.slug_name) ?? { slug_name: tag.slug_name, display_name: tagName(tag) });
