// The hook's own entry: what the bin (scripts/binary.mjs) and the native
// executable (scripts/native.mjs) run for `treeward hook` without `--help`,
// bundled apart from ./main.ts so that a hook start reads, compiles and
// initialises only what a verdict needs (not install, doctor, log, check or
// parse). It answers exactly as `main(['hook', …])` does, since both run
// ./hook-command.ts; every other command line goes to ./main.ts.

import { asksForHelp, hookCommand } from './hook-command.js';
import { type Io, processIo } from './process-io.js';

// for the build (scripts/binary.mjs), which writes each harness's deny into the loader
export { defaultFormat, startFailureReplies } from './harness/index.js';

/** Whether `argv` (after the program) is one this entry answers: `hook`, without `-h` or `--help`. */
export function isHookCommandLine(argv: readonly string[]): boolean {
  return argv[0] === 'hook' && !asksForHelp(argv);
}

/** `treeward hook ARGS…`: the exit status; argv starts with `hook`. */
export function main(argv: string[], io: Io = processIo): number {
  return hookCommand(argv, io);
}
