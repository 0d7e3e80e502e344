import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { AdminLayout } from './AdminLayout';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

/** A phone-sized window: no media query of the lg breakpoint matches. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (media: string) => ({ media, matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }));
}

async function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <p data-testid="screen">Dashboard screen</p> },
          { path: 'users', element: <p data-testid="screen">Users screen</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  await act(async () => root.render(<RouterProvider router={router} />));
  return router;
}

const drawer = () => document.querySelector<HTMLElement>('#admin-menu[role="dialog"].show');

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  narrowScreen();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the admin console on a narrow screen', () => {
  it('keeps its menu in a drawer behind a named button, so the screen comes first', async () => {
    await open('/admin/users');
    const toggle = host.querySelector<HTMLButtonElement>('[data-testid="admin-menu-toggle"]')!;
    expect(toggle.textContent).toBe('Admin menu');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(drawer()).toBeNull();
    expect(host.querySelector('[data-testid="screen"]')?.textContent).toBe('Users screen');
    // The menu is in the page (Bootstrap's offcanvas-lg hides it below lg, shows it in place above).
    expect(host.querySelector('.offcanvas-lg nav[aria-label="Admin"]')).not.toBeNull();
  });

  it('opens the drawer with the menu, and closes it once a screen is chosen', async () => {
    const router = await open('/admin/users');
    const toggle = host.querySelector<HTMLButtonElement>('[data-testid="admin-menu-toggle"]')!;
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const dialog = drawer()!;
    expect(dialog).not.toBeNull();
    expect(dialog.getAttribute('aria-labelledby')).toBe('admin-menu-title');
    const dashboard = [...dialog.querySelectorAll<HTMLAnchorElement>('nav a')].find((a) => a.textContent === 'Dashboard')!;
    expect(dashboard.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await act(async () => dashboard.click());
    expect(router.state.location.pathname).toBe('/admin');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
