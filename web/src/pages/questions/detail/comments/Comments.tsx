import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../../i18n/translator';
import { useSearchParams } from 'react-router';
import { type CommentInfo, deleteComment, editComment, postComment } from '../../../../api/comments';
import { deriveLoginState } from '../../../../app/login-state';
import { usePermission } from '../../../../hooks/usePermission';
import { showToast } from '../../../../state/notices';
import { useUser } from '../../../../state/user';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { commentsQuery } from '../queries';

/** The comments under a question or an answer: listed oldest first, more on demand, and writing them. */
export function Comments({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canWrite = deriveLoginState(useUser()).isActivated;
  // Commenting is a privilege (comment.add): below it, the link says what it needs instead of opening a form the server refuses.
  const commenting = usePermission('comment.add');
  // null: no form; 'new': a comment; otherwise the comment being replied to.
  const [writing, setWriting] = useState<CommentInfo | 'new' | null>(null);
  // A notification or shared link to one comment (`?commentId=`): it is loaded with the first page
  // even when it is further down, then scrolled to and highlighted.
  const linkedId = useSearchParams()[0].get('commentId') ?? undefined;
  const { queryKey } = commentsQuery(objectId);
  const comments = useInfiniteQuery(commentsQuery(objectId, linkedId));
  const seen = new Set<string>();
  const list = (comments.data?.pages.flatMap((p) => p.list) ?? []).filter((c) => !seen.has(c.comment_id) && seen.add(c.comment_id));
  const linkedShown = !!linkedId && list.some((c) => c.comment_id === linkedId);
  useEffect(() => {
    if (linkedShown) document.getElementById(`comment-${linkedId}`)?.scrollIntoView({ block: 'center' });
  }, [linkedShown, linkedId]);
  const total = comments.data?.pages[0]?.count ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const submit = async (text: string, mentions: string[]) => {
    const replyTo = writing !== 'new' && writing ? writing.comment_id : undefined;
    await postComment({ object_id: objectId, original_text: text, reply_comment_id: replyTo, mention_username_list: mentions });
    setWriting(null);
    await refresh();
  };

  return (
    <section aria-label={t('question.comment.title')} className="mt-3 border-top" data-testid={`comments-${objectId}`}>
      {list.length > 0 && (
        <ul className="list-group list-group-flush">
          {list.map((c) => (
            <CommentItem
              key={c.comment_id}
              comment={c}
              linked={c.comment_id === linkedId}
              canReply={canWrite}
              onReply={setWriting}
              onEdit={async (comment, text) => {
                await editComment(comment.comment_id, text);
                await refresh();
              }}
              onDelete={async (comment) => {
                await deleteComment(comment.comment_id);
                await refresh();
              }}
            />
          ))}
        </ul>
      )}
      <div className="d-flex gap-3 mt-2">
        {comments.hasNextPage && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => void comments.fetchNextPage()} disabled={comments.isFetchingNextPage}>
            {t('question.comment.show_more', { count: total - list.length })}
          </button>
        )}
        {canWrite && writing === null && (
          <button
            type="button"
            className={`btn btn-link btn-sm p-0 ${commenting.allowed ? '' : 'opacity-50'}`}
            aria-disabled={!commenting.allowed || undefined}
            title={commenting.allowed ? undefined : commenting.tip}
            onClick={() => (commenting.allowed ? setWriting('new') : showToast(commenting.tip))}
          >
            {t('question.comment.add')}
          </button>
        )}
      </div>
      {writing !== null && (
        <>
          {writing !== 'new' && (
            <div className="small text-body-secondary mt-2">{t('question.comment.replying_to', { name: writing.user_display_name || writing.username })}</div>
          )}
          <CommentForm key={writing === 'new' ? 'new' : writing.comment_id} submitLabel={t('question.comment.submit')} onSubmit={submit} onCancel={() => setWriting(null)} />
        </>
      )}
    </section>
  );
}
