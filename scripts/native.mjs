// The native executable (issue 18 item 1, SPEC §6): dist/native/treeward, one
// file that runs without node or Bun installed, made by the Bun of the
// devDependencies (`bun build --compile`) from the very bundles the node bin
// runs (dist/treeward-bundle.cjs, and dist/treeward-hook-bundle.cjs, which a
// hook requires alone, as the bin's loader does), so it answers as the bin
// does. Its code is stored as Bun's bytecode, so a start parses nothing;
// minified, no source map. Its size is Bun's runtime (about 107 MB for
// linux-x64) and a few MB of bytecode; the bundles hold the CLI alone
// (src/cli/main.ts, src/cli/hook-main.ts and the layers they import). Both
// are inside, since the executable is the whole CLI too (install, doctor);
// the second costs 1.4 MB, and a hook loads only its own.
//
// A compiled Bun program reads `.env` and `bunfig.toml` (whose `preload` runs
// code) from the directory it starts in unless built without them; a hook
// starts in the agent's tree, so all four autoloads are off.
//
//   dist/native/treeward        the executable, for this machine's platform and CPU
//   dist/native/treeward.json   the Bun that made it and the bundles it holds (sha-256), for `treeward doctor` and `install`

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const bunPath = fileURLToPath(new URL('../node_modules/.bin/bun', import.meta.url));

/**
 * What `bun build` is told beside the entry (Bun 1.4.5's flags). The JIT
 * starts 16 times more reluctant than usual (`--compile-jit-policy`): a
 * verdict runs most of its code once, and on a loaded 2-core machine
 * compiling it cost more than it saved (a hook about 4 ms sooner in
 * bench/hook.mjs; 4 and 64 did no better). The hook puts the usual policy
 * back for a request large enough to run long (src/cli/main.ts).
 */
export const compileFlags = [
  '--compile', '--bytecode', '--minify', '--sourcemap=none', '--format=cjs', '--compile-jit-policy=16',
  '--no-compile-autoload-dotenv', '--no-compile-autoload-bunfig', '--no-compile-autoload-tsconfig', '--no-compile-autoload-package-json',
];

/** The hook's own bundle beside `bundlePath` (x-bundle.cjs → x-hook-bundle.cjs, scripts/binary.mjs), or null when there is none. */
function hookBundleOf(bundlePath) {
  const hookBundle = bundlePath.replace(/-bundle\.cjs$/, '-hook-bundle.cjs');
  return hookBundle !== bundlePath && existsSync(hookBundle) ? hookBundle : null;
}

/** The sha-256 of a file, hex: what ties an executable to the bundle it was made from. */
export function fileSha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * Compiles `bundlePath` (a CommonJS bundle exporting `main`) into
 * `outdir/treeward` with its `treeward.json`, and checks that it runs. The
 * executable is written beside and renamed into place, so a hook that starts
 * while it is rebuilt runs the old one or the new one, never half of one.
 * Throws when Bun is missing or the compile fails: the caller decides
 * whether that fails the build (it does in CI).
 */
export function buildNative(bundle, dir, { expectVersion } = {}) {
  const bundlePath = resolve(bundle);
  const outdir = resolve(dir);
  if (!existsSync(bunPath)) throw new Error(`no Bun at ${bunPath} (a devDependency: run npm ci)`);
  mkdirSync(outdir, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'treeward-native-'));
  const outfile = join(outdir, 'treeward');
  const partial = join(outdir, `.treeward-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    const entry = join(scratch, 'entry.cjs');
    // what the node bin's loader does with the bundles, less the loading: both are inside, and a hook requires only its own
    const hookBundlePath = hookBundleOf(bundlePath);
    const hook = 'argv[0] === "hook" && !argv.slice(1).some((a) => a === "--help" || a === "-h")';
    writeFileSync(entry, hookBundlePath === null
      ? `"use strict";\nprocess.exit(require(${JSON.stringify(bundlePath)}).main(process.argv.slice(2)));\n`
      : `"use strict";\nconst argv = process.argv.slice(2);\n`
        + `process.exit((${hook} ? require(${JSON.stringify(hookBundlePath)}) : require(${JSON.stringify(bundlePath)})).main(argv));\n`);
    const run = spawnSync(bunPath, ['build', entry, ...compileFlags, '--outfile', partial], { encoding: 'utf8', cwd: scratch });
    if (run.status !== 0 || !existsSync(partial)) {
      const why = (run.stderr || run.stdout || run.error?.message || `exit ${run.status}`).trim().split('\n').slice(-3).join(' ');
      throw new Error(`bun build --compile failed: ${why}`);
    }
    chmodSync(partial, 0o755);
    const version = spawnSync(partial, ['--version'], { encoding: 'utf8', cwd: scratch });
    if (version.status !== 0 || (expectVersion && version.stdout.trim() !== expectVersion)) {
      throw new Error(`the executable does not run: --version gave exit ${version.status}, ${JSON.stringify(version.stdout.trim())} ${version.stderr.trim()}`);
    }
    renameSync(partial, outfile);
    const bun = spawnSync(bunPath, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const made = { bun, platform: process.platform, arch: process.arch, bundleSha256: fileSha256(bundlePath), bytes: statSync(outfile).size };
    if (hookBundlePath !== null) made.hookBundleSha256 = fileSha256(hookBundlePath);
    writeFileSync(`${partial}.json`, JSON.stringify(made, null, 2) + '\n');
    renameSync(`${partial}.json`, join(outdir, 'treeward.json'));
    return { path: outfile, ...made };
  } finally {
    rmSync(partial, { force: true });
    rmSync(`${partial}.json`, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}
