import { Suspense, lazy, useRef } from 'react';
import { dialogStore } from '../state/notices';
import { useStore } from '../state/store';

const MessageDialog = lazy(() => import('./MessageDialog').then((m) => ({ default: m.MessageDialog })));

/** Loads the dialog code with the first dialog, then stays mounted so closing can animate. */
export function DialogHost() {
  const dialog = useStore(dialogStore);
  const used = useRef(false);
  if (dialog) used.current = true;
  if (!used.current) return null;
  return (
    <Suspense fallback={null}>
      <MessageDialog />
    </Suspense>
  );
}
