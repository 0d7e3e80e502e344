import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vitest/config';
import { localeParts } from './locale-parts';
import { precompress } from './precompress';

const SERVER = 'http://127.0.0.1:9080';
// Everything the Fastify server answers itself; the dev server serves the app for the rest.
const PROXIED = ['/answer', '/installation', '/custom.css', '/manifest.json', '/uploads', '/robots.txt', '/healthz'];
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// The first visit the JavaScript budget is about (issue 15): a question page, from the entry.
const FIRST_LOAD_ROOTS = ['src/main.tsx', 'src/pages/questions/detail/QuestionDetail.tsx'].map((f) => fileURLToPath(new URL(f, import.meta.url)));
const SOURCE = fileURLToPath(new URL('src/', import.meta.url));
const PAGES = fileURLToPath(new URL('src/pages/', import.meta.url));
let firstLoad: Set<string> | undefined;

/** 'app' for the app's shared code (not a page's own) that a question page imports statically. */
function firstLoadChunk(id: string, ctx: ChunkingContext): string | null {
  if (!firstLoad) {
    firstLoad = new Set();
    const queue = [...FIRST_LOAD_ROOTS];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (firstLoad.has(next)) continue;
      firstLoad.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return id.startsWith(SOURCE) && !id.startsWith(PAGES) && firstLoad.has(id) ? 'app' : null;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), localeParts()] : [react(), localeParts(), precompress()],
  // The server replaces this with a fresh nonce per page (server/src/spa.ts); Vite also writes it
  // into <meta property="csp-nonce">, where the editor reads it for its <style> element.
  html: { cspNonce: '__CSP_NONCE__' },
  // The server entry (src/ssr/entry-server.tsx, run by the Fastify server to render pages) carries
  // its libraries with it: the server loads one self-contained file, whatever node_modules holds.
  ssr: { noExternal: true },
  // Bundled for the server too, React must be its production build there as well.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: isSsrBuild ? { outDir: 'dist/ssr', emptyOutDir: false, copyPublicDir: false } : {
    outDir: 'dist',
    assetsDir: 'static',
    emptyOutDir: true,
    // Which files a page's code is in: the server links them from the page (modulepreload).
    manifest: true,
    rolldownOptions: {
      // The contract's zod schemas are only needed by the lazily loaded forms: without this flag the
      // bundler would keep them (and zod) in the entry chunk because the re-exporting index is imported there.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
      output: {
        codeSplitting: {
          // The libraries every page needs change less often than the app: a separate, long-cached file.
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|use-sync-external-store)[\\/]/ },
            // The app code a question page needs at once, in one file rather than one per module shared
            // with other areas (each small file costs its own request and compression overhead).
            { name: firstLoadChunk },
          ],
        },
      },
    },
  },
  server: {
    // The UI bundles live in <repo>/locales, outside this package.
    fs: { allow: [repoRoot] },
    proxy: Object.fromEntries(PROXIED.map((p) => [p, { target: SERVER, changeOrigin: false }])),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));
