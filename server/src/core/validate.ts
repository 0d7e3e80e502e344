import type { ZodType } from 'zod';
import { FieldErrors, type FieldIssue } from './errors.js';

/**
 * Parses input with a contract schema. Schema messages are i18n reason keys; zod's own messages
 * (wrong type, unknown enum...) become generic keys so every field error is translatable.
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    issues.push({ field, reason: reasonOf(issue) });
  }
  throw new FieldErrors(issues);
}

function reasonOf(issue: { code: string; message: string; input?: unknown }): string {
  if (issue.message.startsWith('error.')) return issue.message;
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'error.common.required' : 'error.common.invalid_type';
  if (issue.code === 'too_big') return 'error.common.too_long';
  if (issue.code === 'too_small') return 'error.common.too_short';
  return 'error.common.invalid';
}
