import type { FlaggedPost, FlagOperation } from '@answer/contract';
import { questionPath } from '../../components/question-links';

const CLOSED = 2;
const UNLISTED = 2;

/**
 * The operations a flagged post offers (domain.md 5.10): closing and unlisting are for questions,
 * and only while they would change something.
 */
export function offeredOperations(post: Pick<FlaggedPost, 'object_type' | 'object_status' | 'object_show_status'>): FlagOperation[] {
  const ops: FlagOperation[] = ['ignore_report', 'edit_post'];
  if (post.object_type === 'question') {
    if (post.object_status !== CLOSED) ops.push('close_post');
    if (post.object_show_status !== UNLISTED) ops.push('unlist_post');
  }
  ops.push('delete_post');
  return ops;
}

/** Where the flagged object is shown: its question page, at the answer or the comment. */
export function flaggedPostPath(post: Pick<FlaggedPost, 'object_type' | 'question_id' | 'answer_id' | 'comment_id' | 'url_title'>, permalink: number | undefined): string {
  const path = questionPath(permalink, { id: post.question_id, url_title: post.url_title }, post.answer_id || undefined);
  return post.object_type === 'comment' && post.comment_id ? `${path}?commentId=${encodeURIComponent(post.comment_id)}` : path;
}
