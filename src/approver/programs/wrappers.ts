// Wrappers: programs that run their operands as a command (`nohup`, `nice`,
// `sudo`, `env`, `xargs`, `parallel` …), with the options each reads before
// the command, what those options write, and the commands some take as text
// (`flock -c`, `watch`, `script -c`, `su -c`).

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument, listedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { type Arity, has, options, readOptions, valuesOf } from '../core/options.js';
import { joinPath } from '../core/path-text.js';
import { shellNamed } from '../core/shells.js';

/** What a wrapper's own reading adds before its command: actions, and how many operands to pass over (`'rest'`: all of them, nothing runs). */
type Before = { actions: Action[]; skip: number | 'rest' };

/** A wrapper that reads its own options (up to its command) and then runs the rest as a command. */
function wrapper(
  names: string[],
  shortSpec: string,
  long: readonly (string | [string, Arity, string?])[],
  before?: (invocation: Invocation, operands: Argument[]) => Action[] | Before | null,
  more: Partial<ProgramRow> = {},
): ProgramRow {
  return {
    names,
    options: options(shortSpec, long, true),
    read: (invocation) => {
      let operands = invocation.line.operands;
      const out: Action[] = [];
      if (before) {
        const extra = before(invocation, operands);
        if (extra && !Array.isArray(extra)) {
          out.push(...extra.actions);
          operands = extra.skip === 'rest' ? [] : operands.slice(extra.skip);
        } else if (extra) out.push(...extra);
      }
      if (operands.length > 0) out.push({ kind: 'run', argv: operands });
      return out;
    },
    ...more,
  };
}

/** `-o FILE` (`--output`): the file a tracing wrapper writes its trace to. */
function outputFile(by: string) {
  return ({ line }: Invocation): Action[] => valuesOf(line, 'o', 'output').map((o) => ({ kind: 'write', arg: valueArgument(o), by }) as Action);
}

const commandOptions = options('pvV', [], true);
const execOptions = options('a:cl', [], true);
const watchOptions = options('bcCdegn:pqtwx', ['beep', 'color', 'no-color', ['differences', 'optional'], 'errexit', 'chgexit', ['interval', 'required'], 'precise', 'no-title', 'no-wrap', 'exec', 'no-linewrap'], true);
const scriptOptions = options('ac:eE:fl:I:O:qB:T:t::m:', [['command', 'required'], 'append', 'return', 'flush', 'quiet', ['log-io', 'required'], ['log-in', 'required'], ['log-out', 'required'], ['log-timing', 'required']]);
const xargsOptions = options('0a:d:E:e::I:i::L:l::n:oP:prs:tx', ['null', ['arg-file', 'required'], ['delimiter', 'required'], ['eof', 'optional'], ['replace', 'optional'], ['max-lines', 'optional'], ['max-args', 'required'], 'open-tty', ['max-procs', 'required'], 'interactive', 'no-run-if-empty', ['max-chars', 'required'], 'verbose', 'exit', 'show-limits', ['process-slot-var', 'required']], true);
const parallelOptions = options('0a:d:E:I:j:kn:NP:qrsS:t:uvX', [['jobs', 'required'], 'keep-order', 'dry-run', ['arg-file', 'required'], 'null', 'pipe', 'quote', 'tag', 'verbose', 'halt'], true);

