// The shell's builtins: the one table of what the walk must know of each
// (whether it sets names, and whether a function or alias may take its
// name), and the readers of the builtins that run code (`eval`, `source`,
// `trap`, `alias`), change how names run (`hash`, `enable`, `zmodload`,
// `autoload`), set names (`read`, `declare`, `export` and kin) or evaluate
// arithmetic (`let`, `printf -v`, `test -v`). cd and its kin are
// directories.ts's; the shell options are shell-options.ts's; `builtin`,
// `command` and `exec` are wrappers.ts's.

import type { Span } from '../../syntax/ast.js';
import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import { beforeFirst } from '../core/path-text.js';
import { isInputDevice } from './shells.js';
import type { Argument } from '../core/arguments.js';
import { evaluateWord, inheritedPath, leadingText, type WordContext } from '../core/words.js';

/**
 * Which names a builtin sets, as the pre-pass (walk/fixable-names.ts) counts
 * them; a command word built from parameters may not turn out to be a
 * builtin that sets any:
 * - `mentioned`: every name its words mention (`read a b`, `declare -i n`, `printf -v x`);
 * - `assignments`: the names of its `NAME=` words (`export A=1`; a bare `export A` keeps A's value);
 * - `any`: any name at all (`let` evaluates arithmetic, which assigns);
 * - `any-when-repeated`: the names of code the walk reads in order (`eval`, `source`),
 *   and so any name where a loop or a function repeats it;
 * - `indirectly`: through the command it runs or the option it sets, which the walk
 *   reads where it runs (`command read x`, `alias`, `setopt`).
 */
export type SetsNames = 'mentioned' | 'assignments' | 'any' | 'any-when-repeated' | 'indirectly';

export interface Builtin {
  setsNames?: SetsNames;
  /** A function or alias of this name would hide the builtin, which treeward reads: refused. */
  shadowable?: true;
}

export const builtins: Readonly<Record<string, Builtin>> = {
  '.': { setsNames: 'any-when-repeated', shadowable: true },
  '[': { shadowable: true },
  alias: { setsNames: 'indirectly', shadowable: true },
  builtin: { setsNames: 'indirectly', shadowable: true },
  cd: { shadowable: true },
  command: { setsNames: 'indirectly', shadowable: true },
  declare: { setsNames: 'mentioned', shadowable: true },
  echo: { shadowable: true },
  emulate: { setsNames: 'indirectly' },
  eval: { setsNames: 'any-when-repeated', shadowable: true },
  exec: { setsNames: 'indirectly', shadowable: true },
  export: { setsNames: 'assignments', shadowable: true },
  false: { shadowable: true },
  float: { setsNames: 'mentioned' },
  getopts: { setsNames: 'mentioned' },
  integer: { setsNames: 'mentioned' },
  let: { setsNames: 'any' },
  local: { setsNames: 'mentioned', shadowable: true },
  mapfile: { setsNames: 'mentioned' },
  popd: { shadowable: true },
  // zsh `print -v NAME`: sets NAME (issue 12 class 5)
  print: { setsNames: 'mentioned' },
  printf: { setsNames: 'mentioned', shadowable: true },
  pushd: { shadowable: true },
  read: { setsNames: 'mentioned', shadowable: true },
  readarray: { setsNames: 'mentioned' },
  readonly: { setsNames: 'assignments', shadowable: true },
  select: { setsNames: 'mentioned' },
  set: { shadowable: true },
  setopt: { setsNames: 'indirectly', shadowable: true },
  shopt: { shadowable: true },
  source: { setsNames: 'any-when-repeated', shadowable: true },
  test: { shadowable: true },
  trap: { shadowable: true },
  true: { shadowable: true },
  typeset: { setsNames: 'mentioned', shadowable: true },
  unalias: { shadowable: true },
  unset: { setsNames: 'mentioned', shadowable: true },
  vared: { setsNames: 'mentioned' },
  zparseopts: { setsNames: 'mentioned' },
};

