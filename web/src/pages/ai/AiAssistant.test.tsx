import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { siteStore } from '../../state/site';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, renderRoutes, settle } from '../../test-support/fake-api';
import { AiAssistant } from './AiAssistant';
import { MEMBER, chatStream, chunk, fakeAiApi, setAiSite } from './ai-test-support';

const API = '/answer/api/v1';
const STATUS = { enabled: true, can_use: true, remaining_today: 3, semantic_search: false };
const CITATION = { n: 1, kind: 'question' as const, object_id: '10010000000000001', question_id: '10010000000000001', title: 'How do I deploy?', url: '/questions/10010000000000001' };

let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;
const routes = [{ path: '/ai/:conversationId?', element: <AiAssistant /> }, { path: '/questions/ask', element: <p>ask page</p> }];
const open = async (path = '/ai') => {
  view = await renderRoutes(routes, path);
  await settle();
  return view.host;
};
/** Lets the stream's reads and the renders they cause finish. */
const flush = async () => {
  for (let i = 0; i < 4; i++) await settle();
};
const $ = (page: HTMLElement, testId: string) => page.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

async function ask(page: HTMLElement, question: string) {
  const box = page.querySelector<HTMLTextAreaElement>('#ai-question')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, question);
    box.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
  await flush();
}

const baseRoutes = (over: Record<string, (sent: { body: unknown }) => unknown> = {}) => ({
  [`GET ${API}/ai/status`]: () => STATUS,
  [`GET ${API}/ai/conversation/page`]: () => ({ count: 0, list: [] }),
  [`POST ${API}/ai/conversation/vote`]: () => null,
  ...over,
});

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(async () => {
  await setAiSite(true);
  act(() => userStore.set(MEMBER));
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = '';
  act(() => {
    userStore.set(null);
    siteStore.set(null);
    toastStore.set([]);
  });
});

