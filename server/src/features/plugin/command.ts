import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { translate } from '@answer/plugin-sdk';
import { configExists, readConfig, writeConfig } from '../../config/config.js';
import type { DataPaths } from '../../config/paths.js';
import { PluginRegistry } from './registry.js';
import { pluginSources } from './sources.js';

/**
 * `answer plugin list|add|remove` (docs/plugins.md). Adding checks that the plugin loads before
 * config.yaml names it, so a typo never reaches a running site; the site loads plugins when it
 * starts, so each change asks for a restart.
 */
export async function pluginCommand(paths: DataPaths, args: string[]): Promise<number> {
  const [action, name] = args;
  if (!configExists(paths)) {
    console.error(`No site at ${paths.root} (no conf/config.yaml): install it first.`);
    return 1;
  }
  switch (action) {
    case 'list':
      return list(paths);
    case 'add':
      return name ? add(paths, name) : usage();
    case 'remove':
      return name ? remove(paths, name) : usage();
    default:
      return usage();
  }
}

function usage(): number {
  console.error('Usage: answer plugin list | add <package or folder> | remove <package, folder or slug>');
  return 1;
}

async function loaded(paths: DataPaths): Promise<PluginRegistry> {
  const registry = new PluginRegistry(() => undefined);
  await registry.load(pluginSources(paths, readConfig(paths)));
  return registry;
}

async function list(paths: DataPaths): Promise<number> {
  for (const entry of (await loaded(paths)).list()) {
    const what = entry.plugin ? `${translate(entry.plugin.info.name, 'en_US')} ${entry.plugin.info.version}` : 'not loaded';
    const state = entry.failure ? `failed: ${entry.failure.message}` : entry.outdated ? 'outdated' : 'ok';
    console.log(`${entry.slug.padEnd(24)} ${(entry.source?.origin ?? 'built-in').padEnd(12)} ${what} (${state})`);
  }
  console.log('Switch plugins on and off in Admin > Installed plugins.');
  return 0;
}

/** A path (absolute, or relative to where the command runs) or a package name; a package not installed yet is installed into <data>/node_modules. */
async function add(paths: DataPaths, name: string): Promise<number> {
  const isPath = name.startsWith('.') || path.isAbsolute(name);
  const entryName = isPath ? path.resolve(name) : name;
  if (!isPath && !fs.existsSync(path.join(paths.root, 'node_modules', name, 'package.json'))) {
    console.log(`Installing ${name} into ${paths.root}...`);
    const npm = spawnSync('npm', ['install', '--prefix', paths.root, '--no-audit', '--no-fund', name], { stdio: 'inherit' });
    if (npm.status !== 0) {
      console.error(`npm could not install ${name}.`);
      return 1;
    }
  }
  const config = readConfig(paths);
  const before = config.plugins ?? [];
  if (before.includes(entryName)) {
    console.log(`${entryName} is already listed in ${paths.configFile}.`);
    return 0;
  }
  // Load it as the site would, before the site is told about it.
  const trial = new PluginRegistry(() => undefined);
  await trial.load(pluginSources(paths, { ...config, plugins: [entryName] }).filter((s) => s.origin === 'config'));
  const [entry] = trial.list();
  if (!entry?.plugin) {
    console.error(`${name} does not load as a plugin: ${entry?.failure?.message ?? 'not found'}.`);
    return 1;
  }
  writeConfig(paths, { ...config, plugins: [...before, entryName] });
  console.log(`Added ${translate(entry.plugin.info.name, 'en_US')} (${entry.slug}). Restart the site, then enable it in Admin > Installed plugins.`);
  return 0;
}

async function remove(paths: DataPaths, name: string): Promise<number> {
  const config = readConfig(paths);
  const before = config.plugins ?? [];
  // By what was added, or by the slug of what it loads.
  const registry = await loaded(paths);
  const bySlug = registry.get(name)?.source;
  const kept = before.filter((p) => p !== name && p !== path.resolve(name) && !(bySlug?.origin === 'config' && bySlug.name === p));
  if (kept.length === before.length) {
    if (bySlug?.origin === 'data-dir') console.error(`${name} is a folder in ${path.join(paths.root, 'plugins')}: delete the folder to remove it.`);
    else console.error(`${name} is not listed under plugins: in ${paths.configFile}.`);
    return 1;
  }
  writeConfig(paths, { ...config, plugins: kept });
  console.log(`Removed ${name}. Restart the site; its settings stay stored in case it comes back.`);
  return 0;
}