export const rows: ProgramRow[] = [
  {
    names: ['eval'],
    read: ({ args, ctx, span }) => {
      const words = args.slice(1);
      if (words.some((a) => a.text === null)) return [runsCode(span, { source: 'unfixed', via: '`eval`', what: 'eval text' })];
      return [{ kind: 'shell-code', code: words.map((a) => a.text!).join(' '), span, dialect: ctx.dialect.name, subshell: false }];
    },
  },
  {
    names: ['source', '.'],
    read: ({ name, args, ctx, span }) => {
      const file = args[1];
      if (!file || file.text === null) return [runsCode(span, { source: 'unfixed', via: `\`${name}\``, what: 'file' })];
      // `. /dev/stdin <<EOF`: the code is the command's input or an fd
      if (isInputDevice(file.text)) return [runsCode(span, { source: 'shell-state', change: 'stdin-script', name: `${name} ${file.text}` })];
      const written = ctx.contentOf(file.text);
      if (written) {
        if (written.literal === null) return [runsCode(span, { source: 'written-by-line', via: `\`${name}\``, file: file.text, use: 'source' })];
        return [{ kind: 'shell-code', code: written.literal, span, dialect: ctx.dialect.name, subshell: false }];
      }
      // a file treeward does not read runs in this shell: it may change the directory, any name, the glob options
      return [{ kind: 'unknown-shell-state', what: `\`${name} ${file.text}\`` }];
    },
  },
  {
    names: ['trap'],
    read: ({ args, ctx, span }) => {
      const rest = args[1]?.text === '--' ? args.slice(2) : args.slice(1);
      if (rest.length === 0 || rest[0]!.text === '-l' || rest[0]!.text === '-p') return [];
      const action = rest[0]!;
      if (action.text === null) return [runsCode(span, { source: 'unfixed', via: '`trap`', what: 'code' })];
      if (action.text === '' || action.text === '-') return [];
      // judged here, and again at the line's end in every directory the line was in since (issue 12 class 7)
      return [{ kind: 'shell-code', code: action.text, span, dialect: ctx.dialect.name, deferred: true }];
    },
  },
  {
    names: ['alias'],
    read: ({ args, ctx, span }) => {
      const names: string[] = [];
      const out: Action[] = [];
      for (const a of args.slice(1)) {
        if (a.text === null) return [runsCode(span, { source: 'unfixed', via: '`alias`', what: 'alias value' })];
        const eq = a.text.indexOf('=');
        if (eq <= 0) continue;
        names.push(a.text.slice(0, eq));
        out.push({ kind: 'shell-code', code: a.text.slice(eq + 1), span: a.word.span, dialect: ctx.dialect.name, subshell: true });
      }
      // the values are read before the names count as aliases: a value is not itself rewritten by the alias it defines
      return [...out, { kind: 'alias', names }];
    },
  },
  {
    names: ['hash'],
    read: ({ args, span }) => {
      if (args.some((a) => a.text === '-p')) return [runsCode(span, { source: 'changes-commands', via: '`hash -p`', how: 'hash -p' })];
      // zsh `hash NAME=PATH` (and `hash -d NAME=DIR`, a named directory, which `~NAME` reads and treeward does not fix anyway)
      if (args.some((a) => a.text === null)) return [runsCode(span, { source: 'changes-commands', via: '`hash`', how: 'hash -p' })];
      const names = args.slice(1).map((a) => a.text!).filter((t) => t.indexOf('=') > 0).map((t) => t.slice(0, t.indexOf('=')));
      return names.length > 0 ? [{ kind: 'hash', names }] : [];
    },
  },
  {
    names: ['enable'],
    read: ({ args, span }) => {
      if (!args.some((a) => a.text === '-f')) return [];
      return [runsCode(span, { source: 'changes-commands', via: '`enable -f`', how: 'enable -f' })];
    },
  },
  { names: ['zmodload'], read: ({ span }) => [runsCode(span, { source: 'changes-commands', via: '`zmodload`', how: 'zmodload' })] },
  { names: ['autoload'], read: ({ span }) => [runsCode(span, { source: 'changes-commands', via: '`autoload`', how: 'autoload' })] },
  {
    names: ['read', 'mapfile', 'readarray', 'getopts', 'declare', 'typeset', 'local', 'export', 'readonly', 'integer', 'float', 'unset', 'vared'],
    read: readSetter,
  },
  {
    names: ['printf', 'print'],
    read: ({ args }) => {
      const v = args.findIndex((a) => a.text === '-v');
      if (v > 0 && args[v + 1]?.text && subscriptRunsCode(args[v + 1]!.text!)) {
        return [runsCode(args[v + 1]!.word.span, { source: 'arithmetic', via: '`printf -v`', in: 'name' })];
      }
      if (v > 0 && args[v + 1]?.text) return [{ kind: 'forget-parameters', names: [beforeFirst(args[v + 1]!.text!, '[')] }];
      return [];
    },
  },
  {
    names: ['let'],
    read: ({ args, span }) => {
      for (const a of args.slice(1)) if (a.text !== null && /\$\(|`/.test(a.text)) return [runsCode(span, { source: 'arithmetic', via: '`let`', in: 'words' })];
      return [];
    },
  },
  {
    // `test -v 'a[$(cmd)]'`, `wait -p`: a name whose subscript is arithmetic
    names: ['test', '[', 'wait'],
    read: ({ args }) => {
      for (let i = 1; i + 1 < args.length; i++) {
        const operand = args[i + 1]!;
        if ((args[i]!.text === '-v' || args[i]!.text === '-p') && operand.text !== null && subscriptRunsCode(operand.text)) {
          return [runsCode(operand.word.span, { source: 'arithmetic', via: `\`${args[i]!.text}\``, in: 'subscript', text: operand.text })];
        }
      }
      return [];
    },
  },
  {
    names: ['compgen'],
    read: ({ args, span }) => {
      if (!args.some((a) => a.text === '-C')) return [];
      return [runsCode(span, { source: 'changes-commands', via: '`compgen -C`', how: 'compgen -C' })];
    },
  },
];

