// Builds the first-party plugins (plugins/*): each one's server module (src/server.ts) into
// dist/server.js, an ES module whose packages stay outside (they are its npm dependencies), and its
// web module (src/web.ts, if any) into dist/web/, bundled for the browser with code split so that
// heavy libraries load only when the module imports them on use. Plugins from elsewhere ship these
// files already built (docs/plugins.md). esbuild comes with vite and tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pluginsDir = path.join(root, 'plugins');
// The SDK is TypeScript (its package points at src): its helpers go into each plugin's bundle.
const alias = { '@answer/plugin-sdk': path.join(root, 'packages/plugin-sdk/src/index.ts') };

for (const name of fs.existsSync(pluginsDir) ? fs.readdirSync(pluginsDir).sort() : []) {
  const dir = path.join(pluginsDir, name);
  const server = path.join(dir, 'src', 'server.ts');
  if (!fs.existsSync(server)) continue;
  const dist = path.join(dir, 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  await build({ entryPoints: [server], outfile: path.join(dist, 'server.js'), bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', alias, logLevel: 'warning' });
  const web = path.join(dir, 'src', 'web.ts');
  if (fs.existsSync(web)) {
    await build({
      entryPoints: [web],
      outdir: path.join(dist, 'web'),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      alias,
      loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file' },
      logLevel: 'warning',
    });
  }
  // Stylesheets and other files a plugin serves as they are.
  const assets = path.join(dir, 'assets');
  if (fs.existsSync(assets)) fs.cpSync(assets, path.join(dist, 'web'), { recursive: true });
}
