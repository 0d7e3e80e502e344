import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { type PendingPostDecision, decidePendingPost, getPendingPosts } from '../../api/review';
import { showToast } from '../../state/notices';
import { useOneAtATime } from './one-at-a-time';
import { QueuedPost } from './QueuedPost';

/**
 * The queued-posts queue (domain.md 5.11), one post at a time as the server pages them. Approving
 * publishes the post, rejecting deletes it; either takes it out of the queue, so the same page then
 * holds the next one. Skipping moves on and wraps round to the first.
 */
export function QueuedPosts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const queue = useOneAtATime('queued', getPendingPosts);

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

  const post = queue.item;
  if (!post) return queue.placeholder;
  return (
    <QueuedPost
      key={post.review_id}
      post={post}
      remaining={queue.remaining}
      busy={busy}
      onDecide={(decision) => decide(post.review_id, decision)}
      onSkip={queue.skip}
    />
  );
}
