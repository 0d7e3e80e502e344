export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The id of the visible label: the editor is a contenteditable, not a labellable input. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
}

export const EDITOR_MIN_HEIGHT = 200;
