import { API_PREFIX } from '@answer/contract';
import { type Translatable, translate } from '@answer/plugin-sdk';
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import { request } from '../api/client';
import type { PluginWebPart } from '../api/types';
import { i18n } from '../i18n/translator';
import { addPart } from './part-changes';
import { type PluginParts, pagePath } from './parts';

type Theme = 'light' | 'dark';

/** Names the plugin in the console and carries on. A warning, not an error: a plugin's fault is not the app's. */
export function warn(slug: string, what: string, error?: unknown): void {
  console.warn(`plugin ${slug}: ${what}`, error);
}

/** The scheme Bootstrap shows now (ThemeSync sets it from the reader's and the site's choice, and the OS). */
const currentTheme = (): Theme => (document.documentElement.getAttribute('data-bs-theme') === 'dark' ? 'dark' : 'light');

// A plugin's calls report their own failures to it: no toasts, error pages or login redirects from the app.
const QUIET = { passingError: true, ignore50x: true, allow401: true } as const;

/** The API a plugin's setup gets, and how to switch it off when the plugin is disabled or set up again. */
export interface RunningHost {
  host: WebHost;
  stop(): void;
}

/** Builds the WebHost of one plugin: everything it adds is guarded, so what it throws never reaches the app. */
export function createWebHost(part: PluginWebPart): RunningHost {
  const slug = part.slug_name;
  let alive = true;
  const stops = new Set<() => void>();

  const guard =
    <A extends unknown[], R>(what: string, fn: (...args: A) => R) =>
    (...args: A): R | undefined => {
      try {
        return fn(...args);
      } catch (error) {
        warn(slug, `${what} failed`, error);
        return undefined;
      }
    };
  const guardMount =
    (what: string, mount: Mount): Mount =>
    (element) => {
      const cleanUp = guard(what, mount)(element);
      return typeof cleanUp === 'function' ? guard(`${what}'s clean-up`, cleanUp) : undefined;
    };
  // A setup still running when its plugin was taken down adds nothing any more.
  const add = <K extends 'editorButtons' | 'renderers' | 'widgets' | 'pages'>(kind: K, added: PluginParts[K][number]) => {
    if (alive) addPart(kind, added);
  };
  const text = (value: Translatable) => () => translate(value, i18n.language);
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> =>
    path.startsWith(`${API_PREFIX}/`)
      ? request<T>(method, path, { body, ...QUIET })
      : Promise.reject(new Error(`plugin ${slug}: ${path} is not a path of the site's API (${API_PREFIX}/...)`));

  const host: WebHost = {
    slug,
    get language() {
      return i18n.language;
    },
    config: part.config,
    theme: currentTheme,
    onThemeChange(listener) {
      let last = currentTheme();
      const tell = guard('theme listener', listener);
      const observer = new MutationObserver(() => {
        const now = currentTheme();
        if (now !== last) tell((last = now));
      });
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme'] });
      const stop = () => {
        observer.disconnect();
        stops.delete(stop);
      };
      stops.add(stop);
      return stop;
    },
    translate: (value) => translate(value, i18n.language),
    addEditorButton: (button) =>
      add('editorButtons', { slug, name: button.name, title: text(button.title), icon: button.icon, run: guard(`editor button ${button.name}`, (editor) => button.run(editor)) }),
    addRenderer: (render) => add('renderers', { slug, render: guardMount('renderer', render) }),
    addSidebarWidget: (widget) => add('widgets', { slug, title: text(widget.title ?? ''), mount: guardMount('sidebar widget', widget.mount) }),
    addPage: (page) => add('pages', { slug, path: pagePath(page.path), title: text(page.title), mount: guardMount(`page /${pagePath(page.path)}`, page.mount) }),
    api: {
      get: (path) => api('GET', path),
      post: (path, body) => api('POST', path, body),
    },
  };

  return {
    host,
    stop() {
      alive = false;
      for (const stop of [...stops]) stop();
    },
  };
}
