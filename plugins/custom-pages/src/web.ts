import type { WebHost } from '@answer/plugin-sdk/web';
import { pageMount, pagesOf } from './page-view.js';

/** The browser part: a page under the main layout for each page the admin set up. */
export default function setup(host: WebHost): void {
  for (const page of pagesOf(host.config)) host.addPage({ path: page.path, title: page.title, mount: pageMount(host, page) });
}
