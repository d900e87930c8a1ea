// Commands: a simple command's words, assignments and redirections; the
// command it runs (a function the line defined, a file it wrote, or the
// program table's reading of it); and its actions, performed in order by a
// handler for each kind.

import type { SimpleCommand, Span } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Action, ProgramContext } from '../core/actions.js';
import type { Argument, Listing } from '../core/arguments.js';
import type { Directories, ListedBelow } from '../core/effects.js';
import { joinPath } from '../core/path-text.js';
import type { CodeFact } from '../core/facts.js';
import { matchesName } from '../core/glob.js';
import { type Field, leadingText, literalWord, pastExpansionBudget } from '../core/words.js';
import { agentPrograms } from '../programs/agents.js';
import { builtinOf, isShadowable, readProgram } from '../programs/index.js';
import { gitSetting, runWrittenFile, walkCode, walkFunctionBody } from './code.js';
import { isHarmlessDevice } from './line-facts.js';
import { argument, argumentsOf, assign, assignedValue, judgeAssignment, judgeVariable, pathIsSafe, pathValueIsSafe, wordContext } from './parameters.js';
import { deviceFd, literalCopyOutput, openedFile, stdinOf, walkRedirects } from './redirects.js';
import { copyScope, limitDirs, type Outcome, type Scope, stayed, unionDirs } from './scope.js';
import type { WalkState } from './state.js';
import { checkArithmeticName, walkAssignmentSubstitutions, walkWordSubstitutions } from './substitutions.js';

/** How a command is run: what its stdin is, and whether a function of its name is passed over (`command`, `builtin`). */
interface RunHow {
  /** PATH, as this command's own assignments set it, may find programs the line wrote (null: they do not set PATH). */
  pathUnsafe?: boolean;
  fedByPipe?: boolean;
  noFunctions?: boolean;
  stdinText?: string | null;
  /** stdin is this file, which the line wrote with text it does not fix (`sh < f` after `curl … > f`). */
  stdinFile?: string;
  listing?: Listing;
}

/** A write's details beside its target (core/effects.ts `Write`). */
type WriteDetails = {
  recursive: boolean; extraction: boolean; redirection: boolean; hardLinkSource: boolean; below?: ListedBelow; destination?: boolean; handed?: true;
};

/** A simple command: its substitutions, assignments and redirections, then the command it runs. */
export function walkSimpleCommand(w: WalkState, command: SimpleCommand, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing): Outcome {
  const outer = w.facts.wroteAtCommand;
  try {
    return walkSimpleCommandHere(w, command, scope, dialect, fedByPipe);
  } finally {
    w.facts.wroteAtCommand = outer;
  }
}