export const rows: ProgramRow[] = [
  wrapper(['nohup'], '', [], undefined, { shadowable: true, passesStdio: true }),
  wrapper(['nice'], 'n:', [['adjustment', 'required']], undefined, { shadowable: true, passesStdio: true }),
  wrapper(['ionice'], 'c:n:p:P:tu:', [['class', 'required'], ['classdata', 'required'], 'ignore', ['pid', 'required'], ['pgid', 'required'], ['uid', 'required']]),
  wrapper(['stdbuf'], 'i:o:e:', [['input', 'required'], ['output', 'required'], ['error', 'required']], undefined, { passesStdio: true }),
  wrapper(['setsid'], 'cfw', ['ctty', 'fork', 'wait']),
  wrapper(['timeout'], 'k:s:v', [['kill-after', 'required'], ['signal', 'required'], 'foreground', 'preserve-status', 'verbose'], () => ({ actions: [], skip: 1 }), { shadowable: true, passesStdio: true }),
  wrapper(['taskset'], 'acp', ['all-tasks', 'cpu-list', 'pid'], ({ line }) => (has(line, 'p', 'pid') ? { actions: [], skip: 'rest' } : { actions: [], skip: 1 })),
  wrapper(['chrt'], 'abdfiorRpD:T:P:ve', [], () => ({ actions: [], skip: 1 })),
  wrapper(['numactl'], 'aC:m:N:p:l', [['interleave', 'required'], ['membind', 'required'], ['cpunodebind', 'required'], ['physcpubind', 'required'], 'localalloc', ['preferred', 'required']]),
  wrapper(['prlimit'], 'p:', [['pid', 'required'], 'noheadings', ['output', 'required'], 'raw', 'verbose', ['as', 'optional'], ['core', 'optional'], ['cpu', 'optional'], ['data', 'optional'], ['fsize', 'optional'], ['nofile', 'optional'], ['nproc', 'optional'], ['stack', 'optional']]),
  wrapper(['strace'], 'cdfFhiqrtTvVxyzCDe:o:p:s:u:E:', [['output', 'required']], outputFile('strace -o')),
  wrapper(['ltrace'], 'cCfhiLrStTVe:o:p:s:u:n:', [['output', 'required']], outputFile('ltrace -o')),
  wrapper(['fakeroot'], 'l:s:i:u', [['lib', 'required'], ['faked', 'required'], 'unknown-is-real']),
  wrapper(['setpriv'], 'd', [['reuid', 'required'], ['regid', 'required'], ['groups', 'required'], 'clear-groups', 'keep-groups', 'init-groups', ['inh-caps', 'required'], ['bounding-set', 'required'], 'no-new-privs']),
  wrapper(['unshare'], 'mupinUCTrfR:w:S:G:', ['mount', 'uts', 'ipc', 'net', 'pid', 'user', 'cgroup', 'time', 'fork', 'map-root-user', 'map-current-user', ['root', 'required'], ['wd', 'required']]),
  wrapper(['nsenter'], 'at:mupinUCTrw', [['target', 'required'], 'all', ['root', 'optional'], ['wd', 'optional']]),
  wrapper(['firejail'], '', ['quiet', 'noprofile', 'private', 'net', 'noroot', 'seccomp', ['profile', 'required']]),
  wrapper(['systemd-run'], 'pGqtu:', ['user', 'scope', 'wait', 'pipe', 'pty', 'quiet', ['unit', 'required'], ['property', 'required'], ['working-directory', 'required'], 'same-dir', 'collect']),
  wrapper(['noglob', 'nocorrect', '-'], '', []),
  { names: ['builtin'], read: ({ args }) => (args.length > 1 ? [{ kind: 'run', argv: args.slice(1), noFunctions: true }] : []) },
  {
    names: ['command'],
    options: commandOptions,
    passesStdio: true,
    read: ({ line }) => {
      if (has(line, 'v', 'V')) return [];
      return line.operands.length > 0 ? [{ kind: 'run', argv: line.operands, noFunctions: true }] : [];
    },
  },
  { names: ['exec'], options: execOptions, read: ({ line }) => (line.operands.length > 0 ? [{ kind: 'run', argv: line.operands }] : []) },
  wrapper(['time'], 'ao:pqvf:', [['output', 'required'], 'append', 'portability', 'verbose', 'quiet', ['format', 'required']], outputFile('time -o'), { shadowable: true, passesStdio: true }),
  wrapper(['sudo'], 'AbEeg:hHiKklnPp:r:sSt:T:u:UvVC:D:R:', [['user', 'required'], ['group', 'required'], 'preserve-env', 'login', 'shell', 'non-interactive', ['chdir', 'required'], ['prompt', 'required'], 'stdin', 'background', 'edit'], ({ line, span }) => {
    if (has(line, 'e', 'edit')) return [runsCode(span, { source: 'editor', edits: 'sudo -e' })];
    return null;
  }, { shadowable: true }),
  wrapper(['doas'], 'nsu:C:L', []),
  wrapper(['flock'], 'sexunw:E:oFc:', ['shared', 'exclusive', 'unlock', 'nonblock', ['timeout', 'required'], ['conflict-exit-code', 'required'], 'close', 'no-fork', ['command', 'required'], 'verbose'], flockCommand),
  { names: ['watch'], options: watchOptions, read: readWatch },
  { names: ['script'], options: scriptOptions, read: readScript },
  { names: ['su', 'runuser'], read: readSu },
  { names: ['env'], shadowable: true, passesStdio: true, read: readEnv },
  { names: ['xargs'], options: xargsOptions, shadowable: true, read: readXargs },
  { names: ['parallel'], read: readParallel },
  { names: ['busybox'], read: ({ args }) => (args.length > 1 ? [{ kind: 'run', argv: args.slice(1) }] : []) },
];

