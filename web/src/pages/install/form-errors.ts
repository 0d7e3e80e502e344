import type { ZodError } from 'zod';

export type FieldErrors = Record<string, string>;

/**
 * The contract's schemas carry i18n keys as messages; this turns a failed parse into one translated
 * message per field (the first problem of each).
 */
export function zodFieldErrors(error: ZodError, translate: (key: string) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = translate(issue.message);
  }
  return errors;
}