function walkSimpleCommandHere(w: WalkState, command: SimpleCommand, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing): Outcome {
  const here = stayed(scope);
  // Substitutions in the words run first, in order.
  for (const assignment of command.assignments) walkAssignmentSubstitutions(w, assignment, scope, dialect);
  for (const word of command.words) walkWordSubstitutions(w, word, scope, dialect);
  // then the words are expanded, globs included, before the redirections and the command: its globs see the line as it is now
  w.facts.wroteAtCommand = w.facts.wrote;
  // A bare assignment changes this shell; before a command, only that command's environment.
  if (command.words.length === 0) {
    const fds = scope.fds;
    scope.fds = new Map(fds);
    walkRedirects(w, command.redirects, scope, dialect);
    scope.fds = fds;
    for (const assignment of command.assignments) {
      // zsh's `mapfile[FILE]=text` (zsh/mapfile) writes FILE: a write, refused or not as any other, besides the table's own refusal
      if (assignment.name === 'mapfile' && assignment.index && dialect.commandTableParameters.has('mapfile')) {
        perform(w, [{ kind: 'write', arg: argument(w, assignment.index, scope, dialect), by: 'mapfile[…]=' }], scope, dialect, assignment.span);
      }
      // bash's DIRSTACK, zsh's dirstack: an edit changes where each later popd goes
      if (assignment.name === 'DIRSTACK' || assignment.name === 'dirstack') scope.pushed = scope.pushed.map(() => null);
      if (hookArrays.test(assignment.name)) w.runsCode(assignment.span, { source: 'shell-state', change: 'hook-functions', name: assignment.name });
      judgeAssignment(w, assignment, scope, dialect, false);
      if (scope.integers.has(assignment.name)) integerAssignment(w, assignment, scope, dialect);
      assign(w, assignment, scope, dialect);
      if (assignment.name === 'PATH') scope.pathUnsafe = !pathIsSafe(w, assignment, scope, dialect);
    }
    return here;
  }
  const prefix = new Map<string, string | null>(scope.exported);
  let pathUnsafe: boolean | undefined;
  for (const assignment of command.assignments) {
    judgeAssignment(w, assignment, scope, dialect, true);
    if (assignment.name === 'PATH') pathUnsafe = !pathIsSafe(w, assignment, scope, dialect);
    const value = assignment.value ? assignedValue(w, assignment.value, scope, dialect) : null;
    prefix.set(assignment.name, value && !assignment.append && !assignment.index && !assignment.array ? value.text : null);
  }
  // A command's redirections point its fds for that command only; `exec` with no command keeps them for the line.
  const fds = scope.fds;
  const persists = command.words.length === 1 && literalWord(command.words[0]!) === 'exec';
  if (!persists) scope.fds = new Map(fds);
  try {
    walkRedirects(w, command.redirects, scope, dialect, literalCopyOutput(command));
    const args = command.words.flatMap((word) => argumentsOf(w, word, scope, dialect));
    if (scope.options.assignmentsAnywhere) assignmentsAnywhere(w, args);
    const listing = typeof fedByPipe === 'object' ? fedByPipe : undefined;
    const how = { fedByPipe: fedByPipe !== false, ...stdinFrom(w, command, scope, fedByPipe !== false), ...(listing ? { listing } : {}),
      ...(pathUnsafe !== undefined ? { pathUnsafe } : {}) };
    return runCommand(w, args, prefix, scope, dialect, command.span, how);
  } finally {
    if (!persists) scope.fds = fds;
  }
}

/**
 * What a command reads on stdin: its own here-document or here-string, else the file its own
 * redirection, an enclosing command's (`{ sh; } < f`) or an `exec < f` pointed fd 0 at, when not a
 * pipe: a file the line wrote from a literal is that text, /dev/null nothing, any other file not
 * known (null), and `stdinFile` names it when the line wrote it (SPEC §3 "commands it runs").
 */
function stdinFrom(w: WalkState, command: SimpleCommand, scope: Scope, piped: boolean): { stdinText: string | null | undefined; stdinFile?: string } {
  const own = stdinOf(command);
  if (own !== null && own !== undefined) return { stdinText: own };
  const file = scope.fds.get(0);
  if ((piped && own === undefined) || !file) return { stdinText: own };
  if (file.arg.text === '/dev/null') return { stdinText: '' };
  const written = file.arg.text === null ? null : w.facts.contentOf(file.arg.text, file.dirs);
  if (written && written.literal !== null) return { stdinText: written.literal };
  return { stdinText: null, ...(written && file.arg.text !== null ? { stdinFile: file.arg.text } : {}) };
}

/**
 * Run a command given as arguments (from a simple command, or from a
 * wrapper that runs its operands): resolve functions, read the program's
 * row, and turn its actions into effects.
 */
