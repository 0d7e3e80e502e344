import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, fakeApi, renderRoutes, settle } from '../../test-support/fake-api';
import { AdminAiConversations } from './AdminAiConversations';
import { DashboardAi } from './DashboardAi';
import { ADMIN_MENU } from './menu';

const ADMIN_API = '/answer/admin/api';
const ADMIN = { id: '1', access_token: 't', username: 'boss', display_name: 'Boss', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 2 };
const ITEM = {
  id: 'conv-00000001',
  topic: 'How to deploy?',
  user_info: { id: '5', username: 'ann', display_name: 'Ann', avatar: '', rank: 1 },
  helpful_count: 2,
  unhelpful_count: 1,
  created_at: 1_700_000_000,
  report_count: 1,
  tokens: 1234,
};
const CITATION = { n: 1, kind: 'question', object_id: '10010000000000001', question_id: '10010000000000001', title: 'Deploying', url: '/questions/10010000000000001' };
const DETAIL = {
  conversation_id: ITEM.id,
  topic: ITEM.topic,
  user_info: ITEM.user_info,
  created_at: ITEM.created_at,
  records: [
    { chat_completion_id: 'u1', role: 'user', content: 'How to deploy?', html: '', citations: [], grounded: false, helpful: 0, unhelpful: 0, reported: false, report_reason: '', created_at: 1 },
    { chat_completion_id: 'a1', role: 'assistant', content: 'Use [1].', html: '<p>Use <a href="/questions/10010000000000001">[1]</a>.</p>', citations: [CITATION], grounded: true, helpful: 0, unhelpful: 1, reported: true, report_reason: 'It made up a flag.', created_at: 2 },
  ],
};

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const open = async (element: React.ReactElement, path: string) => {
  view = await renderRoutes([{ path, element }], path);
  await settle();
  return view.host;
};

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => act(() => userStore.set(ADMIN)));
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = '';
  act(() => {
    userStore.set(null);
    toastStore.set([]);
  });
});

describe('Admin → AI conversations', () => {
  it('is in the admin menu next to AI', () => {
    const settings = ADMIN_MENU.find((item) => item.key === 'settings')!.children!;
    const at = settings.findIndex((c) => c.key === 'ai');
    expect(settings[at + 1]).toEqual({ key: 'ai_conversations', path: '/admin/ai-conversations' });
  });

  it('lists conversations with their figures, opens one with its sources and report reason, and deletes one after confirming', async () => {
    let list = [ITEM];
    const sent = fakeApi({
      [`GET ${ADMIN_API}/ai/conversation/page`]: () => ({ count: list.length, list }),
      [`GET ${ADMIN_API}/ai/conversation`]: () => DETAIL,
      [`DELETE ${ADMIN_API}/ai/conversation`]: () => {
        list = [];
        return null;
      },
    });
    const page = await open(<AdminAiConversations />, '/admin/ai-conversations');
    const row = page.querySelector<HTMLElement>('[data-testid="ai-conversation-row"]')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 6)).toEqual(['How to deploy?', 'Ann', '2', '1', '1', '1,234']);

    await clickText(row, 'How to deploy?');
    await settle();
    const detail = document.querySelector<HTMLElement>('[data-testid="ai-conversation-detail"]')!;
    expect(sent.some((r) => r.url === `${ADMIN_API}/ai/conversation?conversation_id=${ITEM.id}`)).toBe(true);
    expect(detail.textContent).toContain('How to deploy?');
    expect(detail.querySelector('[data-testid="ai-sources"] a')!.getAttribute('href')).toBe('/questions/10010000000000001');
    expect(detail.querySelector('[data-testid="ai-report-reason"]')!.textContent).toBe('Reported: It made up a flag.');
    await act(async () => detail.querySelector<HTMLButtonElement>('.btn-close')!.click());
    await settle();

    await act(async () => row.querySelector<HTMLButtonElement>('button[aria-label="Delete the conversation “How to deploy?”"]')!.click());
    await settle();
    await clickText(document.querySelector('.modal')!, 'Delete');
    await settle();
    expect(sent.find((r) => r.method === 'DELETE')!.body).toEqual({ conversation_id: ITEM.id });
    expect(page.querySelector('[data-testid="ai-conversations-empty"]')!.textContent).toBe('No conversations yet.');
  });
});

describe('the dashboard AI card', () => {
  const USAGE = { enabled: true, tokens_this_month: 7500, monthly_token_budget: 10000, questions_today: 4, conversations: 12, helpful: 9, unhelpful: 2, reports: 1 };

  it("shows the month's tokens against the budget and the figures", async () => {
    fakeApi({ [`GET ${ADMIN_API}/ai/usage`]: () => USAGE });
    const page = await open(<DashboardAi />, '/admin');
    const card = page.querySelector<HTMLElement>('[data-testid="dashboard-ai"]')!;
    expect(card.textContent).toContain('Tokens this month: 7,500 of 10,000');
    expect(card.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('75');
    const figures = [...card.querySelectorAll('dl > div')].map((d) => `${d.querySelector('dt')!.textContent}=${d.querySelector('dd')!.textContent}`);
    expect(figures).toEqual(['Questions today=4', 'Conversations=12', 'Helpful=9', 'Not helpful=2', 'Reports=1']);
  });

  it('is not there while the assistant is off', async () => {
    fakeApi({ [`GET ${ADMIN_API}/ai/usage`]: () => ({ ...USAGE, enabled: false }) });
    const page = await open(<DashboardAi />, '/admin');
    expect(page.querySelector('[data-testid="dashboard-ai"]')).toBeNull();
  });
});
