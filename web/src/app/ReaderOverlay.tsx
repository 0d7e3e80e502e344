import { useEffect } from 'react';
import { applyReaderOverlay } from './reader-overlay';

/** Lays a member's replies over the hydrated visitors' page: its effect runs once the page's boundary has hydrated. */
export function ReaderOverlay() {
  useEffect(applyReaderOverlay, []);
  return null;
}
