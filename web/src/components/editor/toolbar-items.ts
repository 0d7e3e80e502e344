import * as md from './markdown-commands';
import type { Edit, TextState } from './markdown-commands';

type Translate = (key: string) => string;

/** A toolbar button: a text transform, or a dialog / panel the editor opens. Its icon: toolbar-icons.ts. */
export type ToolbarItem =
  | { id: string; shortcut?: string; edit: (s: TextState, t: Translate) => Edit }
  | { id: 'link' | 'image' | 'help'; shortcut?: string; opens: 'link' | 'image' | 'help' };

/** In toolbar order; `id` is also the label's key under editor.toolbar. */
export const TOOLBAR: ToolbarItem[][] = [
  [
    { id: 'heading', edit: (s, t) => md.heading(s, t('editor.placeholder.heading')) },
    { id: 'bold', shortcut: 'Mod-b', edit: (s, t) => md.bold(s, t('editor.placeholder.strong')) },
    { id: 'italic', shortcut: 'Mod-i', edit: (s, t) => md.italic(s, t('editor.placeholder.em')) },
  ],
  [
    { id: 'code', edit: (s, t) => md.code(s, t('editor.placeholder.code')) },
    { id: 'link', shortcut: 'Mod-k', opens: 'link' },
    { id: 'blockquote', edit: (s, t) => md.blockquote(s, t('editor.placeholder.quote')) },
    { id: 'image', opens: 'image' },
    { id: 'table', edit: (s, t) => md.table(s, { column: t('editor.placeholder.column'), cell: t('editor.placeholder.cell') }) },
  ],
  [
    { id: 'ordered_list', edit: (s, t) => md.orderedList(s, t('editor.placeholder.item')) },
    { id: 'bullet_list', edit: (s, t) => md.bulletList(s, t('editor.placeholder.item')) },
    { id: 'indent', edit: (s) => md.indent(s) },
    { id: 'outdent', edit: (s) => md.outdent(s) },
    { id: 'hr', edit: (s) => md.horizontalRule(s) },
  ],
  [{ id: 'help', opens: 'help' }],
];
