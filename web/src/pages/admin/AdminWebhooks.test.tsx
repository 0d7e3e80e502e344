import { WEBHOOK_EVENTS, type WebhookItem } from '@answer/contract';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAreaStrings } from '../../i18n';
import { toastStore } from '../../state/notices';
import { userStore } from '../../state/user';
import { clickText, type FakeReply, fakeApi, findIn, renderRoutes, type SentRequest, settle, typeInto } from '../../test-support/fake-api';
import { AdminWebhooks } from './AdminWebhooks';
import { ADMIN_MENU } from './menu';

const API = '/answer/admin/api';
const ADMIN = { id: '1', access_token: 't', username: 'boss', display_name: 'Boss', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 2 };
const NOW = Math.floor(Date.now() / 1000);
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

const CHAT: WebhookItem = {
  id: 3,
  description: 'Team chat',
  url: 'https://chat.example.com/hooks/answer',
  secret: 'whsec_chat',
  events: ['question.created', 'answer.created'],
  tags: ['docker'],
  enabled: true,
  allow_private: false,
  failure_count: 0,
  disabled_reason: '',
  created_at: NOW - 86_400,
};
const BROKEN: WebhookItem = {
  ...CHAT,
  id: 4,
  description: 'Old CRM',
  url: 'https://crm.example.com/in',
  events: [...WEBHOOK_EVENTS],
  tags: [],
  enabled: false,
  failure_count: 15,
  disabled_reason: '15 deliveries in a row failed (HTTP 500)',
};

let sent: SentRequest[];
let view: Awaited<ReturnType<typeof renderRoutes>> | undefined;

/** Opens the page with `hooks`; `createReply` answers the first POST (the server's refusal, say). */
async function open(hooks: WebhookItem[], createReply?: FakeReply) {
  let current = hooks;
  let refusal = createReply;
  sent = fakeApi({
    [`GET ${API}/webhooks`]: () => current,
    [`POST ${API}/webhook`]: ({ body }) => {
      if (refusal) {
        const reply = refusal;
        refusal = undefined;
        return reply;
      }
      const created = { ...(body as Omit<WebhookItem, 'id'>), id: 9, secret: SECRET, failure_count: 0, disabled_reason: '', created_at: NOW };
      current = [...current, created];
      return created;
    },
    [`PUT ${API}/webhook`]: ({ body }) => {
      const b = body as WebhookItem;
      current = current.map((h) => (h.id === b.id ? { ...h, ...b, disabled_reason: b.enabled ? '' : h.disabled_reason, failure_count: b.enabled ? 0 : h.failure_count } : h));
      return null;
    },
    [`DELETE ${API}/webhook`]: ({ body }) => {
      current = current.filter((h) => h.id !== (body as { id: number }).id);
      return null;
    },
  });
  view = await renderRoutes([{ path: '/admin/webhooks', element: <AdminWebhooks /> }], '/admin/webhooks');
  await settle();
  return view.host.querySelector<HTMLElement>('[data-testid="admin-webhooks"]')!;
}

