import { z } from 'zod';

/**
 * Characters no request text may hold: C0 controls other than tab, newline and carriage return,
 * DEL, C1 controls, the non-characters U+FFFE/U+FFFF and lone UTF-16 surrogates. PostgreSQL refuses
 * U+0000 in text outright (a 500 if it reaches SQL), and none of them has a use in a post, a name
 * or a setting, so they are refused at the edge, the same way on every database.
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_REASON = 'error.common.control_character';

export const hasForbiddenCharacters = (s: string): boolean => FORBIDDEN.test(s);

/**
 * The string type of every request field: a string free of the characters above. `message` is the
 * reason given when the value is missing or not a string (zod's own otherwise). Chain `.trim()`,
 * `.min()`, `.max()` as on `z.string()`; the character check runs first and stops the others.
 */
export const text = (message?: string) =>
  z.string(message ? { message } : undefined).refine((s) => !FORBIDDEN.test(s), { message: CONTROL_CHARACTER_REASON, abort: true });

/**
 * Plain auto-increment row ids (revisions): 1 to 18 digits, so every value fits a BIGINT and a
 * larger number is refused here instead of overflowing in SQL. Long object ids are judged by the
 * server's `core/ids`.
 */
export const rowId = () =>
  text('error.common.required')
    .trim()
    .min(1, { message: 'error.common.required' })
    .regex(/^\d{1,18}$/, { message: 'error.common.invalid' });
