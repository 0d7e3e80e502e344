// Compiles the server (and the shared contract) into ES modules, server/dist/cli.js and its chunks, so that
// `npm start` does not compile TypeScript at every start (docs/decisions.md, "precompiled server").
// Packages stay outside the bundle (native modules, their own files); the contract is TypeScript and
// goes in. esbuild comes with vite and tsx, so this needs no dependency of its own.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(server, 'src');
const dist = path.join(server, 'dist');

/**
 * Modules find their neighbours (locales, web/dist, package.json) relative to their own
 * import.meta.url. In the bundle every module would share the bundle's URL, so each one gets the URL
 * of where it would lie in dist (server/src/core/i18n.ts -> server/dist/core/i18n.js): dist sits at
 * the depth of src, so the same relative paths lead to the same files.
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url') || !args.path.startsWith(src + path.sep)) return undefined;
      const mirrored = path.relative(src, args.path).replace(/\.ts$/, '.js').split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(`./${mirrored}`)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

await fs.rm(dist, { recursive: true, force: true });
const result = await build({
  // The CLI, and the Stack Exchange import's conversion thread (a worker runs a file of its own).
  entryPoints: [path.join(src, 'cli.ts'), path.join(src, 'features/import/stackexchange/convert-worker.ts')],
  outdir: dist,
  outbase: src,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Each command loads its modules when it runs (cli.ts): code shared by several goes in chunks
  // beside cli.js, at the depth of src, so the own-import-meta-url paths hold for them too.
  splitting: true,
  chunkNames: '[name]-[hash]',
  target: 'node20',
  packages: 'external',
  // The workspace contract and plugin SDK are TypeScript (their packages point at src/index.ts): bundled, not imported.
  alias: { '@answer/contract': path.resolve(server, '../packages/contract/src/index.ts'), '@answer/plugin-sdk': path.resolve(server, '../packages/plugin-sdk/src/index.ts') },
  sourcemap: 'linked',
  plugins: [ownUrl],
  metafile: true,
  logLevel: 'warning',
});
// The sources the bundle was made from: bin/answer.js runs the bundle only while none is newer.
const root = path.resolve(server, '..');
const inputs = Object.keys(result.metafile.inputs)
  .map((input) => path.resolve(input))
  .filter((input) => !input.includes(`${path.sep}node_modules${path.sep}`))
  .map((input) => path.relative(dist, input));
await fs.writeFile(path.join(dist, 'inputs.json'), JSON.stringify(inputs));
// The reply types of the contract as JSON Schema, for the OpenAPI document (features/openapi).
const { writeContractSchemas } = await import('./contract-schemas.mjs');
await writeContractSchemas(path.join(dist, 'contract-schemas.json'));
