// What the binary takes from its surroundings: the dialect a `$SHELL` names,
// directories made absolute and resolved through their links, and node's fs
// as the approver's seam.

import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { NodeLikeFs } from '../approver/fs.js';
import type { DialectName } from '../syntax/dialect.js';

/** What the seam's stat calls throw for a path that does not exist: made once, since node's own ENOENT error costs a stack trace each time. */
let noEntry: Error | undefined;

function found<T>(stats: T | undefined): T {
  if (stats === undefined) throw (noEntry ??= Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' }));
  return stats;
}

/**
 * node's fs for the approver (src/approver/fs.ts), from named imports: the
 * bundle turns `import * as fs` into a copy of every export of node:fs at
 * start. A missing path is told by `throwIfNoEntry: false`, without the
 * exception node builds for it (a hook start meets several: ~/.bashrc,
 * .gitmodules); the seam reads the same ENOENT either way.
 */
export const nodeFileSystem: NodeLikeFs = {
  lstatSync: (path) => found(lstatSync(path, { throwIfNoEntry: false })),
  statSync: (path) => found(statSync(path, { throwIfNoEntry: false })),
  readlinkSync: (path) => readlinkSync(path),
  readdirSync: (path) => readdirSync(path),
  readFileSync: (path, encoding) => readFileSync(path, encoding),
};

/** zsh → zsh, bash → bash, sh/dash → sh; anything else: null. */
export function shellFromEnvironment(shell: string | undefined): DialectName | null {
  if (!shell) return null;
  const base = shell.slice(shell.lastIndexOf('/') + 1);
  if (base === 'zsh') return 'zsh';
  if (base === 'bash' || base === 'rbash') return 'bash';
  if (base === 'sh' || base === 'dash') return 'sh';
  return null;
}

/** A path through every link (realpath), or null when it cannot be read: for finding which `/bin/sh` the machine has (platform.ts `binShOf`). */
export function resolvedPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The directory made absolute; with `resolveLinks`, its resolved form (the
 * tree's containment tests use that). Null when it is not a directory.
 */
export function absoluteDirectory(dir: string, resolveLinks = true): string | null {
  const absolute = isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
  try {
    if (!statSync(absolute).isDirectory()) return null;
    return resolveLinks ? realpathSync(absolute) : absolute;
  } catch {
    return null;
  }
}

/**
 * node:child_process, loaded when a command needs it: required at start (as
 * a bundle's import is), it and what it loads cost every hook several
 * milliseconds (bench/hook.mjs), and the hook never spawns anything.
 */
export function childProcess(): typeof import('node:child_process') {
  return process.getBuiltinModule('node:child_process');
}

/** node:vm, loaded when `doctor` needs it (under Bun the binary's loader does not load it). */
export function vmModule(): typeof import('node:vm') {
  return process.getBuiltinModule('node:vm');
}
