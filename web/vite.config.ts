import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vitest/config';
import { bootstrapIcons } from './bootstrap-icons';
import { localeParts } from './locale-parts';
import { precompress } from './precompress';

const SERVER = 'http://127.0.0.1:9080';
// Everything the Fastify server answers itself; the dev server serves the app for the rest.
const PROXIED = ['/answer', '/installation', '/custom.css', '/manifest.json', '/uploads', '/robots.txt', '/healthz'];
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const inWeb = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// The first visit the JavaScript budget is about (issue 15): a question page, from the entry.
const ENTRY = inWeb('src/main.tsx');
const QUESTION_PAGE = inWeb('src/pages/questions/detail/QuestionDetail.tsx');
const SOURCE = inWeb('src/');
const PAGES = inWeb('src/pages/');
const graphs = new Map<string, Set<string>>();

/** The modules `root` imports statically, itself included (once per build). */
function staticGraph(root: string, ctx: ChunkingContext): Set<string> {
  let graph = graphs.get(root);
  if (!graph) {
    graph = new Set();
    const queue = [root];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (graph.has(next)) continue;
      graph.add(next);
      queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    graphs.set(root, graph);
  }
  return graph;
}

/** 'app' for the app's shared code (not a page's own) that a question page imports statically. */
function firstLoadChunk(id: string, ctx: ChunkingContext): string | null {
  const firstLoad = staticGraph(ENTRY, ctx).has(id) || staticGraph(QUESTION_PAGE, ctx).has(id);
  return id.startsWith(SOURCE) && !id.startsWith(PAGES) && firstLoad ? 'app' : null;
}

/**
 * 'question-parts' for the question page's modules that other areas import too (answer drafts, the
 * question form's rules, the side lists, the optimistic marks of a tag's follow button). Left to the
 * bundler, each set of areas sharing some of them is a file of its own, and one more request for the
 * question page. The entry's own imports stay where they are: every page loads those.
 */
function questionPartsChunk(id: string, ctx: ChunkingContext): string | null {
  const questionPage = staticGraph(QUESTION_PAGE, ctx);
  if (!id.startsWith(PAGES) || id === QUESTION_PAGE || !questionPage.has(id) || staticGraph(ENTRY, ctx).has(id)) return null;
  return (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => !questionPage.has(importer)) ? 'question-parts' : null;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), localeParts(), bootstrapIcons()] : [react(), localeParts(), bootstrapIcons(), precompress()],
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
            { name: questionPartsChunk },
            // The badge pieces profiles, the badge pages, the award pop-up and the admin list all show:
            // one file, instead of one per set of areas that shares each piece.
            { name: 'badge-view', test: /[\\/]src[\\/](api[\\/]badges|pages[\\/]badges[\\/](BadgeIcon|BadgeCard|badge-view|badge-icons))\.tsx?$/ },
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
