import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A component whose code is downloaded the first time it renders, showing nothing meanwhile: for
 * dialogs and menus a reader opens rarely, so a question page's first visit does not load them.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