/**
 * su and runuser: `su [options] [-] [user [args]]` reads options on either
 * side of the user (`su dev -c '…'`); `runuser -u user [--] command [args]`
 * runs a command directly, and stops reading options at it.
 */
function readSu({ name, args, span }: Invocation): Action[] {
  const commandForm = name === 'runuser' && args.some((a) => a.text === '-u' || (a.text?.startsWith('--user') ?? false) || /^-u./.test(a.text ?? ''));
  const line = readOptions(args.slice(1), options('c:flmps:u:g:G:P', [['command', 'required'], ['session-command', 'required'], 'login', 'preserve-environment', ['shell', 'required'], ['user', 'required'], ['group', 'required'], 'pty'], commandForm));
  const commands = valuesOf(line, 'c', 'command', 'session-command');
  const out: Action[] = commands.map((o) => (o.value === null ? runsCode(span, { source: 'unfixed', via: `\`${name} -c\``, what: 'command' }) : ({ kind: 'shell-code', code: o.value, span, dialect: 'sh' }) as Action));
  for (const o of valuesOf(line, 's', 'shell')) if (o.value === null || shellNamed(o.value.slice(o.value.lastIndexOf('/') + 1))?.plain !== true) out.push(runsCode(span, { source: 'unread-shell', via: `\`${name} -s\``, runs: 'shell' }));
  if (commands.length > 0) return out;
  if (commandForm) return line.operands.length > 0 ? [...out, { kind: 'run', argv: line.operands }] : out;
  // words after the user go to the user's shell as its arguments (a script, or `-c …`)
  const operands = line.operands.filter((a) => a.text !== '-');
  if (operands.length > 1) out.push(runsCode(span, { source: 'hands-to-shell', via: `\`${name}\``, what: 'user shell' }));
  return out;
}

/** env's grouped short options as separate words: `-iS'cmd'` is `-i -S cmd`, `-vu NAME` is `-v -u NAME`. */
function expandEnvClusters(args: Argument[]): Argument[] {
  const out: Argument[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    const t = a.text;
    if (t === null || !/^-[^-]./.test(t)) {
      out.push(a);
      // the command starts at the first word that is neither an option nor an assignment
      if (t === null || (!t.startsWith('-') && !t.includes('='))) return [...out, ...args.slice(k + 1)];
      if (t === '-u' || t === '-C' || t === '-S') if (k + 1 < args.length) out.push(args[++k]!);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const letter = t[j]!;
      out.push(derivedArgument(a, `-${letter}`));
      if (letter === 'u' || letter === 'C' || letter === 'S') {
        if (j + 1 < t.length) out.push(derivedArgument(a, t.slice(j + 1)));
        else if (k + 1 < args.length) out.push(args[++k]!);
        break;
      }
    }
  }
  return out;
}

