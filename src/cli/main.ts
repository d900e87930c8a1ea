// The `treeward` binary: argument handling only; each subcommand lives in its
// own module. `main` does not run on import: the binary's loader (written by
// scripts/build.mjs) calls it with the process's argv, and the build calls it
// in-process to warm the code cache it ships.

import { readFileSync, realpathSync } from 'node:fs';
import { type Arguments, parseArguments, UsageError } from './arguments.js';
import { runCheck } from './check-command.js';
import { runDoctor } from './doctor.js';
import { commandHelp, generalHelp, helpOf, usageHint } from './help.js';
import { isHarnessFormat } from './harness/index.js';
import { defaultLogSettings, firstTimeFor, type LogSettings, recordVerdict } from './audit-log.js';
import { loadConfig } from './config-file.js';
import { type HookVerdict, judgeHook, maxRequestBytes } from './hook.js';
import { runInstall, type Self } from './install.js';
import { runLog } from './log-command.js';
import { isNativeProcess } from './native.js';
import { runParse } from './parse-command.js';
import { readStdinLimited, writeAll } from './stdin.js';
import { version } from './version.js';

export { type Arguments, parseArguments, UsageError } from './arguments.js';
// for the build (scripts/binary.mjs), which writes each harness's deny into the loader
export { defaultFormat, startFailureReplies } from './harness/index.js';

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

function processSelf(): Self {
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

function readCommand(command: string | null): string {
  if (command === null) throw new UsageError('missing COMMAND');
  if (command === '-') return readFileSync(0, 'utf8');
  return command;
}

export function main(argv: string[], io: Io = processIo): number {
  const first = argv[0];
  // the conventions of npm, eslint and tsc: help and version on stdout, exit 0
  if (first === '--help' || first === '-h' || (first === 'help' && argv.length === 1)) {
    io.write(generalHelp(version));
    return 0;
  }
  if (first === '--version' || first === '-V') {
    io.write(`${version}\n`);
    return 0;
  }
  if (first === 'help') return helpCommand(argv.slice(1), io);
  if (first === 'hook' && !asksForHelp(argv)) return hookCommand(argv, io);
  try {
    const parsed = parseArguments(argv);
    if (parsed.help) {
      io.write(helpOf(parsed.subcommand));
      return 0;
    }
    if (parsed.subcommand === 'parse') {
      const result = runParse(readCommand(parsed.command), parsed.shell ?? 'bash', parsed.json);
      io.write(result.stdout);
      return result.exitCode;
    }
    if (parsed.subcommand === 'check') {
      const result = runCheck(readCommand(parsed.command), parsed);
      io.write(result.stdout);
      if (result.stderr) io.writeError(result.stderr);
      return result.exitCode;
    }
    if (parsed.subcommand === 'log') {
      const terminal = io.terminal?.() ?? false;
      return runLog(parsed, {
        env: io.env, cwd: io.cwd(), write: io.write, writeError: io.writeError, terminal, columns: terminal ? io.columns?.() ?? null : null,
        now: io.now ?? (() => new Date()), pause: io.pause,
      });
    }
    if (parsed.subcommand === 'install' || parsed.subcommand === 'uninstall' || parsed.subcommand === 'doctor') {
      const surroundings = { env: io.env, cwd: io.cwd(), self: io.self?.() ?? processSelf() };
      const result = parsed.subcommand === 'doctor'
        ? runDoctor(surroundings)
        : runInstall({ action: parsed.subcommand, host: parsed.command, project: parsed.project, dryRun: parsed.dryRun }, surroundings);
      if (result.stdout) io.write(result.stdout);
      if (result.stderr) io.writeError(result.stderr);
      return result.exitCode;
    }
    throw new UsageError(`unknown command ${parsed.subcommand}`);
  } catch (error) {
    if (error instanceof UsageError) {
      const name = error.subcommand ?? null;
      const what = first === undefined ? 'missing command' : name === null && first.startsWith('-') ? `unknown option ${first}` : error.message;
      io.writeError(`treeward: ${what}\n${name ? `usage: treeward ${commandHelp[name]!.synopsis}\n` : ''}${usageHint(name)}`);
      return 2;
    }
    throw error;
  }
}

/** `treeward help [COMMAND]`. */
function helpCommand(rest: string[], io: Io): number {
  const [name, ...more] = rest;
  if (name === undefined) {
    io.write(generalHelp(version));
    return 0;
  }
  if (!commandHelp[name] || more.length > 0) {
    io.writeError(`treeward: ${more.length > 0 ? 'help takes one COMMAND' : `unknown command ${name}`}\n${usageHint(null)}`);
    return 2;
  }
  io.write(helpOf(name));
  return 0;
}

/** `hook -h` or `hook --help` prints the hook's usage; everything else about a hook answers the harness. */
function asksForHelp(argv: string[]): boolean {
  return argv.slice(1).some((a) => a === '--help' || a === '-h');
}

/**
 * `treeward hook` answers in the harness's own form, with the exit status it
 * reads: even a wrong command line, or a failure to read stdin, becomes a
 * deny the harness reads.
 */
function hookCommand(argv: string[], io: Io): number {
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
  const started = performance.now();
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
  const verdictMs = performance.now() - started;
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
