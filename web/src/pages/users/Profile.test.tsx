import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonalInfo } from '../../api/people';
import type { UserInfo } from '../../api/types';
import { initI18n } from '../../i18n';
import { addUsersStrings } from '../../i18n/users-strings';
import { userStore } from '../../state/user';
// TimeAgo shows times in the site's zone; the app loads the zone plugins at start-up.
import '../../utils/time-zone';
import { Profile } from './Profile';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({ getPersonalInfo: vi.fn(), getPersonalTop: vi.fn(), getPersonalPage: vi.fn() }));
vi.mock('../../api/people', () => api);
const badgeApi = vi.hoisted(() => ({ getUserBadges: vi.fn(), getRecentUserBadges: vi.fn() }));
vi.mock('../../api/badges', () => badgeApi);

const ann = (over: Partial<PersonalInfo> = {}): PersonalInfo => ({
  id: '1',
  username: 'ann',
  display_name: 'Ann Lee',
  avatar: '',
  rank: 42,
  bio_html: '<p>I write <strong>tests</strong>.</p>',
  website: 'https://ann.example',
  location: 'Lisbon',
  answer_count: 3,
  question_count: 2,
  created_at: 1_700_000_000,
  last_login_date: 0,
  status: 'normal',
  ...over,
});

describe('Profile', () => {
  let host: HTMLDivElement;
  let root: Root;

  const open = async (path: string) => {
    const router = createMemoryRouter(
      [
        { path: '/users/:username', element: <Profile /> },
        { path: '/users/:username/:tabName', element: <Profile /> },
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
    // The profile's query, then the tab's own (each answered by a mock, each rendered in its turn).
    for (let i = 0; i < 3; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
  };
  const tabs = () => [...host.querySelectorAll('nav[aria-label="Profile sections"] a')].map((a) => a.textContent);
  const text = () => host.textContent ?? '';

  // The area's module loads its strings in the app; its pages are rendered here without it.
  beforeAll(async () => {
    await initI18n();
    addUsersStrings();
  });
  beforeEach(() => {
    vi.clearAllMocks();
    api.getPersonalInfo.mockResolvedValue(ann());
    api.getPersonalTop.mockResolvedValue({ question: [], answer: [] });
    api.getPersonalPage.mockResolvedValue({ count: 0, list: [] });
    badgeApi.getUserBadges.mockResolvedValue([]);
    badgeApi.getRecentUserBadges.mockResolvedValue([]);
    host = document.createElement('div');
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    userStore.set(null);
  });

  it('the bare address is the overview: bio, stats and no owner-only tabs for a visitor', async () => {
    await open('/users/ann');
    expect(tabs()).toEqual(['Overview', 'Answers', 'Questions', 'Comments', 'Badges', 'Reputation']);
    expect(host.querySelector('[aria-current="page"]')?.textContent).toBe('Overview');
    expect(host.querySelector('strong')?.textContent).toBe('tests');
    expect(host.querySelector('[data-testid="profile-stats"]')?.textContent).toContain('Lisbon');
    expect(host.querySelector('a[href="https://ann.example"]')).not.toBeNull();
    expect(text()).not.toContain('Edit profile');
  });

  it('the owner also gets votes and bookmarks, and the way to edit the profile', async () => {
    userStore.set({ username: 'ann', access_token: 't', mail_status: 1, status: 'normal', role_id: 1 } as UserInfo);
    await open('/users/ann/bookmarks');
    expect(tabs()).toEqual(['Overview', 'Answers', 'Questions', 'Comments', 'Badges', 'Reputation', 'Votes', 'Bookmarks']);
    expect(text()).toContain('Edit profile');
    expect(api.getPersonalPage).toHaveBeenCalledWith('bookmarks', expect.objectContaining({ username: 'ann', page: 1 }), expect.anything());
    expect(text()).toContain('You have not bookmarked any questions yet.');
  });

  it('someone else opening an owner-only tab is told so, and the list is not asked for', async () => {
    await open('/users/ann/votes');
    expect(host.querySelector('[data-testid="profile-owner-only"]')).not.toBeNull();
    expect(api.getPersonalPage).not.toHaveBeenCalled();
  });

  it('a list tab takes page and order from the query string', async () => {
    api.getPersonalPage.mockResolvedValue({
      count: 31,
      list: [{ answer_id: '2', question_id: '1', vote_count: 5, accepted: 2, create_time: 1_700_000_000, question_info: { title: 'How?', url_title: 'how' } }],
    });
    await open('/users/ann/answers?order=score&page=2');
    expect(api.getPersonalPage).toHaveBeenCalledWith('answers', { username: 'ann', page: 2, page_size: 30, order: 'score' }, expect.anything());
    expect(host.querySelector('[data-testid="profile-answer"] a')?.getAttribute('href')).toBe('/questions/1/2');
    expect(text()).toContain('Accepted');
    expect(host.querySelector('a[aria-current="page"][href="/users/ann/answers?order=score"]')?.textContent).toBe('Score');
  });

  it('an unknown tab is the 404 page', async () => {
    await open('/users/ann/badge');
    expect(host.querySelector('[data-testid="error-page-404"]')).not.toBeNull();
    expect(api.getPersonalInfo).not.toHaveBeenCalled();
  });

  it('the badges tab lists the badges with how often each was earned, each leading to their awards of it', async () => {
    badgeApi.getUserBadges.mockResolvedValue([
      { id: '1', name: 'Autobiographer', icon: 'person-badge-fill', earned_count: 1, level: 1 },
      { id: '9', name: 'Nice Answer', icon: 'chat-square-text-fill', earned_count: 3, level: 1 },
    ]);
    await open('/users/ann/badges');
    expect(badgeApi.getUserBadges).toHaveBeenCalledWith('ann', expect.anything());
    const cards = [...host.querySelectorAll('[data-testid="badge-card"]')];
    expect(cards.map((c) => c.querySelector('a')?.getAttribute('href'))).toEqual(['/badges/1?username=ann', '/badges/9?username=ann']);
    expect(cards[0]?.textContent).toContain('Bronze');
    expect(cards[1]?.querySelector('[data-testid="badge-earned"]')?.textContent).toBe('Earned ×3');
    expect(api.getPersonalPage).not.toHaveBeenCalled();
  });

  it('a person without badges gets an empty badges tab that points to the badge list', async () => {
    await open('/users/ann/badges');
    expect(host.querySelector('[data-testid="profile-list-empty"]')?.textContent).toContain('No badges yet.');
    expect(host.querySelector('[data-testid="profile-list-empty"] a')?.getAttribute('href')).toBe('/badges');
  });

  it('the overview shows the latest badges', async () => {
    badgeApi.getRecentUserBadges.mockResolvedValue([{ id: '4', name: 'Editor', icon: 'pencil-fill', earned_count: 1, level: 1 }]);
    await open('/users/ann');
    const recent = host.querySelector('[data-testid="recent-badges"]');
    expect(recent?.querySelector('a[href="/badges/4?username=ann"]')?.textContent).toBe('Editor');
    expect(recent?.querySelector('a[href="/users/ann/badges"]')).not.toBeNull();
  });

  it('a suspended account says so and keeps its tabs', async () => {
    api.getPersonalInfo.mockResolvedValue(ann({ status: 'suspended' }));
    await open('/users/ann');
    expect(host.querySelector('[data-testid="profile-status"]')?.textContent).toBe('This account is suspended.');
    expect(tabs().length).toBe(6);
  });

  it('a deleted account says so and shows nothing of its activity', async () => {
    api.getPersonalInfo.mockResolvedValue(ann({ status: 'deleted' }));
    await open('/users/ann/answers');
    expect(host.querySelector('[data-testid="profile-status"]')?.textContent).toBe('This account has been deleted.');
    expect(tabs()).toEqual([]);
    expect(api.getPersonalPage).not.toHaveBeenCalled();
  });
});