export function runCommand(
  w: WalkState, args: Argument[], environment: ReadonlyMap<string, string | null>, scope: Scope, dialect: Dialect, span: Span, how: RunHow = {},
): Outcome {
  const here = stayed(scope);
  if (args.length === 0) return here;
  let first = args[0]!;
  // zsh `=rm x`: the word is the path of the program `rm`, which then runs (never a function)
  const only = first.word.parts.length === 1 ? first.word.parts[0]! : null;
  if (only?.type === 'EqualsCommandPath') {
    first = { ...first, value: { kind: 'fixed', fields: [{ text: only.name, chunks: [{ text: only.name, quoted: true }], glob: false }] }, text: only.name };
    args = [first, ...args.slice(1)];
    how = { ...how, noFunctions: true };
  }
  const fields = first.value.kind === 'fixed' ? first.value.fields : null;
  if (fields === null || fields.length === 0) {
    if (first.value.kind === 'unfixed' && pastExpansionBudget(first.value)) {
      w.effects.push({ kind: 'too-complex', span: first.word.span, past: { source: 'expansion', why: first.value.why } });
    }
    else if (fields === null) w.runsCode(first.word.span, { source: 'command-word', how: 'unfixed' });
    return here;
  }
  if (fields.length > 1 || fields[0]!.glob) {
    // `$cmd` split into words, or a glob in command position: a glob may name any file standing there, an agent's among them
    if (fields.length === 1) globCommandWord(w, fields[0]!, args, scope, dialect, environment, span, how);
    w.runsCode(first.word.span, { source: 'command-word', how: 'not-one-word' });
    return here;
  }
  const name = fields[0]!.text;
  const changed = commandNameChanged(name, scope, how);
  if (changed) {
    w.runsCode(first.word.span, changed);
    return here;
  }
  // the pre-pass took a command word built from parameters to set no names: hold it to that
  if (literalWord(first.word) === null && first.word.parts.some((p) => p.type !== 'EqualsCommandPath')) {
    const program = name.slice(name.lastIndexOf('/') + 1);
    if (builtinOf(program)?.setsNames !== undefined) {
      w.runsCode(first.word.span, { source: 'command-word', how: 'sets-names', program });
      return here;
    }
  }
  // A function the line defined
  const fn = how.noFunctions ? undefined : scope.functions.get(name);
  if (fn) {
    if (scope.shadowed.has(name)) {
      w.runsCode(first.word.span, { source: 'shadowing', name });
      return here;
    }
    return walkFunctionBody(w, fn, scope, dialect, first.word.span);
  }
  const context = programContext(w, scope, dialect, environment, how.fedByPipe ?? false, how.stdinText, how.listing, how.stdinFile);
  if (name.includes('/')) {
    // a file run by its path: judged when the line wrote it
    const written = context.contentOf(name);
    if (written) return perform(w, [runWrittenFile(name, written.literal, span, dialect)], scope, dialect, span);
  }
  const actions = readProgram(name, args, context, span);
  return perform(w, actions, scope, dialect, span, { fedByPipe: how.fedByPipe ?? false, stdinText: how.stdinText, environment });
}

/** zsh's arrays of hook functions, which it calls by itself later (`chpwd_functions+=(f)`). */
const hookArrays = /^(?:chpwd|precmd|preexec|periodic|zshexit|zshaddhistory|zsh_directory_name)_functions$/;

