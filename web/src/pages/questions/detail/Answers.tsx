import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import type { AnswerOrder } from '../../../api/answers';
import { PageLoading } from '../../../components/PageLoading';
import { AnswerItem } from './AnswerItem';
import { answersQuery } from './queries';

// Tab label key -> the server's order name ("updated" really means newest first).
const ORDERS: { key: string; order: AnswerOrder }[] = [
  { key: 'default', order: 'default' },
  { key: 'newest', order: 'updated' },
  { key: 'oldest', order: 'created' },
  { key: 'votes', order: 'vote' },
];
const PAGE_SIZE = 20;

interface AnswersProps {
  questionId: string;
  focusId?: string;
  canAccept: boolean;
  loggedIn: boolean;
}

/** The answers with their sort tabs; the answer the URL names is scrolled to once it is shown. */
export function Answers({ questionId, focusId, canAccept, loggedIn }: AnswersProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState<AnswerOrder>('default');
  const [page, setPage] = useState(1);
  const answers = useQuery({ ...answersQuery(questionId, order, page), placeholderData: keepPreviousData });
  const data = answers.data;
  const pages = data ? Math.ceil(data.count / PAGE_SIZE) : 0;

  const focusShown = Boolean(focusId && data?.list.some((a) => a.id === focusId));
  useEffect(() => {
    if (focusShown) document.getElementById(`answer-${focusId}`)?.scrollIntoView({ block: 'start' });
  }, [focusShown, focusId]);

  if (!data) return <PageLoading />;
  if (!data.count) return null;
  return (
    <section aria-labelledby="answers-title" className="mt-5" data-testid="answers">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 border-bottom pb-2">
        <h2 id="answers-title" className="h5 mb-0">
          {t('question.answers_title', { count: data.count, n: data.count })}
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('question.answer_orders')}>
          {ORDERS.map((o) => (
            <button
              key={o.key}
              type="button"
              className={`btn btn-outline-secondary ${o.order === order ? 'active' : ''}`}
              aria-pressed={o.order === order}
              onClick={() => {
                setOrder(o.order);
                setPage(1);
              }}
            >
              {t(`question.answer_order.${o.key}`)}
            </button>
          ))}
        </div>
      </div>
      {data.list.map((a) => (
        <AnswerItem key={a.id} answer={a} questionId={questionId} focused={a.id === focusId} canAccept={canAccept} loggedIn={loggedIn} />
      ))}
      {pages > 1 && (
        <nav aria-label={t('question.pagination')} className="mt-3">
          <ul className="pagination pagination-sm">
            {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
              <li key={p} className={`page-item ${p === page ? 'active' : ''}`}>
                <button type="button" className="page-link" aria-current={p === page ? 'page' : undefined} onClick={() => setPage(p)}>
                  {p}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
