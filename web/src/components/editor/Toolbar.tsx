import type { JSX } from 'react';
import { useTranslation } from '../../i18n/translator';
import { type EditorButtonPart, usePluginParts } from '../../plugins/parts';
import { TOOLBAR, type ToolbarItem } from './toolbar-items';

// Drawn rather than emoji, which many systems (and headless browsers) lack a font for.
const ICONS: Record<string, JSX.Element> = {
  link: (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <path d="M6.5 9.5l3-3M7 4.5l1-1a2.8 2.8 0 014 4l-1 1M9 11.5l-1 1a2.8 2.8 0 01-4-4l1-1" />
    </svg>
  ),
  image: (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" />
      <circle cx="5.5" cy="6" r="1.2" />
      <path d="M2 12l4-4 3 3 2-2 3 3" />
    </svg>
  ),
};

// Keep the editor's selection: a click must not move focus before the command runs.
const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();

interface ToolbarProps {
  onItem: (item: ToolbarItem) => void;
  /** A plugin's button was pressed. */
  onPluginButton: (button: EditorButtonPart) => void;
  disabled?: boolean;
}

/**
 * The formatting buttons above the editor, in groups, then the enabled plugins' buttons; every
 * button names itself for screen readers.
 */
export function Toolbar({ onItem, onPluginButton, disabled }: ToolbarProps) {
  const { t } = useTranslation();
  const { editorButtons } = usePluginParts();
  return (
    <div role="toolbar" aria-label={t('editor.toolbar.label')} className="d-flex flex-wrap gap-2 p-1 border-bottom bg-body-tertiary">
      {TOOLBAR.map((group) => (
        <div key={group[0]!.id} className="btn-group btn-group-sm" role="group">
          {group.map((item) => {
            const label = t(`editor.toolbar.${item.id}`);
            return (
              <button
                key={item.id}
                type="button"
                className="btn btn-light editor-tool"
                title={label}
                aria-label={label}
                disabled={disabled}
                onMouseDown={keepFocus}
                onClick={() => onItem(item)}
                data-tool={item.id}
              >
                <span aria-hidden="true">{ICONS[item.id] ?? item.glyph}</span>
              </button>
            );
          })}
        </div>
      ))}
      {editorButtons.length > 0 && (
        <div className="btn-group btn-group-sm" role="group">
          {editorButtons.map((button) => {
            const label = button.title();
            return (
              <button
                key={`${button.slug}/${button.name}`}
                type="button"
                className="btn btn-light editor-tool"
                title={label}
                aria-label={label}
                disabled={disabled}
                onMouseDown={keepFocus}
                onClick={() => onPluginButton(button)}
                data-plugin-tool={`${button.slug}/${button.name}`}
              >
                {/* The plugin's own SVG (its code runs in the page anyway); drawn in currentColor. */}
                <span aria-hidden="true" className="d-inline-flex" dangerouslySetInnerHTML={{ __html: button.icon }} />
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
