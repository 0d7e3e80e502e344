#!/usr/bin/env node
// The `answer` command. `npm run build` compiles the server into dist/cli.js (server/scripts/build.mjs);
// that bundle runs while no source it was made from is newer, so an edit is never run stale.
// Otherwise, or with ANSWER_FROM_SOURCES=1, the TypeScript sources run through tsx's loader
// (see docs/decisions.md: why tsx, and why precompiled for `npm start`).
import fs from 'node:fs';

const dist = new URL('../dist/', import.meta.url);

function bundleIsFresh() {
  if (process.env.ANSWER_FROM_SOURCES === '1') return false;
  try {
    const built = fs.statSync(new URL('cli.js', dist)).mtimeMs;
    const inputs = JSON.parse(fs.readFileSync(new URL('inputs.json', dist), 'utf8'));
    return inputs.every((input) => fs.statSync(new URL(input, dist)).mtimeMs <= built);
  } catch {
    // Not built, or a source was removed since: run the sources.
    return false;
  }
}

if (bundleIsFresh()) {
  process.setSourceMapsEnabled(true);
  await import('../dist/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli.ts');
}
