import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDraft, type DraftStore } from './drafts';

function memoryStore(): DraftStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(key: string) => (data.has(key) ? (data.get(key) as T) : null),
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('drafts', () => {
  it('writes only after the debounce, with the last value', () => {
    const store = memoryStore();
    const draft = createDraft<string>('k', 3000, store);
    draft.save('a');
    vi.advanceTimersByTime(2000);
    draft.save('ab');
    vi.advanceTimersByTime(2999);
    expect(store.data.has('k')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.data.get('k')).toBe('ab');
  });

  it('restores what a previous form saved', () => {
    const store = memoryStore();
    const first = createDraft<{ title: string }>('k', 3000, store);
    first.save({ title: 'How do I?' });
    vi.runAllTimers();
    expect(createDraft<{ title: string }>('k', 3000, store).load()).toEqual({ title: 'How do I?' });
    expect(createDraft('other', 3000, store).load()).toBeNull();
  });

  it('flush writes a pending save at once, and nothing when none is pending', () => {
    const store = memoryStore();
    const draft = createDraft<string>('k', 3000, store);
    draft.flush();
    expect(store.data.has('k')).toBe(false);
    draft.save('x');
    draft.flush();
    expect(store.data.get('k')).toBe('x');
    vi.runAllTimers();
    expect(store.data.get('k')).toBe('x');
  });

  it('removal deletes the draft and suppresses the pending save', () => {
    const store = memoryStore();
    const draft = createDraft<string>('k', 3000, store);
    draft.save('old');
    vi.runAllTimers();
    draft.save('typed just before submit');
    draft.remove();
    vi.runAllTimers();
    expect(store.data.has('k')).toBe(false);
  });

  it('after removal, later saves and flushes of the same form are ignored', () => {
    const store = memoryStore();
    const draft = createDraft<string>('k', 3000, store);
    draft.remove();
    draft.save('late change');
    draft.flush();
    vi.runAllTimers();
    expect(store.data.has('k')).toBe(false);
    // A new form starts a fresh draft.
    const next = createDraft<string>('k', 3000, store);
    next.save('new question');
    vi.runAllTimers();
    expect(store.data.get('k')).toBe('new question');
  });

  it('uses localStorage with the expiry prefix by default', () => {
    localStorage.clear();
    const draft = createDraft<string>('_test_draft_', 10);
    draft.save('hello');
    vi.advanceTimersByTime(10);
    expect(localStorage.getItem('_test_draft_')).toMatch(/^\d+\|"hello"$/);
    draft.remove();
    expect(localStorage.getItem('_test_draft_')).toBeNull();
  });

  it('discarding an emptied form forgets the draft but keeps saving later changes', () => {
    const store = memoryStore();
    const draft = createDraft<string>('k', 3000, store);
    draft.save('text');
    vi.runAllTimers();
    draft.save('tex');
    draft.discard();
    vi.runAllTimers();
    expect(store.data.has('k')).toBe(false);
    draft.save('again');
    vi.runAllTimers();
    expect(store.data.get('k')).toBe('again');
  });
});
