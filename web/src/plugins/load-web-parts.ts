import type { WebSetup } from '@answer/plugin-sdk/web';
import type { PluginWebPart } from '../api/types';
import { doneLoading, removeParts } from './part-changes';
import { setWebParts } from './parts';
import { type RunningHost, createWebHost, warn } from './web-host';

/** The plugins set up in this page, by slug: the web part each was set up from, and its host. */
const running = new Map<string, { part: PluginWebPart; host: RunningHost }>();

const stylesheet = (href: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((link) => link.getAttribute('href') === href);

/** Links the plugin's styles the page lacks (a page the server rendered has them already). */
function linkStyles(styles: string[]): void {
  for (const href of styles) {
    if (stylesheet(href)) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

async function setUp(part: PluginWebPart): Promise<void> {
  const slug = part.slug_name;
  linkStyles(part.styles);
  const host = createWebHost(part);
  running.set(slug, { part, host });
  try {
    if (part.module) {
      // A plugin's module is served by the site, outside the app's build: the bundler must leave it be.
      const module = (await import(/* @vite-ignore */ part.module)) as { default?: unknown };
      if (typeof module.default !== 'function') throw new Error(`${part.module} has no default export to call`);
      await (module.default as WebSetup)(host.host);
    }
  } catch (error) {
    warn(slug, 'could not be set up', error);
    // Half set up is not set up: what it added before failing goes too.
    host.stop();
    removeParts(slug);
  } finally {
    doneLoading(slug);
  }
}

function takeDown(slug: string, stillStyled: Set<string>): void {
  const plugin = running.get(slug);
  if (!plugin) return;
  running.delete(slug);
  plugin.host.stop();
  removeParts(slug);
  for (const href of plugin.part.styles) if (!stillStyled.has(href)) stylesheet(href)?.remove();
}

/**
 * Makes the running plugins those of `parts`: a plugin no longer listed is taken down (what it added
 * goes, its styles too), one whose part changed (its config, a new version) is set up again, a new
 * one is set up. Resolves when every setup is over, failed ones included.
 */
async function applyWebParts(parts: PluginWebPart[]): Promise<void> {
  const wanted = new Map(parts.map((part) => [part.slug_name, part]));
  const styled = new Set(parts.flatMap((part) => part.styles));
  for (const [slug, { part }] of running) {
    const next = wanted.get(slug);
    if (next && JSON.stringify(next) === JSON.stringify(part)) wanted.delete(slug);
    else takeDown(slug, styled);
  }
  setWebParts(parts, [...wanted.keys()]);
  await Promise.all([...wanted.values()].map(setUp));
}

// One change at a time: a change while plugins are still being set up waits for them.
let queue: Promise<void> = Promise.resolve();

/** Makes the running plugins those of `parts`, once the changes asked before are done. */
export function followWebParts(parts: PluginWebPart[]): Promise<void> {
  queue = queue.then(() => applyWebParts(parts));
  return queue;
}
