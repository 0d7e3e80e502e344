import type { EditorButton } from '@answer/plugin-sdk/web';

/** A capital sigma drawn as strokes in currentColor, so it follows the toolbar's colour scheme. */
const SIGMA_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12.5 3H3.5L8.5 8L3.5 13H12.5"/></svg>';

/** Wraps the selection in maths delimiters, or inserts an example with its TeX selected to type over. */
export const mathsButton: EditorButton = {
  name: 'maths',
  title: { en_US: 'Maths', zh_CN: '数学公式' },
  icon: SIGMA_ICON,
  run(editor) {
    const selected = editor.selection();
    if (selected === '') {
      editor.replaceSelection('$x^2$', { start: 1, end: 4 });
      return;
    }
    // Several lines read better as display maths; `$` would also end at the first line break's paragraph.
    const text = selected.includes('\n') ? `$$\n${selected}\n$$` : `$${selected}$`;
    const offset = selected.includes('\n') ? 3 : 1;
    editor.replaceSelection(text, { start: offset, end: offset + selected.length });
  },
};
