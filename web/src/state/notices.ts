import type { DialogKind, ErrorPageCode } from '../api/client-env';
import { createStore } from './store';

export type ToastVariant = 'danger' | 'success' | 'warning' | 'info';
export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}
export interface Dialog {
  message: string;
  kind: DialogKind;
}
/**
 * An error page shown in place of the page that was open when it was raised (identified by the
 * router's location key): the URL stays, and any navigation leaves the error behind.
 */
export interface ErrorPageState {
  code: ErrorPageCode;
  locationKey: string;
}

export const toastStore = createStore<Toast[]>([]);
export const dialogStore = createStore<Dialog | null>(null);
export const errorPageStore = createStore<ErrorPageState | null>(null);

let nextToastId = 1;

/** Toasts shown at once; errors stay until closed, so the oldest give way to new ones. */
const MAX_TOASTS = 3;

export function showToast(message: string, variant: ToastVariant = 'danger'): void {
  // The same message again (a double click) is not stacked twice.
  const others = toastStore.get().filter((t) => t.message !== message);
  toastStore.set([...others, { id: nextToastId++, message, variant }].slice(-MAX_TOASTS));
}

export function dismissToast(id: number): void {
  toastStore.set(toastStore.get().filter((t) => t.id !== id));
}

export function showDialog(message: string, kind: DialogKind): void {
  dialogStore.set({ message, kind });
}

export function showErrorPage(code: ErrorPageCode, locationKey: string): void {
  errorPageStore.set({ code, locationKey });
}
