import type { SiteInfo } from '@answer/contract';

const CUSTOM_CSS_HREF = '/custom.css';

function setFavicon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}

/**
 * The admin's custom <head> HTML. Parsed as a fragment so that its scripts run (innerHTML would
 * insert them inert); it is admin-authored content, trusted by design.
 */
function injectCustomHead(html: string): void {
  if (!html.trim()) return;
  document.head.append(document.createRange().createContextualFragment(html));
}

/** The admin's custom CSS, served by the server at /custom.css, linked once. */
function linkCustomCss(): void {
  if (document.querySelector(`link[href="${CUSTOM_CSS_HREF}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = CUSTOM_CSS_HREF;
  document.head.append(link);
}

/** Site-wide page settings applied once at start-up: title, favicon, custom head and CSS. */
export function applySiteAppearance(site: SiteInfo | null): void {
  linkCustomCss();
  if (!site) return;
  if (site.general.name) document.title = site.general.name;
  if (site.branding.favicon) setFavicon(site.branding.favicon);
  injectCustomHead(site.custom_css_html.custom_head ?? '');
}
