import { describe, expect, it } from 'vitest';
import type { PendingPost } from '../../api/review';
import { queuedHeadingKey, queuedPostPath } from './queued-post';

const post = (over: Partial<PendingPost>): PendingPost => ({
  review_id: 1,
  object_id: '10010000000000001',
  object_type: 'question',
  question_id: '10010000000000001',
  answer_id: '',
  comment_id: '',
  title: 'A title',
  url_title: 'a-title',
  original_text: '',
  parsed_text: '',
  tags: [],
  object_status: 11,
  object_show_status: 1,
  created_at: 0,
  submit_at: 0,
  submitter_display_name: '',
  reason: '',
  author_user_info: null,
  ...over,
});

describe('queued post helpers', () => {
  it('names the kind of post', () => {
    expect(queuedHeadingKey(post({}))).toBe('review.queued.question');
    expect(queuedHeadingKey(post({ object_type: 'answer' }))).toBe('review.queued.answer');
  });

  it('links a question, or an answer within its question, by the site permalink', () => {
    expect(queuedPostPath(post({}), 2)).toBe('/questions/10010000000000001');
    expect(queuedPostPath(post({}), 1)).toBe('/questions/10010000000000001/a-title');
    const answer = post({ object_type: 'answer', object_id: '10020000000000005', answer_id: '10020000000000005' });
    expect(queuedPostPath(answer, 2)).toBe('/questions/10010000000000001/10020000000000005');
  });
});