function readEnv({ args, ctx, span }: Invocation): Action[] {
  const rest = expandEnvClusters(args.slice(1));
  const environment: [string, string][] = [];
  let i = 0;
  let dirs: Directories | undefined;
  const out: Action[] = [];
  while (i < rest.length) {
    const a = rest[i]!;
    const t = a.text;
    if (t === null) return [runsCode(span, { source: 'unfixed', via: '`env`', what: 'word' })];
    if (t === '-i' || t === '--ignore-environment' || t === '-0' || t === '--null' || t === '-v' || t === '--debug' || t === '-') { i++; continue; }
    if (t === '-u' || t === '--unset') { i += 2; continue; }
    if (t.startsWith('--unset=') || (t.startsWith('-u') && t.length > 2)) { i++; continue; }
    if (t === '-C' || t === '--chdir' || t.startsWith('--chdir=') || (t.startsWith('-C') && t.length > 2)) {
      const value = t === '-C' || t === '--chdir' ? rest[i + 1]?.text ?? null : t.startsWith('--chdir=') ? t.slice(8) : t.slice(2);
      i += t === '-C' || t === '--chdir' ? 2 : 1;
      if (value === null) dirs = null;
      else dirs = ctx.dirs === null && !value.startsWith('/') ? null : value.startsWith('/') ? [value] : ctx.dirs!.map((d) => joinPath(d, value));
      continue;
    }
    if (t === '-S' || t === '--split-string' || t.startsWith('--split-string=') || (t.startsWith('-S') && t.length > 2)) {
      const value = t === '-S' || t === '--split-string' ? rest[i + 1]?.text ?? null : t.startsWith('--split-string=') ? t.slice(15) : t.slice(2);
      if (value === null) return [runsCode(span, { source: 'unfixed', via: '`env -S`', what: 'text' })];
      const split = splitEnvString(value);
      if (split === null) return [runsCode(span, { source: 'unsplittable', what: 'env -S' })];
      const from = rest[i]!;
      const extra = split.map((w) => derivedArgument(from, w));
      rest.splice(i, t === '-S' || t === '--split-string' ? 2 : 1, ...extra);
      continue;
    }
    if (t.startsWith('-')) { i++; continue; }
    const eq = t.indexOf('=');
    // env takes any word with `=` before the command as an assignment, whatever its name (`BASH_FUNC_ls%%=…`)
    if (eq > 0) {
      environment.push([t.slice(0, eq), t.slice(eq + 1)]);
      i++;
      continue;
    }
    break;
  }
  const argv = rest.slice(i);
  if (argv.length > 0) out.push({ kind: 'run', argv, environment, ...(dirs !== undefined ? { dirs } : {}) });
  return out;
}

/** env -S: split as env does (blanks, single and double quotes, backslash escapes). */
function splitEnvString(text: string): string[] | null {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) { words.push(current); current = ''; inWord = false; }
      continue;
    }
    inWord = true;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return null;
      current += text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && j + 1 < text.length) { current += text[j + 1]; j += 2; continue; }
        current += text[j];
        j++;
      }
      if (j >= text.length) return null;
      i = j;
    } else if (c === '\\' && i + 1 < text.length) {
      current += text[++i];
    } else if (c === '$') {
      return null; // ${VAR} expansion inside -S
    } else current += c;
  }
  if (inWord) words.push(current);
  return words;
}

function readXargs({ args, line, ctx, span }: Invocation): Action[] {
  const argv = line.operands.length > 0 ? line.operands : [derivedArgument(args[0]!, 'echo')];
  // xargs appends words read from its input: not fixed, but below a listing program's start points when it reads one
  const fromFile = has(line, 'a', 'arg-file');
  const input = listedArgument(args[0]!, fromFile ? null : ctx.stdinListing ?? null, { source: 'input', runner: 'xargs', from: fromFile ? 'file' : 'input', filledIn: false });
  const replace = line.options.find((o) => o.name === 'I' || o.name === 'i' || o.name === 'replace');
  if (replace) {
    // -I R: each R in the command's words is an input line; nothing is appended
    const token = replace.name === 'I' ? replace.value : replace.value ?? '{}';
    if (token === null) return [runsCode(span, { source: 'unfixed', via: '`xargs -I`', what: 'replacement string' })];
    const replaced = argv.map((a) => (a.text === token ? input : a.text !== null && a.text.includes(token) ? listedArgument(a, null, { source: 'input', runner: 'xargs', from: 'input', filledIn: true }) : a));
    return [{ kind: 'run', argv: replaced, subshell: true }];
  }
  return [{ kind: 'run', argv: [...argv, input], subshell: true }];
}

