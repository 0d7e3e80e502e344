import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

const SERVER = 'http://127.0.0.1:9080';
// Everything the Fastify server answers itself; the dev server serves the app for the rest.
const PROXIED = ['/answer', '/installation', '/custom.css', '/manifest.json', '/uploads', '/robots.txt', '/healthz'];
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [react(), precompress()],
  // The server replaces this with a fresh nonce per page (server/src/spa.ts); Vite also writes it
  // into <meta property="csp-nonce">, where the editor reads it for its <style> element.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    emptyOutDir: true,
    rolldownOptions: {
      // The contract's zod schemas are only needed by the lazily loaded forms: without this flag the
      // bundler would keep them (and zod) in the entry chunk because the re-exporting index is imported there.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/') },
      output: {
        codeSplitting: {
          // The libraries every page needs change less often than the app: a separate, long-cached file.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack|use-sync-external-store)[\\/]/ }],
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
});
