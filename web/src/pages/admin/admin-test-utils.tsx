import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';

// Shared by the admin page tests. `vi.mock` is hoisted per file, so each test file still mocks the
// API module its page calls; the content pages' files mock it with `adminContentApi` below.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Lets pending requests resolve and React render their results. */
export const settle = async () => {
  for (let i = 0; i < 4; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
};

/** Clicks an element that must be there, then settles. */
export const click = async (el: Element | null | undefined) => {
  expect(el).toBeTruthy();
  await act(async () => (el as HTMLElement).click());
  await settle();
};

/**
 * Renders one admin page at `routePath` with its providers (a fresh query client without retries, a
 * memory router), for the tests of the calling `describe`: translations load once, each test gets
 * a new host element, and everything (dialogs too) is removed after it.
 */
export function adminPageHarness(routePath: string, element: ReactElement) {
  let root: Root;
  const page = {
    host: undefined as unknown as HTMLDivElement,
    /** Opens the page at `path` (with its query string) and waits for its requests. */
    open: async (path: string) => {
      const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await act(async () =>
        root.render(
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>,
        ),
      );
      await settle();
    },
  };
  // The area's module loads its strings in the app; its pages are rendered here without it.
  beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
  beforeEach(() => {
    page.host = document.createElement('div');
    document.body.append(page.host);
    root = createRoot(page.host);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    page.host.remove();
    document.body.innerHTML = '';
  });
  return page;
}

/**
 * The mocked `api/admin-content` of the question and answer list tests:
 * `vi.mock('../../api/admin-content', async () => (await import('./admin-test-utils')).adminContentApi)`.
 */
export const adminContentApi = {
  getAdminQuestions: vi.fn(),
  getAdminAnswers: vi.fn(),
  setQuestionsStatus: vi.fn(),
  setAnswersStatus: vi.fn(),
  purgeQuestions: vi.fn(),
  purgeAnswers: vi.fn(),
};
