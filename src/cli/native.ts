// The native executable `npm run build:native` makes (scripts/native.mjs):
// `dist/native/treeward` beside the bin `dist/treeward.cjs`, with
// `dist/native/treeward.json` saying which Bun made it, for which platform,
// and from which bundle (its sha-256). `treeward install` writes hooks that
// run it when it is there and was made from the bin's own bundle for this
// machine (a hook then starts in a fraction of node's time, bench/hook.mjs);
// `treeward doctor` reports it.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What scripts/native.mjs records beside the executable. */
export interface NativeBuild {
  bun: string;
  platform: string;
  arch: string;
  bundleSha256: string;
  /** The hook's own bundle it holds (scripts/binary.mjs), when the build made one. */
  hookBundleSha256?: string;
  bytes: number;
}

export interface NativeExecutable {
  path: string;
  /** Null when `treeward.json` is missing or unreadable. */
  build: NativeBuild | null;
  /** Why a hook should not run it (another platform, another bundle), null when it is current. */
  problem: string | null;
}

/** Whether this process is the native executable: Bun runs its embedded entry from its own virtual filesystem. */
export function isNativeProcess(): boolean {
  const entry = process.argv[1] ?? '';
  return process.versions['bun'] !== undefined && (entry.startsWith('/$bunfs/') || /^[A-Z]:[\\/]~BUN[\\/]/.test(entry));
}

/** The dist directory a treeward program lies in: the bin's own, or the native executable's parent's. */
export function distOf(program: string): string {
  const dir = dirname(program);
  return dir.endsWith('/native') && program.endsWith('/treeward') ? dirname(dir) : dir;
}

/** Whether `program` is a native executable in a `native/` directory (by its place, as the build lays it out). */
export function isNativePath(program: string): boolean {
  return program.endsWith('/native/treeward');
}

function sha256(path: string): string {
  // loaded here, not at start: the hook never hashes
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The native executable of the dist `program` lies in, or null when the build made none. */
export function nativeExecutableOf(program: string): NativeExecutable | null {
  const dist = distOf(program);
  const path = join(dist, 'native', 'treeward');
  if (!existsSync(path)) return null;
  let build: NativeBuild | null = null;
  try {
    build = JSON.parse(readFileSync(join(dist, 'native', 'treeward.json'), 'utf8')) as NativeBuild;
  } catch {
    return { path, build, problem: `it has no readable treeward.json beside it; run \`npm run build:native\`` };
  }
  if (build.platform !== process.platform || build.arch !== process.arch) {
    const here = `${process.platform}-${process.arch}`;
    return { path, build, problem: `it was made for ${build.platform}-${build.arch}, and this machine is ${here}; run \`npm run build:native\` here` };
  }
  // the native executable run alone (no bundle beside it) is the treeward there is; a hook runs the hook's own bundle
  for (const [name, recorded] of [['treeward-bundle.cjs', build.bundleSha256], ['treeward-hook-bundle.cjs', build.hookBundleSha256]] as const) {
    const bundle = join(dist, name);
    if (existsSync(bundle) && sha256(bundle) !== recorded) {
      return { path, build, problem: `it was made from another bundle than ${bundle}, so it would judge by older rules; run \`npm run build:native\`` };
    }
  }
  return { path, build, problem: null };
}

/** `111.9 MB, Bun 1.4.5, linux-x64`. */
export function describeNative(native: NativeExecutable): string {
  const bytes = native.build?.bytes ?? statSync(native.path).size;
  const made = native.build ? `, Bun ${native.build.bun}, ${native.build.platform}-${native.build.arch}` : '';
  return `${(bytes / 1e6).toFixed(1)} MB${made}`;
}
