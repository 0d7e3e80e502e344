import { TIMINGS } from '@answer/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, type Toast, toastStore } from '../state/notices';
import { ToastList } from './ToastList';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('ToastList', () => {
  let host: HTMLDivElement;
  let root: Root;
  const show = (toasts: Toast[]) => act(() => root.render(<ToastList toasts={toasts} />));
  const toast = (message: string) => [...host.querySelectorAll('.toast')].find((el) => el.textContent === message);

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    toastStore.set([]);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    vi.useRealTimers();
  });

  it('interrupts only for errors: confirmations are polite status messages', () => {
    show([
      { id: 1, message: 'Update success', variant: 'success' },
      { id: 2, message: 'Your revision will show after review', variant: 'info' },
      { id: 3, message: "You can't vote for your own post.", variant: 'danger' },
    ]);
    expect(toast('Update success')?.getAttribute('role')).toBe('status');
    expect(toast('Update success')?.getAttribute('aria-live')).toBe('polite');
    expect(toast('Your revision will show after review')?.getAttribute('role')).toBe('status');
    expect(toast("You can't vote for your own post.")?.getAttribute('role')).toBe('alert');
    expect(toast("You can't vote for your own post.")?.getAttribute('aria-live')).toBe('assertive');
  });

  it('removes a toast when closed, and each one by itself after the toast time', () => {
    vi.useFakeTimers();
    const toasts: Toast[] = [{ id: 7, message: 'Sent successfully', variant: 'success' }];
    toastStore.set(toasts);
    show(toasts);
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs - 1));
    expect(toastStore.get()).toEqual(toasts);
    act(() => vi.advanceTimersByTime(1));
    expect(toastStore.get()).toEqual([]);

    toastStore.set(toasts);
    act(() => toast('Sent successfully')?.querySelector('button')?.click());
    expect(toastStore.get()).toEqual([]);
  });

  it('keeps an error until it is closed, and at most three toasts, each message once', () => {
    vi.useFakeTimers();
    const refusal: Toast[] = [{ id: 9, message: 'You need at least 750 reputation to do this.', variant: 'danger' }];
    toastStore.set(refusal);
    show(refusal);
    act(() => vi.advanceTimersByTime(TIMINGS.toastMs * 10));
    expect(toastStore.get()).toEqual(refusal);
    toastStore.set([]);
    for (const message of ['one', 'two', 'two', 'three', 'four']) showToast(message);
    expect(toastStore.get().map((t) => t.message)).toEqual(['two', 'three', 'four']);
  });
});
