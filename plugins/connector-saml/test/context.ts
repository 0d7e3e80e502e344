import type { ConfigValues, PluginContext } from '@answer/plugin-sdk';

export const SITE_URL = 'https://answers.example.test';
/** Where the identity provider posts the response (the host's receiver URL for the plugin). */
export const RECEIVER_URL = `${SITE_URL}/answer/api/v1/connector/redirect/saml`;
/** The default SP entity ID: the site's metadata address. */
export const SP_ENTITY_ID = `${SITE_URL}/answer/api/v1/connector/metadata/saml`;

/** A PluginContext as the host builds one: a store with expiring entries and an atomic add, and the log kept for checks. */
export function fakeContext(values: ConfigValues): PluginContext & { logged: string[]; stored: Map<string, { value: string; expires: number }> } {
  const logged: string[] = [];
  const stored = new Map<string, { value: string; expires: number }>();
  const live = (key: string) => {
    const entry = stored.get(key);
    return entry && entry.expires > Date.now() ? entry : undefined;
  };
  const keep = (message: string, details?: Record<string, unknown>) => void logged.push(details ? `${message} ${JSON.stringify(details)}` : message);
  return {
    slug: 'saml',
    logged,
    stored,
    config: () => values,
    userConfig: async () => ({}),
    log: { info: keep, warn: keep, error: keep },
    siteUrl: async () => SITE_URL,
    siteName: async () => 'Answer test',
    deliver: async () => {},
    markdown: (text: string) => text,
    store: {
      get: async (key) => live(key)?.value,
      set: async (key, value, ttl = 86400) => void stored.set(key, { value, expires: Date.now() + ttl * 1000 }),
      delete: async (key) => void stored.delete(key),
      add: async (key, value, ttl) => {
        if (live(key)) return false;
        stored.set(key, { value, expires: Date.now() + ttl * 1000 });
        return true;
      },
    },
  };
}
