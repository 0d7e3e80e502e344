import { ROLE } from '@answer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagInfo as Tag } from '../../api/tags';
import type { UserInfo } from '../../api/types';
import { initI18n } from '../../i18n';
import { userStore } from '../../state/user';
// TimeAgo shows times in the site's zone; the app loads the zone plugins at start-up.
import '../../utils/time-zone';
import { TagInfo } from './TagInfo';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({
  getTagByName: vi.fn(),
  getTagSynonyms: vi.fn(),
  saveTagSynonyms: vi.fn(),
  deleteTag: vi.fn(),
  recoverTag: vi.fn(),
  findTag: vi.fn(),
  mergeTags: vi.fn(),
}));
vi.mock('../../api/tags', () => api);

const SUPPORT: Tag = {
  tag_id: '7',
  created_at: 1_700_000_000,
  updated_at: 0,
  slug_name: 'support',
  display_name: 'Support',
  original_text: 'Questions about **support**.',
  parsed_text: '<p>Questions about <strong>support</strong>.</p>',
  excerpt: '',
  follow_count: 0,
  question_count: 3,
  is_follower: false,
  status: 'available',
  main_tag_slug_name: '',
  recommend: false,
  reserved: false,
  member_actions: [],
};

// The wiki's staff forms and the delete confirmation load when they show (deferred): a reader's
// first visit does not carry them, staff get them as before.
describe('tag wiki', () => {
  let host: HTMLDivElement;
  let root: Root;

  const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  /** Waits for what a deferred component draws once its code has been imported. */
  const shows = async (find: () => Element | null | undefined) => {
    for (let i = 0; i < 100 && !find(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
    return find() ?? null;
  };
  const open = async () => {
    const router = createMemoryRouter([{ path: '/tags/:tagName/info', element: <TagInfo /> }], { initialEntries: ['/tags/support/info'] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
    await shows(() => host.querySelector('[data-testid="tag-wiki"]'));
  };

  beforeAll(() => initI18n());
  beforeEach(() => {
    vi.clearAllMocks();
    api.getTagByName.mockResolvedValue(SUPPORT);
    api.getTagSynonyms.mockResolvedValue({ synonyms: [], member_actions: [] });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
    userStore.set(null);
  });

  it('shows a reader the wiki without the staff forms', async () => {
    await open();
    expect(host.querySelector('[data-testid="tag-wiki"]')?.innerHTML).toBe(SUPPORT.parsed_text);
    for (const name of ['Merge into another tag', 'Edit synonyms', 'Delete tag']) expect(button(name), name).toBeUndefined();
  });

  it('gives staff the merge form, the synonym editor and the delete confirmation once their code is there', async () => {
    userStore.set({ username: 'admin', access_token: 't', mail_status: 1, status: 'normal', role_id: ROLE.admin } as UserInfo);
    await open();
    expect(await shows(() => button('Merge into another tag'))).not.toBeNull();
    await act(async () => button('Edit synonyms')!.click());
    expect(await shows(() => host.querySelector('[data-testid="synonym-editor"]'))).not.toBeNull();
    await act(async () => button('Delete tag')!.click());
    const dialog = await shows(() => document.querySelector('.modal-body'));
    expect(dialog?.textContent).toBe('Delete this tag? A tag used by questions or with synonyms cannot be deleted.');
  });
});
