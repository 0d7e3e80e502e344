import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlagReviewInput, getFlaggedPosts, reviewFlag } from '../../api/report';
import { PageLoading } from '../../components/PageLoading';
import { showToast } from '../../state/notices';
import { FlaggedPost } from './FlaggedPost';

/**
 * The flag queue, one flagged post at a time with every flag on it (the server pages them one per
 * page). Handling a post takes it out of the queue, so the same page then holds the next one;
 * skipping moves on and wraps round to the first.
 */
export function FlaggedPosts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const posts = useQuery({ queryKey: ['review', 'flagged', page], queryFn: ({ signal }) => getFlaggedPosts(page, signal), staleTime: 0 });
  const data = posts.data;

  useEffect(() => {
    if (data && data.list.length === 0 && data.count > 0 && page > 1) setPage(1);
  }, [data, page]);

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
    <FlaggedPost
      key={post.flag_id}
      post={post}
      remaining={data.count}
      busy={busy}
      onHandle={handle}
      onSkip={data.count > 1 ? () => setPage(page >= data.count ? 1 : page + 1) : undefined}
    />
  );
}
