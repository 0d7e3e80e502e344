import { Suspense, lazy } from 'react';
import { toastStore } from '../state/notices';
import { useStore } from '../state/store';

const ToastList = lazy(() => import('./ToastList').then((m) => ({ default: m.ToastList })));

/** Shows the toasts anyone raised (the request client, forms); the toast code loads with the first one. */
export function ToastHost() {
  const toasts = useStore(toastStore);
  if (!toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
