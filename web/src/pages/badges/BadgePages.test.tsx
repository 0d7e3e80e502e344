import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import type { BadgeInfo } from '../../api/badges';
import { initI18n } from '../../i18n';
// TimeAgo shows times in the site's zone; the app loads the zone plugins at start-up.
import '../../utils/time-zone';
import { BadgeDetail } from './BadgeDetail';
import { BadgeList } from './BadgeList';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({ getBadgeGroups: vi.fn(), getBadge: vi.fn(), getBadgeAwards: vi.fn() }));
vi.mock('../../api/badges', () => api);

const autobiographer = (over: Partial<BadgeInfo> = {}): BadgeInfo => ({
  id: '1',
  name: 'Autobiographer',
  description: 'Filled out <a href="/users/settings/profile">profile</a> information.',
  icon: 'person-badge-fill',
  award_count: 2,
  earned_count: 0,
  is_single: true,
  level: 1,
  ...over,
});

describe('badge pages', () => {
  let host: HTMLDivElement;
  let root: Root;
  let router: ReturnType<typeof createMemoryRouter>;

  const open = async (path: string) => {
    router = createMemoryRouter(
      [
        { path: '/badges', element: <BadgeList /> },
        { path: '/badges/:badge_id', element: <BadgeDetail /> },
      ],
      { initialEntries: [path] },
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
    for (let i = 0; i < 3; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
  };
  const text = () => host.textContent ?? '';

  // Its strings are the entry's (the award list's count included).
  beforeAll(() => initI18n());
  beforeEach(() => {
    vi.clearAllMocks();
    api.getBadge.mockResolvedValue(autobiographer());
    api.getBadgeAwards.mockResolvedValue({ count: 0, list: [] });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('the list shows each group with its badges, level, award count and what the viewer earned', async () => {
    api.getBadgeGroups.mockResolvedValue([
      {
        group_name: 'Getting Started',
        badges: [
          { id: '1', name: 'Autobiographer', icon: 'person-badge-fill', award_count: 1, earned_count: 1, level: 1 },
          { id: '2', name: 'Editor', icon: 'pencil-fill', award_count: 0, earned_count: 0, level: 1 },
        ],
      },
      { group_name: 'Posting', badges: [{ id: '11', name: 'Great Answer', icon: 'chat-square-text-fill', award_count: 12, earned_count: 2, level: 3 }] },
      { group_name: 'Empty group', badges: [] },
    ]);
    await open('/badges');
    const groups = [...host.querySelectorAll('[data-testid="badge-group"]')];
    expect(groups.map((g) => g.querySelector('h2')?.textContent)).toEqual(['Getting Started', 'Posting']);
    const cards = [...host.querySelectorAll('[data-testid="badge-card"]')];
    expect(cards.map((c) => c.querySelector('a')?.getAttribute('href'))).toEqual(['/badges/1', '/badges/2', '/badges/11']);
    expect(cards.map((c) => c.querySelector('[data-testid="badge-award-count"]')?.textContent)).toEqual(['Awarded once', 'Not awarded yet', 'Awarded 12 times']);
    expect(cards.map((c) => c.querySelector('[data-testid="badge-earned"]')?.textContent ?? '')).toEqual(['Earned', '', 'Earned ×2']);
    expect(cards[2]?.querySelector('[data-testid="badge-level"]')?.textContent).toBe('Gold');
    expect(cards[2]?.querySelector('.badge-level-gold svg')).not.toBeNull();
  });

  it('the list says so when no badge is active', async () => {
    api.getBadgeGroups.mockResolvedValue([]);
    await open('/badges');
    expect(host.querySelector('[data-testid="badges-empty"]')?.textContent).toBe('No badges are active on this site.');
  });

  it("a badge's page shows its description, facts and awards, each linking the person and the post", async () => {
    api.getBadge.mockResolvedValue(autobiographer({ id: '9', name: 'Nice Answer', is_single: false, earned_count: 2, award_count: 2, description: 'Answer score of 10 or more.' }));
    api.getBadgeAwards.mockResolvedValue({
      count: 2,
      list: [
        { created_at: 1_700_000_000, object_id: 'a1', question_id: 'q1', answer_id: 'a1', comment_id: '', object_type: 'answer', url_title: 'how', author_user_info: { username: 'ann', display_name: 'Ann Lee' } },
        { created_at: 1_700_000_000, object_id: '', question_id: '', answer_id: '', comment_id: '', object_type: '', url_title: '', author_user_info: { username: 'gone', display_name: 'Gone', status: 'deleted' } },
      ],
    });
    await open('/badges/9');
    expect(api.getBadge).toHaveBeenCalledWith('9', expect.anything());
    expect(api.getBadgeAwards).toHaveBeenCalledWith({ badge_id: '9', username: undefined, page: 1, page_size: 30 }, expect.anything());
    expect(host.querySelector('h1')?.textContent).toBe('Nice Answer');
    const facts = host.querySelector('[data-testid="badge-facts"]')?.textContent;
    expect(facts).toContain('Bronze');
    expect(facts).toContain('Can be earned once per post');
    expect(facts).toContain('Awarded 2 times');
    expect(facts).toContain('You earned this badge 2 times');
    // The count is in the entry's strings, as the badge pages download no others.
    expect(host.querySelector('#badge-awards-title')?.textContent).toBe('Recent awards2 in all');
    const rows = [...host.querySelectorAll('[data-testid="badge-award"]')];
    expect(rows[0]?.querySelector('[data-testid="user-link"]')?.getAttribute('href')).toBe('/users/ann');
    expect(rows[0]?.querySelector('[data-testid="badge-award-target"]')?.getAttribute('href')).toBe('/questions/q1/a1');
    expect(rows[0]?.querySelector('[data-testid="badge-award-target"]')?.textContent).toBe('for an answer');
    expect(rows[1]?.querySelector('[data-testid="user-link"]')).toBeNull();
    expect(rows[1]?.querySelector('[data-testid="badge-award-target"]')).toBeNull();
  });

  it("renders the description's link and narrows the awards to one person from the address and the form", async () => {
    await open('/badges/1?username=ann');
    expect(host.querySelector('[data-testid="badge-detail"] a[href="/users/settings/profile"]')?.textContent).toBe('profile');
    expect(host.querySelector('[data-testid="badge-facts"]')?.textContent).toContain('Earned once per person');
    expect(api.getBadgeAwards).toHaveBeenCalledWith({ badge_id: '1', username: 'ann', page: 1, page_size: 30 }, expect.anything());
    expect(host.querySelector('[data-testid="badge-awards-empty"]')?.textContent).toContain('ann has not earned this badge.');

    const input = host.querySelector<HTMLInputElement>('input[type="search"]')!;
    expect(input.value).toBe('ann');
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input, 'bob');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => host.querySelector('form')!.requestSubmit());
    for (let i = 0; i < 3; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(router.state.location.search).toBe('?username=bob');
    expect(api.getBadgeAwards).toHaveBeenLastCalledWith({ badge_id: '1', username: 'bob', page: 1, page_size: 30 }, expect.anything());
  });

  it('an unknown or inactive badge is the 404 page', async () => {
    api.getBadge.mockRejectedValue(new ApiError(400, 'error.badge.object_not_found', 'Badge not found'));
    await open('/badges/404');
    expect(host.querySelector('[data-testid="error-page-404"]')?.textContent).toContain('This badge does not exist or is not active.');
    expect(text()).not.toContain('Recent awards');
  });
});
