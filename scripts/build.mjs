// Build the bundled binary (dist/treeward.cjs), the library (dist/lib/index.js),
// the hook's surface (dist/lib/hook.js), the parser alone (dist/lib/parse.js),
// the plugins (dist/plugins/*.js) and the type declarations (dist/lib/*.d.ts).
// With --native (`npm run build:native`), or when dist/native/treeward is
// already there, the native executable too (scripts/native.mjs), made again
// from the new bundle so that an installed hook never runs an older treeward.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { buildBinary } from './binary.mjs';
import { buildNative } from './native.mjs';

const native = process.argv.includes('--native') || existsSync('dist/native/treeward');

// Everything but dist/native, whose executable an installed hook may be running: it is replaced by a rename.
for (const entry of existsSync('dist') ? readdirSync('dist') : []) if (entry !== 'native') rmSync(`dist/${entry}`, { recursive: true, force: true });

// The binary: dist/treeward.cjs runs the bundle of src/cli/main.ts (for a hook, of src/cli/hook-main.ts)
// (dist/treeward-bundle.cjs) with V8's code cache for it (scripts/binary.mjs).
await buildBinary('dist/treeward.cjs');

if (native) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  try {
    const made = buildNative('dist/treeward-bundle.cjs', 'dist/native', { expectVersion: version });
    console.log(`treeward build: ${made.path}, ${(made.bytes / 1e6).toFixed(1)} MB (Bun ${made.bun}, ${made.platform}-${made.arch})`);
  } catch (error) {
    // an executable older than the bundle would answer with older rules: none rather than that
    rmSync('dist/native', { recursive: true, force: true });
    console.error(`treeward build: no native executable: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
// dist/treeward.mjs, the binary's earlier name, still runs it.
writeFileSync('dist/treeward.mjs', "#!/usr/bin/env node\nimport { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('./treeward.cjs');\n");
chmodSync('dist/treeward.mjs', 0o755);

// `treeward` (src/index.ts): the library; `treeward/hook` (src/hook.ts): the hook's surface, apart from it;
// the in-process plugins for OpenCode, Amp and Pi (src/cli/plugins/), each one file a host loads.
const entries = [
  ['src/index.ts', 'dist/lib/index.js'], ['src/hook.ts', 'dist/lib/hook.js'],
  ...['opencode', 'amp', 'pi'].map((host) => [`src/cli/plugins/${host}.ts`, `dist/plugins/${host}.js`]),
];
for (const [entry, outfile] of entries) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
}

// `treeward/parse`: the parser alone (src/parser/index.ts), for programs that only read lines.
// Whitespace and syntax minified (names kept for stack traces), and loaded through V8's code
// cache, made here after parsing a few typical lines: a fresh process then does not compile the
// functions a typical line runs at its first call (about 1.3 ms of a 1.7 ms first parse).
// A cache V8 refuses (another node, other flags) is dropped and the bundle compiles as usual;
// Bun ignores it, and so does TREEWARD_CODE_CACHE=0. It is never written at run time.
const parseBundle = await build({
  entryPoints: ['src/parser/index.ts'],
  write: false,
  bundle: true,
  minifyWhitespace: true,
  minifySyntax: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});
writeParseEntry(parseBundle.outputFiles[0].text, 'dist/lib/parse.js');

/** dist/lib/parse.js: an ES module holding the CommonJS bundle and V8's code cache for it. */
function writeParseEntry(bundleText, outfile) {
  const source = `(function (exports, require, module) {${bundleText}\n})`;
  const script = new Script(source, { filename: outfile });
  const loaded = { exports: {} };
  script.runInThisContext()(loaded.exports, undefined, loaded);
  // What nearly every agent line holds, in bash (the default). V8 reads the whole cache at every
  // start, so it holds that common path only (a larger cache costs more at import than it saves);
  // the rest (substitutions, here-documents, other dialects) compiles when a line uses it.
  const lines = [
    'cd web && npm run build 2>&1 | tail -n 20', "grep -rn 'TODO' src/ --include=*.ts | head -5 > todo.txt",
    'FOO=1 make -j4 all; git commit -m "fix: x" $X',
  ];
  for (const line of lines) loaded.exports.parse(line);
  const cache = script.createCachedData();
  if (new Script(source, { filename: outfile, cachedData: cache }).cachedDataRejected) throw new Error('V8 rejected the code cache it just made');
  const names = Object.keys(loaded.exports).sort();
  writeFileSync(outfile, `// treeward/parse (written by scripts/build.mjs): the bundle of src/parser/index.ts, run with V8's code cache for it.
import { Script } from 'node:vm';
const source = ${JSON.stringify(source)};
const cache = ${JSON.stringify(cache.toString('base64'))};
const useCache = !process.versions.bun && process.env.TREEWARD_CODE_CACHE !== '0';
const loaded = { exports: {} };
const script = new Script(source, { filename: import.meta.url, cachedData: useCache ? Buffer.from(cache, 'base64') : undefined });
script.runInThisContext()(loaded.exports, undefined, loaded);
export const { ${names.join(', ')} } = loaded.exports;
`);
}

execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
