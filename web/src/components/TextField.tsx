import type { InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'size'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's error, shown below it and announced with it. */
  error?: string;
  help?: string;
  /** Makes it a text area of that many rows (long values: descriptions, lists, robots.txt). */
  rows?: number;
}

/** A labelled input with its help text and error message wired for screen readers. */
export function TextField({ name, label, value, onChange, error, help, rows, id = `field-${name}`, ...input }: TextFieldProps) {
  const describedBy = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        {...(rows ? { as: 'textarea' as const, rows } : {})}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
