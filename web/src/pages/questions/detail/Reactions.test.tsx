import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { Reactions } from './Reactions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The tooltip as a marked wrapper: what matters here is when its code is asked for, and what the
// button becomes once it is there.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./ReactionTooltip', () => {
  loads.count++;
  return { ReactionTooltip: ({ children }: { children: ReactElement }) => <span data-wrapped="">{children}</span> };
});

describe('reaction buttons', () => {
  let host: HTMLDivElement;
  let root: Root;

  const settle = async () => {
    for (let i = 0; i < 5; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
  };

  beforeAll(() => initI18n());
  beforeEach(async () => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(['reactions', '7'], [{ emoji: 'heart', count: 2, tooltip: 'ann, bob', is_active: false }]);
    const router = createMemoryRouter([{ path: '/', element: <Reactions objectId="7" /> }]);
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
    await settle();
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('asks for the tooltip code at the first interaction, not before, and keeps the focused button focused', async () => {
    expect(loads.count).toBe(0);
    expect(host.querySelector('[data-wrapped]')).toBeNull();
    expect(host.querySelector('[data-testid="reaction-heart"]')?.textContent).toContain('2');

    const heart = host.querySelector<HTMLButtonElement>('[data-testid="reaction-heart"]')!;
    heart.focus();
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
    await settle();

    expect(loads.count).toBe(1);
    expect(host.querySelectorAll('[data-wrapped]')).toHaveLength(3);
    // The wrapped button is a new element: the focus moved to it.
    expect(document.activeElement).toBe(host.querySelector('[data-testid="reaction-heart"]'));
  });
});
