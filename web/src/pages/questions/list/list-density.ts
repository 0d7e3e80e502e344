import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from '../../../utils/storage';

/** How much of each question a list shows: the excerpt and roomy rows, or one tight block per question. */
export type ListDensity = 'compact' | 'comfortable';

export const DEFAULT_DENSITY: ListDensity = 'comfortable';

const listeners = new Set<() => void>();

export const readDensity = (): ListDensity => (storage.get<string>(STORAGE_KEYS.listDensity) === 'compact' ? 'compact' : DEFAULT_DENSITY);

/** Remembers the reader's choice in this browser and redraws every list showing. */
export function chooseDensity(density: ListDensity): void {
  storage.set(STORAGE_KEYS.listDensity, density);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The lists' density. The server cannot know the reader's choice, so it renders the default and the
 * browser hydrates with the same, then switches to the remembered one.
 */
export const useListDensity = (): ListDensity => useSyncExternalStore(subscribe, readDensity, () => DEFAULT_DENSITY);
