/**
 * The page's CSP allows no eval. On a form's first check zod would probe for it with Function('')
 * (its JIT) and the browser would report a CSP violation on every page with a form. zod keeps its
 * settings in one object on globalThis, made when it first loads or taken over if it exists: set
 * here at start-up, the setting costs the first page none of zod's code (it loads with the forms).
 */
export function turnOffZodJit(): void {
  const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (shared.__zod_globalConfig ??= {}).jitless = true;
}
