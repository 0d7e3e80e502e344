/**
 * The sidebar box's content: a plain list of links, built node by node. Labels are text, never
 * markup, and each address is checked again here, whatever the server sent.
 */
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import { isExternal, isLinkUrl, MAX_LINKS, type QuickLink } from './links.js';

type Host = Pick<WebHost, 'translate'>;

export const DEFAULT_TITLE = { en_US: 'Links', zh_CN: '链接' };
const NEW_TAB = { en_US: '(opens in a new tab)', zh_CN: '（在新标签页中打开）' };

/** The links of the plugin's public config that are links; anything else is left out. */
export function linksOf(config: Record<string, unknown>): QuickLink[] {
  const list: unknown[] = Array.isArray(config.links) ? config.links : [];
  return list
    .filter((link): link is QuickLink => {
      const { label, url } = (link ?? {}) as Partial<Record<keyof QuickLink, unknown>>;
      return typeof label === 'string' && label.trim() !== '' && typeof url === 'string' && isLinkUrl(url);
    })
    .slice(0, MAX_LINKS);
}

function linkItem(link: QuickLink, host: Host): HTMLLIElement {
  const item = document.createElement('li');
  const anchor = document.createElement('a');
  anchor.setAttribute('href', link.url);
  anchor.textContent = link.label;
  if (isExternal(link.url)) {
    anchor.className = 'quick-links-external';
    anchor.target = '_blank';
    anchor.rel = 'noopener noreferrer';
    // The stylesheet's arrow is for the eye; screen readers get this.
    const hint = document.createElement('span');
    hint.className = 'visually-hidden';
    hint.textContent = ` ${host.translate(NEW_TAB)}`;
    anchor.append(hint);
  }
  item.append(anchor);
  return item;
}

export function linkList(links: QuickLink[], host: Host): Mount {
  return (element) => {
    const list = document.createElement('ul');
    list.className = 'quick-links';
    list.append(...links.map((link) => linkItem(link, host)));
    element.append(list);
    return () => list.remove();
  };
}
