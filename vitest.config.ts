import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  // `treeward --version` from source, as the build writes it in (src/cli/version.ts)
  define: { TREEWARD_VERSION: JSON.stringify(version) },
  test: {
    include: ['test/**/*.test.ts'],
    // fast-check's properties on a committed seed (test/seeds.json), never the clock's
    setupFiles: ['test/support/fast-check-seed.ts'],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'html'],
    },
  },
});
