import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PendingPostDecision, decidePendingPost, getPendingPosts } from '../../api/review';
import { PageLoading } from '../../components/PageLoading';
import { showToast } from '../../state/notices';
import { QueuedPost } from './QueuedPost';

/**
 * The queued-posts queue (domain.md 5.11), one post at a time as the server pages them. Approving
 * publishes the post, rejecting deletes it; either takes it out of the queue, so the same page then
 * holds the next one. Skipping moves on and wraps round to the first.
 */
export function QueuedPosts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const posts = useQuery({ queryKey: ['review', 'queued', page], queryFn: ({ signal }) => getPendingPosts(page, signal), staleTime: 0 });
  const data = posts.data;

  // Deciding the last of the skipped posts leaves an empty page while earlier ones still wait.
  useEffect(() => {
    if (data && data.list.length === 0 && data.count > 0 && page > 1) setPage(1);
  }, [data, page]);

  const decide = async (reviewId: number, decision: PendingPostDecision) => {
    setBusy(true);
    try {
      await decidePendingPost(reviewId, decision);
      showToast(t(decision === 'approve' ? 'review.queued.approved' : 'review.queued.rejected'), 'success');
      // The counts, the lists and the post's own page change with it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['review'] }),
        queryClient.invalidateQueries({ queryKey: ['question'] }),
        queryClient.invalidateQueries({ queryKey: ['questions'] }),
        queryClient.invalidateQueries({ queryKey: ['answers'] }),
      ]);
    } catch {
      // The request client has told the user why (someone else decided first...): show what is current.
      await queryClient.invalidateQueries({ queryKey: ['review'] });
    } finally {
      setBusy(false);
    }
  };

  if (!data) return posts.isPending ? <PageLoading /> : null;
  const post = data.list[0];
  if (!post) {
    return (
      <p className="text-center text-body-secondary border rounded py-5" data-testid="review-empty">
        {t('review.nothing')}
      </p>
    );
  }
  return (
    <QueuedPost
      key={post.review_id}
      post={post}
      remaining={data.count}
      busy={busy}
      onDecide={(decision) => decide(post.review_id, decision)}
      onSkip={data.count > 1 ? () => setPage(page >= data.count ? 1 : page + 1) : undefined}
    />
  );
}
