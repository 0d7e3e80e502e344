import type { ConfigFieldWire } from '@answer/plugin-sdk';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** The ids of a field's control and of what describes it (its description, its error), for labels and screen readers. */
export function fieldIds(field: ConfigFieldWire, error?: string) {
  const id = `field-${field.name}`;
  const describedBy = [field.description && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

/** The red star after a required field's title (the control's `required` says it to screen readers). */
export function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

interface FieldFrameProps {
  field: ConfigFieldWire;
  error?: string;
  /** False when the control carries the title itself (a box or switch without a label of its own). */
  title?: boolean;
  /** Several controls (boxes, radio buttons): a fieldset whose legend is the title. */
  group?: boolean;
  children: ReactNode;
}

/** What every field has around its control: title, required mark, description and error. */
export function FieldFrame({ field, error, title = true, group = false, children }: FieldFrameProps) {
  const { id, describedBy } = fieldIds(field, error);
  const className = `mb-3 ${field.ui_options.class_name ?? ''}`;
  const heading = (
    <>
      {field.title}
      <RequiredMark required={field.required} />
    </>
  );
  const notes = (
    <>
      {field.description && (
        <Form.Text id={`${id}-help`} className="d-block">
          {field.description}
        </Form.Text>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
  if (group) {
    return (
      <fieldset id={id} className={className} data-field={field.name} aria-describedby={describedBy}>
        <legend className="form-label fs-6 mb-2">{heading}</legend>
        {children}
        {notes}
      </fieldset>
    );
  }
  return (
    <Form.Group className={className} data-field={field.name}>
      {title && <Form.Label htmlFor={id}>{heading}</Form.Label>}
      {children}
      {notes}
    </Form.Group>
  );
}
