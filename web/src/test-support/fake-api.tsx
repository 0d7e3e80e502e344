import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** One request the page made, as the server would have read it. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

/** A reply: the envelope's `data` with status 200, or a whole status + envelope. */
export type FakeReply = unknown | { status: number; reason: string; msg: string; data?: unknown };
export type FakeRoutes = Record<string, (sent: SentRequest) => FakeReply>;

const isFailure = (r: unknown): r is { status: number; reason: string; msg: string; data?: unknown } =>
  typeof r === 'object' && r !== null && 'status' in r && 'reason' in r;

/**
 * Stands in for the server behind the app's real request client (so a test sees what goes over the
 * wire): `"METHOD /path"` → a reply; an unknown call answers 404. Returns the calls made.
 */
export function fakeApi(routes: FakeRoutes): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const request = { method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
      sent.push(request);
      const handler = routes[`${method} ${url.split('?')[0]}`];
      const reply = handler ? handler(request) : { status: 404, reason: 'base.not_found', msg: 'Not found.' };
      const [status, envelope] = isFailure(reply)
        ? [reply.status, { code: reply.status, reason: reply.reason, msg: reply.msg, data: reply.data ?? null }]
        : [200, { code: 200, reason: 'base.success', msg: 'Success.', data: reply }];
      return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** Lets pending replies, effects and lazy components finish. */
export const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Shows `routes` in a memory router at `path`, with a fresh query cache; `unmount` when done. */
export async function renderRoutes(routes: RouteObject[], path: string) {
  const host = document.createElement('div');
  document.body.append(host);
  const root: Root = createRoot(host);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  await settle();
  return {
    host,
    router,
    async unmount() {
      await act(async () => root.unmount());
      host.remove();
    },
  };
}

/** Types into a React-controlled input as a person would (React listens for input events). */
export async function typeInto(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Clicks the button (or link) whose visible text is `text`, then lets the page settle. */
export async function clickText(scope: ParentNode, text: string) {
  const target = [...scope.querySelectorAll<HTMLElement>('button, a')].find((el) => el.textContent?.trim() === text);
  if (!target) throw new Error(`nothing to click reads "${text}"`);
  await act(async () => target.click());
  await settle();
}

/** The first element matching `selector` in the document, once it is there (a lazily loaded dialog). */
export async function findIn<E extends Element = HTMLElement>(selector: string, scope: ParentNode = document, timeoutMs = 2000): Promise<E> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = scope.querySelector<E>(selector);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${selector} within ${timeoutMs} ms`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}
