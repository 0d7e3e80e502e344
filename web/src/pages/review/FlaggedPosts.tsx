import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { type FlagReviewInput, getFlaggedPosts, reviewFlag } from '../../api/report';
import { showToast } from '../../state/notices';
import { FlaggedPost } from './FlaggedPost';
import { useOneAtATime } from './one-at-a-time';

/**
 * The flag queue, one flagged post at a time with every flag on it (the server pages them one per
 * page). Handling a post takes it out of the queue, so the same page then holds the next one;
 * skipping moves on and wraps round to the first.
 */
export function FlaggedPosts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const queue = useOneAtATime('flagged', getFlaggedPosts);

  // The counts, and every page showing the post, change with a decision.
  const refresh = () =>
    Promise.all(
      [['review'], ['question'], ['questions'], ['answers'], ['comments'], ['timeline']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  /**
   * Runs one operation. Forms (edit, close) pass `fromForm` and get the failure back to show beside
   * their fields; buttons let the request client explain it and then show what is current.
   */
  const handle = async (input: FlagReviewInput, fromForm = false) => {
    setBusy(true);
    try {
      await reviewFlag(input, { passingError: fromForm });
      showToast(t(`review.flagged.done.${input.operation_type}`), 'success');
      await refresh();
    } catch (error) {
      if (fromForm) throw error;
      await queryClient.invalidateQueries({ queryKey: ['review'] });
    } finally {
      setBusy(false);
    }
  };

  const post = queue.item;
  if (!post) return queue.placeholder;
  return <FlaggedPost key={post.flag_id} post={post} remaining={queue.remaining} busy={busy} onHandle={handle} onSkip={queue.skip} />;
}
