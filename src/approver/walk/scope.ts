// What one shell knows as the walk goes (the line's shell, or a subshell's
// copy of it): the possible current directories, the parameters the line
// fixed, the functions it defined, and the options and fds it changed.

import { budgets } from '../../budgets.js';
import type { FunctionDefinition } from '../../syntax/ast.js';
import type { OptionRows } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import type { Field } from '../core/words.js';


export interface Scope {
  dirs: Directories;
  /**
   * OLDPWD (`cd -`, `$OLDPWD`, `~-`) by the directory the shell is in: where it
   * was before the `cd` that brought it there, on every path the line may have
   * taken (null: one treeward does not know, as the inherited OLDPWD is). A
   * directory not in the map has an OLDPWD treeward does not know.
   */
  previous: Map<string, Directories>;
  /** Directories before each `pushd` the line made, for `popd`. */
  pushed: Directories[];
  parameters: Map<string, Field>;
  functions: Map<string, FunctionDefinition>;
  /** Names a function or alias took from a builtin or a program in the table. */
  shadowed: Set<string>;
  globDots: boolean;
  expansionChanged: boolean;
  splittingChanged: boolean;
  cdableVars: boolean;
  /** Rows of the dialect table the line's options changed for what follows (`setopt braceccl`, `shopt -u globskipdots`). */
  options: OptionRows;
  /** Names with the integer attribute: an assignment to one is arithmetic. */
  integers: Set<string>;
  /** Names `hash NAME=PATH` pointed at another program (zsh). */
  hashed: Set<string>;
  /** PATH, as the line set it, may find a program in the tree, the temp dir or a directory it does not fix. */
  pathUnsafe: boolean;
  /** An `alias` in sh applies to the lines after it. */
  aliasDefined: boolean;
  /** After `source FILE` of a file treeward does not read: what ran (names, HOME, PWD are no longer fixed). */
  stateUnknown: string | null;
  /** Names the line set or exported, as children may see them: fixed text, or null. */
  exported: Map<string, string | null>;
  /** File descriptors the line pointed at a file (`exec 3< .git/config`, `< ~/.bashrc`): `/dev/fd/3` is then that file. */
  fds: Map<number, OpenFile>;
}

export interface OpenFile {
  arg: Argument;
  dirs: Directories;
}

/** Where a part of the line leaves the shell. */
export interface Outcome {
  /** Directories after the part succeeded. */
  success: Directories;
  /** Directories wherever the part ended, in success or failure. */
  anywhere: Directories;
}

/** The line's own shell, starting in `cwd`. */
export function lineScope(cwd: string, globDots: boolean): Scope {
  return {
    dirs: [cwd], previous: new Map([[cwd, null]]), pushed: [], parameters: new Map(), functions: new Map(), shadowed: new Set(),
    globDots, expansionChanged: false, splittingChanged: false, cdableVars: false, options: {}, integers: new Set(), hashed: new Set(), pathUnsafe: false,
      aliasDefined: false, fds: new Map(), exported: new Map(), stateUnknown: null,
  };
}

/** A subshell's copy: what it changes stays in it. */
export function copyScope(scope: Scope): Scope {
  return {
    dirs: scope.dirs,
    previous: copyMap(scope.previous),
    pushed: scope.pushed.length === 0 ? [] : [...scope.pushed],
    parameters: copyMap(scope.parameters),
    functions: copyMap(scope.functions),
    shadowed: copySet(scope.shadowed),
    globDots: scope.globDots,
    expansionChanged: scope.expansionChanged,
    splittingChanged: scope.splittingChanged,
    cdableVars: scope.cdableVars,
    options: { ...scope.options },
    integers: copySet(scope.integers),
    hashed: copySet(scope.hashed),
    pathUnsafe: scope.pathUnsafe,
    aliasDefined: scope.aliasDefined,
    fds: copyMap(scope.fds),
    exported: copyMap(scope.exported),
    stateUnknown: scope.stateUnknown,
  };
}

/**
 * A copy of a map, made without the iteration protocol when it is empty, as most of a scope's are: a pipeline
 * stage and a subshell copy the scope, and on a line of thousands of them the copies were half their cost (issue 18 item 2).
 */
export function copyMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
  return map.size === 0 ? new Map() : new Map(map);
}

function copySet<T>(set: ReadonlySet<T>): Set<T> {
  return set.size === 0 ? new Set() : new Set(set);
}

/** Where a part leaves the shell when it changes nothing. */
export function stayed(scope: Scope): Outcome {
  return { success: scope.dirs, anywhere: scope.dirs };
}

