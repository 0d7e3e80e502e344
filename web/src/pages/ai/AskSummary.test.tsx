import { act, useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { userStore } from '../../state/user';
import { clickText, renderRoutes, type SentRequest, settle } from '../../test-support/fake-api';
import { MEMBER, chatStream, fakeAiApi } from './ai-test-support';
import { AskSummary } from './AskSummary';
import { SUMMARY_PAUSE_MS, titleMuchChanged } from './ask-summary-rules';

const API = '/answer/api/v1';
const STATUS = { enabled: true, can_use: true, remaining_today: -1, semantic_search: false };
const GROUNDED = {
  html: '<p>Run the installer <a href="/questions/10010000000000001">[1]</a>.</p>',
  citations: [{ n: 1, kind: 'answer', object_id: '10020000000000001', question_id: '10010000000000001', title: 'Deploying', url: '/questions/10010000000000001/10020000000000001' }],
  grounded: true,
};
const TITLE = 'How do I deploy the server with Docker?';
const BODY = 'I have a VPS and want to run the site in a container.';

let type: (text: { title: string; content: string }) => void;
function AskForm() {
  const [text, setText] = useState({ title: '', content: '' });
  type = setText;
  return <AskSummary title={text.title} content={text.content} />;
}

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const open = async () => {
  view = await renderRoutes([{ path: '/questions/ask', element: <AskForm /> }], '/questions/ask');
  return view.host;
};
/** Types, then lets the asker pause as long as the page waits. */
const typeAndPause = async (title: string, content: string) => {
  await act(async () => type({ title, content }));
  await act(async () => vi.advanceTimersByTime(SUMMARY_PAUSE_MS));
  for (let i = 0; i < 4; i++) await settle();
};
const summaries = (sent: SentRequest[]) => sent.filter((r) => r.url === `${API}/ai/ask-summary`);

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  act(() => userStore.set(MEMBER));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.useRealTimers();
  document.body.innerHTML = '';
  act(() => userStore.set(null));
});

describe('the ask page summary of what the site already says', () => {
  it('waits for enough text and a pause, asks once for it, and again only on Refresh or another title', async () => {
    const { sent } = fakeAiApi({ [`GET ${API}/ai/status`]: () => STATUS, [`POST ${API}/ai/ask-summary`]: () => GROUNDED }, () => chatStream().body);
    const page = await open();
    await typeAndPause('Deploy?', BODY);
    await typeAndPause(TITLE, 'Too short.');
    expect(summaries(sent)).toHaveLength(0);

    await typeAndPause(TITLE, BODY);
    expect(summaries(sent).map((r) => r.body)).toEqual([{ title: TITLE, content: BODY }]);
    const card = page.querySelector<HTMLElement>('[data-testid="ask-summary"]')!;
    expect(card.querySelector('h2')!.textContent).toBe('What the site already says');
    expect(card.querySelector('.post-html a')!.getAttribute('href')).toBe('/questions/10010000000000001');
    const source = card.querySelector<HTMLAnchorElement>('[data-testid="ai-sources"] a')!;
    expect(source.textContent).toBe('Deploying');
    expect(source.target).toBe('_blank');

    await typeAndPause(`${TITLE} now`, `${BODY} More detail.`);
    expect(summaries(sent)).toHaveLength(1);

    await clickText(card, 'Refresh');
    for (let i = 0; i < 4; i++) await settle();
    expect(summaries(sent)).toHaveLength(2);
    expect(summaries(sent)[1]!.body).toEqual({ title: `${TITLE} now`, content: `${BODY} More detail.` });

    await typeAndPause('Which database should a small forum use?', BODY);
    expect(summaries(sent)).toHaveLength(3);

    await act(async () => page.querySelector<HTMLButtonElement>('[data-testid="ask-summary"] .btn-close')!.click());
    expect(page.querySelector('[data-testid="ask-summary"]')).toBeNull();
  });

  it('shows nothing when the site has nothing on it, and one quiet line when it fails', async () => {
    let reply: unknown = { html: '', citations: [], grounded: false };
    fakeAiApi({ [`GET ${API}/ai/status`]: () => STATUS, [`POST ${API}/ai/ask-summary`]: () => reply }, () => chatStream().body);
    const page = await open();
    await typeAndPause(TITLE, BODY);
    expect(page.querySelector('[data-testid="ask-summary"]')).toBeNull();
    expect(page.textContent).toBe('');

    reply = { status: 503, reason: 'error.ai.provider_down', msg: 'The AI provider is not reachable.' };
    await typeAndPause('Which database should a small forum use?', BODY);
    expect(page.querySelector('[data-testid="ask-summary-failed"]')!.textContent).toBe('The summary of what the site says is not available right now.');
  });

  it('asks nothing for a member who may not use the assistant', async () => {
    const { sent } = fakeAiApi({ [`GET ${API}/ai/status`]: () => ({ ...STATUS, can_use: false }), [`POST ${API}/ai/ask-summary`]: () => GROUNDED }, () => chatStream().body);
    await open();
    await typeAndPause(TITLE, BODY);
    expect(summaries(sent)).toHaveLength(0);
  });
});

describe('a much changed title', () => {
  it('is another question, where a fixed typo or an added word is not', () => {
    expect(titleMuchChanged('How do I deploy with Docker', 'How do I deploy with Docker compose')).toBe(false);
    expect(titleMuchChanged('How do I deploy with Docker', 'Which database should a small forum use')).toBe(true);
    expect(titleMuchChanged('如何使用 Docker 部署', '如何使用 Docker 部署服务')).toBe(false);
    expect(titleMuchChanged('如何部署服务器', '数据库选哪个好呢')).toBe(true);
  });
});
