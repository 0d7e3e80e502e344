import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { moduleFiles } from '../src/features/pages/page-assets.js';
import { QUESTION_PAGE, RENDERED_ROUTES } from '../src/features/pages/rendered-routes.js';
import { WEB_DIST } from '../src/web-dist.js';

/**
 * The JavaScript of a first visit to each page the server renders (issue 25 point 5), read from the
 * built web app (npm run build -w web): the shell's own scripts (index.html: the entry and what it
 * preloads) and the page's code as the server links it (features/pages/page-assets.ts). A page's
 * code must not await another download before it hydrates (web/e2e/first-visit.e2e.ts checks that
 * in a browser), so these are all the files the visit loads.
 */
const MAX_FILES = 10;
// 150 KB until issue 30 gave the pages icons, generated avatars, the share and attribution lines and
// the site's keys (about 4 KB gzip, docs/decisions.md "Look and feel").
const MAX_GZIP_KB = 156;
// The Markdown editor (CodeMirror): downloaded when an editor opens, never with a page to read; nor
// the form field that opens it, a chunk of its own as the forms of several areas share it.
const EDITOR = 'src/components/editor/MarkdownEditor.tsx';
const EDITOR_FIELD = 'MarkdownField';
// CodeMirror's content element class: in its code wherever the bundler puts it.
const CODEMIRROR = 'cm-content';

const PAGES: [route: string, module: string][] = [['/questions/:id', QUESTION_PAGE], ...RENDERED_ROUTES];

function shellScripts(): string[] {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link rel="modulepreload")\s[^>]*>/g) ?? [];
  return tags.map((tag) => /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1]).filter((file) => file !== undefined);
}

function firstVisit(module: string): string[] {
  const page = moduleFiles(module);
  const entry = moduleFiles('index.html');
  if (!page || !entry) throw new Error(`${module} is not in ${WEB_DIST}/.vite/manifest.json: run npm run build -w web`);
  return [...new Set([...shellScripts(), ...entry.scripts, ...page.scripts])];
}

const read = (file: string) => fs.readFileSync(path.join(WEB_DIST, file));
const chunksNamed = (name: string) =>
  Object.values(JSON.parse(read('.vite/manifest.json').toString()) as Record<string, { file: string; name?: string }>)
    .filter((chunk) => chunk.name === name)
    .map((chunk) => chunk.file);
const gzipKb = (files: string[]) => files.reduce((sum, file) => sum + zlib.gzipSync(read(file), { level: 9 }).length, 0) / 1024;

describe('the first visit of a server-rendered page', () => {
  it.each(PAGES)(`of %s loads at most ${MAX_FILES} JavaScript files, ${MAX_GZIP_KB} KB gzip in all`, (route, module) => {
    const files = firstVisit(module);
    expect(files.length, `${route}: ${files.join(' ')}`).toBeLessThanOrEqual(MAX_FILES);
    expect(gzipKb(files), `${route}: ${files.join(' ')}`).toBeLessThanOrEqual(MAX_GZIP_KB);
  });

  it.each(PAGES)('of %s carries nothing of the Markdown editor', (route, module) => {
    const files = firstVisit(module);
    // Its own chunk comes first.
    const editor = [moduleFiles(EDITOR)?.scripts[0], ...chunksNamed(EDITOR_FIELD)];
    expect(files.filter((file) => editor.includes(file) || read(file).includes(CODEMIRROR)), route).toEqual([]);
  });

  it('is weighed on a build whose editor chunk holds CodeMirror, and whose editor field is a chunk of its own', () => {
    const editor = moduleFiles(EDITOR)?.scripts[0];
    expect(editor).toBeDefined();
    expect(read(editor!).includes(CODEMIRROR)).toBe(true);
    expect(chunksNamed(EDITOR_FIELD)).toHaveLength(1);
  });
});
