import { isApiError } from '../api/api-error';

export type FieldErrors = Record<string, string>;

/** The part of a zod error this needs (zod itself is the contract package's dependency). */
interface SchemaError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The contract's schemas carry i18n keys as messages; this turns a failed parse into one translated
 * message per field (the first problem of each).
 */
export function zodFieldErrors(error: SchemaError, translate: (key: string) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = translate(issue.message);
  }
  return errors;
}

/** The part of a zod schema this needs. */
interface Schema<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: SchemaError };
}

/** Checks a form against its contract schema: the parsed values, or a message per invalid field. */
export function checkForm<T>(schema: Schema<T>, values: unknown, translate: (key: string) => string): { data: T } | { errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: zodFieldErrors(parsed.error, translate) };
}

/** What a form shows after the server refused it: messages beside its fields, the rest above its button. */
export interface FormErrors {
  fields: FieldErrors;
  message: string;
}

/**
 * Sorts a failed call's errors: field errors for fields the form `shows` go beside them; field
 * errors for others (a captcha it gave up on) and field-less failures (429, network) become the
 * form's message, `fallback` when the server gave none.
 */
export function serverFormErrors(error: unknown, shows: readonly string[], fallback: string): FormErrors {
  const fields: FieldErrors = {};
  const elsewhere: string[] = [];
  const apiError = isApiError(error) ? error : null;
  for (const { error_field, error_msg } of apiError?.list ?? []) {
    if (shows.includes(error_field)) fields[error_field] ??= error_msg;
    else elsewhere.push(error_msg);
  }
  if (apiError && !apiError.list.length) elsewhere.push(apiError.msg);
  const message = elsewhere.filter(Boolean).join(' ');
  return { fields, message: message || (Object.keys(fields).length ? '' : fallback) };
}
