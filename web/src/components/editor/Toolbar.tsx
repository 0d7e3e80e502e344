import { useTranslation } from '../../i18n/translator';
import { type EditorButtonPart, usePluginParts } from '../../plugins/parts';
import { SvgIcon } from '../icons/svg-icon';
import { TOOLBAR_ICONS } from './toolbar-icons';
import { TOOLBAR, type ToolbarItem } from './toolbar-items';

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
                className="btn editor-tool"
                title={label}
                aria-label={label}
                disabled={disabled}
                onMouseDown={keepFocus}
                onClick={() => onItem(item)}
                data-tool={item.id}
              >
                <SvgIcon shapes={TOOLBAR_ICONS[item.id]!} size={16} />
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
                className="btn editor-tool"
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
