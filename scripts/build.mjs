// Build the bundled binary (dist/treeward.mjs), the library (dist/lib/index.js)
// and its type declarations (dist/lib/*.d.ts).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: ['src/cli/main.ts'],
  outfile: 'dist/treeward.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
chmodSync('dist/treeward.mjs', 0o755);

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/lib/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
});

execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
