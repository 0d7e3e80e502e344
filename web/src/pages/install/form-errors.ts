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
