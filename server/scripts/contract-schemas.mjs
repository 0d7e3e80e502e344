// JSON Schemas of the reply types the shared contract exports (packages/contract/src), for the
// OpenAPI document (features/openapi/document.ts): the TypeScript interfaces are the one source of
// truth, nothing is written twice. `npm run build` runs this (scripts/build.mjs); the server also
// runs it at first use when the file is missing or older than the contract, so a checkout that ran
// tests from sources never serves a stale description.
//
//   node server/scripts/contract-schemas.mjs [out-file]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACT_SRC = path.resolve(server, '../packages/contract/src');
/** Where the server reads it: beside the bundle (dist ships with the build), at the same path from sources. */
export const CONTRACT_SCHEMAS = path.join(server, 'dist', 'contract-schemas.json');

/** The names of the exported interfaces and type aliases that are not inferred from a zod schema. */
function exportedTypeNames() {
  const names = [];
  for (const file of fs.readdirSync(CONTRACT_SRC).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = fs.readFileSync(path.join(CONTRACT_SRC, file), 'utf8');
    for (const m of source.matchAll(/^export (interface|type) ([A-Za-z0-9_]+)(<[^>]*>)?\s*(=\s*([^;\n]*))?/gm)) {
      // Generic types are described where they are used (Page<Item> becomes its own definition).
      if (m[3]) continue;
      if (m[5] && /\bz\.(infer|input|output)\b|typeof /.test(m[5])) continue;
      names.push(m[2]);
    }
  }
  return names;
}

/** A definition name OpenAPI accepts (^[a-zA-Z0-9._-]+$): Page<Item> -> Page_Item_. */
const cleanName = (name) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/** { definitions, types, skipped }: every definition under the name components.schemas will use. */
export async function generateContractSchemas() {
  const { createGenerator } = await import('ts-json-schema-generator');
  const generator = createGenerator({
    path: path.join(CONTRACT_SRC, 'index.ts'),
    tsconfig: path.resolve(CONTRACT_SRC, '../tsconfig.json'),
    expose: 'export',
    topRef: true,
    skipTypeCheck: true,
    additionalProperties: true,
    jsDoc: 'extended',
  });
  const definitions = {};
  const types = [];
  const skipped = [];
  for (const name of exportedTypeNames()) {
    try {
      Object.assign(definitions, generator.createSchema(name).definitions);
      types.push(name);
    } catch (error) {
      // Types made from runtime values (keyof typeof X) the generator cannot read: not reply types.
      skipped.push(`${name}: ${String(error?.message ?? error).split('\n')[0]}`);
    }
  }
  const renamed = {};
  for (const [name, schema] of Object.entries(definitions)) renamed[cleanName(name)] = schema;
  const text = JSON.stringify(renamed).replace(/"#\/definitions\/([^"]+)"/g, (_m, ref) => JSON.stringify(`#/components/schemas/${cleanName(decodeURIComponent(ref))}`));
  return { definitions: JSON.parse(text), types, skipped };
}

export async function writeContractSchemas(outFile = CONTRACT_SCHEMAS) {
  const result = await generateContractSchemas();
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  // Written aside and renamed: test processes may generate and read it at the same moment.
  const aside = `${outFile}.${process.pid}.tmp`;
  fs.writeFileSync(aside, JSON.stringify(result));
  fs.renameSync(aside, outFile);
  return result;
}

/** True when the file is missing or a contract source changed after it was written. */
export function contractSchemasStale(outFile = CONTRACT_SCHEMAS) {
  let written;
  try {
    written = fs.statSync(outFile).mtimeMs;
  } catch {
    return true;
  }
  return fs.readdirSync(CONTRACT_SRC).some((file) => file.endsWith('.ts') && fs.statSync(path.join(CONTRACT_SRC, file)).mtimeMs > written);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : CONTRACT_SCHEMAS;
  const { types, skipped, definitions } = await writeContractSchemas(out);
  console.log(`contract schemas: ${types.length} types, ${Object.keys(definitions).length} definitions -> ${path.relative(process.cwd(), out)}`);
  if (skipped.length) console.log(`  not described: ${skipped.join('; ')}`);
}
