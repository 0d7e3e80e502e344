import type { ConfigValues, PluginContext } from '@answer/plugin-sdk';

export const SITE_URL = 'https://answers.example.test';
/** Where the provider sends the browser back; the tests stop there and hand the query to the receiver. */
export const RECEIVER_URL = `${SITE_URL}/answer/api/v1/connector/redirect/oidc`;
/** Where the site asks the provider's logout to send the browser back to: its home page. */
export const POST_LOGOUT_URL = `${SITE_URL}/`;

/** A PluginContext as the host builds one, with a working store and the log kept for checks. */
export function fakeContext(values: ConfigValues): PluginContext & { logged: string[] } {
  const logged: string[] = [];
  const store = new Map<string, string>();
  const keep = (message: string, details?: Record<string, unknown>) => void logged.push(details ? `${message} ${JSON.stringify(details)}` : message);
  return {
    slug: 'oidc',
    logged,
    config: () => values,
    userConfig: async () => ({}),
    log: { info: keep, warn: keep, error: keep },
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
}
