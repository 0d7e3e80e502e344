import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A form that saved goes to its result on the next render, once it no longer reports unsaved
 * changes: navigating in the same tick would trip its own "leave this page?" prompt.
 */
export function useNavigateAfterSave(): { saved: boolean; leaveTo: (path: string) => void } {
  const navigate = useNavigate();
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (target !== null) navigate(target);
  }, [target, navigate]);
  return { saved: target !== null, leaveTo: setTarget };
}
