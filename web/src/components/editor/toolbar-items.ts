import * as md from './markdown-commands';
import type { Edit, TextState } from './markdown-commands';

type Translate = (key: string) => string;

/** A toolbar button: a text transform, or a dialog / panel the editor opens; without a glyph it has an icon. */
export type ToolbarItem =
  | { id: string; glyph: string; shortcut?: string; edit: (s: TextState, t: Translate) => Edit }
  | { id: 'link' | 'image' | 'help'; glyph?: string; shortcut?: string; opens: 'link' | 'image' | 'help' };

/** In toolbar order; `id` is also the label's key under editor.toolbar. */
export const TOOLBAR: ToolbarItem[][] = [
  [
    { id: 'heading', glyph: 'H', edit: (s, t) => md.heading(s, t('editor.placeholder.heading')) },
    { id: 'bold', glyph: 'B', shortcut: 'Mod-b', edit: (s, t) => md.bold(s, t('editor.placeholder.strong')) },
    { id: 'italic', glyph: 'I', shortcut: 'Mod-i', edit: (s, t) => md.italic(s, t('editor.placeholder.em')) },
  ],
  [
    { id: 'code', glyph: '</>', edit: (s, t) => md.code(s, t('editor.placeholder.code')) },
    { id: 'link', shortcut: 'Mod-k', opens: 'link' },
    { id: 'blockquote', glyph: '❝', edit: (s, t) => md.blockquote(s, t('editor.placeholder.quote')) },
    { id: 'image', opens: 'image' },
    { id: 'table', glyph: '▦', edit: (s, t) => md.table(s, { column: t('editor.placeholder.column'), cell: t('editor.placeholder.cell') }) },
  ],
  [
    { id: 'ordered_list', glyph: '1.', edit: (s, t) => md.orderedList(s, t('editor.placeholder.item')) },
    { id: 'bullet_list', glyph: '•', edit: (s, t) => md.bulletList(s, t('editor.placeholder.item')) },
    { id: 'indent', glyph: '⇥', edit: (s) => md.indent(s) },
    { id: 'outdent', glyph: '⇤', edit: (s) => md.outdent(s) },
    { id: 'hr', glyph: '―', edit: (s) => md.horizontalRule(s) },
  ],
  [{ id: 'help', glyph: '?', opens: 'help' }],
];
