// Programs that run another command, or commands of their own language
// (issue 13 item 2), each from its manual page: the command they run is read
// as a command of its own where treeward can find it, and where it cannot
// (an option it does not know may take the next word) the line runs a
// command treeward cannot judge. Their other words are handed on as an
// unknown program's (programs/unknown.ts).

import { type Action, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';
import { type Argument, derivedArgument, valueArgument } from '../core/arguments.js';
import { type OptionTable, optionLines, readOptions, valuesOf } from '../core/options.js';
import { handedWords } from './unknown.js';
import { namesStartingWith } from './writers.js';

const unfixedCommand = (span: Invocation['span'], via: string): Action => runsCode(span, { source: 'unfixed', via: `\`${via}\``, what: 'command' });

/** Options (stopping at the first operand), then the command: an option treeward does not know leaves the command unknown. */
function commandAfter(table: OptionTable, via: string, more?: (line: ReturnType<typeof readOptions>, invocation: Invocation) => Action[]) {
  return (invocation: Invocation): Action[] => {
    const line = readOptions(invocation.args.slice(1), table, true);
    const out = more ? more(line, invocation) : [];
    if (line.invalid.length > 0 || line.unfixedOptionLike.length > 0) return [...out, unfixedCommand(invocation.span, via)];
    if (line.operands.length > 0) out.push({ kind: 'run', argv: line.operands });
    return out;
  };
}

/** setarch(8) (util-linux 2.38): `setarch [ARCH] [options] [PROGRAM [ARGS]]`; no program runs the default shell, reading its stdin. */
const setarchOptions = optionLines([
  '-v --verbose', '-3 --3gb', '-B --32bit', '-F --fdpic-funcptrs', '-I --short-inode', '-L --addr-compat-layout', '-R --addr-no-randomize',
  '-S --whole-seconds', '-T --sticky-timeouts', '-X --read-implies-exec', '-Z --mmap-page-zero', '   --4gb', '   --uname-2.6',
], true);

function readSetarch(invocation: Invocation): Action[] {
  const { args, span } = invocation;
  const first = args[1]?.text;
  const rest = first && !first.startsWith('-') ? args.slice(1) : args;
  const line = readOptions(rest.slice(1), setarchOptions, true);
  if (line.invalid.length > 0 || line.unfixedOptionLike.length > 0) return [unfixedCommand(span, 'setarch')];
  if (line.operands.length === 0) return [runsCode(span, { source: 'hands-to-shell', via: '`setarch`', what: 'user shell' })];
  return [{ kind: 'run', argv: line.operands }];
}

/** sg(1) (shadow 4.13): `sg [-] [GROUP [-c] COMMAND]`: COMMAND is given to /bin/sh -c. */
function readSg({ args, span }: Invocation): Action[] {
  let words = args.slice(1);
  if (words[0]?.text === '-') words = words.slice(1);
  words = words.slice(1); // the group
  if (words[0]?.text === '-c') words = words.slice(1);
  if (words.length === 0) return [runsCode(span, { source: 'hands-to-shell', via: '`sg`', what: 'user shell' })];
  if (words.some((w) => w.text === null)) return [unfixedCommand(span, 'sg')];
  return [{ kind: 'shell-code', code: words.map((w) => w.text).join(' '), span: words[0]!.word.span, dialect: 'sh' }];
}

/** dbus-run-session(1): `[--config-file=FILE] [--dbus-daemon=BINARY] [--] PROGRAM [ARGS]`; the daemon it names is a program it runs. */
const dbusOptions = optionLines(['   --config-file=FILE', '   --dbus-daemon=BINARY'], true);

/** valgrind(1) (3.19): options are all `--name[=value]` or single letters without a value; `--log-file=` and kin are written. */
function readValgrind({ args, span }: Invocation): Action[] {
  const out: Action[] = [];
  let i = 1;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) return [...out, unfixedCommand(span, 'valgrind')];
    if (t === '--') { i++; break; }
    if (!t.startsWith('-')) break;
    const file = /^--(log-file|xml-file|xml-socket-file)=(.*)$/s.exec(t);
    if (file) {
      // `%p`, `%q{VAR}`, `%n`: the pid, a variable, a sequence number in the name
      const value = file[2]!;
      const at = value.indexOf('%');
      const arg = at < 0 ? derivedArgument(args[i]!, value) : namesStartingWith(args[i]!, value.slice(0, at));
      out.push({ kind: 'write', arg, by: `valgrind --${file[1]}` });
    }
    if (t.startsWith('--db-command=')) out.push({ kind: 'shell-code', code: t.slice('--db-command='.length), span: args[i]!.word.span, dialect: 'sh' });
  }
  const argv = args.slice(i);
  if (argv.length > 0) out.push({ kind: 'run', argv });
  return out;
}

