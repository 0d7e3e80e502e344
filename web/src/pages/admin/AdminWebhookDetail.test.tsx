import type { WebhookDeliveryItem, WebhookItem } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, fakeApi, renderRoutes, type SentRequest, settle } from '../../test-support/fake-api';
import { AdminWebhookDetail } from './AdminWebhookDetail';

const API = '/answer/admin/api';
const ADMIN = { id: '1', access_token: 't', username: 'boss', display_name: 'Boss', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 2 };
const NOW = Math.floor(Date.now() / 1000);
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

const HOOK: WebhookItem = {
  id: 3,
  description: 'Team chat',
  url: 'https://chat.example.com/hooks/answer',
  secret: SECRET,
  events: ['question.created', 'vote'],
  tags: ['docker', 'go'],
  enabled: true,
  allow_private: false,
  failure_count: 2,
  disabled_reason: '',
  created_at: NOW - 86_400,
};

const delivery = (id: number, over: Partial<WebhookDeliveryItem>): WebhookDeliveryItem => ({
  id,
  event_id: `evt_${id}`,
  event: 'question.created',
  status: 'ok',
  attempts: 1,
  response_status: 200,
  response_ms: 84,
  response_body: '{"ok":true}',
  created_at: NOW - 120,
  delivered_at: NOW - 119,
  ...over,
});

const OK = delivery(31, {});
const FAILED = delivery(30, { event: 'vote', status: 'failed', attempts: 5, response_status: 502, response_ms: 1520, response_body: '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>' });
const UNREACHABLE = delivery(29, { event: 'ping', status: 'pending', attempts: 2, response_status: 0, response_ms: 10_000, response_body: 'connect ECONNREFUSED 203.0.113.9:443' });
const WAITING = delivery(28, { status: 'pending', attempts: 0, response_status: 0, response_ms: 0, response_body: '' });

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

async function open(path: string, list: WebhookDeliveryItem[], count = list.length, hooks = [HOOK]) {
  let current = list;
  sent = fakeApi({
    [`GET ${API}/webhooks`]: () => hooks,
    [`GET ${API}/webhook/deliveries`]: () => ({ count, list: current }),
    [`POST ${API}/webhook/redeliver`]: ({ body }) => {
      const again = current.find((d) => d.id === (body as { delivery_id: number }).delivery_id)!;
      current = [{ ...again, id: 99, status: 'pending', attempts: 0, response_status: 0, response_ms: 0, response_body: '' }, ...current];
      return null;
    },
    [`POST ${API}/webhook/test`]: () => {
      current = [delivery(100, { event: 'ping', status: 'pending', attempts: 0, response_status: 0, response_ms: 0, response_body: '' }), ...current];
      return null;
    },
  });
  view = await renderRoutes(
    [
      { path: '/admin/webhooks/:webhook_id', element: <AdminWebhookDetail /> },
      { path: '/admin/webhooks', element: <p>list</p> },
    ],
    path,
  );
  await settle();
  return view.host;
}

const rows = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('[data-testid="webhook-delivery"]')];
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const deliveryReads = () => sent.filter((r) => r.method === 'GET' && r.url.includes('/deliveries')).map((r) => r.url.split('?')[1]);
const writes = () => sent.filter((r) => r.method !== 'GET');

beforeAll(() => Promise.all([initI18n(), loadAreaStrings()]));
beforeEach(() => {
  act(() => userStore.set(ADMIN));
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = '';
  act(() => {
    userStore.set(null);
    toastStore.set([]);
  });
});

