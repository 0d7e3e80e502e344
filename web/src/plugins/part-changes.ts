import { type PluginParts, pluginParts } from './parts';

// The changes the loader makes to the parts store: here rather than in parts.ts, so they are in the
// loader's chunk and not in every page's code.

type PartLists = Pick<PluginParts, 'editorButtons' | 'renderers' | 'widgets' | 'pages'>;

export function addPart<K extends keyof PartLists>(kind: K, part: PartLists[K][number]): void {
  const parts = pluginParts.get();
  pluginParts.set({ ...parts, [kind]: [...parts[kind], part] });
}

/** Takes away everything `slug` added (it was disabled, or is about to be set up again). */
export function removeParts(slug: string): void {
  const { editorButtons, renderers, widgets, pages, ...rest } = pluginParts.get();
  // A list without its parts stays the same array: post bodies re-run their renderers only when those change.
  const others = <T extends { slug: string }>(list: T[]) => (list.some((part) => part.slug === slug) ? list.filter((part) => part.slug !== slug) : list);
  pluginParts.set({ ...rest, editorButtons: others(editorButtons), renderers: others(renderers), widgets: others(widgets), pages: others(pages) });
}

/** `slug`'s setup is over (done or failed): a page of its that is not there now is not found. */
export function doneLoading(slug: string): void {
  const parts = pluginParts.get();
  pluginParts.set({ ...parts, loading: parts.loading.filter((s) => s !== slug) });
}
