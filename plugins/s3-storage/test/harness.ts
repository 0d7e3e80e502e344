import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConfigValues, PluginContext } from '@answer/plugin-sdk';
import S3rver from 's3rver';

export const SITE_URL = 'https://answers.example.test';
export const ACCESS_KEY = 'S3RVER';
// s3rver knows one key pair; it checks the key id but not Signature V4 itself.
export const SECRET_KEY = 'S3RVER';

export interface RunningS3 {
  endpoint: string;
  bucket: string;
  stop(): Promise<void>;
}

/** A real S3-compatible server on 127.0.0.1 (a free port), storing into a fresh temporary folder. */
export async function startS3(bucket = 'answer-files'): Promise<RunningS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 's3-storage-test-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The admin form's values for the server, as the host would save them. */
export function configFor(s3: { endpoint: string; bucket: string }, overrides: ConfigValues = {}): ConfigValues {
  return {
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    access_key_id: ACCESS_KEY,
    secret_access_key: SECRET_KEY,
    path_style: true,
    key_prefix: 'site/',
    url_mode: 'public',
    public_base_url: '',
    signed_url_minutes: 15,
    ...overrides,
  };
}

/** A PluginContext as the host builds one; `values` may be reassigned to mimic a saved form. */
export function fakeContext(values: ConfigValues): PluginContext & { values: ConfigValues; logged: string[] } {
  const logged: string[] = [];
  const store = new Map<string, string>();
  const ctx = {
    slug: 's3_storage',
    values,
    logged,
    config: () => ctx.values,
    userConfig: async () => ({}),
    log: {
      info: (message: string) => void logged.push(message),
      warn: (message: string) => void logged.push(message),
      error: (message: string) => void logged.push(message),
    },
    siteUrl: async () => SITE_URL,
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
  return ctx;
}

/**
 * An endpoint that accepts connections and never answers: the worst kind of dead endpoint, since
 * only the plugin's own time limits end the call.
 */
export async function startSilentServer(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound, noted and released (connections are then refused). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A key shaped like the host's (a folder per source and a random hex name). */
export function hostKey(ext = 'png', folder = 'post'): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${folder}/${hex}.${ext}`;
}

/** The plugin's routes, found by method and path as the host would mount them. */
export function routeOf<T extends { method: string; path: string }>(routes: T[] | undefined, method: string, path: string): T {
  const route = routes?.find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
}
