import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { PageLoading } from '../../components/PageLoading';
import { PageHydrated } from '../PageHydrated';
import { errorPageStore } from '../../state/notices';
import { useStore } from '../../state/store';

/** A layout's content: the routed page, or the error page a failed call raised for this visit. */
export function PageOutlet() {
  const errorPage = useStore(errorPageStore);
  const { key } = useLocation();
  if (errorPage && errorPage.locationKey === key) return <ErrorPage code={errorPage.code} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
      <PageHydrated />
    </Suspense>
  );
}