describe('Admin → Webhooks → one webhook', () => {
  it('shows the webhook, its secret (hidden until asked) and how deliveries are signed', async () => {
    const page = await open('/admin/webhooks/3', []);
    expect(page.querySelector('h1')!.textContent).toBe('Team chat');
    expect(page.querySelector('[data-testid="webhook-url"]')!.textContent).toBe(HOOK.url);
    expect(page.querySelector('[data-testid="webhook-failures"]')!.textContent).toBe('2 failures in a row');
    expect(page.querySelector('[data-testid="webhook-events"]')!.textContent).toBe('Question askedVote cast');
    expect(page.textContent).toContain('docker, go');
    const secret = page.querySelector<HTMLInputElement>('[data-testid="webhook-secret"]')!;
    expect(secret.value).toBe(SECRET);
    expect(secret.type).toBe('password');
    await clickText(page, 'Show');
    expect(secret.type).toBe('text');
    await clickText(page, 'Copy');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    expect(page.querySelector('[data-testid="webhook-signature-help"]')!.textContent).toContain('X-Answer-Signature');
    expect(page.querySelector('[data-testid="webhook-deliveries-empty"]')!.textContent).toContain('Nothing was delivered yet');
    expect(deliveryReads()).toEqual(['webhook_id=3&page=1']);
  });

  it('lists the deliveries with their outcome, in a table that scrolls on a phone', async () => {
    const page = await open('/admin/webhooks/3', [OK, FAILED, UNREACHABLE, WAITING]);
    const table = page.querySelector('table[data-testid="webhook-deliveries"]')!;
    expect(table.parentElement!.className).toBe('table-responsive position-relative');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Time', 'Event', 'Status', 'Attempts', 'HTTP', 'Response time', 'Response', 'Actions']);
    const [ok, failed, unreachable, waiting] = rows(page);
    expect(cells(ok!).slice(0, 7)).toEqual(['2 minutes ago', 'Question askedevt_31', 'Delivered', '1', '200', '84 ms', '{"ok":true}']);
    expect(cells(failed!).slice(1, 7)).toEqual(['Vote castevt_30', 'Failed', '5', '502', '1520 ms', FAILED.response_body]);
    expect(cells(unreachable!).slice(1, 7)).toEqual(['Test (ping)evt_29', 'Retrying', '2', 'Not reached', '10000 ms', UNREACHABLE.response_body]);
    expect(cells(waiting!).slice(2, 7)).toEqual(['Pending', '0', '—', '—', '—']);
    // The answer: one monospace line, cut to the cell, the whole of it on hover.
    const body = failed!.querySelector<HTMLElement>('[data-testid="webhook-delivery-body"]')!;
    expect(body.className).toContain('font-monospace');
    expect(body.className).toContain('text-truncate');
    expect(body.title).toBe(FAILED.response_body);
  });

  it('pages the deliveries, 20 a page, by the address', async () => {
    const page = await open('/admin/webhooks/3?page=2', [OK], 45);
    expect(deliveryReads()).toEqual(['webhook_id=3&page=2']);
    const links = [...page.querySelectorAll<HTMLAnchorElement>('.pagination a')].map((a) => a.getAttribute('href'));
    expect(links).toContain('/admin/webhooks/3?page=3');
    expect(links).toContain('/admin/webhooks/3');
  });

  it('redelivers a delivery, then reads the list again', async () => {
    const page = await open('/admin/webhooks/3', [OK, FAILED]);
    await clickText(rows(page)[1]!, 'Redeliver');
    await settle();
    expect(writes()).toEqual([{ method: 'POST', url: `${API}/webhook/redeliver`, body: { delivery_id: 30 } }]);
    expect(deliveryReads()).toHaveLength(2);
    expect(rows(page).map((r) => r.dataset.id)).toEqual(['99', '31', '30']);
    expect(toastStore.get().map((t) => t.message)).toContain('The event was queued again.');
  });

  it('sends a test event, then shows it on the first page', async () => {
    const page = await open('/admin/webhooks/3?page=2', [OK], 25);
    await clickText(page, 'Send test event');
    await settle();
    expect(writes()).toEqual([{ method: 'POST', url: `${API}/webhook/test`, body: { id: 3 } }]);
    expect(deliveryReads().at(-1)).toBe('webhook_id=3&page=1');
    expect(rows(page)[0]!.dataset.id).toBe('100');
    expect(cells(rows(page)[0]!)[1]).toBe('Test (ping)evt_100');
    expect(toastStore.get().map((t) => t.message)).toContain('A test event (ping) was queued.');
  });

  it('says a webhook that is not there is not found', async () => {
    const page = await open('/admin/webhooks/77', []);
    expect(page.querySelector('[data-testid="error-page-404"]')).toBeTruthy();
    expect(deliveryReads()).toEqual([]);
  });
});
