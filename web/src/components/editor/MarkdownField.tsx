import { MarkdownEditor } from './LazyMarkdownEditor';

interface MarkdownFieldProps {
  /** Prefix of the label's and error's element ids. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId?: string;
}

/** The Markdown editor as a form field: its visible label and its error, both tied to it for screen readers. */
export function MarkdownField({ id, label, value, onChange, error, testId }: MarkdownFieldProps) {
  return (
    <div className="mb-3">
      <div id={`${id}-label`} className="form-label">
        {label}
      </div>
      <MarkdownEditor
        value={value}
        onChange={onChange}
        labelledBy={`${id}-label`}
        describedBy={error ? `${id}-error` : undefined}
        invalid={Boolean(error)}
        testId={testId}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
