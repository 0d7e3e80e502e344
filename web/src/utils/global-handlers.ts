import { API_PREFIX } from '@answer/contract';

// Links into the server's API (external login, connector redirects) leave the single-page app.
const SERVER_PREFIX = API_PREFIX.slice(0, API_PREFIX.indexOf('/', 1) + 1); // "/answer/"

/**
 * Clicks on links to /answer/... do a full page load. Runs in the capture phase so the router's own
 * click handling never sees them.
 */
export function forceFullNavigation(doc: Document, assign: (href: string) => void = (h) => window.location.assign(h)) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith(SERVER_PREFIX) || (anchor.target && anchor.target !== '_self')) return;
    event.preventDefault();
    event.stopPropagation();
    assign(href);
  };
  doc.addEventListener('click', onClick, true);
  return () => doc.removeEventListener('click', onClick, true);
}

/**
 * A broken image without alt text is only an empty box, so it is hidden; images with alt text keep
 * showing it. Image errors do not bubble, hence the capture phase.
 */
export function hideBrokenImages(doc: Document) {
  const onError = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLImageElement && !target.alt) target.style.display = 'none';
  };
  doc.addEventListener('error', onError, true);
  return () => doc.removeEventListener('error', onError, true);
}