const rows = (page: HTMLElement) => [...page.querySelectorAll<HTMLElement>('[data-testid="webhook"]')];
const writes = () => sent.filter((r) => r.method !== 'GET');
const check = (scope: ParentNode, selector: string) => act(async () => scope.querySelector<HTMLInputElement>(selector)!.click());
const submit = async (dialog: HTMLElement) => {
  await act(async () => dialog.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await settle();
};

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

describe('Admin → Webhooks', () => {
  it('is in the admin menu, right after API keys', () => {
    const settings = ADMIN_MENU.find((item) => item.key === 'settings')!.children!;
    const at = settings.findIndex((c) => c.key === 'api_keys');
    expect(settings[at + 1]).toEqual({ key: 'webhooks', path: '/admin/webhooks' });
  });

  it('lists the webhooks in a table that scrolls on a phone, and says why one was switched off and how to switch it on', async () => {
    const page = await open([CHAT, BROKEN]);
    expect(page.querySelector('h1')!.textContent).toBe('Webhooks');
    const table = page.querySelector('table[data-testid="webhooks"]')!;
    expect(table.parentElement!.className).toBe('table-responsive position-relative');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Payload URL', 'Events', 'State', 'Actions']);

    const [chat, broken] = rows(page);
    expect(chat!.querySelector('[data-testid="webhook-url"]')!.getAttribute('href')).toBe('/admin/webhooks/3');
    expect(chat!.textContent).toContain('Team chat');
    expect(chat!.querySelector('[data-testid="webhook-events-count"]')!.textContent).toBe('2 events');
    expect(chat!.textContent).toContain('Tags: docker');
    expect(chat!.querySelector('[data-testid="webhook-state"]')!.textContent).toBe('Enabled');
    expect(chat!.querySelector('[data-testid="webhook-failures"]')).toBeNull();
    expect(chat!.querySelector('[data-testid="webhook-disabled-warning"]')).toBeNull();

    expect(broken!.querySelector('[data-testid="webhook-events-count"]')!.textContent).toBe(`${WEBHOOK_EVENTS.length} events`);
    const state = broken!.querySelector('[data-testid="webhook-state"]')!;
    expect(state.className).toContain('text-bg-warning');
    expect(state.textContent).toContain('Switched off by the site');
    expect(broken!.querySelector('[data-testid="webhook-failures"]')!.textContent).toBe('15 failures in a row');
    const warning = broken!.querySelector('[data-testid="webhook-disabled-warning"]')!;
    expect(warning.textContent).toContain('Reason: 15 deliveries in a row failed (HTTP 500)');
    expect(warning.textContent).toContain('edit the webhook and switch Enabled on again');
  });

  it('says what a webhook is when there is none', async () => {
    const page = await open([]);
    expect(page.querySelector('[data-testid="webhooks-empty"]')!.textContent).toContain('No webhooks yet');
  });

  it('adds a webhook with the chosen events, tags and switches, then shows its secret and how deliveries are signed', async () => {
    const page = await open([]);
    await clickText(page, 'Add webhook');
    const dialog = await findIn('[data-testid="webhook-dialog"]');
    // Every event is chosen at first; "Select all" takes them all off, then one group and one event.
    const all = dialog.querySelector<HTMLInputElement>('#field-events-all')!;
    expect(all.checked).toBe(true);
    expect(dialog.querySelectorAll('input[name="events"]:checked')).toHaveLength(WEBHOOK_EVENTS.length);
    const groups = [...dialog.querySelectorAll('[data-testid="webhook-events"] [role="group"]')].map((g) => g.querySelector('label')!.textContent);
    expect(groups).toEqual(['Questions', 'Answers', 'Comments', 'Votes', 'Users', 'Flags', 'Badges', 'Review queue']);
    await check(dialog, '#field-events-all');
    expect(dialog.querySelectorAll('input[name="events"]:checked')).toHaveLength(0);
    await check(dialog, '#field-events-group-questions');
    await check(dialog, '#field-event-badge_awarded');
    expect(all.indeterminate).toBe(true);
    expect(dialog.querySelector('label[for="field-event-badge_awarded"]')!.textContent).toBe('Badge awarded');

    await typeInto(dialog.querySelector<HTMLInputElement>('#field-url')!, ' https://hooks.example.com/answer ');
    await typeInto(dialog.querySelector<HTMLInputElement>('#field-description')!, 'Search indexer');
    await typeInto(dialog.querySelector<HTMLInputElement>('#field-tags')!, 'Docker, kubernetes');
    expect(dialog.querySelector('[data-testid="webhook-tags-preview"]')!.textContent).toBe('dockerkubernetes');
    expect(dialog.querySelector('[data-testid="webhook-private-warning"]')).toBeNull();
    await check(dialog, '#field-allow_private');
    expect(dialog.querySelector('[data-testid="webhook-private-warning"]')!.textContent).toContain('internal services');
    await submit(dialog);

    expect(writes()).toEqual([
      {
        method: 'POST',
        url: `${API}/webhook`,
        body: {
          url: 'https://hooks.example.com/answer',
          description: 'Search indexer',
          events: ['question.created', 'question.edited', 'question.deleted', 'question.undeleted', 'badge.awarded'],
          tags: ['docker', 'kubernetes'],
          enabled: true,
          allow_private: true,
        },
      },
    ]);
    const created = await findIn('[data-testid="webhook-created-dialog"]');
    expect(created.querySelector<HTMLInputElement>('[data-testid="webhook-secret"]')!.value).toBe(SECRET);
    expect(created.querySelector('[data-testid="webhook-signature-help"]')!.textContent).toContain('X-Answer-Signature: t=<unix seconds>,v1=<signature>');
    expect(created.querySelector('[data-testid="webhook-signature-help"]')!.textContent).toContain('HMAC-SHA256 of "<t>.<body>"');
    await clickText(created, 'Copy');
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    expect(created.textContent).toContain('Copied');
    expect(rows(page).map((r) => r.dataset.id)).toEqual(['9']);
  });

  it('checks the form before sending: an address and at least one event', async () => {
    const page = await open([]);
    await clickText(page, 'Add webhook');
    const dialog = await findIn('[data-testid="webhook-dialog"]');
    await typeInto(dialog.querySelector<HTMLInputElement>('#field-url')!, 'ftp://files.example.com');
    await check(dialog, '#field-events-all');
    await submit(dialog);
    expect(writes()).toEqual([]);
    expect(dialog.querySelector('#field-url-error')!.textContent).toBe('Enter an http:// or https:// address.');
    expect(dialog.querySelector('#field-events-error')!.textContent).toBe('Choose at least one event.');
  });

  it("shows the server's field errors beside their fields (a private address refused, an event)", async () => {
    const page = await open([], {
      status: 400,
      reason: 'error.webhook.address_refused',
      msg: 'The address is refused.',
      data: [
        { error_field: 'url', error_msg: 'This address is on a private network.' },
        { error_field: 'events.0', error_msg: 'Unknown event.' },
      ],
    });
    await clickText(page, 'Add webhook');
    const dialog = await findIn('[data-testid="webhook-dialog"]');
    await typeInto(dialog.querySelector<HTMLInputElement>('#field-url')!, 'http://10.0.0.5/hook');
    await submit(dialog);
    expect(writes()).toHaveLength(1);
    expect(dialog.querySelector('#field-url-error')!.textContent).toBe('This address is on a private network.');
    expect(dialog.querySelector('#field-url')!.getAttribute('aria-describedby')).toContain('field-url-error');
    expect(dialog.querySelector('#field-events-error')!.textContent).toBe('Unknown event.');
    expect(dialog.querySelector('[data-testid="form-message"]')).toBeNull();
    // Turning the switch on and sending again goes through.
    await check(dialog, '#field-allow_private');
    await submit(dialog);
    expect(writes().map((r) => (r.body as { allow_private: boolean }).allow_private)).toEqual([false, true]);
    expect(await findIn('[data-testid="webhook-created-dialog"]')).toBeTruthy();
  });

  it('switches a webhook the site turned off on again from its warning', async () => {
    const page = await open([BROKEN]);
    await clickText(rows(page)[0]!.querySelector('[data-testid="webhook-disabled-warning"]')!, 'Edit and switch on');
    const dialog = await findIn('[data-testid="webhook-dialog"]');
    expect(dialog.querySelector<HTMLInputElement>('#field-url')!.value).toBe(BROKEN.url);
    expect(dialog.querySelector<HTMLInputElement>('#field-enabled')!.checked).toBe(false);
    await check(dialog, '#field-enabled');
    await submit(dialog);
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: `${API}/webhook`,
        body: { id: 4, url: BROKEN.url, description: 'Old CRM', events: [...WEBHOOK_EVENTS], tags: [], enabled: true, allow_private: false },
      },
    ]);
    expect(rows(page)[0]!.querySelector('[data-testid="webhook-state"]')!.textContent).toBe('Enabled');
    expect(page.querySelector('[data-testid="webhook-disabled-warning"]')).toBeNull();
  });

  it('deletes a webhook after confirming, with the DELETE of its id', async () => {
    const page = await open([CHAT, BROKEN]);
    await clickText(rows(page)[0]!, 'Delete');
    const footer = await findIn('.modal-footer');
    expect(document.querySelector('.modal-body')!.textContent).toContain('https://chat.example.com/hooks/answer');
    expect(writes()).toEqual([]);
    await clickText(footer, 'Delete');
    expect(writes()).toEqual([{ method: 'DELETE', url: `${API}/webhook`, body: { id: 3 } }]);
    expect(rows(page).map((r) => r.dataset.id)).toEqual(['4']);
  });
});
