import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type AnswerOrder, getAnswerPage } from '../../../api/answers';
import { COMMENT_PAGE_SIZE, getCommentPage } from '../../../api/comments';
import { getInvitees } from '../../../api/invites';
import { getQuestion, getRelatedQuestions } from '../../../api/questions';
import { getReactions } from '../../../api/reactions';

/**
 * The queries of a question page, one definition each: its components read them, and the server
 * fetches them all ahead of rendering the page (prefetchQuestionPage), so the keys cannot drift.
 */
export const questionQuery = (qid: string) => queryOptions({ queryKey: ['question', qid], queryFn: ({ signal }) => getQuestion(qid, signal) });

export const answersQuery = (qid: string, order: AnswerOrder, page: number) =>
  queryOptions({ queryKey: ['answers', qid, order, page], queryFn: ({ signal }) => getAnswerPage(qid, order, page, signal) });

/** `linkedId`: a comment the URL names (`?commentId=`), loaded with the first page even when it is further down. */
export const commentsQuery = (objectId: string, linkedId?: string) =>
  infiniteQueryOptions({
    queryKey: ['comments', objectId],
    queryFn: ({ pageParam, signal }) => getCommentPage(objectId, pageParam, signal, pageParam === 1 ? linkedId : undefined),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * COMMENT_PAGE_SIZE < last.count ? pages.length + 1 : undefined),
  });

export const reactionsQuery = (objectId: string) => queryOptions({ queryKey: ['reactions', objectId], queryFn: ({ signal }) => getReactions(objectId, signal) });

export const relatedQuery = (qid: string) =>
  queryOptions({ queryKey: ['questions', 'related', qid], queryFn: ({ signal }) => getRelatedQuestions(qid, signal) });

export const inviteesQuery = (qid: string) => queryOptions({ queryKey: ['question-invitees', qid], queryFn: ({ signal }) => getInvitees(qid, signal) });
