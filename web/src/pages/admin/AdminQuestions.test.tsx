import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminQuestionItem } from '../../api/admin-content';
import { initI18n } from '../../i18n';
import '../../utils/time-zone';
import { AdminQuestions } from './AdminQuestions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api = vi.hoisted(() => ({
  getAdminQuestions: vi.fn(),
  getAdminAnswers: vi.fn(),
  setQuestionsStatus: vi.fn(),
  setAnswersStatus: vi.fn(),
  purgeQuestions: vi.fn(),
  purgeAnswers: vi.fn(),
}));
vi.mock('../../api/admin-content', () => api);

const question = (over: Partial<AdminQuestionItem>): AdminQuestionItem => ({
  id: '10010000000000001',
  title: 'Cheap watches here',
  url_title: 'cheap-watches-here',
  status: 1,
  show: 1,
  pin: 1,
  vote_count: 2,
  answer_count: 1,
  accepted_answer_id: '0',
  create_time: 1700000000,
  update_time: 1700000000,
  edit_time: 1700000000,
  user_info: { id: '2', username: 'spammer', display_name: 'Spammer', avatar: '', rank: 1, status: 'normal' },
  ...over,
});

const settle = async () => {
  for (let i = 0; i < 4; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
};

describe('AdminQuestions', () => {
  let host: HTMLDivElement;
  let root: Root;

  const open = async (path: string) => {
    const router = createMemoryRouter([{ path: '/admin/questions', element: <AdminQuestions /> }], { initialEntries: [path] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      ),
    );
    await settle();
  };
  const rows = () => [...host.querySelectorAll('[data-testid="admin-question-row"]')];
  const click = async (el: Element | null | undefined) => {
    expect(el).toBeTruthy();
    await act(async () => (el as HTMLElement).click());
    await settle();
  };

  beforeAll(() => initI18n());
  beforeEach(() => {
    vi.clearAllMocks();
    api.getAdminQuestions.mockResolvedValue({ count: 2, list: [question({}), question({ id: '10010000000000002', title: 'Fake pills', accepted_answer_id: '10020000000000009' })] });
    api.setQuestionsStatus.mockImplementation(async (ids: string[]) => ids.map((id) => ({ id, ok: true, changed: true, reason: '', msg: '' })));
    api.purgeQuestions.mockImplementation(async (ids: string[]) => ids.map((id) => ({ id, ok: true, changed: true, reason: '', msg: '' })));
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  it('asks for the tab, search and page of the address and shows the rows with the tab actions', async () => {
    await open('/admin/questions?status=closed&query=user:spammer&page=2');
    expect(api.getAdminQuestions).toHaveBeenCalledWith({ status: 'closed', query: 'user:spammer', page: 2, page_size: 20 }, expect.anything());
    expect(rows()).toHaveLength(2);
    expect(host.querySelector('a[aria-current="page"]')?.textContent).toBe('Closed');
    expect([...rows()[0]!.querySelectorAll('button')].map((b) => b.dataset.action)).toEqual(['reopen', 'delete']);
    expect(rows()[1]!.textContent).toContain('Accepted');
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/questions/10010000000000001');
  });

  it('closes one question only after the confirmation', async () => {
    await open('/admin/questions');
    await click(rows()[0]!.querySelector('button[data-action="close"]'));
    expect(document.body.textContent).toContain('Close “Cheap watches here”?');
    expect(api.setQuestionsStatus).not.toHaveBeenCalled();
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setQuestionsStatus).toHaveBeenCalledWith(['10010000000000001'], 'closed');
    expect(api.getAdminQuestions).toHaveBeenCalledTimes(2);
  });

  it('selects the whole page and deletes it in one bulk call', async () => {
    await open('/admin/questions');
    expect(host.querySelector('[data-testid="admin-content-bulk"]')).toBeNull();
    await click(host.querySelector('thead input[type="checkbox"]'));
    const bar = host.querySelector('[data-testid="admin-content-bulk"]');
    expect(bar?.textContent).toContain('2 selected');
    await click(bar?.querySelector('button[data-action="delete"]'));
    expect(document.body.textContent).toContain('Delete 2 questions?');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setQuestionsStatus).toHaveBeenCalledWith(['10010000000000001', '10010000000000002'], 'deleted');
    // The selection is cleared afterwards.
    expect(host.querySelector('[data-testid="admin-content-bulk"]')).toBeNull();
  });

  it('offers permanent deletion on the deleted tab', async () => {
    await open('/admin/questions?status=deleted');
    await click(rows()[1]!.querySelector('input[type="checkbox"]'));
    await click(host.querySelector('[data-testid="admin-content-bulk"] button[data-action="purge"]'));
    expect(document.body.textContent).toContain('permanently');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.purgeQuestions).toHaveBeenCalledWith(['10010000000000002']);
  });

  it('says why the list is empty', async () => {
    api.getAdminQuestions.mockResolvedValue({ count: 0, list: [] });
    await open('/admin/questions?status=pending');
    expect(host.querySelector('[data-testid="admin-content-empty"]')?.textContent).toContain('No question is waiting for review.');
    expect(host.querySelector('[data-testid="admin-content-empty"] a')).toBeNull();
  });

  it('says when a search found nothing, and offers the whole tab again', async () => {
    api.getAdminQuestions.mockResolvedValue({ count: 0, list: [] });
    await open('/admin/questions?query=zebra');
    expect(host.querySelector('[data-testid="admin-content-empty"]')?.textContent).toContain('Nothing matches “zebra”');
    expect(host.querySelector('[data-testid="admin-content-empty"] a')?.getAttribute('href')).toBe('/admin/questions');
  });
});