/** read, declare, export and the other builtins that set the names they are given. */
function readSetter({ name, args, span, ctx }: Invocation): Action[] {
  const out: Action[] = [];
  // bash `export -f NAME`: the function reaches every bash the line starts, whoever starts it (issue 12 class 7)
  if (name === 'export' &&
    args.slice(1).some((a) => /^-[a-z]*f/.test(a.text ?? ''))) out.push(runsCode(span, { source: 'shell-state', change: 'exported-function' }));
  const names: string[] = [];
  const assignments: { name: string; value: string | null; span: Span }[] = [];
  for (const a of args.slice(1)) {
    if (a.text === null) {
      // `export PATH="$HOME/bin:$PATH"`: a fixed name set to a value the line does not fix
      const fixedName = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(leadingText(a.word).text);
      if (fixedName && name !== 'read' && name !== 'unset') {
        names.push(fixedName[1]!);
        assignments.push({ name: fixedName[1]!, value: null, span: a.word.span, ...(fixedName[1] === 'PATH' ? { pathValue: pathValue(a,
          ctx.wordContext) } : {}) });
        continue;
      }
      // `export "$name=…"`: which name is set is not known
      if (name !== 'read' && name !== 'unset') out.push(runsCode(a.word.span, { source: 'unfixed', via: `\`${name}\``, what: 'name' }));
      continue;
    }
    const m = /^([A-Za-z_][A-Za-z0-9_]*)/.exec(a.text);
    // `export NAME` (no value) leaves NAME's value as it was
    if (m && !((name === 'export' || name === 'readonly') && m[0] === a.text)) names.push(m[1]!);
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)(\+?=)/.exec(a.text);
    if (assignment && name !== 'read' && name !== 'unset') {
      assignments.push({ name: assignment[1]!, value: assignment[2] === '=' ? a.text.slice(assignment[0].length) : null, span: a.word.span });
    }
    if (subscriptRunsCode(a.text)) out.push(runsCode(a.word.span, { source: 'arithmetic', via: `\`${name}\``, in: 'subscript', text: a.text }));
    else if ((name === 'declare' || name === 'typeset' || name === 'local') && /\$\(|`/.test(a.text) && /^-[a-zA-Z]*i/.test(args[1]?.text ?? '')) {
      out.push(runsCode(span, { source: 'arithmetic', via: `\`${name} -i\``, in: 'values' }));
    }
    if ((name === 'mapfile' || name === 'readarray') && a.text === '-C') {
      out.push(runsCode(span, { source: 'changes-commands', via: `\`${name} -C\``, how: 'mapfile -C' }));
    }
  }
  // `declare -i n`, `typeset -i`, `local -i`, `integer n`: later assignments to n are arithmetic
  const integer = name === 'integer' || (['declare', 'typeset', 'local', 'export', 'readonly'].includes(name) &&
    args.slice(1).some((a) => /^-[A-Za-z]*i/.test(a.text ?? '')));
  const integers: Action[] = integer && names.length > 0 ? [{ kind: 'integer', names }] : [];
  return [...out, { kind: 'forget-parameters', names }, ...(assignments.length ? [{ kind: 'variables' as const, assignments }] : []), ...integers];
}

/** `export PATH="$HOME/bin:$PATH"`: the value with the inherited PATH standing for `$PATH`, where the rest is fixed (walk/parameters.ts `pathValueIsSafe`). */
function pathValue(arg: Argument, context: WordContext): string | null {
  const parameters = new Map(context.parameters);
  parameters.set('PATH', inheritedPath);
  const value = evaluateWord(arg.word, { ...context, parameters, splittingChanged: false });
  if (value.kind !== 'fixed' || value.fields.length !== 1) return null;
  const text = value.fields[0]!.text;
  return text.startsWith('PATH+=') ? `${inheritedPath}:${text.slice(6)}` : text.slice(text.indexOf('=') + 1);
}

/** `read 'a[$(cmd)]'`: bash evaluates a name's subscript as arithmetic, running any substitution in it. */
function subscriptRunsCode(text: string): boolean {
  const open = text.indexOf('[');
  const equals = text.indexOf('=');
  if (open <= 0 || (equals !== -1 && equals < open)) return false; // `x=a[$(id)]` is a value, not a name
  return /\$\(|`/.test(text.slice(open));
}
