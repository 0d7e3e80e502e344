import { useEffect } from 'react';
import { startPlugins } from '../plugins/start';
import { applyReaderOverlay } from './reader-overlay';

/**
 * What waits until the page itself has hydrated, not only the root: React hydrates each Suspense
 * boundary in a later pass, and a store changed before the page's boundary hydrates makes its
 * content differ from the server's HTML (React error 418). Its effect runs once the page's boundary
 * (PageOutlet) has hydrated: then a member's replies are laid over the visitors' page, and the
 * plugins' browser parts are set up (their sidebar boxes change the layout around the page).
 */
export function PageHydrated() {
  useEffect(() => {
    applyReaderOverlay();
    startPlugins();
  }, []);
  return null;
}
