/**
 * What the host gives a plugin's hooks: its saved settings, a logger that names it, the site's
 * address, durable delivery and a key-value store of its own. Plugins reach nothing else of the
 * host, so a plugin written against this works on every version that keeps these types.
 */
import type { ConfigValues } from './config-fields.js';

export interface PluginLogger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** A delivery the host makes for the plugin through its outbox: retried with backoff, at most once per key. */
export interface OutboxDelivery {
  url: string;
  /** Sent as JSON. */
  body: unknown;
  headers?: Record<string, string>;
  /** The same key is delivered once, even across restarts and instances. */
  key: string;
}

export interface PluginContext {
  /** The plugin's slug. */
  readonly slug: string;
  /** The admin's saved values of the plugin's config form (defaults for fields never saved). */
  config(): ConfigValues;
  /** A member's saved values of the plugin's user config form. */
  userConfig(userId: string): Promise<ConfigValues>;
  readonly log: PluginLogger;
  /** The site's address, e.g. `https://answers.example.com` (no trailing slash). */
  siteUrl(): Promise<string>;
  /** The site's name, as its general settings say. */
  siteName(): Promise<string>;
  /** Posts JSON to a URL through the host's outbox (durable, retried). */
  deliver(delivery: OutboxDelivery): Promise<void>;
  /** Markdown rendered and sanitised as the core renders posts: safe to put in a page as HTML. */
  markdown(text: string): string;
  /** A small key-value store of the plugin's own, shared by every instance of the site. */
  readonly store: {
    get(key: string): Promise<string | undefined>;
    set(key: string, value: string, ttlSeconds?: number): Promise<void>;
    delete(key: string): Promise<void>;
    /**
     * Sets the key only if it is absent, in one step on every instance: of concurrent callers
     * exactly one gets true. For single-use markers (a SAML assertion ID, a used code) that must
     * be refused the second time even when two requests race.
     */
    add(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  };
}
