import type { EditorButton } from '@answer/plugin-sdk/web';

/** Three boxes joined by arrows, stroked in currentColor so it follows the toolbar's scheme. */
const FLOWCHART_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linejoin="round" aria-hidden="true"><rect x="5" y="1.5" width="6" height="3.5" rx="0.8"/><rect x="1" y="11" width="5.5" height="3.5" rx="0.8"/><rect x="9.5" y="11" width="5.5" height="3.5" rx="0.8"/><path d="M8 5v3M3.75 11V8h8.5v3"/></svg>';

const TEMPLATE_BODY = ['flowchart TD', '    A[Question] --> B{Answered?}', '    B -- Yes --> C[Accept the answer]', '    B -- No --> D[Add details]', '    D --> A'].join('\n');

/** Inserts a small flowchart as a ```mermaid block, its body selected to edit or type over. */
export const diagramButton: EditorButton = {
  name: 'diagram',
  title: { en_US: 'Diagram', zh_CN: '图表' },
  icon: FLOWCHART_ICON,
  run(editor) {
    // A selection is taken as diagram source the author already wrote.
    const body = editor.selection().trim() || TEMPLATE_BODY;
    // Blank lines around it so the fence starts and ends on lines of its own.
    const opening = '\n```mermaid\n';
    editor.replaceSelection(`${opening}${body}\n\`\`\`\n`, { start: opening.length, end: opening.length + body.length });
  },
};
