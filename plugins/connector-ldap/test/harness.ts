import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import type { ConfigValues, PluginContext, PluginRequest } from '@answer/plugin-sdk';
import { ROOT_DN, ROOT_PASSWORD, SUFFIX } from './ldif.ts';

export interface Logged {
  level: string;
  message: string;
  details?: Record<string, unknown>;
}

/** The admin form's values for the test directory (OpenLDAP preset), as the host would save them. */
export function configFor(url: string, overrides: ConfigValues = {}): ConfigValues {
  return {
    preset: 'openldap',
    url,
    start_tls: false,
    verify_certificate: true,
    ca_certificate: '',
    bind_dn: ROOT_DN,
    bind_password: ROOT_PASSWORD,
    base_dn: SUFFIX,
    user_filter: '',
    attr_external_id: '',
    id_format: 'auto',
    attr_username: '',
    attr_display_name: '',
    attr_email: '',
    email_verified: true,
    disabled_rule: 'attribute',
    disabled_attribute: 'employeeType',
    disabled_value: 'DISABLED',
    group_source: 'auto',
    group_base_dn: `ou=groups,${SUFFIX}`,
    group_filter: '',
    group_name: 'cn',
    button_label: 'your company account',
    ...overrides,
  };
}

/** A PluginContext as the host builds one, recording what the plugin logs. */
export function fakeContext(values: ConfigValues): PluginContext & { logged: Logged[] } {
  const logged: Logged[] = [];
  const log = (level: string) => (message: string, details?: Record<string, unknown>) => void logged.push({ level, message, details });
  const store = new Map<string, string>();
  return {
    slug: 'ldap',
    logged,
    config: () => values,
    userConfig: async () => ({}),
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    siteUrl: async () => 'https://answers.example.test',
    siteName: async () => 'Answer test',
    deliver: async () => {},
    markdown: (text: string) => text,
    store: {
      get: async (key: string) => store.get(key),
      set: async (key: string, value: string) => void store.set(key, value),
      delete: async (key: string) => void store.delete(key),
      add: async (key: string, value: string) => (store.has(key) ? false : (store.set(key, value), true)),
    },
  };
}

export const adminRequest: PluginRequest = { method: 'POST', params: {}, query: {}, body: {}, user: { id: '1', username: 'admin', role: 'admin' }, language: 'en_US', ip: '127.0.0.1' };

/** The plugin's routes, found by method and path as the host would mount them. */
export function routeOf<T extends { method: string; path: string }>(routes: T[] | undefined, method: string, path: string): T {
  const route = routes?.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
}

/**
 * A server that accepts connections and never answers: the worst kind of dead directory, since
 * only the plugin's own time limits end the call.
 */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; openSockets: () => number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    // Read and drop what arrives, so the client's FIN is seen and the socket closes when it leaves.
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ldap://127.0.0.1:${port}`,
    connections: () => connections,
    openSockets: () => sockets.size,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Runs a call that must fail; gives its error and how long it took. */
export async function timedFailure(run: () => Promise<unknown>): Promise<{ error: Error; ms: number }> {
  const started = performance.now();
  try {
    await run();
  } catch (error) {
    return { error: error as Error, ms: performance.now() - started };
  }
  throw new Error('expected the call to fail');
}
