// What the hook tests share: the built binary and the runtimes that run it, a
// scratch tree with a home and a temp dir of its own, the recorded requests
// (test/hook/requests/*.json, with `${TREE}` and `${HOME}` filled in), and the
// approver's own verdict, so an expected deny quotes the approver's sentence
// rather than a copy of it.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import type { DenyId } from '../../src/approver/types.js';
import { bunHookFlags } from '../../src/cli/install.js';
import * as nodeFs from 'node:fs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const distBinary = join(root, 'dist', 'treeward.cjs');
const bunBinary = join(root, 'node_modules', '.bin', 'bun');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The native executable made from each bin's bundle, by the bin's path (builtBinary finds or makes it). */
const nativeExecutables = new Map<string, string>();

interface NativeBuild {
  buildNative(bundle: string, outdir: string, options?: { expectVersion?: string }): { path: string };
  fileSha256(path: string): string;
}

/**
 * The binary under test: dist/treeward.cjs as `npm test` just built it, or,
 * when that is missing or older than the sources (a bare `vitest run
 * test/hook`), one built the same way into a scratch directory. Where Bun is
 * installed, also the native executable of the same bundle (for the runtime
 * `native`): dist/native/treeward when `npm run build:native` made it from
 * that bundle, else one made into the scratch directory; a failure to make it
 * fails the tests that need it, in CI and out.
 */
export async function builtBinary(scratch: string): Promise<string> {
  const sources = Math.max(newestSource(join(root, 'src')), ...['binary.mjs', 'native.mjs'].map((name) => statSync(join(root, 'scripts', name)).mtimeMs));
  let bin = distBinary;
  if (!existsSync(distBinary) || statSync(distBinary).mtimeMs < sources) {
    bin = join(scratch, 'treeward.cjs');
    const { buildBinary } = (await import(new URL('../../scripts/binary.mjs', import.meta.url).href)) as { buildBinary(out: string): Promise<boolean> };
    await buildBinary(bin);
  }
  if (existsSync(bunBinary)) nativeExecutables.set(bin, await nativeExecutableFor(bin, scratch));
  return bin;
}

