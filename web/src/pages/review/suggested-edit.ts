import type { SuggestedEdit } from '../../api/review';
import { questionPath, tagPath } from '../../components/question-links';
import { EMPTY_SIDE, type RevisionSide } from '../../components/RevisionDiff';
import { revisionContent, sideOf, tagNames } from '../../components/revision-snapshot';

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
export const proposedSide = (edit: SuggestedEdit): RevisionSide => sideOf(revisionContent(edit.type, edit.unreviewed_info));

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