/** perf(1): `record`, `stat`, `trace` … run the command after their options; `script` runs scripts; `--pre`/`--post` commands (perf-stat(1)). */
const perfRecordOptions = optionLines([
  '-e --event=EVENT', '-o --output=FILE', '-p --pid=PID', '-t --tid=TID', '-c --count=N', '-F --freq=N', '-m --mmap-pages=N', '-C --cpu=CPUS',
  '-G --cgroup=NAME', '-D --delay=MSECS', '-u --uid=USER', '-j --branch-filter=MASK', '-r --realtime=PRIO', '-x --field-separator=SEP',
    '-I --interval-print=MSECS',
  '-M --metrics=METRIC', '-g', '-a --all-cpus', '-i --no-inherit', '-q --quiet', '-v --verbose', '-s --stat', '-n --no-samples', '-R --raw-samples',
  '-d --data', '-T --timestamp', '-P --period', '-b --branch-any', '-B --no-buildid', '-N --no-buildid-cache', '-A --append', '-f --force', '-S --snapshot',
  '   --call-graph=MODE', '   --filter=FILTER', '   --pre=COMMAND', '   --post=COMMAND', '   --null', '   --sync', '   --repeat=N',
], true);

function readPerf(invocation: Invocation): Action[] {
  const { args, span } = invocation;
  const sub = args[1]?.text;
  if (sub === null || sub === undefined) return sub === null ? [unfixedCommand(span, 'perf')] : [];
  if (/^(report|annotate|list|diff|evlist|buildid-list|archive|help|version|--version|--help|top)$/.test(sub)) {
    // they run the disassembler and addr2line they are given (perf-report(1), perf-annotate(1): --objdump=PATH, --addr2line=PATH)
    const runs = args.slice(2).some((a) => a.text === null || /^--(objdump|addr2line)(=|$)/.test(a.text));
    return runs ? [unfixedCommand(span, `perf ${sub} --objdump`)] : [];
  }
  if (/^(record|stat|trace|c2c|mem|sched|lock|kmem|kvm|ftrace|timechart|kwork)$/.test(sub)) {
    return commandAfter(perfRecordOptions, `perf ${sub}`, (line) => [
      ...valuesOf(line, 'output').map((o): Action => ({ kind: 'write', arg: valueArgument(o), by: 'perf -o' })),
      ...valuesOf(line, 'pre', 'post').map((o): Action =>
        (o.value === null ? unfixedCommand(span, 'perf --pre') : { kind: 'shell-code', code: o.value, span: o.arg.word.span, dialect: 'sh' })),
    ])({ ...invocation, args: args.slice(1) });
  }
  // perf script -s, perf probe, perf inject … : scripts and commands treeward does not read
  return [unfixedCommand(span, `perf ${sub}`)];
}

/**
 * tmux(1), screen(1): only their listing and querying commands run nothing; a new session, window or
 * `send-keys` runs a shell or types into one.
 */
const tmuxReaders = new Set([
  'ls', 'list-sessions', 'list-windows', 'lsw', 'list-panes', 'lsp', 'list-clients', 'lsc', 'list-commands',
  'lscm', 'list-keys', 'lsk', 'list-buffers', 'lsb', 'has-session', 'has', 'show-options', 'show',
  'show-environment', 'showenv', 'show-messages', 'showmsgs', 'display-message', 'display', 'capture-pane',
  'capturep', 'info', 'server-info', 'kill-session', 'kill-server', 'kill-window', 'killw', 'kill-pane',
  'killp', '-V',
]);

function readTmux({ args, span }: Invocation): Action[] {
  const words = args.slice(1);
  let i = 0;
  // tmux's own options before the command: -L/-S/-f/-c/-T take a value; -f names a config it runs, -c a shell command
  while (i < words.length && (words[i]!.text ?? '').startsWith('-') && words[i]!.text !== '-V') {
    const t = words[i]!.text!;
    if (/^-[LST]$/.test(t)) i += 2;
    else if (/^-[fc]/.test(t)) return [unfixedCommand(span, `tmux ${t.slice(0, 2)}`)];
    else i++;
  }
  if (i >= words.length) return [unfixedCommand(span, 'tmux')];
  // a format runs `#(command)` with the shell (tmux(1) FORMATS; tmux 3.3a run: `display -p '#(touch F)'` made F), and a
  // word treeward does not fix may be one
  const runsFormat = (w: Argument) => w.text === null || w.text.includes('#(');
  const rest = words.slice(i);
  return rest.every((w, n) => n > 0 || tmuxReaders.has(w.text ?? '')) && !rest.some((w) => w.text === ';' || w.text === '\\;' || runsFormat(w))
    ? [] : [unfixedCommand(span, 'tmux')];
}

