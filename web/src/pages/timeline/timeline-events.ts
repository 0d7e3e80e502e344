import type { RevisionSnapshot, TimelineEvent } from '../../api/timeline';
import { EMPTY_SIDE, type RevisionSide } from '../../components/RevisionDiff';

/**
 * Event kinds a timeline names (domain.md 12.1-12.2, spec section 3): the part of the activity key
 * after the dot, with votes shown as upvote/downvote and an accepted answer as accept.
 */
export const ACTIVITY_KINDS = [
  'asked',
  'answered',
  'commented',
  'edited',
  'rollback',
  'created',
  'closed',
  'reopened',
  'deleted',
  'undeleted',
  'pin',
  'unpin',
  'show',
  'hide',
  'accept',
  'upvote',
  'downvote',
] as const;

const KNOWN = new Set<string>(ACTIVITY_KINDS);

/** The translation key naming an event kind; a kind this client does not know yet reads "other". */
export const activityLabelKey = (kind: string): string => (KNOWN.has(kind) ? `timeline.kinds.${kind}` : 'timeline.kinds.other');

/** Whether the event made a revision whose changes can be shown. */
export const hasRevision = (event: Pick<TimelineEvent, 'revision_id'>): boolean => Boolean(event.revision_id) && String(event.revision_id) !== '0';

/**
 * The revision an event's revision replaced: the next older event (the list is newest first) of the
 * same object that made one, or "0" for a first version. Matching the object matters on a question's
 * timeline, which also lists its answers' events.
 */
export function previousRevisionId(events: readonly TimelineEvent[], index: number): string {
  const current = events[index];
  if (!current) return '0';
  const older = events.slice(index + 1).find((e) => e.object_id === current.object_id && hasRevision(e));
  return older ? String(older.revision_id) : '0';
}

/** A revision snapshot as the diff compares it; a missing one (nothing before) is empty. */
export function snapshotSide(snapshot: RevisionSnapshot | null | undefined): RevisionSide {
  if (!snapshot) return EMPTY_SIDE;
  return {
    title: snapshot.title ?? '',
    tags: (snapshot.tags ?? []).map((tag) => tag.display_name || tag.slug_name),
    body: snapshot.original_text ?? '',
  };
}
