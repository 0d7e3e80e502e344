import type { Mount } from '@answer/plugin-sdk/web';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from '../components/ErrorPage';
import { PageLoading } from '../components/PageLoading';
import { usePageTitle } from '../hooks/usePageTitle';
import { type PagePart, type SidebarWidgetPart, pagePath, usePluginParts } from './parts';

// What shows plugins' boxes and pages: a chunk of its own (app/pages.ts), downloaded with the first
// of them or with a path no page of the app has, as only those need it.

/** An element of the app's own that a plugin's part draws into; unmounting calls the part's clean-up. */
function PluginMount({ mount, className }: { mount: Mount; className?: string }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => mount(element.current!) ?? undefined, [mount]);
  return <div ref={element} className={className} />;
}

/** The plugins' boxes of the main layout's right-hand sidebar, each with its title when it has one. */
export function PluginSidebar({ widgets }: { widgets: SidebarWidgetPart[] }) {
  return widgets.map((widget, i) => {
    const title = widget.title();
    return (
      <section key={`${widget.slug}-${i}`} className="card mb-4" data-plugin={widget.slug} aria-label={title || undefined}>
        {title && <h2 className="card-header h6 mb-0">{title}</h2>}
        <PluginMount mount={widget.mount} className="card-body" />
      </section>
    );
  });
}

/** A page a plugin added, under its title; a new element for each page, so none draws into another's. */
function PluginPageView({ page }: { page: PagePart }) {
  usePageTitle(page.title());
  return <PluginMount key={`${page.slug}/${page.path}`} mount={page.mount} />;
}

/**
 * Any path no route of the app claims: a page an enabled plugin added there, else the 404 page.
 * While the plugins are still being set up, a path one of them declared shows as loading.
 */
export function PluginPage() {
  const path = pagePath(useLocation().pathname);
  const { pages, webParts, loading } = usePluginParts();
  const page = pages.find((p) => p.path === path);
  if (page) return <PluginPageView page={page} />;
  const coming = !webParts || webParts.some((part) => loading.includes(part.slug_name) && part.pages.some((p) => pagePath(p.path) === path));
  return coming ? <PageLoading /> : <ErrorPage code="404" />;
}
