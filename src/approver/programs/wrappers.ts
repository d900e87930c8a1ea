// Wrappers: programs that run their operands as a command (`nohup`, `nice`,
// `sudo`, `env`, `xargs`, `parallel` …), with the options each reads before
// the command, what those options write, and the commands some take as text
// (`flock -c`, `watch`, `script -c`, `su -c`).

import { budgets } from '../../budgets.js';
import type { DialectName } from '../../syntax/dialect.js';
import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument, listedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import type { Unfixed } from '../core/facts.js';
import { exactOption, getopt, has, optionLines, type OptionTable, type ParsedOptions, readOptions, valuesOf } from '../core/options.js';
import { baseName } from '../core/path-text.js';
import { shellNamed } from '../core/shells.js';
import { changeDirs } from './directories.js';

/** What a wrapper's own reading adds before its command: actions, and how many operands to pass over (`'rest'`: all of them, nothing runs). */
type Before = { actions: Action[]; skip: number | 'rest' };

/** A wrapper that reads its own options (up to its command) and then runs the rest as a command. */
function wrapper(
  names: string[],
  options: OptionTable,
  before?: (invocation: Invocation, operands: Argument[]) => Action[] | Before | null,
  more: Partial<ProgramRow> = {},
): ProgramRow {
  return {
    names,
    options,
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
  return ({ line }: Invocation): Action[] => valuesOf(line, 'output').map((o) => ({ kind: 'write', arg: valueArgument(o), by }) as Action);
}

const noOptions = optionLines([], true);
const commandOptions = getopt('pvV', true);
const execOptions = getopt('a:cl', true);
const chrtOptions = getopt('abdfiorRpD:T:P:ve', true);
const doasOptions = getopt('nsu:C:L', true);

const niceOptions = optionLines([
  '-n --adjustment=N',
], true);

const ioniceOptions = optionLines([
  '-c --class=CLASS',
  '-n --classdata=LEVEL',
  '-p --pid=PID',
  '-P --pgid=PGID',
  '-t --ignore',
  '-u --uid=UID',
], true);

const stdbufOptions = optionLines([
  '-i --input=MODE',
  '-o --output=MODE',
  '-e --error=MODE',
], true);

const setsidOptions = optionLines([
  '-c --ctty',
  '-f --fork',
  '-w --wait',
], true);

const timeoutOptions = optionLines([
  '-k --kill-after=DURATION',
  '-s --signal=SIGNAL',
  '-v --verbose',
  '   --foreground',
  '   --preserve-status',
], true);

const tasksetOptions = optionLines([
  '-a --all-tasks',
  '-c --cpu-list',
  '-p --pid',
], true);

const numactlOptions = optionLines([
  '-a',
  '-C --physcpubind=CPUS',
  '-m --membind=NODES',
  '-N --cpunodebind=NODES',
  '-p --preferred=NODE',
  '-l --localalloc',
  '   --interleave=NODES',
], true);

const prlimitOptions = optionLines([
  '-p --pid=PID',
  '   --noheadings',
  '   --output=LIST',
  '   --raw',
  '   --verbose',
  '   --as[=LIMITS]',
  '   --core[=LIMITS]',
  '   --cpu[=LIMITS]',
  '   --data[=LIMITS]',
  '   --fsize[=LIMITS]',
  '   --nofile[=LIMITS]',
  '   --nproc[=LIMITS]',
  '   --stack[=LIMITS]',
], true);

const straceOptions = optionLines([
  '-c',
  '-d',
  '-f',
  '-F',
  '-h',
  '-i',
  '-q',
  '-r',
  '-t',
  '-T',
  '-v',
  '-V',
  '-x',
  '-y',
  '-z',
  '-C',
  '-D',
  '-e VALUE',
  '-o --output=FILE',
  '-p VALUE',
  '-s VALUE',
  '-u VALUE',
  '-E VALUE',
], true);

const ltraceOptions = optionLines([
  '-c',
  '-C',
  '-f',
  '-h',
  '-i',
  '-L',
  '-r',
  '-S',
  '-t',
  '-T',
  '-V',
  '-e VALUE',
  '-o --output=FILE',
  '-p VALUE',
  '-s VALUE',
  '-u VALUE',
  '-n VALUE',
], true);

const fakerootOptions = optionLines([
  '-l --lib=LIBRARY',
  '-s VALUE',
  '-i VALUE',
  '-u --unknown-is-real',
  '   --faked=BINARY',
], true);

const setprivOptions = optionLines([
  '-d',
  '   --reuid=UID',
  '   --regid=GID',
  '   --groups=GROUPS',
  '   --clear-groups',
  '   --keep-groups',
  '   --init-groups',
  '   --inh-caps=CAPS',
  '   --bounding-set=CAPS',
  '   --no-new-privs',
], true);

const unshareOptions = optionLines([
  '-m --mount',
  '-u --uts',
  '-p --pid',
  '-i --ipc',
  '-n --net',
  '-U --user',
  '-C --cgroup',
  '-T --time',
  '-r --map-root-user',
  '-f --fork',
  '-R --root=DIR',
  '-w --wd=DIR',
  '-S VALUE',
  '-G VALUE',
  '   --map-current-user',
], true);

const nsenterOptions = optionLines([
  '-a --all',
  '-t --target=PID',
  '-m',
  '-u',
  '-p',
  '-i',
  '-n',
  '-U',
  '-C',
  '-T',
  '-r --root[=DIR]',
  '-w --wd[=DIR]',
], true);

const firejailOptions = optionLines([
  '   --quiet',
  '   --noprofile',
  '   --private',
  '   --net',
  '   --noroot',
  '   --seccomp',
  '   --profile=FILE',
], true);

const systemdRunOptions = optionLines([
  '-p',
  '-G --collect',
  '-q --quiet',
  '-t --pty',
  '-u --unit=NAME',
  '   --user',
  '   --scope',
  '   --wait',
  '   --pipe',
  '   --property=NAME',
  '   --working-directory=DIR',
  '   --same-dir',
], true);

const timeOptions = optionLines([
  '-a --append',
  '-o --output=FILE',
  '-p --portability',
  '-q --quiet',
  '-v --verbose',
  '-f --format=FORMAT',
], true);

const sudoOptions = optionLines([
  '-A',
  '-b --background',
  '-E --preserve-env',
  '-e --edit',
  '-g --group=GROUP',
  '-h',
  '-H',
  '-i --login',
  '-K',
  '-k',
  '-l',
  '-n --non-interactive',
  '-P',
  '-p --prompt=PROMPT',
  '-r VALUE',
  '-s --shell',
  '-S --stdin',
  '-t VALUE',
  '-T VALUE',
  '-u --user=USER',
  '-U',
  '-v',
  '-V',
  '-C VALUE',
  '-D --chdir=DIR',
  '-R VALUE',
], true);

const flockOptions = optionLines([
  '-s --shared',
  '-e --exclusive',
  '-x',
  '-u --unlock',
  '-n --nonblock',
  '-w --timeout=SECONDS',
  '-E --conflict-exit-code=NUMBER',
  '-o --close',
  '-F --no-fork',
  '-c --command=COMMAND',
  '   --verbose',
], true);

const watchOptions = optionLines([
  '-b --beep',
  '-c --color',
  '-C --no-color',
  '-d --differences[=PERMANENT]',
  '-e --errexit',
  '-g --chgexit',
  '-n --interval=SECONDS',
  '-p --precise',
  '-q',
  '-t --no-title',
  '-w',
  '-x --exec',
  '   --no-wrap',
  '   --no-linewrap',
], true);

const scriptOptions = optionLines([
  '-a --append',
  '-c --command=COMMAND',
  '-e --return',
  '-E VALUE',
  '-f --flush',
  '-l VALUE',
  '-I --log-in=FILE',
  '-O --log-out=FILE',
  '-q --quiet',
  '-B --log-io=FILE',
  '-T --log-timing=FILE',
  '-t [VALUE]',
  '-m VALUE',
]);

/** su(1) and runuser(1), util-linux 2.38 (`su --help`, `runuser --help`); runuser adds `-u USER`, which makes the rest a command. */
const suOptionLines = [
  '-c --command=COMMAND',
  '   --session-command=COMMAND',
  '-f --fast',
  '-l --login',
  '-m -p --preserve-environment',
  '-w --whitelist-environment=LIST',
  '-s --shell=SHELL',
  '-g --group=GROUP',
  '-G --supp-group=GROUP',
  '-P --pty',
  '-h --help',
  '-V --version',
];
const suOptions = optionLines(suOptionLines);
const runuserOptions = optionLines([...suOptionLines, '-u --user=USER']);

const xargsOptions = optionLines([
  '-0 --null',
  '-a --arg-file=FILE',
  '-d --delimiter=CHARACTER',
  '-E VALUE',
  '-e [END] --eof[=END]',
  '-I VALUE',
  '-i [R] --replace[=R]',
  '-L VALUE',
  '-l [MAX] --max-lines[=MAX]',
  '-n --max-args=MAX',
  '-o --open-tty',
  '-P --max-procs=MAX',
  '-p --interactive',
  '-r --no-run-if-empty',
  '-s --max-chars=MAX',
  '-t --verbose',
  '-x --exit',
  '   --show-limits',
  '   --process-slot-var=NAME',
], true);

/**
 * BSD xargs (macOS shell_cmds 329 xargs/xargs.c, from FreeBSD usr.bin/xargs):
 * `optstr = "+0E:I:J:L:n:oP:pR:S:s:rtx"` and its long options. `-J R` puts
 * the input lines where the first word that is exactly R stands (xargs(1):
 * "the utility ... with the arguments in place of the first occurrence of
 * replstr"); -R and -S take numbers; GNU's -a, -d, -e, -i and -l are not
 * there. Options stop at the command, as GNU's do.
 */
const xargsBsdOptions = optionLines([
  '-0 --null',
  '-E VALUE',
  '-I VALUE',
  '-J VALUE',
  '-L VALUE',
  '-n --max-args=MAX',
  '-o',
  '-P --max-procs=MAX',
  '-p --interactive',
  '-R VALUE',
  '-r --no-run-if-empty',
  '-S VALUE',
  '-s --max-chars=MAX',
  '-t --verbose',
  '-x --exit',
], true);

const parallelOptions = optionLines([
  '-0 --null',
  '-a --arg-file=FILE',
  '-d VALUE',
  '-E VALUE',
  '-I VALUE',
  '-j --jobs=N',
  '-k --keep-order',
  '-n VALUE',
  '-N',
  '-P VALUE',
  '-q --quote',
  '-r',
  '-s',
  '-S VALUE',
  '-t VALUE',
  '-u',
  '-v --verbose',
  '-X',
  '   --dry-run',
  '   --pipe',
  '   --tag',
  '   --halt',
], true);

export const rows: ProgramRow[] = [
  wrapper(['nohup'], noOptions, undefined, { shadowable: true, passesStdio: true }),
  wrapper(['nice'], niceOptions, undefined, { shadowable: true, passesStdio: true }),
  wrapper(['ionice'], ioniceOptions),
  wrapper(['stdbuf'], stdbufOptions, undefined, { passesStdio: true }),
  wrapper(['setsid'], setsidOptions),
  wrapper(['timeout'], timeoutOptions, () => ({ actions: [], skip: 1 }), { shadowable: true, passesStdio: true }),
  wrapper(['taskset'], tasksetOptions, ({ line }) => (has(line, 'pid') ? { actions: [], skip: 'rest' } : { actions: [], skip: 1 })),
  wrapper(['chrt'], chrtOptions, () => ({ actions: [], skip: 1 })),
  wrapper(['numactl'], numactlOptions),
  wrapper(['prlimit'], prlimitOptions),
  wrapper(['strace'], straceOptions, outputFile('strace -o')),
  wrapper(['ltrace'], ltraceOptions, outputFile('ltrace -o')),
  wrapper(['fakeroot'], fakerootOptions),
  wrapper(['setpriv'], setprivOptions),
  wrapper(['unshare'], unshareOptions),
  wrapper(['nsenter'], nsenterOptions),
  wrapper(['firejail'], firejailOptions),
  wrapper(['systemd-run'], systemdRunOptions),
  wrapper(['noglob', 'nocorrect', '-'], noOptions),
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
  wrapper(['time'], timeOptions, outputFile('time -o'), { shadowable: true, passesStdio: true }),
  wrapper(['sudo'], sudoOptions, ({ line, span }) => (has(line, 'edit') ? [runsCode(span, { source: 'editor', edits: 'sudo -e' })] : null), {
    shadowable: true,
  }),
  wrapper(['doas'], doasOptions),
  wrapper(['flock'], flockOptions, flockCommand),
  { names: ['watch'], options: watchOptions, read: readWatch },
  { names: ['script'], options: scriptOptions, read: readScript },
  { names: ['su', 'runuser'], runsCommands: true, read: readSu },
  { names: ['env'], shadowable: true, passesStdio: true, read: readEnv },
  { names: ['xargs'], options: xargsOptions, bsdReading: xargsBsdOptions, runsCommands: true, shadowable: true, read: readXargs },
  { names: ['parallel'], read: readParallel },
  { names: ['busybox'], read: ({ args }) => (args.length > 1 ? [{ kind: 'run', argv: args.slice(1) }] : []) },
];

/**
 * su(1) and runuser(1): `su [options] [-] [user [argument...]]` and `runuser [options] -u user [[--] command
 * [argument...]]`. GNU getopt permutes in both forms (util-linux 2.38 measured: `su root -c 'echo $0' -s /bin/sh`
 * runs sh; `runuser -u root ls -la` refuses `-a`, and `-c` with `-u` is refused), and stops at the first operand
 * under POSIXLY_CORRECT: the line is read each way that applies (the command form both ways, since its command may
 * hold options of its own), and what any reading runs is judged. An option the table does not know is refused.
 */
function readSu({ name, args, ctx, span }: Invocation): Action[] {
  const table = name === 'runuser' ? runuserOptions : suOptions;
  const permuted = readOptions(args.slice(1), table);
  const commandForm = has(permuted, 'user');
  const lines = commandForm || ctx.posixlyCorrect === true ? [permuted, readOptions(args.slice(1), table, true)] : [permuted];
  const out: Action[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const unknown = line.invalid[0];
    if (unknown !== undefined) return [runsCode(span, { source: 'unknown-option', via: `\`${name}\``, option: unknown, of: 'wrapper' })];
    if (line.unfixedOptionLike.length > 0) return [runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'command' })];
    for (const action of suReading(name, line, commandForm, ctx, span)) {
      // the same command in both readings is judged once
      const key = JSON.stringify([action.kind, 'code' in action ? action.code : null, 'dialect' in action ? action.dialect : null,
        action.kind === 'run' ? action.argv.map((a) => a.text) : null, action.kind === 'effect' ? action.effect : null]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(action);
    }
  }
  return out;
}

