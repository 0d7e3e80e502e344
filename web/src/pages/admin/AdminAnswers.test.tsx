import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAnswerItem } from '../../api/admin-content';
import '../../utils/time-zone';
import { AdminAnswers } from './AdminAnswers';
import { adminContentApi, adminPageHarness, click } from './admin-test-utils';

vi.mock('../../api/admin-content', async () => (await import('./admin-test-utils')).adminContentApi);
const api = adminContentApi;
const toast = vi.hoisted(() => vi.fn());
vi.mock('../../state/notices', async (original) => ({ ...(await original<object>()), showToast: toast }));

const answer = (over: Partial<AdminAnswerItem>): AdminAnswerItem => ({
  id: '10020000000000001',
  question_id: '10010000000000001',
  description: 'Buy cheap watches at my shop.',
  status: 10,
  create_time: 1700000000,
  update_time: 1700000100,
  accepted: 1,
  vote_count: 0,
  user_info: { id: '2', username: 'spammer', display_name: 'Spammer', avatar: '', rank: 1, status: 'normal' },
  question_info: { title: 'How do I wind a watch?', url_title: 'how-do-i-wind-a-watch', status: 1 },
  ...over,
});

describe('AdminAnswers', () => {
  const page = adminPageHarness('/admin/answers', <AdminAnswers />);
  const rows = () => [...page.host.querySelectorAll('[data-testid="admin-answer-row"]')];

  beforeEach(() => {
    vi.clearAllMocks();
    api.getAdminAnswers.mockResolvedValue({ count: 2, list: [answer({}), answer({ id: '10020000000000002', accepted: 2, description: 'Another one.' })] });
    api.setAnswersStatus.mockImplementation(async (ids: string[]) => ids.map((id) => ({ id, ok: true, changed: true, reason: '', msg: '' })));
    api.purgeAnswers.mockImplementation(async (ids: string[]) => [
      { id: ids[0], ok: true, changed: true, reason: '', msg: '' },
      ...ids.slice(1).map((id) => ({ id, ok: false, changed: false, reason: 'error.answer.not_found', msg: 'Answer not found.' })),
    ]);
  });

  it("shows one question's deleted answers with links to them and the tab's actions", async () => {
    await page.open('/admin/answers?status=deleted&questionId=10010000000000001');
    expect(api.getAdminAnswers).toHaveBeenCalledWith({ status: 'deleted', query: undefined, question_id: '10010000000000001', page: 1, page_size: 20 }, expect.anything());
    expect(page.host.querySelector('[data-testid="admin-answers-question-filter"] a')?.getAttribute('href')).toBe('/admin/answers?status=deleted');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]!.querySelector('a')?.getAttribute('href')).toBe('/questions/10010000000000001/10020000000000001');
    expect(rows()[0]!.textContent).toContain('Buy cheap watches at my shop.');
    expect(rows()[1]!.textContent).toContain('Accepted');
    expect([...rows()[0]!.querySelectorAll('button')].map((b) => b.dataset.action)).toEqual(['undelete', 'purge']);
  });

  it('undeletes one answer after the confirmation', async () => {
    await page.open('/admin/answers?status=deleted');
    await click(rows()[0]!.querySelector('button[data-action="undelete"]'));
    expect(document.body.textContent).toContain('Undelete this answer to “How do I wind a watch?”?');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setAnswersStatus).toHaveBeenCalledWith(['10020000000000001'], 'available');
  });

  it('purges the selected answers and says which could not be', async () => {
    await page.open('/admin/answers?status=deleted');
    await click(page.host.querySelector('thead input[type="checkbox"]'));
    await click(page.host.querySelector('[data-testid="admin-content-bulk"] button[data-action="purge"]'));
    expect(document.body.textContent).toContain('Delete 2 answers permanently');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.purgeAnswers).toHaveBeenCalledWith(['10020000000000001', '10020000000000002']);
    expect(toast).toHaveBeenCalledWith('1 post deleted permanently.', 'success');
    expect(toast).toHaveBeenCalledWith('1 post was not changed: Answer not found.');
  });
});