/** Either set of directories (unknown when either is); past `maxDirectories`, unknown. */
export function unionDirs(a: Directories, b: Directories): Directories {
  if (a === null || b === null) return null;
  if (a === b) return a;
  const out = [...a];
  for (const d of b) if (!out.includes(d)) out.push(d);
  return limitDirs(out);
}

/** At most `maxDirectories` possible directories are followed; more is unknown. */
export function limitDirs(dirs: string[]): Directories {
  return dirs.length > budgets.maxDirectories ? null : dirs;
}

export function sameDirs(a: Directories, b: Directories): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((d) => b.includes(d));
}

/** Names a program the code starts reads to choose where it writes or what it runs, whatever the code's text names. */
const pathNames = new Set(['PATH', 'HOME', 'TMPDIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME', 'XDG_CACHE_HOME', 'XDG_RUNTIME_DIR']);

const functionIds = new WeakMap<FunctionDefinition, number>();
let nextFunctionId = 0;

/**
 * What of a scope code run in it can depend on, as one string: two scopes of
 * one key read any code the same way (the directories, the fixed
 * parameters, the functions, the options and the names that change what runs).
 */
export function stateKey(scope: Scope, reads: ReadonlySet<string> | null = null): string {
  const parts: string[] = [scope.dirs === null ? '?' : scope.dirs.join('\u0000')];
  // code that names no function the line defined reads only the parameters its text names (and HOME, PWD, OLDPWD by `~`)
  if (reads !== null && scope.functions.size === 0) {
    for (const name of reads) parts.push(`${name}=${scope.parameters.get(name)?.text ?? '?'}`);
  } else {
    for (const [name, field] of scope.parameters) parts.push(`${name}=${field.text}`);
  }
  for (const [name, body] of scope.functions) {
    let id = functionIds.get(body);
    if (id === undefined) functionIds.set(body, (id = nextFunctionId++));
    parts.push(`${name}()${id}`);
  }
  parts.push(JSON.stringify(scope.options), [...scope.shadowed].join(','), [...scope.hashed].join(','), [...scope.integers].join(','));
  const flags = [scope.globDots, scope.expansionChanged, scope.splittingChanged, scope.cdableVars, scope.pathUnsafe, scope.aliasDefined];
  parts.push(flags.map((f) => (f ? 1 : 0)).join(''), scope.stateUnknown ?? '');
  // `cd -`, `$OLDPWD`, `~-` in the code read where the shell was before (issue 16)
  for (const [dir, before] of scope.previous) parts.push(`prev ${dir}=${before === null ? '?' : before.join('\u0000')}`);
  const some = reads !== null && scope.functions.size === 0;
  for (const [name, value] of scope.exported) if (!some || reads.has(name) || pathNames.has(name)) parts.push(`export ${name}=${value ?? '?'}`);
  return parts.join('\u0001');
}

/** OLDPWD in every directory of `dirs`: the directories it may be, or null where any is unknown. */
export function previousDirs(scope: Scope, dirs: Directories): Directories {
  if (dirs === null) return null;
  let out: Directories = [];
  for (const d of dirs) {
    const p = scope.previous.get(d);
    if (p === undefined || p === null) return null;
    out = unionDirs(out, p);
    if (out === null) return null;
  }
  return out;
}

/**
 * After a change of directory from `before` (null: unknown) with these
 * (after, before) pairs where it succeeded: OLDPWD is the directory it left;
 * where it failed, OLDPWD is what it was. Entries only grow, so what another
 * path the line may have taken left in a directory stays among its values.
 */
export function notePrevious(scope: Scope, before: Directories, moves: readonly (readonly [string, string | null])[]): void {
  const landed = new Map<string, Directories>();
  for (const [to, from] of moves) landed.set(to, from === null ? null : unionDirs(landed.get(to) ?? [], [from]));
  for (const d of before ?? []) if (!landed.has(d)) landed.set(d, []);
  for (const [to, from] of landed) {
    const had = scope.previous.get(to);
    // a directory the shell was in before the change keeps its OLDPWD where the change failed
    const kept = had === undefined ? (before?.includes(to) ? null : []) : had;
    scope.previous.set(to, kept === null || from === null ? null : unionDirs(kept, from));
  }
}

/** OLDPWD may have been set to anything (a new shell inherits its own; code assigned it): unknown in every directory. */
export function forgetPrevious(scope: Scope): void {
  for (const d of scope.previous.keys()) scope.previous.set(d, null);
  for (const d of scope.dirs ?? []) scope.previous.set(d, null);
}