/**
 * One reading of su or runuser. The command (`-c`, `--session-command`) goes to the shell `-s` names, else to the
 * target user's own shell from the password database, which treeward does not read: then it is judged as sh, bash
 * and zsh each (a user whose shell is another runs it unread). zsh first runs the user's `~/.zshenv`, and a login
 * shell its login files, which treeward does not read (so dot globbing is assumed there); with `-l`/`-` it starts in the user's
 * home (measured: `su - -c pwd` prints /root), a directory the line does not fix. su sets HOME to the user's home:
 * `~` in the command is read as the agent's, whose protected names are the same below any home.
 */
function suReading(name: string, line: ParsedOptions, commandForm: boolean, ctx: Invocation['ctx'], span: Invocation['span']): Action[] {
  if (has(line, 'help', 'version')) return [];
  const login = has(line, 'login') || line.operands[0]?.text === '-';
  const out: Action[] = [];
  const shell = valuesOf(line, 'shell').pop();
  const named = shell === undefined ? undefined : shell.value === null ? null : shellNamed(baseName(shell.value)) ?? null;
  if (named === null || (named !== undefined && (!named.plain || named.dialect === null))) {
    out.push(runsCode(span, { source: 'unread-shell', via: `\`${name} -s\``, runs: 'shell' }));
  }
  // a shell treeward does not read: its code read as sh too, so that an agent or a removal in it is refused as that
  const dialects: DialectName[] = named?.plain && named.dialect ? [named.dialect] : named === undefined ? ['sh', 'bash', 'zsh'] : ['sh'];
  // startup files a `-c` shell runs: a login shell's, and zsh's `~/.zshenv` always; bash and sh read none (BASH_ENV aside: readProgram)
  const startupUnread = login || dialects.includes('zsh');
  const code = (text: string): Action[] => [{
    kind: 'shell-code', code: text, span, dialect: dialects[0]!, ...(startupUnread ? { startupUnread } : {}),
    ...(dialects.length > 1 ? { alsoIn: dialects.slice(1) } : {}), ...(login ? { dirs: null } : {}),
  }];
  const commands = valuesOf(line, 'command', 'session-command');
  for (const o of commands) {
    if (o.value === null) out.push(runsCode(span, { source: 'unfixed', via: `\`${name} -c\``, what: 'command' }));
    else out.push(...code(o.value));
  }
  if (commands.length > 0) return out;
  if (commandForm) return line.operands.length > 0 ? [...out, { kind: 'run', argv: line.operands }] : out;
  // words after the user go to the user's shell as its arguments (a script, or `-c …`)
  const operands = line.operands.filter((a) => a.text !== '-');
  if (operands.length > 1) return [...out, runsCode(span, { source: 'hands-to-shell', via: `\`${name}\``, what: 'user shell' })];
  // no command: the user's shell reads its program from su's stdin
  if (ctx.stdinText !== undefined && ctx.stdinText !== null) return [...out, ...code(ctx.stdinText)];
  const via = `\`${name}\``;
  if (ctx.stdinFile !== undefined) return [...out, runsCode(span, { source: 'written-by-line', via, file: ctx.stdinFile, use: 'stdin program' })];
  if (ctx.fedByPipe || ctx.stdinText === null) return [...out, runsCode(span, { source: 'pipe', via: `\`${name}\``, what: 'program' })];
  return out;
}

