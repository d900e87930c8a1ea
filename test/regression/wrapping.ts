// Wrapping a corpus line in the wrappers and nestings the issue lists, for the
// property tests: each wrapper keeps what the line does (so a deny must stay a
// deny, and a harmless wrapper keeps an allow an allow), quoted per dialect
// where the line becomes a string (checked against the real shells by
// quoting.test.ts).

import type { DialectName } from '../../src/syntax/dialect.js';
import type { Command, Script } from '../../src/syntax/ast.js';
import { parse } from '../../src/parser/parser.js';

// ------------------------------------------------------------------ quoting

/** One word that the shell reads back as exactly `s`: single quotes, each `'` as `'\''` (every dialect). */
export function singleQuoted(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Double quotes, escaping the four characters special inside them (every dialect). */
export function doubleQuoted(s: string): string {
  return `"${s.replace(/[\\"$`]/g, '\\$&')}"`;
}

/** ANSI-C quoting (bash and zsh): backslash and quote escaped, control characters as escapes. */
export function ansiCQuoted(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `$'${out}'`;
}

export interface Quoting {
  id: string;
  dialects: readonly DialectName[];
  quote: (s: string) => string;
}

export const quotings: readonly Quoting[] = [
  { id: 'single', dialects: ['bash', 'sh', 'zsh'], quote: singleQuoted },
  { id: 'double', dialects: ['bash', 'sh', 'zsh'], quote: doubleQuoted },
  { id: 'ansi-c', dialects: ['bash', 'zsh'], quote: ansiCQuoted },
];

// ------------------------------------------------------------------ the shape of a line

/** Names that are builtins or keywords (no program of the name would do the same), so a program wrapper cannot run them. */
const notPrograms = new Set(`cd pushd popd dirs eval source . trap exec command builtin export alias unalias set unset shopt
  setopt unsetopt emulate let declare typeset local readonly read mapfile readarray hash enable return exit break continue
  shift wait ulimit umask fc history jobs fg bg disown coproc function select time noglob nocorrect - : getopts type bindkey
  zmodload autoload functions print whence where which rehash repeat foreach if then else elif fi for while until do done
  case esac in { } [[ ]] ! integer float private zparseopts zstyle vared`.split(/\s+/).filter(Boolean));

export interface Shape {
  script: Script;
  /** The line is exactly one simple command (no list, pipe, background or negation). */
  single: boolean;
  /** The first command is a simple command at the very start of the line, with no assignments, naming a program by a literal word. */
  program: boolean;
  /** The offset just after the first word, when a blank follows it there. */
  firstWordEnd: number | null;
}

function literal(word: { parts: { type: string; value?: string }[] }): string | null {
  let text = '';
  for (const part of word.parts) {
    if (part.type !== 'Literal' || part.value === undefined) return null;
    text += part.value;
  }
  return text;
}

/** How a line is built, read by treeward's own parser in the dialect; null when it does not parse. */
export function shapeOf(line: string, dialect: DialectName): Shape | null {
  let script: Script;
  try {
    script = parse(line, { dialect });
  } catch {
    return null;
  }
  const first = script.body[0];
  const pipeline = first?.andOr.pipelines[0];
  const command: Command | undefined = pipeline?.commands[0];
  let program = false;
  let firstWordEnd: number | null = null;
  if (command?.type === 'SimpleCommand' && command.words.length > 0 && command.assignments.length === 0 && command.span[0] === 0 && !pipeline!.negated && !pipeline!.timed) {
    const word = command.words[0]!;
    const name = literal(word);
    program = name !== null && word.span[0] === 0 && !notPrograms.has(name) && /^[\w./+-]+$/.test(name) && !name.startsWith('-');
    if (line[word.span[1]] === ' ') firstWordEnd = word.span[1];
  }
  const single = script.body.length === 1 && !first!.background && first!.andOr.pipelines.length === 1 && pipeline!.commands.length === 1 && command?.type === 'SimpleCommand';
  return { script, single, program, firstWordEnd };
}

// ------------------------------------------------------------------ wrappers

export interface Wrapper {
  id: string;
  /** What kind of wrapper: a program before the command, a shell reading a string, or syntax around the line. */
  kind: 'program' | 'string' | 'syntax';
  /** The wrapped line, or null where this wrapper does not apply (it would change what the line does). */
  wrap: (line: string, dialect: DialectName) => string | null;
}

const shellOf: Record<DialectName, string> = { bash: 'bash', sh: 'sh', zsh: 'zsh' };

/**
 * A program wrapper: before a line that is one program's command, or else
 * around `<shell> -c '<line>'`. A wrapper that takes the command's stdin
 * (xargs reads it, and gives the command /dev/null) goes directly only before
 * a line that redirects no input, since a heredoc would feed xargs instead.
 */
function programWrapper(id: string, prefix: string, dialects: readonly DialectName[] = ['bash', 'sh', 'zsh'], takesStdin = false): Wrapper {
  return {
    id,
    kind: 'program',
    wrap(line, dialect) {
      if (!dialects.includes(dialect)) return null;
      const shape = shapeOf(line, dialect);
      if (shape?.program && !(takesStdin && line.includes('<'))) return `${prefix} ${line}`;
      return `${prefix} ${shellOf[dialect]} -c ${singleQuoted(line)}`;
    },
  };
}

/** A shell of the line's own dialect reading it as a string, with options before the string. */
function stringWrapper(id: string, options: Record<DialectName, string>, quoting: Quoting): Wrapper {
  return {
    id,
    kind: 'string',
    wrap(line, dialect) {
      if (!quoting.dialects.includes(dialect)) return null;
      return `${shellOf[dialect]} ${options[dialect]} ${quoting.quote(line)}`;
    },
  };
}

