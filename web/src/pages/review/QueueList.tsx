import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { ReviewQueue } from '../../api/review';
import { queueLabelKey } from './review-queues';

/** The review queues as links, each with how many items wait in it. */
export function QueueList({ queues, selected }: { queues: ReviewQueue[]; selected: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('review.queues')} className="nav nav-pills flex-column" data-testid="review-queues">
      {queues.map((queue) => {
        const key = queueLabelKey(queue.name);
        const active = queue.name === selected;
        return (
          <Link
            key={queue.name}
            to={`/review?type=${encodeURIComponent(queue.name)}`}
            className={`nav-link d-flex justify-content-between align-items-center ${active ? 'active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            {key ? t(key) : queue.label || queue.name}
            <span className={`badge rounded-pill ${active ? 'text-bg-light' : 'text-bg-secondary'}`} data-testid={`review-count-${queue.name}`}>
              {queue.todo_amount}
              <span className="visually-hidden"> {t('review.waiting')}</span>
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