async function nativeExecutableFor(bin: string, scratch: string): Promise<string> {
  const native = (await import(new URL('../../scripts/native.mjs', import.meta.url).href)) as NativeBuild;
  const bundle = join(dirname(bin), 'treeward-bundle.cjs');
  const made = join(dirname(bin), 'native');
  try {
    const recorded = JSON.parse(readFileSync(join(made, 'treeward.json'), 'utf8')) as { bundleSha256?: string; hookBundleSha256?: string };
    const hookBundle = join(dirname(bin), 'treeward-hook-bundle.cjs');
    const current = recorded.bundleSha256 === native.fileSha256(bundle) && recorded.hookBundleSha256 === native.fileSha256(hookBundle);
    if (current && existsSync(join(made, 'treeward'))) return join(made, 'treeward');
  } catch {
    // not made, or not from this bundle: made below
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return native.buildNative(bundle, join(scratch, 'native'), { expectVersion: version }).path;
}

/** The native executable made from `bin`'s bundle. */
export function nativeExecutable(bin: string): string {
  const found = nativeExecutables.get(bin);
  if (found === undefined) throw new Error(`no native executable was made for ${bin}: get the bin from builtBinary()`);
  return found;
}

export interface Runtime {
  /** `native`: the executable `npm run build:native` makes, which is its own program. */
  name: 'node' | 'bun' | 'native';
  /** The program and arguments that run a script (none for `native`). */
  argv: string[];
}

/**
 * node, and Bun when installed (a devDependency; CI fails rather than skip when
 * it is missing), each run as `treeward install` writes the hook: Bun with the
 * flags that keep it from reading the tree's `.env` and `bunfig.toml`.
 */
export function runtimes(): Runtime[] {
  const found: Runtime[] = [{ name: 'node', argv: [process.execPath] }];
  if (existsSync(bunBinary)) found.push({ name: 'bun', argv: [bunBinary, ...bunHookFlags] }, { name: 'native', argv: [] });
  else if (process.env['CI']) throw new Error(`Bun is not installed at ${bunBinary}: run npm ci`);
  return found;
}

/** The runtimes that run a script file (the plugins are loaded by a host's runtime, never by the native executable). */
export function scriptRuntimes(): Runtime[] {
  return runtimes().filter((runtime) => runtime.name !== 'native');
}

export interface Scratch {
  dir: string;
  /** The working tree, resolved: `.git/`, `src/main.ts`, `build/out.js`, `README.md`. */
  tree: string;
  home: string;
  /** The temp dir the hook is given (TMPDIR), apart from the tree and from `outside`. */
  temp: string;
  /** A directory outside the tree, the home and the temp dir. */
  outside: string;
  cleanup(): void;
}

/**
 * Where scratch trees are made: not under /tmp, which the approver reads as a
 * temp dir on every platform (SPEC §3 Inputs), so that the home and `outside`
 * are outside every temp dir, as on a real machine.
 */
function scratchBase(): string {
  const candidates = [tmpdir(), '/var/tmp', join(root, 'node_modules', '.cache')];
  for (const base of candidates) {
    try {
      const real = realpathSync(base);
      if (real === '/tmp' || real.startsWith('/tmp/')) continue;
      accessSync(real, constants.W_OK);
      return real;
    } catch {
      // not there, or not writable: the next
    }
  }
  mkdirSync(candidates.at(-1)!, { recursive: true });
  return candidates.at(-1)!;
}

export function makeScratch(): Scratch {
  const dir = realpathSync(mkdtempSync(join(scratchBase(), 'treeward-hook-')));
  const tree = join(dir, 'tree');
  const home = join(dir, 'home');
  const temp = join(dir, 'tmp');
  const outside = join(dir, 'elsewhere');
  for (const d of [tree, home, temp, outside, join(tree, '.git'), join(tree, 'src'), join(tree, 'build')]) mkdirSync(d, { recursive: true });
  writeFileSync(join(tree, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(tree, 'src', 'main.ts'), 'export {};\n');
  writeFileSync(join(tree, 'build', 'out.js'), '\n');
  writeFileSync(join(tree, 'README.md'), '# tree\n');
  return { dir, tree, home, temp, outside, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment the hook runs in: nothing from the test's own. */
export function hookEnv(scratch: Scratch, extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: scratch.home, SHELL: '/bin/bash', PATH: '/usr/local/bin:/usr/bin:/bin', TMPDIR: scratch.temp, ...extra };
}

/** A recorded request with `${TREE}`/`${HOME}` filled in, and fields overridden. */
export function request(name: string, scratch: Scratch, override: { cwd?: string; tool_input?: Record<string, unknown> } = {}): Record<string, unknown> {
  const text = readFileSync(join(root, 'test', 'hook', 'requests', `${name}.json`), 'utf8')
    .replaceAll('${TREE}', scratch.tree).replaceAll('${HOME}', scratch.home);
  const recorded = JSON.parse(text) as Record<string, unknown>;
  if (override.cwd !== undefined) recorded['cwd'] = override.cwd;
  if (override.tool_input) recorded['tool_input'] = { ...(recorded['tool_input'] as object), ...override.tool_input };
  return recorded;
}

export interface HookRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `binary hook ARGS…` under `runtime`; under `native`, the native executable made from `binary`'s bundle. */
export function runHook(runtime: Runtime, binary: string, input: string | Buffer, options: { args?: string[]; env: Record<string, string>; cwd: string }): HookRun {
  const argv = runtime.name === 'native' ? [nativeExecutable(binary)] : [...runtime.argv, binary];
  const r = spawnSync(argv[0]!, [...argv.slice(1), 'hook', ...(options.args ?? [])], {
    input, env: options.env, cwd: options.cwd, encoding: 'utf8', maxBuffer: 64 << 20,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The approver's verdict on `command` run in `cwd`, with the options the hook gives it for `scratch`. */
export function approverDenial(command: string, scratch: Scratch, cwd: string, expectedId: DenyId): string {
  const verdict = approve(command, {
    dialect: 'bash', tree: scratch.tree, cwd, tempDir: scratch.temp, home: scratch.home, env: hookEnv(scratch), fs: fileSystemFrom(nodeFs),
  });
  if (verdict.decision !== 'deny' || verdict.id !== expectedId) {
    throw new Error(`expected the approver to refuse ${JSON.stringify(command)} in ${cwd} as ${expectedId}, got ${JSON.stringify(verdict)}`);
  }
  return verdict.reason;
}

/** The hand-back for an allow (SPEC §4). */
export function pinned(dir: string, command: string): string {
  return `cd -- '${dir.replace(/'/g, "'\\''")}' && {\n${command}\n}`;
}
