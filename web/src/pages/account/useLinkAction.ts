import { useEffect, useRef, useState } from 'react';

export type LinkActionState = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; error: unknown };

/**
 * Runs the call behind an e-mailed link once when the page opens. Link codes are single use, so a
 * second run (strict mode mounts effects twice) would report the link as used.
 */
export function useLinkAction(action: () => Promise<unknown>): LinkActionState {
  const [state, setState] = useState<LinkActionState>({ kind: 'working' });
  const started = useRef(false);
  const latest = useRef(action);
  latest.current = action;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    latest
      .current()
      .then(() => setState({ kind: 'done' }))
      .catch((error: unknown) => setState({ kind: 'failed', error }));
  }, []);

  return state;
}