describe('the assistant page', () => {
  it('streams the answer in, what it searches first, then shows the final HTML with its numbered sources', async () => {
    const stream = chatStream();
    const { asked } = fakeAiApi(baseRoutes(), () => stream.body);
    const page = await open();
    expect($(page, 'ai-remaining')!.textContent).toBe('3 questions left today');
    await ask(page, 'How to deploy?');

    const body = asked[0] as { messages: { role: string; content: string }[]; conversation_id: string };
    expect(body.messages).toEqual([{ role: 'user', content: 'How to deploy?' }]);
    expect(body.conversation_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(view!.router.state.location.pathname).toBe(`/ai/${body.conversation_id}`);
    expect($(page, 'ai-question')!.textContent).toContain('How to deploy?');

    stream.send(chunk('', null, { step: { kind: 'searching', detail: 'deploy' } }));
    await flush();
    expect($(page, 'ai-step')!.textContent).toBe('Searching the site for “deploy”…');

    // An event split across two reads.
    const first = `data: ${JSON.stringify(chunk('Use the '))}\n\n`;
    stream.raw(first.slice(0, 30));
    await flush();
    stream.raw(first.slice(30));
    stream.send(chunk('installer [1].'));
    await flush();
    expect($(page, 'ai-streaming')!.textContent).toBe('Use the installer [1].');
    expect($(page, 'ai-step')).toBeNull();

    stream.send(chunk('', 'stop', { html: '<p>Use the installer <a href="/questions/10010000000000001">[1]</a>.</p>', citations: [CITATION], grounded: true }));
    stream.done();
    await flush();
    expect($(page, 'ai-streaming')).toBeNull();
    const html = $(page, 'ai-answer-html')!;
    expect(html.querySelector('a')!.getAttribute('href')).toBe('/questions/10010000000000001');
    const source = $(page, 'ai-sources')!.querySelector('li')!;
    expect(source.getAttribute('value')).toBe('1');
    expect(source.querySelector('a')!.getAttribute('href')).toBe('/questions/10010000000000001');
    expect(source.textContent).toContain('How do I deploy?');
    expect(source.textContent).toContain('Question');
  });

  it('toggles helpful and not helpful, sending the vote and its cancellation', async () => {
    const stream = chatStream();
    const { sent } = fakeAiApi(baseRoutes(), () => stream.body);
    const page = await open();
    await ask(page, 'How to deploy?');
    stream.send(chunk('Yes [1].', 'stop', { html: '<p>Yes.</p>', citations: [CITATION], grounded: true }));
    stream.done();
    await flush();

    const helpful = page.querySelector<HTMLButtonElement>('[data-testid="ai-actions"] button[title="Helpful"]')!;
    const unhelpful = page.querySelector<HTMLButtonElement>('[data-testid="ai-actions"] button[title="Not helpful"]')!;
    await act(async () => helpful.click());
    await flush();
    expect(helpful.getAttribute('aria-pressed')).toBe('true');
    await act(async () => helpful.click());
    await flush();
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    await act(async () => unhelpful.click());
    await flush();
    expect(unhelpful.getAttribute('aria-pressed')).toBe('true');
    const votes = sent.filter((r) => r.url === `${API}/ai/conversation/vote`).map((r) => r.body);
    expect(votes).toEqual([
      { chat_completion_id: 'cc1', vote_type: 'helpful', cancel: false },
      { chat_completion_id: 'cc1', vote_type: 'helpful', cancel: true },
      { chat_completion_id: 'cc1', vote_type: 'unhelpful', cancel: false },
    ]);
  });

  it('says honestly when the site has no answer, with a link to ask the community', async () => {
    const stream = chatStream();
    fakeAiApi(baseRoutes(), () => stream.body);
    const page = await open();
    await ask(page, 'Can I run it on a toaster?');
    stream.send(chunk('Nothing here.', 'stop', { html: '<p>Nothing here.</p>', citations: [], grounded: false }));
    stream.done();
    await flush();
    const notice = $(page, 'ai-not-grounded')!;
    expect(notice.textContent).toContain('The site has no answer to this yet.');
    const link = [...notice.querySelectorAll('a')].find((a) => a.textContent === 'Ask the community')!;
    const target = new URL(link.getAttribute('href')!, 'http://x');
    expect(target.pathname).toBe('/questions/ask');
    expect(target.searchParams.get('title')).toBe('Can I run it on a toaster?');
    expect(target.searchParams.get('content')).toBe('Can I run it on a toaster?');
    expect($(page, 'ai-answer-html')).toBeNull();
  });

  it("shows the server's message when it refuses before the stream, and when the stream fails", async () => {
    let refuse = true;
    const stream = chatStream();
    fakeAiApi(baseRoutes(), () => (refuse ? { status: 429, reason: 'error.ai.daily_limit', msg: 'You have asked 20 questions today.' } : stream.body));
    const page = await open();
    await ask(page, 'First?');
    expect($(page, 'ai-error')!.textContent).toContain('You have asked 20 questions today.');
    expect($(page, 'ai-error')!.textContent).toContain('Please try again later.');

    refuse = false;
    await ask(page, 'Second?');
    stream.send(chunk('Part', 'error', { error: { reason: 'error.ai.provider_timeout', msg: 'The AI provider took too long to answer.' } }));
    stream.done();
    await flush();
    const errors = page.querySelectorAll('[data-testid="ai-error"]');
    expect(errors).toHaveLength(2);
    expect(errors[1]!.textContent).toContain('The AI provider took too long to answer.');
  });

  it('asks the question of /ai?q= at once, and once', async () => {
    const stream = chatStream();
    const { asked } = fakeAiApi(baseRoutes(), () => stream.body);
    await open('/ai?q=deploy%20with%20docker');
    await flush();
    expect(asked).toHaveLength(1);
    expect((asked[0] as { messages: { content: string }[] }).messages[0]!.content).toBe('deploy with docker');
  });

  it('continues a stored conversation, and deletes one after confirming', async () => {
    const records = [
      { chat_completion_id: 'u1', role: 'user', content: 'Old question', html: '', citations: [], grounded: false, helpful: 0, unhelpful: 0, reported: false, created_at: 1 },
      { chat_completion_id: 'a1', role: 'assistant', content: 'Old answer', html: '<p>Old answer</p>', citations: [CITATION], grounded: true, helpful: 1, unhelpful: 0, reported: false, created_at: 2 },
    ];
    const stream = chatStream();
    const { sent, asked } = fakeAiApi(
      baseRoutes({
        [`GET ${API}/ai/conversation/page`]: () => ({ count: 1, list: [{ conversation_id: 'conv-00000001', topic: 'Old question', created_at: 1, updated_at: 2 }] }),
        [`GET ${API}/ai/conversation`]: () => ({ conversation_id: 'conv-00000001', topic: 'Old question', records, created_at: 1, updated_at: 2 }),
        [`DELETE ${API}/ai/conversation`]: () => null,
      }),
      () => stream.body,
    );
    const page = await open('/ai/conv-00000001');
    expect($(page, 'ai-answer-html')!.textContent).toBe('Old answer');
    expect(page.querySelector('[data-testid="ai-actions"] button[title="Helpful"]')!.getAttribute('aria-pressed')).toBe('true');

    await ask(page, 'And then?');
    expect((asked[0] as { conversation_id: string }).conversation_id).toBe('conv-00000001');
    stream.send(chunk('Then this.', 'stop', { html: '<p>Then this.</p>', citations: [CITATION], grounded: true }));
    stream.done();
    await flush();
    expect(page.querySelectorAll('[data-testid="ai-answer-html"]')).toHaveLength(2);

    await act(async () => page.querySelector<HTMLButtonElement>('button[aria-label="Delete the conversation “Old question”"]')!.click());
    await settle();
    await clickText(document.body, 'Delete');
    await flush();
    expect(sent.find((r) => r.method === 'DELETE')!.body).toEqual({ conversation_id: 'conv-00000001' });
    expect(view!.router.state.location.pathname).toBe('/ai');
  });

  it('starts afresh with New conversation, and loads a conversation begun here when it is opened again', async () => {
    const stream = chatStream();
    let id = '';
    const { sent } = fakeAiApi(
      baseRoutes({
        [`GET ${API}/ai/conversation/page`]: () => ({ count: id ? 1 : 0, list: id ? [{ conversation_id: id, topic: 'How to deploy?', created_at: 1, updated_at: 2 }] : [] }),
        [`GET ${API}/ai/conversation`]: () => ({ conversation_id: id, topic: 'How to deploy?', records: [], created_at: 1, updated_at: 2 }),
      }),
      () => stream.body,
    );
    const page = await open();
    await ask(page, 'How to deploy?');
    id = view!.router.state.location.pathname.split('/')[2]!;
    stream.send(chunk('Yes.', 'stop', { html: '<p>Yes.</p>', citations: [CITATION], grounded: true }));
    stream.done();
    await flush();
    expect(sent.some((r) => r.url.startsWith(`${API}/ai/conversation?`))).toBe(false);

    await clickText(page, 'New conversation');
    expect(view!.router.state.location.pathname).toBe('/ai');
    expect(page.querySelector('[data-testid="ai-answer"]')).toBeNull();
    await act(async () => page.querySelector<HTMLAnchorElement>(`[data-testid="ai-conversations"] a[href="/ai/${id}"]`)!.click());
    await flush();
    expect(sent.some((r) => r.url === `${API}/ai/conversation?conversation_id=${id}`)).toBe(true);
  });

  it('asks a visitor to sign in, and tells a member whose role may not use it', async () => {
    fakeAiApi(baseRoutes({ [`GET ${API}/ai/status`]: () => ({ ...STATUS, can_use: false }) }), () => chatStream().body);
    act(() => userStore.set(null));
    let page = await open();
    expect($(page, 'ai-sign-in')!.textContent).toContain('Sign in to use the assistant');
    await view!.unmount();

    act(() => userStore.set(MEMBER));
    page = await open();
    expect($(page, 'ai-not-allowed')).not.toBeNull();
    expect(page.querySelector('#ai-question')).toBeNull();
  });
});
