/** The site-wide keys (issue 30): shown by "?" and handled by KeyboardShortcuts. */
export const SHORTCUTS = [
  { key: '/', label: 'header.shortcuts.search' },
  { key: 'a', label: 'header.shortcuts.ask' },
  { key: '?', label: 'header.shortcuts.help' },
] as const;

export type ShortcutKey = (typeof SHORTCUTS)[number]['key'];

/**
 * Whether a key press is one of ours: a plain key (no Ctrl, Alt or Meta; Shift only as part of "?")
 * while the reader is not typing somewhere, so a shortcut never swallows a letter of a post.
 */
export function shortcutOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'target'>): ShortcutKey | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return null;
  return SHORTCUTS.find((s) => s.key === event.key)?.key ?? null;
}
