import type { SiteInfo } from '@answer/contract';
import { cspNonce } from '../utils/csp-nonce';
import { DEFAULT_PRIMARY_COLOR, primaryColorCss } from './primary-color';

const CUSTOM_CSS_HREF = '/custom.css';
const DEFAULT_FAVICON = '/favicon.ico';

/** The <link> or <meta> marked as ours, created on first use. */
function ownElement<K extends 'link' | 'meta' | 'style'>(tag: K, mark: string): HTMLElementTagNameMap[K] {
  let el = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[data-appearance="${mark}"]`);
  if (!el) {
    el = document.createElement(tag);
    el.dataset.appearance = mark;
    // The page's policy admits <style> elements by nonce only, checked when the element is inserted.
    if (el instanceof HTMLStyleElement) el.nonce = cspNonce();
    document.head.append(el);
  }
  return el;
}

function setLink(mark: string, rel: string, href: string): void {
  // index.html's own favicon link is taken over rather than duplicated.
  const link = (mark === 'favicon' && document.head.querySelector<HTMLLinkElement>('link[rel="icon"]:not([data-appearance])')) || ownElement('link', mark);
  link.dataset.appearance = mark;
  link.rel = rel;
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function removeOwn(mark: string): void {
  document.head.querySelector(`[data-appearance="${mark}"]`)?.remove();
}

/** A short fingerprint of a text, so a changed stylesheet gets a new URL and skips the cache. */
function fingerprint(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

let headNodes: ChildNode[] = [];
let headHtml = '';

/**
 * The admin's custom <head> HTML, replacing what the previous settings injected. Parsed as a
 * fragment so that scripts loaded from this site run (innerHTML would insert them inert); it is
 * admin-authored, trusted by design. Inline scripts and styles stay blocked by the page's policy
 * (docs/decisions.md, "Security headers").
 */
function injectCustomHead(html: string): void {
  if (html === headHtml) return;
  headHtml = html;
  for (const node of headNodes) node.remove();
  headNodes = [];
  if (!html.trim()) return;
  const fragment = document.createRange().createContextualFragment(html);
  headNodes = [...fragment.childNodes];
  document.head.append(fragment);
}

let lastName = '';

/**
 * Applies the site's look to the document: title, icons, manifest, primary colour, custom CSS and
 * head. Called on every change of the site settings (ThemeSync), so an admin's save shows at once;
 * each step only touches what changed.
 */
export function applySiteAppearance(site: SiteInfo | null): void {
  const css = site?.custom_css_html.custom_css ?? '';
  setLink('custom-css', 'stylesheet', css ? `${CUSTOM_CSS_HREF}?v=${fingerprint(css)}` : CUSTOM_CSS_HREF);
  if (!site) return;

  // Pages set "<page> - <name>" themselves; a title that is just the old name follows the new one.
  const name = site.general.name;
  if (name && (document.title === lastName || document.title === 'Answer' || !document.title)) document.title = name;
  lastName = name;

  const { favicon, square_icon } = site.branding;
  setLink('favicon', 'icon', favicon || square_icon || DEFAULT_FAVICON);
  if (square_icon) setLink('touch-icon', 'apple-touch-icon', square_icon);
  else removeOwn('touch-icon');
  // The manifest names the icons and colour: a new URL whenever they change.
  const config = site.theme.theme_config?.[site.theme.theme];
  const primary = config?.primary_color || DEFAULT_PRIMARY_COLOR;
  setLink('manifest', 'manifest', `/manifest.json?v=${fingerprint([name, square_icon, favicon, primary].join('|'))}`);
  const themeColor = ownElement('meta', 'theme-color');
  themeColor.name = 'theme-color';
  themeColor.content = primary;

  const style = ownElement('style', 'primary-color');
  const rules = primaryColorCss(primary);
  if (style.textContent !== rules) style.textContent = rules;

  injectCustomHead(site.custom_css_html.custom_head ?? '');
}