/** An assignment to a name with the integer attribute: its value is arithmetic, which runs a `$(` in it or in the names it reads. */
function integerAssignment(w: WalkState, assignment: SimpleCommand['assignments'][number], scope: Scope, dialect: Dialect): void {
  if (!assignment.value) return;
  const text = assignedValue(w, assignment.value, scope, dialect)?.text ?? null;
  if (text === null || /\$\(|`/.test(text)) {
    w.runsCode(assignment.span, { source: 'shell-state', change: 'integer-attribute', name: assignment.name });
    return;
  }
  for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) checkArithmeticName(w, name, scope, assignment.span);
}

/** bash `set -k`, zsh `setopt keyword`: a `NAME=value` word after the command name goes to its environment, which treeward does not follow. */
function assignmentsAnywhere(w: WalkState, args: Argument[]): void {
  for (const arg of args.slice(1)) {
    const lead = leadingText(arg.word).text;
    if (/^[A-Za-z_][A-Za-z0-9_]*\+?=/.test(lead)) w.runsCode(arg.word.span, { source: 'shell-state', change: 'assignments-anywhere', name: lead.slice(0,
      lead.indexOf('=')) });
  }
}

/**
 * The state the line gave the shell that makes a command name run something
 * else (issue 12 class 2): `hash NAME=PATH`, or a PATH the line set that may
 * find the name in the tree, the temp dir or a directory it does not fix.
 */
function commandNameChanged(name: string, scope: Scope, how: RunHow): CodeFact | null {
  if (scope.hashed.has(name)) return { source: 'shell-state', change: 'hash', name };
  const unsafe = how.pathUnsafe ?? scope.pathUnsafe;
  if (unsafe && !name.includes('/') && builtinOf(name) === undefined && !scope.functions.has(name)) {
    return { source: 'shell-state', change: 'path', name };
  }
  return null;
}

/** A glob as the command word: the program of every agent's name it can match is read too, so that launching one is refused as that. */
function globCommandWord(
  w: WalkState, field: Field, args: Argument[], scope: Scope, dialect: Dialect, environment: ReadonlyMap<string, string | null>, span: Span, how: RunHow,
): void {
  if (field.text.includes('/')) return;
  const context = programContext(w, scope, dialect, environment, how.fedByPipe ?? false, how.stdinText, how.listing);
  for (const agent of [...agentPrograms, ...w.programConstants.agentNames]) {
    if (!matchesName(field.chunks, agent, false)) continue;
    const named: Argument = { ...args[0]!, value: { kind: 'fixed', fields: [{ text: agent, chunks: [{ text: agent, quoted: true }], glob: false }] },
      text: agent };
    perform(w, readProgram(agent, [named, ...args.slice(1)], context, span), copyScope(scope), dialect, span);
  }
}

/** What a program's row may know of the shell and the line where it runs. */
function programContext(
  w: WalkState, scope: Scope, dialect: Dialect, environment: ReadonlyMap<string, string | null>,
  fedByPipe: boolean, stdinText: string | null | undefined, stdinListing?: Listing, stdinFile?: string,
): ProgramContext {
  return {
    ...(stdinText !== undefined ? { stdinText } : {}),
    ...(stdinFile !== undefined ? { stdinFile } : {}),
    ...(stdinListing ? { stdinListing } : {}),
    ...w.programConstants,
    dialect,
    environment,
    fedByPipe,
    wordContext: wordContext(w, scope, dialect),
    dirs: scope.dirs,
    writtenBefore: () => w.facts.wrote,
    contentOf: (text) => w.facts.contentOf(text, scope.dirs),
    written: () => w.facts.written(),
    parameterFixed: (name) => scope.parameters.has(name),
  };
}

/** Where the actions of one command leave the shell, as they are performed in order. */
interface Performing {
  scope: Scope;
  dialect: Dialect;
  span: Span;
  outer: { fedByPipe: boolean; stdinText: string | null | undefined; environment: ReadonlyMap<string, string | null> } | undefined;
  /** The directories once the command succeeded. */
  success: Directories;
}

type Handlers = { [K in Action['kind']]: (w: WalkState, action: Extract<Action, { kind: K }>, at: Performing) => void };

/** What each kind of action does to the effects and the shell (core/actions.ts documents the kinds). */
const handlers: Handlers = {
  remove: (w, action, { scope }) => {
    target(w, 'removal', action.arg, scope, action.dirs, {
      recursive: action.recursive, belowOnly: action.belowOnly ?? false,
      ...(action.findFilter ? { findFilter: action.findFilter } : {}), ...(action.followLast ? { followLast: true } : {}),
      ...(action.skipsGitDirectory ? { skipsGitDirectory: true } : {}),
    }, action.by);
  },
  write: (w, action, { scope }) => {
    target(w, 'write', action.arg, scope, action.dirs, {
      recursive: action.recursive ?? false, extraction: action.extraction ?? false, redirection: false, hardLinkSource: action.hardLinkSource ?? false,
      content: action.content ?? true, fresh: action.fresh ?? false, ...(action.destination ? { destination: true } : {}),
      ...(action.handed ? { handed: true } : {}),
    }, action.by);
  },
  place: (w, action, { scope }) => w.facts.place(action.arg, action.dirs === undefined ? scope.dirs : action.dirs),
  run: (w, action, at) => {
    const { scope, dialect, span, outer } = at;
    // a wrapper's command: in its own place when the wrapper sets one (env -C), else here
    const inner = action.subshell || action.dirs !== undefined ? copyScope(scope) : scope;
    if (action.dirs !== undefined) inner.dirs = action.dirs;
    for (const [name, value] of action.environment ?? []) judgeVariable(w, name, value, span, scope, dialect, true);
    const inherits = outer !== undefined && !action.subshell;
    const env = new Map<string, string | null>([...(inherits ? outer.environment : scope.exported), ...(action.environment ?? [])]);
    // `env PATH=. lint`: the PATH the wrapper gives its command finds it (issue 12 class 2)
    const path = action.environment?.find(([name]) => name === 'PATH');
    const outcome = runCommand(w, action.argv, env, inner, dialect, span, {
      ...(path ? { pathUnsafe: !pathValueIsSafe(w, path[1]) } : {}),
      noFunctions: action.noFunctions ?? false,
      ...(inherits ? { fedByPipe: outer.fedByPipe, ...(outer.stdinText !== undefined ? { stdinText: outer.stdinText } : {}) } : {}),
    });
    if (inner === scope) at.success = outcome.success;
  },
  'shell-code': (w, action, { scope }) => {
    walkCode(w, action.code, action.span, action.dialect, scope, action.dirs, action.subshell ?? true);
    // a trap's code runs later too, wherever the shell then is (walker.ts walkLine)
    if (action.deferred) w.deferred.push({ run: (later, dirs) => walkCode(w, action.code, action.span, action.dialect, later, dirs, true), dirs: scope.dirs });
  },
  cd: (w, action, at) => {
    at.success = changeDirectory(w, action, at.scope);
  },
  effect: (w, action) => {
    w.effects.push(action.effect);
  },
  'git-setting': (w, action, { scope }) => gitSetting(w, action, scope),
  variables: (w, action, { scope, dialect }) => {
    for (const v of action.assignments) {
      judgeVariable(w, v.name, v.value, v.span, scope, dialect, false);
      if (v.name === 'PATH') scope.pathUnsafe = !pathValueIsSafe(w, v.pathValue ?? v.value);
      // `export NAME=value` fixes NAME as a bare assignment does
      if (v.value === null || !w.fixable.assignedOnce.has(v.name)) continue;
      scope.parameters.set(v.name, { text: v.value, chunks: [{ text: v.value, quoted: true }], glob: false });
    }
  },
  'unknown-shell-state': (w, action, at) => {
    // what a sourced file did is not known: the directory, every name, HOME and PWD, the glob options
    const scope = at.scope;
    scope.dirs = null;
    w.movedTo(null);
    at.success = null;
    scope.parameters.clear();
    scope.stateUnknown = action.what;
    scope.expansionChanged = true;
    scope.splittingChanged = true;
  },
  'set-options': (_w, action, { scope }) => {
    if (action.globDots) scope.globDots = true;
    if (action.expansionChanged) scope.expansionChanged = true;
    if (action.cdableVars) scope.cdableVars = true;
    // a row of the dialect table the option changes: later words read under it (walk/parameters.ts wordContext)
    if (action.rows) scope.options = { ...scope.options, ...action.rows };
  },
  alias: (_w, action, { scope }) => {
    if (action.names.some(isShadowable)) for (const n of action.names) scope.shadowed.add(n);
    scope.aliasDefined = true;
  },
  integer: (_w, action, { scope }) => {
    for (const n of action.names) scope.integers.add(n);
  },
  hash: (_w, action, { scope }) => {
    for (const n of action.names) scope.hashed.add(n);
  },
  'forget-parameters': (_w, action, { scope }) => {
    for (const n of action.names) scope.parameters.delete(n);
  },
};

/**
 * Turn a program's actions into effects. `outer`: the stdin and environment
 * of the command itself, which a wrapper's command inherits (`curl … | sudo
 * bash`, `BASH_ENV=f nohup bash`); a command run per entry (`xargs`, `find
 * -exec`) gets neither.
 */
function perform(w: WalkState, actions: Action[], scope: Scope, dialect: Dialect, span: Span, outer?: Performing['outer']): Outcome {
  const at: Performing = { scope, dialect, span, outer, success: scope.dirs };
  for (const action of actions) (handlers[action.kind] as (w: WalkState, action: Action, at: Performing) => void)(w, action, at);
  return { success: at.success, anywhere: unionDirs(scope.dirs, at.success) };
}

/** `cd`, `pushd`, `popd`: where the shell is after the change (null: unknown), and where it may be wherever it failed. */
function changeDirectory(w: WalkState, action: Action & { kind: 'cd' }, scope: Scope): Directories {
  const before = scope.dirs;
  let after: Directories;
  switch (action.to) {
    case 'unknown':
      after = null;
      break;
    case 'home': {
      const home = wordContext(w, scope, w.options.dialect).home;
      after = home === null ? null : [home];
      break;
    }
    case 'pop': {
      after = scope.pushed.length > 0 ? scope.pushed.pop()! : null;
      break;
    }
    case 'previous':
      // `cd -` goes back to OLDPWD: where the line was before its last `cd`, or unknown before the line made one
      after = scope.previous ?? null;
      break;
    default: {
      if (scope.cdableVars) {
        after = null;
        break;
      }
      const target = action.to.path;
      // a relative name is looked up in CDPATH (zsh's cdpath) first when the line sets it, to a value treeward does not follow
      const cdpathName = !/^(?:\/|\.\.?(?:\/|$))/.test(target);
      if (cdpathName && ['CDPATH', 'cdpath'].some((n) => w.fixable.assigned.has(n) || scope.parameters.has(n))) after = null;
      else if (before === null && !target.startsWith('/')) after = null;
      else if (target.startsWith('/')) after = [target];
      else after = limitDirs(before!.map((d) => joinPath(d, target)));
    }
  }
  if (action.push) scope.pushed.push(before);
  w.movedTo(after);
  // OLDPWD is `before` once the change succeeded, and what it was (the inherited one, unknown, before the line's first cd) where it failed
  scope.previous = unionDirs(before, scope.previous ?? null);
  // The change holds once it succeeds; wherever it may have failed, the line is still where it was.
  scope.dirs = unionDirs(before, after);
  return after;
}

/** A removal or write of `arg`, as an effect with what the line did before it; a listed target stands for the entries below its lister's start points. */
function target(
  w: WalkState, kind: 'removal' | 'write', arg: Argument, scope: Scope, dirs: Directories | undefined, extra: Record<string, unknown>, by: string,
): void {
  if (arg.listed) {
    const listing = arg.listed;
    // `find … -exec rm {}`: the find's own removal judged every entry; a removal fed by xargs stays unfixed
    if (kind === 'removal' && listing.coveredRemoval) return;
    if (kind === 'write') {
      w.facts.unknownContent = true; // which files get the new text is not known
      for (const start of listing.starts) {
        for (const filter of listing.recursive ? listing.filters : [undefined]) {
          const below = filter !== undefined ? { below: { filter, skipsGitDirectories: listing.skipsGitDirectories } } : {};
          target(w, 'write', start, scope, dirs, { ...extra, ...below }, `${by} (fed by ${listing.by})`);
        }
      }
      return;
    }
  }
  if (kind === 'write' && arg.text !== null && deviceFd(arg.text) !== null && scope.fds.has(deviceFd(arg.text)!)) {
    const opened = openedFile(arg, scope);
    arg = opened.arg;
    dirs = opened.dirs;
  }
  const here = w.targetHere(arg.word, arg.value, dirs === undefined ? scope.dirs : dirs, scope, by);
  const { content, fresh, ...details } = extra;
  if (kind === 'removal') w.effects.push({ kind: 'removal', ...here, ...(details as { recursive: boolean; belowOnly: boolean }) });
  else w.effects.push({ kind: 'write', ...here, ...(details as WriteDetails) });
  // a word handed to a program treeward does not read changes nothing the walk knows (issue 13 item 1)
  if (details.handed === true) return;
  if (!isHarmlessDevice(arg) && fresh !== true) w.facts.wrote = true;
  // touch, mkdir, chmod: the file's text is what it was before the line
  if (kind === 'write' && content !== false) w.facts.noteContent(arg, here.dirs, null);
}