function readParallel({ args, span }: Invocation): Action[] {
  const sep = args.findIndex((a) => a.text === ':::' || a.text === '::::' || a.text === ':::+');
  const head = sep < 0 ? args.slice(1) : args.slice(1, sep);
  const line = readOptions(head, parallelOptions);
  if (line.operands.length === 0) return [runsCode(span, { source: 'hands-to-shell', via: '`parallel`', what: 'input commands' })];
  const words = line.operands.map((a) => a.text);
  if (words.some((w) => w === null)) return [runsCode(span, { source: 'unfixed', via: '`parallel`', what: 'parallel command' })];
  // `::: ARGS` are the arguments, one run each (appended, or put where `{}` stands); `::::` names files of them
  const values = sep < 0 ? [] : args.slice(sep).filter((a) => a.text !== ':::' && a.text !== ':::+');
  const fromElsewhere = sep < 0 || args.slice(sep).some((a) => a.text === '::::') || values.length === 0 || values.length > 32;
  const inputs = fromElsewhere ? [unfixedArgument(args[0]!, sep < 0 ? { source: 'input', runner: 'parallel', from: 'input', filledIn: false } : { source: 'runner-list', runner: 'parallel', filledIn: false })] : values;
  return inputs.map((input) => {
    const placed = line.operands.some((a) => a.text!.includes('{}'));
    const argv = placed ? line.operands.map((a) => (a.text === '{}' ? input : a.text!.includes('{}') ? (input.text === null ? unfixedArgument(a, { source: 'runner-list', runner: 'parallel', filledIn: true }) : derivedArgument(a, a.text!.replaceAll('{}', input.text))) : a)) : [...line.operands, input];
    return { kind: 'run', argv, subshell: true } as Action;
  });
}

/** flock: the lock file it creates, and a command given with `-c`, on either side of the lock file, which runs through `sh -c`. */
function flockCommand({ line, span }: Invocation, operands: Argument[]): Action[] | Before {
  const command = valuesOf(line, 'c', 'command')[0];
  if (command) {
    if (command.value === null) return [runsCode(span, { source: 'unfixed', via: '`flock -c`', what: 'command' })];
    return { actions: [{ kind: 'shell-code', code: command.value, span, dialect: 'sh' }], skip: 'rest' };
  }
  // the lock file (created when missing), unless it is an fd number
  const lock = operands[0];
  const actions: Action[] = lock && !(lock.text !== null && /^[0-9]+$/.test(lock.text)) ? [{ kind: 'write', arg: lock, by: 'flock', content: false }] : [];
  // `flock FILE -c STRING`: the option may follow the lock file, and STRING runs through sh -c
  const after = operands[1]?.text;
  if (after === '-c' || after === '--command' || after?.startsWith('--command=')) {
    const code = after.startsWith('--command=') ? after.slice('--command='.length) : operands[2]?.text ?? null;
    actions.push(code === null ? runsCode(span, { source: 'unfixed', via: '`flock -c`', what: 'command' }) : { kind: 'shell-code', code, span, dialect: 'sh' });
    return { actions, skip: 'rest' };
  }
  return { actions, skip: 1 };
}

function readWatch({ line, span }: Invocation): Action[] {
  if (line.operands.length === 0) return [];
  if (has(line, 'x', 'exec')) return [{ kind: 'run', argv: line.operands, subshell: true }];
  if (line.operands.some((a) => a.text === null)) return [runsCode(span, { source: 'unfixed', via: '`watch`', what: 'command' })];
  return [{ kind: 'shell-code', code: line.operands.map((a) => a.text!).join(' '), span, dialect: 'sh' }];
}

function readScript({ args, line, span }: Invocation): Action[] {
  const out: Action[] = line.operands.slice(0, 1).map((arg) => ({ kind: 'write', arg, by: 'script' }) as Action);
  for (const o of valuesOf(line, 'log-io', 'log-in', 'log-out', 'log-timing', 'O', 'I', 'B', 'T')) out.push({ kind: 'write', arg: valueArgument(o), by: 'script' });
  for (const o of valuesOf(line, 'c', 'command')) {
    if (o.value === null) out.push(runsCode(span, { source: 'unfixed', via: '`script -c`', what: 'command' }));
    else out.push({ kind: 'shell-code', code: o.value, span, dialect: 'sh' });
  }
  if (out.length === 0) out.push({ kind: 'write', arg: derivedArgument(args[0]!, 'typescript'), by: 'script' });
  return out;
}
