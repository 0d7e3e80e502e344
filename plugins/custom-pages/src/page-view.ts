/**
 * A custom page in the browser: its title at once, then the HTML the plugin's route sends, with a
 * loading state until it comes and an error state if it does not.
 */
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import { isPagePath } from './paths.js';

type Host = Pick<WebHost, 'slug' | 'translate' | 'api'>;

export interface PageEntry {
  path: string;
  title: string;
}

/** The route's reply (the envelope's data). */
interface PageReply {
  html: string;
  title: string;
}

const LOADING = { en_US: 'Loading…', zh_CN: '加载中…' };
const FAILED = { en_US: 'This page could not be loaded. Please try again later.', zh_CN: '无法加载此页面，请稍后再试。' };

/** The pages of the plugin's public config, checked again: only paths a page may have become pages. */
export function pagesOf(config: Record<string, unknown>): PageEntry[] {
  const list: unknown[] = Array.isArray(config.pages) ? config.pages : [];
  return list.filter((page): page is PageEntry => {
    const { path, title } = (page ?? {}) as Partial<Record<keyof PageEntry, unknown>>;
    return isPagePath(path) && typeof title === 'string';
  });
}

/** The route of a page, as the host's api.get takes it: a full path of the site's API. */
const pageApiPath = (slug: string, path: string) => `/answer/api/v1/plugin/${slug}/page/${path}`;

export function pageMount(host: Host, page: PageEntry): Mount {
  return (element) => {
    let mounted = true;
    const article = document.createElement('article');
    article.className = 'custom-page';
    article.setAttribute('aria-busy', 'true');
    const heading = document.createElement('h1');
    heading.className = 'h3 mb-4';
    heading.textContent = page.title;
    const status = document.createElement('p');
    status.className = 'custom-page-status';
    status.setAttribute('role', 'status');
    status.textContent = host.translate(LOADING);
    article.append(heading, status);
    element.append(article);

    const show = (reply: PageReply) => {
      if (typeof reply?.html !== 'string') throw new Error('the reply has no page');
      const body = document.createElement('div');
      body.className = 'custom-page-body';
      // The route's HTML: the admin's Markdown rendered and sanitised like a post, and sanitised
      // by the host again on the way out.
      body.innerHTML = reply.html;
      status.replaceWith(body);
    };
    const fail = () => {
      status.className = 'custom-page-status custom-page-error';
      status.setAttribute('role', 'alert');
      status.textContent = host.translate(FAILED);
    };
    host.api
      .get<PageReply>(pageApiPath(host.slug, page.path))
      .then((reply) => {
        if (mounted) show(reply);
      })
      .catch(() => {
        if (mounted) fail();
      })
      .finally(() => article.removeAttribute('aria-busy'));

    return () => {
      // A reply that comes after the reader left draws nothing.
      mounted = false;
      article.remove();
    };
  };
}