/** env's options (GNU env 9), one a line; env's reading takes no prefix of a long name. */
const envOptions = optionLines([
  '-0 --null',
  '-i --ignore-environment',
  '-u --unset=NAME',
  '-v --debug',
  '-C --chdir=DIR',
  '-S --split-string=S',
], true);

/** Whether an env letter takes a value (`-u NAME`, `-C DIR`, `-S STRING`). */
function envLetterTakesValue(letter: string): boolean {
  return envOptions.options.some((spec) => spec.short === letter && spec.arity === 'required');
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
      if (t.length === 2 && envLetterTakesValue(t[1]!) && k + 1 < args.length) out.push(args[++k]!);
      continue;
    }
    for (let j = 1; j < t.length; j++) {
      const letter = t[j]!;
      out.push(derivedArgument(a, `-${letter}`));
      if (envLetterTakesValue(letter)) {
        if (j + 1 < t.length) out.push(derivedArgument(a, t.slice(j + 1)));
        else if (k + 1 < args.length) out.push(args[++k]!);
        break;
      }
    }
  }
  return out;
}

/** env: its options, the assignments before the command (any word with `=`, whatever its name: `BASH_FUNC_ls%%=…`), and the command. */
function readEnv({ args, ctx, span }: Invocation): Action[] {
  const rest = expandEnvClusters(args.slice(1));
  const environment: [string, string][] = [];
  let i = 0;
  let dirs: Directories | undefined;
  while (i < rest.length) {
    const t = rest[i]!.text;
    if (t === null) return [runsCode(span, { source: 'unfixed', via: '`env`', what: 'word' })];
    const option = t === '-' ? null : exactOption(t, envOptions);
    if (option) {
      const value = option.valueNext ? rest[i + 1]?.text ?? null : option.value;
      const words = option.valueNext ? 2 : 1;
      if (option.name === 'chdir') dirs = value === null ? null : changeDirs(ctx.dirs, value);
      if (option.name === 'split-string') {
        if (value === null) return [runsCode(span, { source: 'unfixed', via: '`env -S`', what: 'text' })];
        const split = splitEnvString(value);
        if (split === null) return [runsCode(span, { source: 'unsplittable', what: 'env -S' })];
        const from = rest[i]!;
        rest.splice(i, words, ...split.map((w) => derivedArgument(from, w)));
        continue;
      }
      i += option.name === 'unset' || option.name === 'chdir' ? words : 1;
      continue;
    }
    if (t.startsWith('-')) { i++; continue; }
    const eq = t.indexOf('=');
    if (eq <= 0) break;
    environment.push([t.slice(0, eq), t.slice(eq + 1)]);
    i++;
  }
  const argv = rest.slice(i);
  return argv.length > 0 ? [{ kind: 'run', argv, environment, ...(dirs !== undefined ? { dirs } : {}) }] : [];
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
  const fromFile = has(line, 'arg-file');
  const why: Unfixed = { source: 'input', runner: 'xargs', from: fromFile ? 'file' : 'input', filledIn: false };
  const input = listedArgument(args[0]!, fromFile ? null : ctx.stdinListing ?? null, why);
  const replace = line.options.find((o) => o.name === 'I' || o.name === 'replace');
  if (replace) {
    // -I R: each R in the command's words is an input line; nothing is appended
    const token = replace.name === 'I' ? replace.value : replace.value ?? '{}';
    if (token === null) return [runsCode(span, { source: 'unfixed', via: '`xargs -I`', what: 'replacement string' })];
    const replaced = argv.map((a) => {
      if (a.text === token) return input;
      if (a.text !== null && a.text.includes(token)) return listedArgument(a, null, { source: 'input', runner: 'xargs', from: 'input', filledIn: true });
      return a;
    });
    return [{ kind: 'run', argv: replaced, subshell: true }];
  }
  const placed = valuesOf(line, 'J')[0];
  if (placed) {
    // BSD -J R: the input stands where the first word R does (at the end when no word is R)
    if (placed.value === null) return [runsCode(span, { source: 'unfixed', via: '`xargs -J`', what: 'replacement string' })];
    const at = argv.findIndex((a) => a.text === placed.value);
    const placedArgv = at < 0 ? [...argv, input] : [...argv.slice(0, at), input, ...argv.slice(at + 1)];
    return [{ kind: 'run', argv: placedArgv, subshell: true }];
  }
  return [{ kind: 'run', argv: [...argv, input], subshell: true }];
}

