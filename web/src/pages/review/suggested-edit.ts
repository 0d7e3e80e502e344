import type { TagBrief } from '../../api/post-types';
import type { SuggestedEdit } from '../../api/review';
import { questionPath, tagPath } from '../../components/question-links';
import { EMPTY_SIDE, type RevisionSide } from '../../components/RevisionDiff';

type Snapshot = Record<string, unknown>;

const text = (...values: unknown[]): string => (values.find((v) => typeof v === 'string') as string | undefined) ?? '';

/** Tag names from a tag list, whether the server sent tag objects or bare slugs. */
export function tagNames(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  return tags
    .map((tag: string | Partial<TagBrief> | null) => (typeof tag === 'string' ? tag : tag?.display_name || tag?.slug_name || ''))
    .filter(Boolean);
}

/** The proposal's snapshot as an object: it arrives parsed, or as the stored JSON text when the server could not parse it. */
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

/**
 * The object as it is now. A question compares title, tags and body; an answer its body; a tag its
 * display name (shown as the title) and description, the two things approving a tag suggestion applies.
 */
export function currentSide(edit: SuggestedEdit): RevisionSide {
  const { info } = edit;
  if (edit.type === 'question') return { title: info.title ?? '', tags: tagNames(info.tags), body: info.content ?? '' };
  if (edit.type === 'answer') return { ...EMPTY_SIDE, body: info.content ?? '' };
  if (edit.type === 'tag') return { ...EMPTY_SIDE, title: info.title ?? '', body: info.content ?? '' };
  return EMPTY_SIDE;
}

/** The object as the suggestion would make it, read from the revision's snapshot. */
export function proposedSide(edit: SuggestedEdit): RevisionSide {
  const proposal = edit.unreviewed_info;
  const snap = snapshotOf(proposal.content);
  if (edit.type === 'question') {
    return { title: text(snap.title, proposal.title), tags: tagNames(snap.tags), body: text(snap.content, snap.original_text) };
  }
  if (edit.type === 'answer') return { ...EMPTY_SIDE, body: text(snap.content, snap.original_text) };
  if (edit.type === 'tag') return { ...EMPTY_SIDE, title: text(snap.display_name, proposal.title), body: text(snap.original_text, snap.content) };
  return EMPTY_SIDE;
}

const EDIT_TYPES = ['question', 'answer', 'tag'];

/** The heading naming what kind of object the edit is for. */
export const editHeadingKey = (type: string): string => (EDIT_TYPES.includes(type) ? `review.edit_of.${type}` : 'review.edit_of.other');

/** The page of the object the edit would change. */
export function editTargetPath(edit: SuggestedEdit, permalink: number | undefined): string {
  const { info } = edit;
  // A tag's url_title is its slug; its title is the display name.
  if (edit.type === 'tag') return tagPath(info.url_title || info.title);
  const question = { id: info.question_id || info.object_id, url_title: info.url_title };
  return questionPath(permalink, question, edit.type === 'answer' ? info.object_id : undefined);
}
