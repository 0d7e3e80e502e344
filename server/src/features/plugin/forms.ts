import { ADMIN_API_PREFIX } from '@answer/contract';
import { type ConfigFieldSpec, type ConfigFieldWire, type ConfigForm, type ConfigValues, type FieldError, translate } from '@answer/plugin-sdk';

/** What a saved secret field shows instead of its value; sending it back keeps the stored value. */
export const SECRET_MASK = '********';
const MAX_TEXT = 10_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A field's value: the saved one, else its default. */
const valueOf = (field: ConfigFieldSpec, saved: ConfigValues) => (field.name in saved ? saved[field.name] : field.default);

/** The form in upstream's shape, in the reader's language, with the saved values (secrets masked). */
export function formToWire(slug: string, form: ConfigForm, saved: ConfigValues, language: string): ConfigFieldWire[] {
  return form.fields.map((field) => {
    const value = valueOf(field, saved);
    const action = field.action;
    return {
      name: field.name,
      type: field.type,
      title: translate(field.title, language),
      description: translate(field.description, language),
      required: field.required === true,
      value: field.secret ? (value ? SECRET_MASK : '') : (value ?? defaultOfType(field)),
      ui_options: {
        ...(field.placeholder !== undefined && { placeholder: translate(field.placeholder, language) }),
        ...(field.rows !== undefined && { rows: String(field.rows) }),
        ...(field.type === 'input' && { input_type: field.secret ? 'password' : (field.inputType ?? 'text') }),
        ...(field.label !== undefined && { label: translate(field.label, language) }),
        ...(field.text !== undefined && { text: translate(field.text, language) }),
        ...(field.variant !== undefined && { variant: field.variant }),
        ...(action && {
          action: {
            url: `${ADMIN_API_PREFIX}/plugin/${slug}${action.path.startsWith('/') ? '' : '/'}${action.path}`,
            method: action.method ?? 'POST',
            ...(action.loadingText !== undefined && { loading: { text: translate(action.loadingText, language), state: 'none' as const } }),
            on_complete: { toast_return_message: action.toastReturnMessage !== false, refresh_form_config: action.refreshFormConfig === true },
          },
        }),
      },
      options: (field.options ?? []).map((o) => ({ label: translate(o.label, language), value: o.value })),
    };
  });
}

function defaultOfType(field: ConfigFieldSpec): unknown {
  if (field.type === 'switch') return false;
  if (field.type === 'checkbox') return (field.options?.length ?? 0) > 1 ? [] : false;
  return '';
}

/**
 * The values to store from what a client sent: every field checked by its type and rules (the
 * first error per field), unknown names dropped, a masked secret kept as saved. Field errors come
 * back instead of values; nothing is stored then.
 */
export async function checkSubmitted(form: ConfigForm, sent: Record<string, unknown>, saved: ConfigValues): Promise<{ values: ConfigValues } | { errors: FieldError[] }> {
  const values: ConfigValues = {};
  const errors: FieldError[] = [];
  for (const field of form.fields) {
    if (field.type === 'button' || field.type === 'legend') continue;
    let value = sent[field.name];
    if (field.secret && value === SECRET_MASK) value = saved[field.name];
    const checked = checkField(field, value);
    if ('error' in checked) errors.push({ field: field.name, message: checked.error });
    else if (checked.value !== undefined) values[field.name] = checked.value;
  }
  if (errors.length) return { errors };
  const extra = form.validate ? await form.validate(values) : [];
  return extra.length ? { errors: extra } : { values };
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

function checkField(field: ConfigFieldSpec, raw: unknown): { value: unknown } | { error: string } {
  const required = { error: 'error.plugin.field_required' };
  const invalid = { error: 'error.plugin.field_invalid' };
  switch (field.type) {
    case 'switch':
      if (raw === undefined || raw === null || raw === '') return { value: false };
      return typeof raw === 'boolean' ? { value: raw } : invalid;
    case 'checkbox': {
      if ((field.options?.length ?? 0) > 1) {
        const list = raw ?? [];
        if (!Array.isArray(list) || !list.every((v) => typeof v === 'string' && field.options!.some((o) => o.value === v))) return invalid;
        if (field.required && list.length === 0) return required;
        return { value: [...new Set(list as string[])] };
      }
      if (empty(raw)) return field.required ? required : { value: false };
      return typeof raw === 'boolean' ? { value: raw } : invalid;
    }
    case 'radio':
    case 'select':
      if (empty(raw)) return field.required ? required : { value: '' };
      return typeof raw === 'string' && (field.options ?? []).some((o) => o.value === raw) ? { value: raw } : invalid;
    default:
      return checkText(field, raw);
  }
}

/** input, textarea, upload and timezone: text, with the input type's own form. */
function checkText(field: ConfigFieldSpec, raw: unknown): { value: unknown } | { error: string } {
  const invalid = { error: 'error.plugin.field_invalid' };
  if (typeof raw === 'number' && field.type === 'input' && (field.inputType === 'number' || field.inputType === 'range')) raw = String(raw);
  if (empty(raw)) return field.required ? { error: 'error.plugin.field_required' } : { value: '' };
  if (typeof raw !== 'string') return invalid;
  // A secret is kept as typed: a password may begin or end with a space.
  const text = field.secret ? raw : raw.trim();
  if (text.length > (field.maxLength ?? MAX_TEXT)) return { error: 'error.plugin.field_too_long' };
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return invalid;
  if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(text)) return invalid;
  if (field.type === 'input') {
    switch (field.inputType) {
      case 'number':
      case 'range': {
        const n = Number(text);
        if (!Number.isFinite(n)) return invalid;
        if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) return { error: 'error.plugin.field_out_of_range' };
        return { value: n };
      }
      case 'url':
        return isHttpUrl(text) ? { value: text } : { error: 'error.plugin.field_url' };
      case 'email':
        return EMAIL.test(text) ? { value: text } : invalid;
      case 'color':
        return /^#[0-9a-fA-F]{6}$/.test(text) ? { value: text } : invalid;
    }
  }
  if (field.type === 'upload' && !isHttpUrl(text) && !text.startsWith('/uploads/')) return { error: 'error.plugin.field_url' };
  return { value: text };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