/**
 * GNU parallel(1): its options end at the command (Getopt::Long configured `require_order`), so
 * POSIXLY_CORRECT, which only asks Getopt::Long for that order, changes nothing it reads.
 */
function readParallel({ args, span }: Invocation): Action[] {
  const sep = args.findIndex((a) => a.text === ':::' || a.text === '::::' || a.text === ':::+');
  const head = sep < 0 ? args.slice(1) : args.slice(1, sep);
  const line = readOptions(head, parallelOptions);
  if (line.operands.length === 0) return [runsCode(span, { source: 'hands-to-shell', via: '`parallel`', what: 'input commands' })];
  const words = line.operands.map((a) => a.text);
  if (words.some((w) => w === null)) return [runsCode(span, { source: 'unfixed', via: '`parallel`', what: 'parallel command' })];
  // `::: ARGS` are the arguments, one run each (appended, or put where `{}` stands); `::::` names files of them
  const values = sep < 0 ? [] : args.slice(sep).filter((a) => a.text !== ':::' && a.text !== ':::+');
  const listed = values.length > 0 && values.length <= budgets.maxLoopWords;
  const fromElsewhere = sep < 0 || args.slice(sep).some((a) => a.text === '::::') || !listed;
  const why: Unfixed =
    sep < 0 ? { source: 'input', runner: 'parallel', from: 'input', filledIn: false } : { source: 'runner-list', runner: 'parallel', filledIn: false };
  const inputs = fromElsewhere ? [unfixedArgument(args[0]!, why)] : values;
  return inputs.map((input) => {
    const placed = line.operands.some((a) => a.text!.includes('{}'));
    const fillIn = (a: Argument): Argument => {
      if (a.text === '{}') return input;
      if (!a.text!.includes('{}')) return a;
      if (input.text === null) return unfixedArgument(a, { source: 'runner-list', runner: 'parallel', filledIn: true });
      return derivedArgument(a, a.text!.replaceAll('{}', input.text));
    };
    const argv = placed ? line.operands.map(fillIn) : [...line.operands, input];
    return { kind: 'run', argv, subshell: true } as Action;
  });
}

