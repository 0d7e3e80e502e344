import { useEffect } from 'react';
import { useSiteName } from '../state/site';

/** "<page> - <site name>" in the browser tab; the site name alone for the home page. */
export function usePageTitle(title?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    const parts = [title, siteName].filter(Boolean);
    if (parts.length) document.title = parts.join(' - ');
  }, [title, siteName]);
}
