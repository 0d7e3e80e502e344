import type { TimelineEvent, TimelineObject } from '../../api/timeline';
import { questionPath, tagPath } from '../../components/question-links';

/** The page of the post or tag a timeline belongs to. */
export function objectPath(info: TimelineObject, permalink: number | undefined): string {
  if (info.object_type === 'tag') return tagPath(info.main_tag_slug_name || info.title);
  const answerId = info.object_type === 'answer' ? info.answer_id : undefined;
  return questionPath(permalink, { id: info.question_id }, answerId);
}

/**
 * Where an event's label leads, if anywhere: a new or accepted answer opens that answer, a comment
 * opens the post it is on. Other events concern the timeline's own object, linked in the heading.
 */
export function eventPath(event: Pick<TimelineEvent, 'activity_type' | 'object_id'>, info: TimelineObject, permalink: number | undefined): string | undefined {
  if (info.object_type === 'tag') return undefined;
  if (event.activity_type === 'accept' || (event.activity_type === 'answered' && info.object_type === 'question')) {
    return questionPath(permalink, { id: info.question_id }, event.object_id);
  }
  if (event.activity_type === 'commented') return objectPath(info, permalink);
  return undefined;
}
