import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/translator';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';

interface Props<T> {
  /** The current page of the list; absent while the first request is on its way or after it failed. */
  data: { list: T[]; count: number } | undefined;
  isError: boolean;
  /** What the empty box says (and offers). */
  empty: ReactNode;
  emptyTestId?: string;
  /** The page links under the list. */
  paging: { page: number; pageSize: number; hrefOf: (page: number) => string };
  /** The table of a non-empty page. */
  children: (list: T[]) => ReactNode;
}

/** An admin list's states: loading, failed, empty or its rows, then the page links once it has loaded. */
export function AdminListState<T>({ data, isError, empty, emptyTestId, paging, children }: Props<T>) {
  const { t } = useTranslation();
  return (
    <>
      {!data ? (
        isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5" data-testid={emptyTestId}>
          {empty}
        </div>
      ) : (
        children(data.list)
      )}
      {data && <Pagination page={paging.page} pageSize={paging.pageSize} count={data.count} hrefOf={paging.hrefOf} />}
    </>
  );
}
