import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../i18n/translator';
import { NavLink } from 'react-router';
import { getReviewQueueCounts } from '../api/review';
import { Icon } from './icons/Icon';

/**
 * The side navigation's link to the review page, with how many items wait in all queues. Its key
 * sits under ['review'], which every approve or reject refreshes.
 */
/** How many items wait in the review queues (staff only). */
export const reviewCountQuery = queryOptions({ queryKey: ['review', 'nav-count'], queryFn: ({ signal }) => getReviewQueueCounts(signal) });

export function ReviewNavLink() {
  const { t } = useTranslation();
  const queues = useQuery(reviewCountQuery);
  const waiting = (queues.data ?? []).reduce((sum, q) => sum + (Number(q.todo_amount) || 0), 0);
  return (
    <NavLink to="/review" className="nav-link d-flex align-items-center gap-2">
      <Icon name="list-check" />
      {t('nav.review')}
      {waiting > 0 && (
        <span className="badge rounded-pill text-bg-danger ms-auto" data-testid="review-nav-count">
          {waiting}
          <span className="visually-hidden"> {t('review.waiting')}</span>
        </span>
      )}
    </NavLink>
  );
}
