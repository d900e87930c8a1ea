// What the binary reads and writes: the process's own stdin, stdout, stderr,
// environment and directory, or a test's. Apart from main.ts so that the
// hook's own entry (./hook-main.ts) uses it without the rest of the CLI.

import { realpathSync } from 'node:fs';
import type { Self } from './install.js';
import { isNativeProcess } from './native.js';
import { readStdinLimited, writeAll } from './stdin.js';

/** What the binary reads and writes; the process's own by default. */
export interface Io {
  /** Up to `limit + 1` bytes of stdin. */
  readStdin(limit: number): Buffer;
  write(text: string): void;
  writeError(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
  cwd(): string;
  /** The runtime and the bin this treeward runs as, for the hook command `install` writes; the process's own by default. */
  self?(): Self;
  /** Whether stdout is a terminal (`treeward log` colours and cuts its rows only there). */
  terminal?(): boolean;
  /** The terminal's width. */
  columns?(): number | null;
  /** `treeward log --follow`'s wait between looks; false stops it (tests). */
  pause?(ms: number): boolean;
  /** The clock `treeward log --since` counts back from. */
  now?(): Date;
}

export function processSelf(): Self {
  if (isNativeProcess()) return { runtime: null, script: realpathSync(process.execPath) };
  return { runtime: process.execPath, script: realpathSync(process.argv[1] ?? '.') };
}

export const processIo: Io = {
  readStdin: readStdinLimited,
  // Straight to the descriptors: setting up process.stdout costs a hook start several milliseconds.
  write: (text) => writeAll(1, text),
  writeError: (text) => writeAll(2, text),
  env: process.env,
  cwd: () => process.cwd(),
  self: processSelf,
  // node:tty and process.stdout only for `treeward log`: the hook never sets them up
  terminal: () => process.getBuiltinModule('node:tty').isatty(1),
  columns: () => process.stdout.columns ?? null,
};
