import { TIMINGS } from '@answer/contract';
import { storage } from '../../utils/storage';

/** Where unfinished posts are kept (localStorage, with the usual 7-day expiry). */
export const DRAFT_KEYS = {
  question: '_a_draft_q_',
  answer: '_a_draft_a_',
} as const;

export interface DraftStore {
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

/**
 * One form's draft (spec section 4): `save` writes after `delayMs` without further changes,
 * `flush` writes a pending save now (the form is closing), and `remove` (after a successful
 * submit) deletes the draft and cancels pending saves for good, so a save scheduled before the
 * submit cannot bring the draft back.
 */
export interface Draft<T> {
  load(): T | null;
  save(value: T): void;
  flush(): void;
  /** The form was emptied: forget the draft, but keep saving what comes next. */
  discard(): void;
  remove(): void;
}

export function createDraft<T>(key: string, delayMs: number = TIMINGS.draftDebounceMs, store: DraftStore = storage): Draft<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | null = null;
  let removed = false;

  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending && !removed) store.set(key, pending.value);
    pending = null;
  };

  return {
    load: () => store.get<T>(key),
    save(value) {
      if (removed) return;
      pending = { value };
      clearTimeout(timer);
      timer = setTimeout(write, delayMs);
    },
    flush: write,
    discard() {
      pending = null;
      clearTimeout(timer);
      if (!removed) store.remove(key);
    },
    remove() {
      removed = true;
      pending = null;
      clearTimeout(timer);
      store.remove(key);
    },
  };
}
