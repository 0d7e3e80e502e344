import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { PageLoading } from '../../components/PageLoading';

interface OnePerPage<T> {
  count: number;
  list: T[];
}

/**
 * A review queue the server pages one item per page (flagged and queued posts). A decision takes
 * the item out of the queue, so the same page then holds the next one; deciding the last of the
 * skipped items leaves an empty page while earlier ones still wait, so it goes back to the first.
 * `skip` moves on and wraps round; it is absent when nothing else waits.
 */
export function useOneAtATime<T>(name: string, fetchPage: (page: number, signal: AbortSignal) => Promise<OnePerPage<T>>) {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: ['review', name, page], queryFn: ({ signal }) => fetchPage(page, signal), staleTime: 0 });
  const data = query.data;
  useEffect(() => {
    if (data && data.list.length === 0 && data.count > 0 && page > 1) setPage(1);
  }, [data, page]);
  return {
    item: data?.list[0],
    remaining: data?.count ?? 0,
    skip: data && data.count > 1 ? () => setPage(page >= data.count ? 1 : page + 1) : undefined,
    /** What to show instead of an item: loading, nothing yet (a failed load), or the empty queue. */
    placeholder: !data ? query.isPending ? <PageLoading /> : null : <EmptyQueue />,
  };
}

function EmptyQueue() {
  const { t } = useTranslation();
  return (
    <p className="text-center text-body-secondary border rounded py-5" data-testid="review-empty">
      {t('review.nothing')}
    </p>
  );
}
