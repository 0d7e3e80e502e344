import { AsyncLocalStorage } from 'node:async_hooks';
import { type ApiFetch, configureClient } from '../api/client-env';

/** Who a server render asks the API as, and how: the server's own API, in process. */
export interface RenderRequest {
  fetch: ApiFetch;
  language: string;
}

const current = new AsyncLocalStorage<RenderRequest>();

/**
 * The request client on the server: every call made while `run` is under way goes to that render's
 * own API with its reader's identity, so renders of different readers that wait on data at the same
 * time never see each other's answers. Nothing is navigated, toasted or stored here.
 */
export function configureServerClient(): void {
  const request = () => {
    const found = current.getStore();
    if (!found) throw new Error('an API call outside a server render');
    return found;
  };
  configureClient({
    fetch: (input, init) => request().fetch(input, init),
    token: () => '',
    language: () => request().language,
    currentPath: () => '/',
    navigate: () => undefined,
    goToLogin: () => undefined,
    toast: () => undefined,
    dialog: () => undefined,
    showErrorPage: () => undefined,
    clearUser: () => undefined,
    log: () => undefined,
  });
}

export const runAs = <T>(request: RenderRequest, work: () => Promise<T>): Promise<T> => current.run(request, work);

let rendersUnderWay = 0;

/**
 * Runs one whole render. An AsyncLocalStorage in use switches on Node's promise hooks, which then
 * tax every promise of the whole server, API requests included (about a third of their throughput
 * on Node 20): so the store is switched off again whenever no render is under way. A call still
 * pending from a finished render then finds no reader and fails, as any call outside a render does.
 */
export async function withRenderContext<T>(work: () => Promise<T>): Promise<T> {
  rendersUnderWay++;
  try {
    return await work();
  } finally {
    if (--rendersUnderWay === 0) current.disable();
  }
}
