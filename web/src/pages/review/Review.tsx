import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { useSearchParams } from 'react-router';
import { getReviewQueues } from '../../api/review';
import { usePageTitle } from '../../hooks/usePageTitle';
import { FlaggedPosts } from './FlaggedPosts';
import { QueueList } from './QueueList';
import { QueuedPosts } from './QueuedPosts';
import { FLAGGED_POSTS, QUEUED_POSTS, defaultQueue } from './review-queues';
import { SuggestedEdits } from './SuggestedEdits';

/**
 * /review: the queues with their counts on the left, the chosen one (`?type=`) on the right. The
 * server decides which queues and items each reviewer sees.
 */
export function Review() {
  const { t } = useTranslation();
  usePageTitle(t('review.title'));
  const [params] = useSearchParams();
  const queues = useQuery({ queryKey: ['review', 'queues'], queryFn: ({ signal }) => getReviewQueues(signal), staleTime: 0 });
  const list = queues.data ?? [];
  const selected = params.get('type') || defaultQueue(list);

  return (
    <div className="row g-4">
      <div className="col-lg-3">
        <h1 className="h4 mb-3">{t('review.title')}</h1>
        <QueueList queues={list} selected={selected} />
      </div>
      <section className="col-lg-9" aria-label={t('review.current_queue')}>
        {selected === FLAGGED_POSTS ? <FlaggedPosts /> : selected === QUEUED_POSTS ? <QueuedPosts /> : <SuggestedEdits />}
      </section>
    </div>
  );
}
