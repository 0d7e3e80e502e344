const MAX_DEPTH = 10;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The value at a dot path (`data.user.id`, `emails.0.value`) in the provider's JSON, or undefined.
 * A key that holds the whole path is taken first, since claim names may contain dots
 * (`https://example.com/roles`). Only the JSON's own properties are read, never inherited ones.
 */
export function readPath(data: unknown, path: string): unknown {
  if (!path) return undefined;
  if (isRecord(data) && Object.hasOwn(data, path)) return data[path];
  const parts = path.split('.');
  if (parts.length > MAX_DEPTH) return undefined;
  let current: unknown = data;
  for (const part of parts) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isRecord(current) && Object.hasOwn(current, part)) current = current[part];
    else return undefined;
  }
  return current;
}