function readScreen({ args, span }: Invocation): Action[] {
  const words = args.slice(1).map((w) => w.text);
  if (words.length > 0 && words.every((w) => w !== null && /^-(ls|list|v|version|help)$/.test(w))) return [];
  return [unfixedCommand(span, 'screen')];
}

/** bwrap(1) (bubblewrap 0.8): options and their value counts, then the command; a mount that puts one path at another changes what the command's paths are. */
const bwrapValues: Record<string, number> = {
  '--args': 1, '--argv0': 1, '--userns': 1, '--userns2': 1, '--pidns': 1, '--uid': 1, '--gid': 1, '--hostname': 1, '--chdir': 1, '--unsetenv': 1,
  '--lock-file': 1, '--sync-fd': 1, '--remount-ro': 1, '--exec-label': 1, '--file-label': 1, '--proc': 1, '--dev': 1, '--tmpfs': 1, '--mqueue': 1, '--dir': 1,
  '--seccomp': 1, '--add-seccomp-fd': 1, '--block-fd': 1, '--userns-block-fd': 1, '--info-fd': 1, '--json-status-fd': 1, '--cap-add': 1, '--cap-drop': 1,
  '--perms': 1, '--size': 1, '--overlay-src': 1, '--tmp-overlay': 1, '--setenv': 2, '--bind': 2, '--bind-try': 2, '--dev-bind': 2, '--dev-bind-try': 2,
  '--ro-bind': 2, '--ro-bind-try': 2, '--file': 2, '--bind-data': 2, '--ro-bind-data': 2, '--symlink': 2, '--chmod': 2, '--ro-overlay': 2, '--overlay': 3,
};

function readBwrap({ args, span }: Invocation): Action[] {
  let i = 1;
  let moved = false;
  let dirs: string[] | undefined;
  for (; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) return [unfixedCommand(span, 'bwrap')];
    if (t === '--') { i++; break; }
    if (!t.startsWith('--')) break;
    const n = bwrapValues[t];
    if (n === undefined) {
      if (!/^--(unshare-[a-z-]+|share-net|die-with-parent|as-pid-1|new-session|clearenv|disable-userns|assert-userns-disabled|level-prefix)$/.test(t)) {
        return [unfixedCommand(span, 'bwrap')];
      }
      continue;
    }
    const values = args.slice(i + 1, i + 1 + n).map((a) => a.text);
    if (t === '--args' || values.some((v) => v === null)) return [unfixedCommand(span, 'bwrap')];
    // a mount of one path at another, an overlay, a tmpfs, a symlink: inside, paths are not the ones treeward reads
    if (/bind|overlay|symlink|--file|--tmpfs|--dir|--proc|--dev$/.test(t) && !(n === 2 && values[0] === values[1])) moved = true;
    if (t === '--chdir') dirs = [values[0]!];
    i += n;
  }
  const argv = args.slice(i);
  if (argv.length === 0) return [];
  if (moved) return [unfixedCommand(span, 'bwrap')];
  return [{ kind: 'run', argv, ...(dirs && dirs[0]!.startsWith('/') ? { dirs } : {}) }];
}

/** tclsh(1), wish(1), expect(1): Tcl, whose `exec` runs any command; treeward does not read Tcl. */
function readTcl({ span, name }: Invocation): Action[] {
  return [runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'code' })];
}

const andHanded = (read: (invocation: Invocation) => Action[]) => (invocation: Invocation): Action[] =>
  [...read(invocation), ...handedWords(invocation.name, invocation.args, invocation.ctx.home)];

export const rows: ProgramRow[] = [
  { names: ['setarch', 'linux32', 'linux64', 'i386', 'x86_64'], read: andHanded(readSetarch) },
  { names: ['sg'], read: readSg },
  {
    names: ['dbus-run-session'],
    read: andHanded(commandAfter(dbusOptions, 'dbus-run-session', (line, { span }) =>
      valuesOf(line, 'dbus-daemon').map(() => runsCode(span, { source: 'runs-program', via: '`dbus-run-session --dbus-daemon`', program: null })))),
  },
  { names: ['valgrind'], read: andHanded(readValgrind) },
  { names: ['perf'], read: andHanded(readPerf) },
  { names: ['tmux'], read: andHanded(readTmux) },
  { names: ['screen'], read: andHanded(readScreen) },
  { names: ['bwrap'], read: andHanded(readBwrap) },
  // the versioned names Debian and Homebrew install (tcl8.6: /usr/bin/tclsh8.6, wish8.6), and Jim Tcl's jimsh
  {
    names: ['tclsh', 'wish', 'expect', 'expectk', 'jimsh', ...['8.4', '8.5', '8.6', '8.7', '9.0'].flatMap((v) => [`tclsh${v}`, `wish${v}`])],
    read: readTcl,
  },
];
