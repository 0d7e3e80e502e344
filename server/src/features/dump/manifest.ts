import path from 'node:path';
import { z } from 'zod';
import { DumpError } from './errors.js';

/**
 * The archive's table of contents, its first entry. Every other entry is listed here with its size
 * and SHA-256, so a restore can prove the archive whole before it writes anything. `schema` is the
 * list of migrations the database had applied: a restore builds exactly that schema, loads the rows,
 * then applies whatever this server has beyond it.
 */
export const FORMAT = 'answer-dump';
export const FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const tableEntry = (table: string) => `tables/${table}.ndjson`;
export const uploadEntry = (file: string) => `uploads/${file}`;

const checksum = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  created_at: z.number().int(),
  schema: z.object({ migrations: z.array(z.string()) }),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z0-9_]+$/),
      columns: z.array(z.string().regex(/^[a-z0-9_]+$/)),
      rows: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
      sha256: checksum,
    }),
  ),
  uploads: z.array(z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: checksum })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type TableEntry = Manifest['tables'][number];

/** An upload's path inside the uploads folder, refused when it could land outside it. */
export function safeUploadPath(file: string): string {
  const normal = path.posix.normalize(file);
  if (!file || path.posix.isAbsolute(normal) || normal.startsWith('../') || normal === '..' || normal !== file || file.includes('\\')) {
    throw new DumpError(`The archive lists an upload at "${file}", outside the uploads folder: refusing it.`);
  }
  return normal;
}

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DumpError('The archive\'s manifest.json is not valid JSON: the archive is damaged.');
  }
  if ((json as { format?: unknown })?.format !== FORMAT) throw new DumpError('This file is not an Answer dump (its manifest names no "answer-dump" format).');
  const version = (json as { version?: unknown }).version;
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new DumpError(`The archive is in dump format ${version}; this version of Answer reads format ${FORMAT_VERSION}. Upgrade Answer to restore it.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new DumpError(`The archive's manifest is malformed (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`);
  for (const upload of parsed.data.uploads) safeUploadPath(upload.path);
  return parsed.data;
}
