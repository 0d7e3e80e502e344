import type { AiConfig } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, fakeApi, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { AdminAi } from './AdminAi';
import { ADMIN_MENU } from './menu';

const CONFIG = '/answer/admin/api/ai-config';
const REINDEX = '/answer/admin/api/ai/reindex';
const IDLE_REINDEX = { running: false, done: 0, total: 0, embedded: 0, started_at: 0, finished_at: 0, stopped: '', msg: '' };
const ADMIN = { id: '1', access_token: 't', username: 'boss', display_name: 'Boss', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 2 };
const PRESETS: AiConfig['presets'] = [
  { provider: 'openai', label: 'OpenAI', api_host: 'https://api.openai.com', model: 'gpt-4o-mini', embedding_model: 'text-embedding-3-small', key_required: true },
  { provider: 'azure_openai', label: 'Azure OpenAI', api_host: 'https://YOUR-RESOURCE.openai.azure.com/openai', model: '', embedding_model: '', key_required: true },
  { provider: 'ollama', label: 'Ollama', api_host: 'http://127.0.0.1:11434', model: 'llama3.1', embedding_model: 'nomic-embed-text', key_required: false },
  { provider: 'vllm', label: 'vLLM', api_host: 'http://127.0.0.1:8000', model: '', embedding_model: '', key_required: false },
  { provider: 'openai_compatible', label: 'Other', api_host: '', model: '', embedding_model: '', key_required: false },
];
const STORED: AiConfig = {
  enabled: true,
  chosen_provider: 'openai',
  ai_providers: [{ provider: 'openai', api_host: 'https://api.openai.com', api_key: '', api_key_set: true, model: 'gpt-4o', embedding_model: 'text-embedding-3-large' }],
  prompt_config: { zh_cn: '', en_us: '' },
  embedding_model: 'text-embedding-3-large',
  semantic_search_enabled: false,
  daily_limit_per_member: 20,
  monthly_token_budget: 0,
  allowed_roles: [1, 2, 3],
  presets: PRESETS,
};

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(routes: Parameters<typeof fakeApi>[0] = {}) {
  sent = fakeApi({ [`GET ${CONFIG}`]: () => STORED, [`PUT ${CONFIG}`]: () => null, [`GET ${REINDEX}`]: () => IDLE_REINDEX, ...routes });
  view = await renderRoutes([{ path: '/admin/ai', element: <AdminAi /> }], '/admin/ai');
  await settle();
  return view.host.querySelector<HTMLElement>('[data-testid="admin-ai"]')!;
}
const input = (page: HTMLElement, name: string) => page.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const choose = async (page: HTMLElement, provider: string) => {
  const select = page.querySelector<HTMLSelectElement>('select[name="provider"]')!;
  await act(async () => {
    select.value = provider;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
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

describe('Admin → AI', () => {
  it('embeds the existing posts in the background with a progress bar, once semantic search is saved on', async () => {
    let polls = 0;
    const page = await open({
      [`GET ${CONFIG}`]: () => ({ ...STORED, semantic_search_enabled: true }),
      [`POST ${REINDEX}`]: () => ({ ...IDLE_REINDEX, running: true, total: 40, done: 10, started_at: 1 }),
      [`GET ${REINDEX}`]: () => (++polls > 1 ? { ...IDLE_REINDEX, total: 40, done: 40, embedded: 30, started_at: 1, finished_at: 2 } : IDLE_REINDEX),
    });
    const card = page.querySelector<HTMLElement>('[data-testid="ai-reindex"]')!;
    await clickText(card, 'Embed existing posts');
    await settle();
    expect(sent.some((r) => r.method === 'POST' && r.url.endsWith(REINDEX))).toBe(true);
    expect(card.querySelector('.progress-bar')?.getAttribute('aria-valuenow')).toBe('25');
    expect(card.textContent).toContain('10 of 40');
  });

  it('asks to save semantic search first', async () => {
    const page = await open();
    const card = page.querySelector<HTMLElement>('[data-testid="ai-reindex"]')!;
    expect(card.querySelector('button')!.disabled).toBe(true);
    expect(card.textContent).toContain('Switch semantic search on');
  });

  it('is in the admin menu', () => {
    expect(ADMIN_MENU.flatMap((item) => item.children ?? [])).toContainEqual({ key: 'ai', path: '/admin/ai' });
  });

  it('shows the stored provider with the key write-only, and saves without sending a key', async () => {
    const page = await open();
    expect(input(page, 'model').value).toBe('gpt-4o');
    expect(input(page, 'api_key').value).toBe('');
    expect(input(page, 'api_key').type).toBe('password');
    expect(page.textContent).toContain('A key is stored');
    await clickText(page, 'Save');
    await settle();
    const put = sent.find((r) => r.method === 'PUT')!.body as Record<string, any>;
    expect(put).toMatchObject({ enabled: true, chosen_provider: 'openai', embedding_model: 'text-embedding-3-large' });
    expect(put.ai_providers).toEqual([{ provider: 'openai', api_host: 'https://api.openai.com', api_key: '', model: 'gpt-4o', embedding_model: 'text-embedding-3-large' }]);
  });

  it('fills a preset, keeps the other provider, and shows the server field errors beside the fields', async () => {
    const page = await open({
      [`PUT ${CONFIG}`]: () => ({ status: 400, reason: 'error.common.invalid', msg: 'Invalid', data: [{ error_field: 'ai_providers.0.api_host', error_msg: 'Enter the full base URL.' }] }),
    });
    await choose(page, 'ollama');
    expect(input(page, 'api_host').value).toBe('http://127.0.0.1:11434');
    expect(input(page, 'embedding_model').value).toBe('nomic-embed-text');
    await clickText(page, 'Save');
    await settle();
    const put = sent.find((r) => r.method === 'PUT')!.body as Record<string, any>;
    expect(put.chosen_provider).toBe('ollama');
    expect(put.ai_providers.map((p: { provider: string }) => p.provider)).toEqual(['ollama', 'openai']);
    expect(page.textContent).toContain('Enter the full base URL.');
  });

  it('edits the system instructions per language and sends them as prompt_config', async () => {
    const page = await open({ [`GET ${CONFIG}`]: () => ({ ...STORED, prompt_config: { zh_cn: '用中文回答。', en_us: '' } }) });
    const english = page.querySelector<HTMLTextAreaElement>('textarea[name="prompt_en_us"]')!;
    expect(page.querySelector<HTMLTextAreaElement>('textarea[name="prompt_zh_cn"]')!.value).toBe('用中文回答。');
    expect(english.maxLength).toBe(4000);
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(english, 'Be brief.');
      english.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await clickText(page, 'Save');
    await settle();
    expect((sent.find((r) => r.method === 'PUT')!.body as Record<string, unknown>).prompt_config).toEqual({ en_us: 'Be brief.', zh_cn: '用中文回答。' });
  });

  it('checks the form before sending', async () => {
    const page = await open();
    await typeInto(input(page, 'api_host'), 'ftp://nope');
    await clickText(page, 'Save');
    await settle();
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    expect(page.textContent).toContain("Enter the server's full http:// or https:// base URL.");
  });

  it('tests the connection and shows the outcome', async () => {
    let reply = { ok: true, reason: '', msg: 'Connected: the server offers 2 models.', status: 200, models: ['gpt-4o', 'gpt-4o-mini'], elapsed_ms: 5 };
    // Written as a whole envelope: the result's own `status` field would read as a failure to fakeApi.
    const page = await open({ [`POST ${CONFIG}/test`]: () => ({ status: 200, reason: 'base.success', msg: '', data: reply }) });
    await clickText(page, 'Test connection');
    await settle();
    expect(page.querySelector('[data-testid="ai-test-result"]')!.textContent).toContain('gpt-4o-mini');
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({ provider: 'openai', api_host: 'https://api.openai.com', api_key: '', model: 'gpt-4o' });
    reply = { ok: false, reason: 'rate_limited', msg: 'The provider is rate limiting requests (HTTP 429).', status: 429, models: [], elapsed_ms: 5 };
    await clickText(page, 'Test connection');
    await settle();
    const shown = page.querySelector('[data-testid="ai-test-result"]')!;
    expect(shown.textContent).toContain('HTTP 429');
    expect(shown.classList.contains('text-danger')).toBe(true);
  });
});
