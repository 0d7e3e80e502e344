import fs from 'node:fs';
import type { Plugin } from 'vite';

const PART = /\/ui\.json\?part=[a-z-]+$/;

/**
 * `…/ui.json?part=<name>`: the bundle as one named export per top-level section, in a module of
 * its own per part. The bundler then keeps in each part only the sections imported from it, so the
 * English strings can be split between the entry and a later chunk (src/i18n/index.ts); a plain
 * JSON import is one module, which lands whole in one chunk.
 */
export function localeParts(): Plugin {
  return {
    name: 'answer-locale-parts',
    load(id) {
      if (!PART.test(id)) return null;
      const bundle = JSON.parse(fs.readFileSync(id.slice(0, id.indexOf('?')), 'utf8')) as Record<string, unknown>;
      const code = Object.entries(bundle).map(([section, strings]) => `export const ${section} = ${JSON.stringify(strings)};`);
      return { code: code.join('\n'), moduleType: 'js' };
    },
  };
}
