import { useRef, useState } from 'react';
import { applyOptimistic } from './optimistic';

/**
 * A value the server owns but a click changes at once (see applyOptimistic). It follows `source`
 * whenever a refetch brings a new one; clicks made while a change is on its way are ignored.
 */
export function useOptimisticValue<T>(source: T) {
  const [shown, setShown] = useState(source);
  const [seen, setSeen] = useState(source);
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);
  // Compared by content: each refetch builds new objects with the same values.
  if (JSON.stringify(seen) !== JSON.stringify(source)) {
    setSeen(source);
    setShown(source);
  }

  const change = async (next: T, send: () => Promise<T | null>): Promise<boolean> => {
    if (pending.current) return false;
    pending.current = true;
    setBusy(true);
    try {
      return await applyOptimistic(shown, next, setShown, send);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };
  return { value: shown, busy, change };
}
