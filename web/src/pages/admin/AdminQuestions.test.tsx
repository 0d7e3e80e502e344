import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminQuestionItem } from '../../api/admin-content';
import '../../utils/time-zone';
import { AdminQuestions } from './AdminQuestions';
import { adminContentApi, adminPageHarness, click } from './admin-test-utils';

vi.mock('../../api/admin-content', async () => (await import('./admin-test-utils')).adminContentApi);
const api = adminContentApi;

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

describe('AdminQuestions', () => {
  const page = adminPageHarness('/admin/questions', <AdminQuestions />);
  const rows = () => [...page.host.querySelectorAll('[data-testid="admin-question-row"]')];

  beforeEach(() => {
    vi.clearAllMocks();
    api.getAdminQuestions.mockResolvedValue({ count: 2, list: [question({}), question({ id: '10010000000000002', title: 'Fake pills', accepted_answer_id: '10020000000000009' })] });
    api.setQuestionsStatus.mockImplementation(async (ids: string[]) => ids.map((id) => ({ id, ok: true, changed: true, reason: '', msg: '' })));
    api.purgeQuestions.mockImplementation(async (ids: string[]) => ids.map((id) => ({ id, ok: true, changed: true, reason: '', msg: '' })));
  });

  it('asks for the tab, search and page of the address and shows the rows with the tab actions', async () => {
    await page.open('/admin/questions?status=closed&query=user:spammer&page=2');
    expect(api.getAdminQuestions).toHaveBeenCalledWith({ status: 'closed', query: 'user:spammer', page: 2, page_size: 20 }, expect.anything());
    expect(rows()).toHaveLength(2);
    expect(page.host.querySelector('a[aria-current="page"]')?.textContent).toBe('Closed');
    expect([...rows()[0]!.querySelectorAll('button')].map((b) => b.dataset.action)).toEqual(['reopen', 'delete']);
    expect(rows()[1]!.textContent).toContain('Accepted');
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/questions/10010000000000001');
  });

  it('closes one question only after the confirmation', async () => {
    await page.open('/admin/questions');
    await click(rows()[0]!.querySelector('button[data-action="close"]'));
    expect(document.body.textContent).toContain('Close “Cheap watches here”?');
    expect(api.setQuestionsStatus).not.toHaveBeenCalled();
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setQuestionsStatus).toHaveBeenCalledWith(['10010000000000001'], 'closed');
    expect(api.getAdminQuestions).toHaveBeenCalledTimes(2);
  });

  it('selects the whole page and deletes it in one bulk call', async () => {
    await page.open('/admin/questions');
    expect(page.host.querySelector('[data-testid="admin-content-bulk"]')).toBeNull();
    await click(page.host.querySelector('thead input[type="checkbox"]'));
    const bar = page.host.querySelector('[data-testid="admin-content-bulk"]');
    expect(bar?.textContent).toContain('2 selected');
    await click(bar?.querySelector('button[data-action="delete"]'));
    expect(document.body.textContent).toContain('Delete 2 questions?');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setQuestionsStatus).toHaveBeenCalledWith(['10010000000000001', '10010000000000002'], 'deleted');
    // The selection is cleared afterwards.
    expect(page.host.querySelector('[data-testid="admin-content-bulk"]')).toBeNull();
  });

  it('offers permanent deletion on the deleted tab', async () => {
    await page.open('/admin/questions?status=deleted');
    await click(rows()[1]!.querySelector('input[type="checkbox"]'));
    await click(page.host.querySelector('[data-testid="admin-content-bulk"] button[data-action="purge"]'));
    expect(document.body.textContent).toContain('permanently');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.purgeQuestions).toHaveBeenCalledWith(['10010000000000002']);
  });

  it('says why the list is empty', async () => {
    api.getAdminQuestions.mockResolvedValue({ count: 0, list: [] });
    await page.open('/admin/questions?status=pending');
    expect(page.host.querySelector('[data-testid="admin-content-empty"]')?.textContent).toContain('No question is waiting for review.');
    expect(page.host.querySelector('[data-testid="admin-content-empty"] a')).toBeNull();
  });

  it('says when a search found nothing, and offers the whole tab again', async () => {
    api.getAdminQuestions.mockResolvedValue({ count: 0, list: [] });
    await page.open('/admin/questions?query=zebra');
    expect(page.host.querySelector('[data-testid="admin-content-empty"]')?.textContent).toContain('Nothing matches “zebra”');
    expect(page.host.querySelector('[data-testid="admin-content-empty"] a')?.getAttribute('href')).toBe('/admin/questions');
  });
});
