import type { EditorAccess, Mount } from '@answer/plugin-sdk/web';
import type { PluginWebPart } from '../api/types';
import { createStore, useStore } from '../state/store';

// What enabled plugins added to the page (web.ts's WebHost calls end up here), read by the parts of
// the app that show them: the editor's toolbar, post bodies, the sidebar and the plugin page route.
// This module is in every page's code, so it holds the data only: loading plugins and adding or
// removing their parts (part-changes.ts) is in the loader's chunk, downloaded once there is a plugin
// to load. Every callback here is already guarded by the host: it never throws into the app.

/** Each part names the plugin that added it, so disabling the plugin removes them all. */
interface Owned {
  slug: string;
}

export interface EditorButtonPart extends Owned {
  name: string;
  /** In the reader's language at the time of the call (the host translates). */
  title: () => string;
  /** An inline SVG image. */
  icon: string;
  run: (editor: EditorAccess) => void;
}

export interface RendererPart extends Owned {
  render: Mount;
}

export interface SidebarWidgetPart extends Owned {
  title: () => string;
  mount: Mount;
}

export interface PagePart extends Owned {
  /** Without slashes at either end, like pagePath() gives. */
  path: string;
  title: () => string;
  mount: Mount;
}

export interface PluginParts {
  editorButtons: EditorButtonPart[];
  renderers: RendererPart[];
  widgets: SidebarWidgetPart[];
  pages: PagePart[];
  /** The enabled plugins' web parts; null until the app has looked (then their pages may still come). */
  webParts: PluginWebPart[] | null;
  /** The plugins whose setup is still running: their pages show as loading rather than as not found. */
  loading: string[];
}

export const pluginParts = createStore<PluginParts>({ editorButtons: [], renderers: [], widgets: [], pages: [], webParts: null, loading: [] });

export const usePluginParts = () => useStore(pluginParts);

/** A page path as the route and the plugins write it: `/maths/help/` and `maths/help` are the same page. */
export const pagePath = (path: string) => path.replace(/^\/+|\/+$/g, '');

export function setWebParts(webParts: PluginWebPart[], loading: string[]): void {
  pluginParts.set({ ...pluginParts.get(), webParts, loading });
}
