/**
 * Adds a <link rel="stylesheet"> once and resolves when it has loaded (or failed: the maths then
 * shows unstyled rather than never). A link to our own origin is what the CSP's style-src allows.
 */
const pending = new Map<string, Promise<void>>();

export function loadStylesheet(href: string, doc: Document = document): Promise<void> {
  let loaded = pending.get(href);
  if (!loaded) {
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    loaded = new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
    doc.head.append(link);
    pending.set(href, loaded);
  }
  return loaded;
}
