import { describe, expect, it } from 'vitest';
import type { TimelineObject } from '../../api/timeline';
import { eventPath, objectPath } from './timeline-links';

const base: TimelineObject = { title: 'How?', object_type: 'question', question_id: 'Q1', answer_id: '', username: 'ann', display_name: 'Ann', main_tag_slug_name: '' };
const question = base;
const answer = { ...base, object_type: 'answer', answer_id: 'A1' };
const tag = { ...base, object_type: 'tag', question_id: '', title: 'golang', main_tag_slug_name: 'go' };

describe('timeline links', () => {
  it('leads back to the question, the answer or the tag', () => {
    expect(objectPath(question, 2)).toBe('/questions/Q1');
    expect(objectPath(answer, 2)).toBe('/questions/Q1/A1');
    expect(objectPath(tag, 2)).toBe('/tags/go');
    expect(objectPath({ ...tag, main_tag_slug_name: '' }, 2)).toBe('/tags/golang');
  });

  it('links a new or accepted answer to that answer and a comment to its post', () => {
    expect(eventPath({ activity_type: 'answered', object_id: 'A2' }, question, 2)).toBe('/questions/Q1/A2');
    expect(eventPath({ activity_type: 'accept', object_id: 'A2' }, question, 2)).toBe('/questions/Q1/A2');
    expect(eventPath({ activity_type: 'commented', object_id: 'C1' }, answer, 2)).toBe('/questions/Q1/A1');
    expect(eventPath({ activity_type: 'commented', object_id: 'C1' }, question, 2)).toBe('/questions/Q1');
  });

  it('leaves other events unlinked', () => {
    expect(eventPath({ activity_type: 'edited', object_id: 'Q1' }, question, 2)).toBeUndefined();
    expect(eventPath({ activity_type: 'answered', object_id: 'A1' }, answer, 2)).toBeUndefined();
    expect(eventPath({ activity_type: 'created', object_id: 'T1' }, tag, 2)).toBeUndefined();
  });
});