/** The wrappers a deny must survive (the issue's list). */
export const denyWrappers: readonly Wrapper[] = [
  programWrapper('env', 'env'),
  programWrapper('env -i', 'env -i'),
  programWrapper('env FOO=1', 'env FOO=1'),
  programWrapper('env -C .', 'env -C .'),
  programWrapper('timeout -s KILL 5', 'timeout -s KILL 5'),
  programWrapper('nice -n 5', 'nice -n 5'),
  programWrapper('sudo -u root', 'sudo -u root'),
  programWrapper('xargs -0 -I{}', 'xargs -0 -I{}', ['bash', 'sh', 'zsh'], true),
  programWrapper('flock', 'flock /tmp/lock'),
  programWrapper('setsid', 'setsid'),
  programWrapper('stdbuf -oL', 'stdbuf -oL'),
  programWrapper('time -p', 'time -p', ['bash', 'sh']),
  programWrapper('command -p', 'command -p'),
  programWrapper('exec -a', 'exec -a job', ['bash', 'zsh']),
  programWrapper('nohup', 'nohup'),
  programWrapper('doas', 'doas'),
  programWrapper('ionice -c3', 'ionice -c3'),
  programWrapper('taskset -c 0', 'taskset -c 0'),
  programWrapper('strace -f', 'strace -f'),
  programWrapper('npx -y', 'npx -y'),
  stringWrapper('sh -c (single quotes)', { bash: '-c', sh: '-c', zsh: '-c' }, quotings[0]!),
  stringWrapper('sh -c (double quotes)', { bash: '-c', sh: '-c', zsh: '-c' }, quotings[1]!),
  stringWrapper('sh -c (ANSI-C quotes)', { bash: '-c', sh: '-c', zsh: '-c' }, quotings[2]!),
  stringWrapper('sh -c with options', { bash: '-x -c', sh: '-ec', zsh: '-fc' }, quotings[0]!),
  stringWrapper('sh --norc -c', { bash: '--norc -c', sh: '-c -e', zsh: '-c -f' }, quotings[1]!),
  { id: 'eval', kind: 'string', wrap: (line) => `eval ${singleQuoted(line)}` },
  { id: 'trap EXIT', kind: 'string', wrap: (line) => `trap ${singleQuoted(line)} EXIT` },
  { id: 'heredoc into a shell', kind: 'string', wrap: (line, dialect) => (/^TWEOF$/m.test(line) ? null : `${shellOf[dialect]} <<'TWEOF'\n${line}\nTWEOF`) },
  { id: 'here-string into a shell', kind: 'string', wrap: (line, dialect) => (dialect === 'sh' ? null : `${shellOf[dialect]} <<< ${singleQuoted(line)}`) },
  { id: 'xargs sh -c', kind: 'string', wrap: (line, dialect) => `xargs ${shellOf[dialect]} -c ${singleQuoted(line)}` },
  { id: 'find -exec sh -c', kind: 'string', wrap: (line, dialect) => `find . -maxdepth 0 -exec ${shellOf[dialect]} -c ${singleQuoted(line)} \\;` },
  { id: 'function', kind: 'syntax', wrap: (line) => `tw_f() {\n${line}\n}; tw_f` },
  { id: 'subshell', kind: 'syntax', wrap: (line) => `(\n${line}\n)` },
  { id: 'brace group', kind: 'syntax', wrap: (line) => `{\n${line}\n}` },
  { id: 'true &&', kind: 'syntax', wrap: (line) => `true && ${line}` },
  { id: '$( )', kind: 'syntax', wrap: (line) => `echo $(\n${line}\n)` },
  { id: 'a line before', kind: 'syntax', wrap: (line) => `true\n${line}` },
  // (not after a line refused for a dangling `&&`, `||` or `|`: a next line completes it)
  { id: 'a line after', kind: 'syntax', wrap: (line, dialect) => (shapeOf(line, dialect) === null && /(&&|\|\||\|)\s*$/.test(line) ? null : `${line}\ntrue`) },
  {
    id: 'split after the first word',
    kind: 'syntax',
    wrap(line, dialect) {
      const end = shapeOf(line, dialect)?.firstWordEnd;
      return end == null ? null : `${line.slice(0, end)} \\\n${line.slice(end)}`;
    },
  },
];

/** The harmless wrappers an allow must survive. */
export const allowWrappers: readonly Wrapper[] = [
  {
    id: 'time',
    kind: 'program',
    wrap(line, dialect) {
      const shape = shapeOf(line, dialect);
      if (!shape) return null;
      // the time keyword (bash, zsh) before a simple command or a group; /usr/bin/time in sh runs only programs
      const first = shape.script.body[0]?.andOr.pipelines[0]?.commands[0];
      if (dialect === 'sh') return shape.program ? `time ${line}` : null;
      const starts = first && first.span[0] === 0 && (first.type === 'SimpleCommand' || first.type === 'Subshell' || first.type === 'BraceGroup');
      return starts ? `time ${line}` : null;
    },
  },
  { id: 'nice', kind: 'program', wrap: (line, dialect) => (shapeOf(line, dialect)?.program ? `nice ${line}` : null) },
  { id: 'nice -n 5', kind: 'program', wrap: (line, dialect) => (shapeOf(line, dialect)?.program ? `nice -n 5 ${line}` : null) },
  { id: 'env FOO=1', kind: 'program', wrap: (line, dialect) => (shapeOf(line, dialect)?.program ? `env FOO=1 ${line}` : null) },
  { id: 'subshell', kind: 'syntax', wrap: (line) => `(\n${line}\n)` },
  { id: 'brace group', kind: 'syntax', wrap: (line) => `{\n${line}\n}` },
];
