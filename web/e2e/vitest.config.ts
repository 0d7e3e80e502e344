import { defineConfig } from 'vitest/config';

// Browser tests: the real server on a temporary SQLite data directory, driven in Debian's chromium.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
