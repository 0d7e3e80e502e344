import { API_PREFIX } from '@answer/contract';
import { get } from './client';
import type { TagBrief, UserBrief } from './post-types';

/** The post or tag a timeline belongs to (domain.md 12.2). */
export interface TimelineObject {
  title: string;
  object_type: 'question' | 'answer' | 'tag' | string;
  question_id: string;
  answer_id: string;
  username: string;
  display_name: string;
  main_tag_slug_name: string;
}

/** One event: `activity_type` is the kind (asked, edited, upvote...); `comment` is server-sanitised HTML. */
export interface TimelineEvent {
  activity_id: string;
  /** The revision an edit (or a first version) made; "0" or empty when none. */
  revision_id: string;
  created_at: number;
  activity_type: string;
  comment: string;
  object_id: string;
  object_type: string;
  cancelled: boolean;
  cancelled_at: number;
  /** Null when the actor is hidden (a downvoter, for anyone but an admin) or gone. */
  user_info: UserBrief | null;
}

export interface Timeline {
  object_info: TimelineObject;
  timeline: TimelineEvent[];
}

/** A revision's snapshot as the diff needs it. */
export interface RevisionSnapshot {
  title: string;
  tags: TagBrief[] | null;
  original_text: string;
}

export interface TimelineDetail {
  new_revision: RevisionSnapshot | null;
  old_revision: RevisionSnapshot | null;
}

const TIMELINE = `${API_PREFIX}/activity/timeline`;

/** An unknown post or tag shows the 404 page in place. */
export const getTimeline = (objectId: string, showVote: boolean, signal?: AbortSignal) =>
  get<Timeline>(TIMELINE, { params: { object_id: objectId, show_vote: showVote }, signal, allow404: true });

/** Two revisions to compare; an old id of 0 means "nothing before" (a first version). */
export const getTimelineDetail = (newRevisionId: string, oldRevisionId: string, signal?: AbortSignal) =>
  get<TimelineDetail>(`${TIMELINE}/detail`, { params: { new_revision_id: newRevisionId, old_revision_id: oldRevisionId }, signal });
