import type { ConfigFieldWire } from '@answer/plugin-sdk';

/** A field's value while it is edited: text (inputs, choices), on/off (switch, one box), or the ticked boxes. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

/** Several boxes (a list of ticked values) rather than one box (on/off): as the server reads a checkbox. */
export const isMultiCheckbox = (field: ConfigFieldWire) => field.type === 'checkbox' && field.options.length > 1;

/** Fields that hold a value: a button acts and a legend titles, neither is saved. */
export const holdsValue = (field: ConfigFieldWire) => field.type !== 'button' && field.type !== 'legend';

/**
 * The form's values as the server sent them, in the shape each control edits. Numbers become their
 * text: they are sent back as entered, and the server reads them by the field's rules.
 */
export function initialValues(fields: ConfigFieldWire[]): FormValues {
  const values: FormValues = {};
  for (const field of fields.filter(holdsValue)) {
    const { value } = field;
    if (isMultiCheckbox(field)) values[field.name] = Array.isArray(value) ? value.map(String) : [];
    else if (field.type === 'switch' || field.type === 'checkbox') values[field.name] = value === true || value === 'true';
    else values[field.name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** Ticks or unticks `option` in a multi-checkbox's list, keeping the order of the options. */
export function toggleOption(field: ConfigFieldWire, ticked: string[], option: string, on: boolean): string[] {
  const next = new Set(ticked);
  if (on) next.add(option);
  else next.delete(option);
  return field.options.map((o) => o.value).filter((value) => next.has(value));
}
