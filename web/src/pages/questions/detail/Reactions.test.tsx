import { act, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { adminPageHarness, settle } from '../../admin/admin-test-utils';
import { Reactions } from './Reactions';

// The tooltip as a marked wrapper: what matters here is when its code is asked for, and what the
// button becomes once it is there.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./ReactionTooltip', () => {
  loads.count++;
  return { ReactionTooltip: ({ children }: { children: ReactElement }) => <span data-wrapped="">{children}</span> };
});
vi.mock('../../../api/reactions', async (original) => ({
  ...(await original<typeof import('../../../api/reactions')>()),
  getReactions: async () => [{ emoji: 'heart', count: 2, tooltip: 'ann, bob', is_active: false }],
}));

describe('reaction buttons', () => {
  // A page harness of its own (providers, a fresh query client, a memory router).
  const page = adminPageHarness('/', <Reactions objectId="7" />);

  it('asks for the tooltip code at the first interaction, not before, and keeps the focused button focused', async () => {
    await page.open('/');
    expect(loads.count).toBe(0);
    expect(page.host.querySelector('[data-wrapped]')).toBeNull();
    expect(page.host.querySelector('[data-testid="reaction-heart"]')?.textContent).toContain('2');

    page.host.querySelector<HTMLButtonElement>('[data-testid="reaction-heart"]')!.focus();
    await act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
    await settle();

    expect(loads.count).toBe(1);
    expect(page.host.querySelectorAll('[data-wrapped]')).toHaveLength(3);
    // The wrapped button is a new element: the focus moved to it.
    expect(document.activeElement).toBe(page.host.querySelector('[data-testid="reaction-heart"]'));
  });
});
