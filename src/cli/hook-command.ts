// `treeward hook` as a command: its arguments, stdin, the harness's answer on
// stdout and stderr, and the audit log once the answer is out. Judging is
// ./hook.ts's. Used by the whole CLI (./main.ts) and by the hook's own entry
// (./hook-main.ts), which the bin runs for a hook so that a start compiles
// nothing of install, doctor or log.

import { type Arguments, parseArguments } from './arguments.js';
import { defaultLogSettings, firstTimeFor, type LogSettings, recordVerdict } from './audit-log.js';
import { loadConfig } from './config-file.js';
import { isHarnessFormat } from './harness/index.js';
import { type HookVerdict, judgeHook, maxRequestBytes } from './hook.js';
import type { Io } from './process-io.js';
import { version } from './version.js';

/** `hook -h` or `hook --help` prints the hook's usage; everything else about a hook answers the harness. */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv.slice(1).some((a) => a === '--help' || a === '-h');
}

/**
 * `treeward hook` answers in the harness's own form, with the exit status it
 * reads: even a wrong command line, or a failure to read stdin, becomes a
 * deny the harness reads.
 */
export function hookCommand(argv: string[], io: Io): number {
  let parsed: Arguments | null = null;
  let usageError: string | null = null;
  try {
    parsed = parseArguments(argv);
  } catch (error) {
    usageError = error instanceof Error ? error.message : 'unreadable arguments';
  }
  let input: Buffer;
  try {
    input = io.readStdin(maxRequestBytes);
  } catch {
    input = Buffer.alloc(0);
  }
  if (input.length > longRequestBytes) releaseJit();
  const started = process.hrtime.bigint();
  const { reply, verdict } = judgeHook(input, {
    format: parsed?.format ?? formatNamedIn(argv),
    config: parsed?.config ?? null,
    shell: parsed?.shell ?? null,
    tree: parsed?.tree ?? null,
    runDirs: parsed?.runDirs ?? [],
    usageError,
    platform: parsed?.platform ?? null,
    sh: parsed?.sh ?? null,
  }, { env: io.env, cwd: io.cwd() });
  // process.hrtime, not performance.now(): the global `performance` loads node:perf_hooks, about 1 ms of a hook start
  const verdictMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (reply.stdout) io.write(reply.stdout);
  if (reply.stderr) io.writeError(reply.stderr);
  // the audit log, once the answer is out; it never changes the answer
  if (verdict !== null) {
    const problem = logHookVerdict(verdict, verdictMs, parsed?.config ?? null, io);
    // stderr only where it carries no answer: an exit-status harness reads a deny's reason there, Gemini CLI reads stderr when stdout is empty
    if (problem !== null && reply.stderr === '' && reply.stdout !== '' && firstTimeFor(problem, io.env)) {
      io.writeError(`treeward: ${problem}, so this verdict and later ones are not logged (said once; \`log: false\` in the configuration turns the log off)\n`);
    }
  }
  return reply.exitCode;
}

/** The verdict's line in the audit log; null when written or not wanted, else why it could not be. */
function logHookVerdict(verdict: HookVerdict, verdictMs: number, configArg: string | null, io: Io): string | null {
  try {
    const settings = verdict.config?.log ?? logSettingsOf(configArg, verdict.tree, io);
    const answer = verdict.answer;
    return recordVerdict({
      time: new Date().toISOString(),
      harness: verdict.harness,
      session: verdict.session,
      tree: verdict.tree,
      directory: verdict.directory,
      dialect: verdict.dialect,
      platform: verdict.platform,
      command: verdict.commands === null ? null : verdict.commands.join('\n'),
      decision: answer.decision,
      id: answer.decision === 'deny' ? answer.id : null,
      reason: answer.decision === 'deny' ? answer.reason : null,
      span: answer.decision === 'deny' ? answer.span ?? null : null,
      version,
      verdictMs: Math.round(verdictMs * 100) / 100,
    }, settings, io.env);
  } catch (error) {
    return `the audit log could not be written (${error instanceof Error ? error.message.slice(0, 200) : 'an unknown failure'})`;
  }
}

/**
 * The log's settings when judging read no configuration (a request refused
 * before it, or a configuration refused): the configuration file's `log`,
 * and the defaults when it cannot be read or lies in the tree, where the
 * agent could have turned the log off.
 */
function logSettingsOf(configArg: string | null, tree: string | null, io: Io): LogSettings {
  const home = io.env['HOME'] || '/';
  // with no tree known (the request was refused before one was), a file is read wherever it lies
  const config = loadConfig(configArg, io.cwd(), home, tree ?? '\0', tree ?? '\0');
  return typeof config === 'string' ? defaultLogSettings : config.log;
}

/** A request this large is judged long enough for JavaScriptCore's JIT to pay. */
const longRequestBytes = 64 << 10;

/**
 * The native executable starts with the JIT held back (scripts/native.mjs),
 * which speeds the run-once code of a typical verdict; this puts the usual
 * policy back (Bun.unsafe.setJITPolicy; nothing elsewhere).
 */
function releaseJit(): void {
  (globalThis as { Bun?: { unsafe?: { setJITPolicy?(scale: number): void } } }).Bun?.unsafe?.setJITPolicy?.(1);
}

/** The `--format` of a command line that did not parse, so the deny is still in the harness's form. */
function formatNamedIn(argv: string[]): Arguments['format'] {
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i] === '--format' ? argv[i + 1] : argv[i]!.startsWith('--format=') ? argv[i]!.slice(9) : undefined;
    if (value !== undefined && isHarnessFormat(value)) return value;
  }
  return null;
}
