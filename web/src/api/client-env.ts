import { STORAGE_KEYS, storage } from '../utils/storage';

export type ErrorPageCode = '403' | '404' | '50X';
export type DialogKind = 'confirm' | 'close';

/** What the request client reads of a reply: a fetch Response has it, and so has the server's in-process reply (ssr/). */
export type ApiReply = Pick<Response, 'status' | 'ok' | 'json'>;
export type ApiFetch = (url: string, init: RequestInit) => Promise<ApiReply>;

/**
 * Everything the request client does besides HTTP: reading the session, and the visible effects of
 * the response table (spec section 8). The app wires these to its router and stores at start-up;
 * tests replace them with spies.
 */
export interface ClientEnv {
  token(): string;
  language(): string;
  currentPath(): string;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Sends the user to the login page, remembering where they were. */
  goToLogin(): void;
  toast(message: string): void;
  dialog(message: string, kind: DialogKind): void;
  showErrorPage(code: ErrorPageCode): void;
  clearUser(): void;
  translate(key: string): string;
  log(...args: unknown[]): void;
  /** How requests go out: the browser's fetch, or the server's own API when it renders a page (ssr/). */
  fetch?: ApiFetch;
}

const defaultEnv: ClientEnv = {
  token: () => storage.get<string>(STORAGE_KEYS.token) ?? '',
  language: () => storage.get<string>(STORAGE_KEYS.language) ?? 'en_US',
  currentPath: () => window.location.pathname,
  navigate: (to) => window.location.assign(to),
  goToLogin: () => window.location.assign('/users/login'),
  toast: () => undefined,
  dialog: () => undefined,
  showErrorPage: () => undefined,
  clearUser: () => storage.remove(STORAGE_KEYS.token),
  translate: (key) => key,
  log: (...args) => console.error(...args),
};

let env: ClientEnv = defaultEnv;

export const clientEnv = (): ClientEnv => env;

export function configureClient(overrides: Partial<ClientEnv>): void {
  env = { ...env, ...overrides };
}

export function resetClient(): void {
  env = defaultEnv;
}
