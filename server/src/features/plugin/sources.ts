import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../config/config.js';
import type { DataPaths } from '../../config/paths.js';

/** Where a plugin was found: its package folder and the module to import. */
export interface PluginSource {
  /** The package's folder (its web part's files are under it). */
  root: string;
  /** The server module: package.json `answer.plugin`, else `main`, else index.js. */
  entry: string;
  /** How the site owner added it. */
  origin: 'first-party' | 'config' | 'data-dir';
  /** What named it (the package name or path in config.yaml, or the folder). */
  name: string;
}

/** The repository's own plugins (plugins/*), built by `npm run build`; dist mirrors src, so the depth is the same. */
const FIRST_PARTY = fileURLToPath(new URL('../../../../plugins/', import.meta.url));
const projectRequire = createRequire(import.meta.url);

/**
 * Every plugin package the site has: the repository's own (all listed; each off until enabled
 * unless it says otherwise), the packages and folders named under `plugins:` in config.yaml, and
 * the folders in <data>/plugins. A name that cannot be found is returned with an entry that does
 * not exist, so the admin page shows it as failed with the reason.
 */
export function pluginSources(paths: DataPaths, config: AppConfig | null): PluginSource[] {
  const sources: PluginSource[] = [];
  // The repository's own plugins count once built (a checkout that was never built has none).
  for (const folder of subfolders(FIRST_PARTY)) {
    const source = fromFolder(folder, 'first-party', path.basename(folder));
    if (fs.existsSync(source.entry)) sources.push(source);
  }
  for (const name of config?.plugins ?? []) {
    if (typeof name !== 'string' || !name.trim()) continue;
    sources.push(fromFolder(resolveNamed(name.trim(), paths), 'config', name.trim()));
  }
  for (const folder of subfolders(path.join(paths.root, 'plugins'))) sources.push(fromFolder(folder, 'data-dir', path.basename(folder)));
  return sources;
}

/** A path (absolute, or relative to the data folder) or a package name, installed in the data folder or beside the project. */
function resolveNamed(name: string, paths: DataPaths): string {
  if (name.startsWith('.') || path.isAbsolute(name)) return path.resolve(paths.root, name);
  const inData = path.join(paths.root, 'node_modules', name);
  if (fs.existsSync(path.join(inData, 'package.json'))) return inData;
  try {
    return path.dirname(projectRequire.resolve(`${name}/package.json`));
  } catch {
    return inData;
  }
}

function fromFolder(root: string, origin: PluginSource['origin'], name: string): PluginSource {
  let entry = 'index.js';
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { main?: string; answer?: { plugin?: string } };
    entry = pkg.answer?.plugin ?? pkg.main ?? entry;
  } catch {
    // No package.json: a plain folder with index.js.
  }
  return { root, entry: path.resolve(root, entry), origin, name };
}

function subfolders(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => path.join(dir, d.name))
      .sort();
  } catch {
    return [];
  }
}
