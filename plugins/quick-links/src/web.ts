import type { WebHost } from '@answer/plugin-sdk/web';
import { DEFAULT_TITLE, linkList, linksOf } from './widget.js';

/** The browser part: the sidebar box, only when there is a link to show. */
export default function setup(host: WebHost): void {
  const links = linksOf(host.config);
  if (links.length === 0) return;
  const title = typeof host.config.title === 'string' ? host.config.title.trim() : '';
  host.addSidebarWidget({ title: title || DEFAULT_TITLE, mount: linkList(links, host) });
}
