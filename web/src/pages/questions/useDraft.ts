import { useEffect, useState } from 'react';
import { type Draft, createDraft } from './drafts';

/**
 * The draft of the form on screen: read once when the form opens, saved (debounced) on every
 * change the caller reports, written out when the form closes, removed on successful submit.
 */
export function useDraft<T>(key: string): Draft<T> {
  const [draft] = useState(() => createDraft<T>(key));
  useEffect(() => () => draft.flush(), [draft]);
  return draft;
}
