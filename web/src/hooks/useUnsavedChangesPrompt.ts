import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../i18n/translator';
import { type BlockerFunction, type NavigateOptions, type To, useBlocker, useNavigate } from 'react-router';

export interface UnsavedChangesGuard {
  /** After a successful save: stop guarding, then go to `to` (no "leave this page?" question). */
  leave: (to: To, options?: NavigateOptions) => void;
}

/**
 * While `dirty`, leaving the page asks first: in-app navigation with the spec's question, closing
 * or reloading the tab with the browser's own dialog (browsers ignore custom text there).
 *
 * The blocker reads refs rather than the `dirty` of its last render: the router only learns a new
 * blocker function in an effect, so a form that saved and navigated in the same commit would still
 * be asked with its old "dirty" answer. `leave` releases the guard synchronously before navigating.
 */
export function useUnsavedChangesPrompt(dirty: boolean): UnsavedChangesGuard {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dirtyNow = useRef(dirty);
  const released = useRef(false);

  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyNow.current && !released.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('prompt.leave_page'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Chrome before 119 only prompts when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const leave = useCallback(
    (to: To, options?: NavigateOptions) => {
      released.current = true;
      navigate(to, options);
    },
    [navigate],
  );
  return { leave };
}
