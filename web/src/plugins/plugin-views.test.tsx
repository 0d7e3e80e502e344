import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PluginWebPart } from '../api/types';
import { MainLayout } from '../app/layouts/MainLayout';
import { Pages } from '../app/pages';
import { routes } from '../app/routes';
import { initI18n } from '../i18n';
import { addPart, doneLoading } from './part-changes';
import { pluginParts, setWebParts } from './parts';
import { PluginPage } from './plugin-views';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EMPTY = pluginParts.get();
const webPart = (slug: string, pages: string[]): PluginWebPart => ({ slug_name: slug, module: `/plugins/${slug}/web.js`, styles: [], config: {}, pages: pages.map((path) => ({ path, title: path })) });

let root: Root;
let host: HTMLDivElement;
let router: ReturnType<typeof createMemoryRouter>;

/** The main layout with only the plugin page route in it, at `path`. */
async function open(path: string) {
  router = createMemoryRouter([{ element: <MainLayout />, children: [{ path: 'questions', element: <p>questions</p> }, { path: '*', element: <PluginPage /> }] }], { initialEntries: [path] });
  await act(async () => root.render(<RouterProvider router={router} />));
  // The sidebar's boxes are a chunk of their own.
  await act(() => import('./plugin-views'));
}
const is404 = () => host.querySelector('[data-testid="error-page-404"]') !== null;
const isLoading = () => host.querySelector('.spinner-border') !== null;

beforeAll(() => initI18n());
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  pluginParts.set(EMPTY);
});

describe('the route of plugin pages', () => {
  it('comes last in the main layout: what no page of the app claims goes to it', () => {
    const deepest = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;
    expect(deepest('/maths/help')?.element).toEqual(<Pages.PluginPage />);
    expect(deepest('/some/unknown/path')?.element).toEqual(<Pages.PluginPage />);
    expect(deepest('/questions')?.element).not.toEqual(<Pages.PluginPage />);
    expect(deepest('/tags')?.element).not.toEqual(<Pages.PluginPage />);
  });

  it("mounts a registered page at its path, in the main layout, and cleans it up on leaving", async () => {
    const cleanUp = vi.fn();
    const mount = vi.fn((element: HTMLElement) => {
      element.textContent = 'Maths help';
      return cleanUp;
    });
    setWebParts([webPart('maths', ['maths/help'])], []);
    addPart('pages', { slug: 'maths', path: 'maths/help', title: () => 'Help', mount });
    await open('/maths/help/');
    expect(mount).toHaveBeenCalledTimes(1);
    expect(host.querySelector('.col-lg-10')?.textContent).toBe('Maths help');
    expect(document.title).toBe('Help');
    await act(() => router.navigate('/questions'));
    expect(cleanUp).toHaveBeenCalledTimes(1);
    expect(host.textContent).toContain('questions');
  });

  it('shows the 404 page for a path no enabled plugin has', async () => {
    setWebParts([webPart('maths', ['maths/help'])], []);
    await open('/nothing-here');
    expect(is404()).toBe(true);
  });

  it('waits while the plugins are not known yet, or the plugin declaring the path is being set up, then shows 404 if it never came', async () => {
    await open('/maths/help');
    expect(isLoading()).toBe(true);
    await act(async () => setWebParts([webPart('maths', ['maths/help']), webPart('other', [])], ['maths', 'other']));
    expect(isLoading()).toBe(true);
    await act(async () => doneLoading('maths'));
    expect(isLoading()).toBe(false);
    expect(is404()).toBe(true);
  });

  it("shows a disabled plugin's page as not found", async () => {
    await open('/maths/help');
    // The plugin was enabled (its page was there), then an admin disabled it.
    await act(async () => setWebParts([], []));
    expect(is404()).toBe(true);
  });
});

describe('sidebar widgets', () => {
  it("mount in the main layout's right-hand column, with their titles", async () => {
    const mount = vi.fn((element: HTMLElement) => {
      element.textContent = 'Hot maths';
    });
    setWebParts([], []);
    addPart('widgets', { slug: 'maths', title: () => 'Maths', mount });
    await open('/questions');
    const aside = host.querySelector('aside');
    expect(aside?.querySelector('h2')?.textContent).toBe('Maths');
    expect(aside?.querySelector('.card-body')?.textContent).toBe('Hot maths');
    expect(host.querySelector('.col-lg-7')).not.toBeNull();
  });

  it('leave the page its full width when there are none', async () => {
    setWebParts([], []);
    await open('/questions');
    expect(host.querySelector('aside')).toBeNull();
    expect(host.querySelector('.col-lg-10')).not.toBeNull();
  });
});
