import fs from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from '../../web-dist.js';

/** One entry of Vite's build manifest (web/dist/.vite/manifest.json), keyed by source file. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

let manifest: Record<string, ManifestChunk> | null | undefined;

function readManifest(): Record<string, ManifestChunk> | null {
  if (manifest === undefined || process.env.NODE_ENV === 'development') {
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      manifest = null;
    }
  }
  return manifest;
}

/**
 * The built files of a module's code: its chunk and every chunk it imports statically, scripts and
 * styles (what a page of that module needs before it can hydrate); null when the build has no such
 * module. test/first-visit-budget.test.ts weighs the same files.
 */
export function moduleFiles(sourceFile: string): { scripts: string[]; styles: string[] } | null {
  const chunks = readManifest();
  if (!chunks?.[sourceFile]) return null;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(sourceFile);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * Links that start the download of a rendered page's own code and styles with the HTML, instead of
 * after the app's entry has run and asked for them (code and data then arrive together: the data
 * is in the page). The styles also keep the server's HTML from showing unstyled. Files the shell
 * already links are left out.
 */
export function pageAssetLinks(sourceFile: string, shell: string, nonce: string): string {
  const files = moduleFiles(sourceFile);
  if (!files) return '';
  const links = [
    ...files.styles.filter((file) => !shell.includes(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}" nonce="${nonce}">`),
    ...files.scripts.filter((file) => !shell.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" nonce="${nonce}">`),
  ];
  return links.map((link) => `    ${link}\n`).join('');
}
