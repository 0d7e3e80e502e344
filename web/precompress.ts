import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so
 * the server sends them as they are (@fastify/static `preCompressed`) instead of compressing the
 * same bytes on every request. Maximum levels: this runs once per build, not per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'answer-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        const brotli = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}