/** flock: the lock file it creates, and a command given with `-c`, on either side of the lock file, which runs through `sh -c`. */
function flockCommand({ line, span }: Invocation, operands: Argument[]): Action[] | Before {
  const command = valuesOf(line, 'command')[0];
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
  if (has(line, 'exec')) return [{ kind: 'run', argv: line.operands, subshell: true }];
  if (line.operands.some((a) => a.text === null)) return [runsCode(span, { source: 'unfixed', via: '`watch`', what: 'command' })];
  return [{ kind: 'shell-code', code: line.operands.map((a) => a.text!).join(' '), span, dialect: 'sh' }];
}

function readScript({ args, line, span }: Invocation): Action[] {
  const out: Action[] = line.operands.slice(0, 1).map((arg) => ({ kind: 'write', arg, by: 'script' }) as Action);
  for (const o of valuesOf(line, 'log-io', 'log-in', 'log-out', 'log-timing')) out.push({ kind: 'write', arg: valueArgument(o), by: 'script' });
  for (const o of valuesOf(line, 'command')) {
    if (o.value === null) out.push(runsCode(span, { source: 'unfixed', via: '`script -c`', what: 'command' }));
    else out.push({ kind: 'shell-code', code: o.value, span, dialect: 'sh' });
  }
  if (out.length === 0) out.push({ kind: 'write', arg: derivedArgument(args[0]!, 'typescript'), by: 'script' });
  return out;
}
