/**
 * Config forms: the fields a plugin declares for its admin page (`/admin/{slug_name}`) and for each
 * member's settings page (`/users/settings/{slug_name}`). The host sends them to clients in
 * upstream's shape (domain.md 15.1), with titles in the reader's language and the saved values,
 * and checks every save against them before the plugin sees it.
 */
import type { Translatable } from './translatable.js';

/** Every field type of upstream's config forms. */
export type ConfigFieldType = 'input' | 'textarea' | 'checkbox' | 'radio' | 'select' | 'upload' | 'timezone' | 'switch' | 'button' | 'legend';

/** The HTML input types an `input` field may take (`ui_options.input_type`). */
export type InputType =
  | 'text'
  | 'color'
  | 'date'
  | 'datetime-local'
  | 'email'
  | 'month'
  | 'number'
  | 'password'
  | 'range'
  | 'search'
  | 'tel'
  | 'time'
  | 'url'
  | 'week';

/** What a `button` field does: a call to one of the plugin's own routes (see routes.ts). */
export interface ButtonAction {
  /** A path of the plugin's admin routes, e.g. `/test` (called at /answer/admin/api/plugin/{slug}/test). */
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Shown on the button while the call is under way. */
  loadingText?: Translatable;
  /** Show the message the route answers as a toast. */
  toastReturnMessage?: boolean;
  /** Read the form's fields again once the call is done. */
  refreshFormConfig?: boolean;
}

export interface ConfigFieldOption {
  label: Translatable;
  value: string;
}

/** One field as a plugin declares it. */
export interface ConfigFieldSpec {
  name: string;
  type: ConfigFieldType;
  title: Translatable;
  description?: Translatable;
  required?: boolean;
  /** The value of a form never saved. */
  default?: unknown;
  /** `input`: the HTML input type (default text). */
  inputType?: InputType;
  placeholder?: Translatable;
  /** `textarea`: visible rows. */
  rows?: number;
  /** `switch` and `checkbox` with one box: the label beside it. */
  label?: Translatable;
  /** `radio`, `select` and `checkbox` with several boxes. */
  options?: ConfigFieldOption[];
  /** `button`. */
  action?: ButtonAction;
  /** `button`: its text and Bootstrap variant. */
  text?: Translatable;
  variant?: string;
  /** `input` of type number or range: bounds checked on save. */
  min?: number;
  max?: number;
  /** Longest text accepted (default 10,000 characters). */
  maxLength?: number;
  /** `input` and `textarea`: a regular expression the whole value must match. */
  pattern?: string;
  /** Never sent back to a browser (API keys, passwords): the form shows it as set or not. */
  secret?: boolean;
}

/** A field error, as the API's 400 replies carry them: the field's name and a message for the person. */
export interface FieldError {
  field: string;
  message: Translatable;
}

/** Saved values by field name. */
export type ConfigValues = Record<string, unknown>;

/** An admin or member config form of a plugin. */
export interface ConfigForm {
  fields: ConfigFieldSpec[];
  /**
   * Checks beyond each field's own rules (required, type, bounds, options), given the values that
   * passed them: field errors refuse the save and nothing changes.
   */
  validate?(values: ConfigValues): FieldError[] | Promise<FieldError[]>;
}

/** The wire shape of a field (upstream's `ConfigField`), as clients get it. */
export interface ConfigFieldWire {
  name: string;
  type: ConfigFieldType;
  title: string;
  description: string;
  required: boolean;
  value: unknown;
  ui_options: {
    placeholder?: string;
    rows?: string;
    input_type?: InputType;
    label?: string;
    action?: { url: string; method: string; loading?: { text: string; state: 'none' | 'pending' | 'completed' }; on_complete?: { toast_return_message: boolean; refresh_form_config: boolean } };
    variant?: string;
    text?: string;
    class_name?: string;
    field_class_name?: string;
  };
  options: { label: string; value: string }[];
}
