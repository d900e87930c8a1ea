// Commands: a simple command's words, assignments and redirections; the
// command it runs (a function the line defined, a file it wrote, or the
// program table's reading of it); and its actions, performed in order by a
// handler for each kind.

import type { SimpleCommand, Span } from '../../syntax/ast.js';
import type { Dialect, DialectName } from '../../syntax/dialect.js';
import type { Action, ProgramContext } from '../core/actions.js';
import { type Argument, derivedArgument, type Listing } from '../core/arguments.js';
import { type Directories, type ListedBelow, type Removal, type Target, unnamedMaker, type Write } from '../core/effects.js';
import { baseName, joinPath, normalizeLexically } from '../core/path-text.js';
import type { CodeFact } from '../core/facts.js';
import { matchesName } from '../core/glob.js';
import { type Field, leadingText, literalWord, pastExpansionBudget, type WordContext } from '../core/words.js';
import { agentPrograms } from '../programs/agents.js';
import { builtinOf, isShadowable, makesUnknownNames, readProgram } from '../programs/index.js';
import { madeMembers, recordArchive } from './archives.js';
import { gitSetting, runWrittenFile, walkCode, walkFunctionBody } from './code.js';
import { isHarmlessDevice, nested } from './line-facts.js';
import { withOptionLikeMatches } from './option-globs.js';
import { argument, argumentsOf, assign, assignedValue, judgeAssignment, judgeVariable, pathIsSafe, pathValueIsSafe, wordContext } from './parameters.js';
import { deviceFd, literalCopyOutput, openedFile, stdinOf, walkRedirects } from './redirects.js';
import { copyMap, copyScope, limitDirs, notePrevious, type Outcome, previousDirs, type Scope, stayed, unionDirs } from './scope.js';
import { namesIn, type WalkState } from './state.js';
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
  /** The command's word context, as its words were read (a simple command's own; nothing between changes it). */
  wordContext?: WordContext;
}

/** A write's details beside its target (core/effects.ts `Write`). */
type WriteDetails = {
  recursive: boolean; extraction: boolean; redirection: boolean; hardLinkSource: boolean; below?: ListedBelow; destination?: boolean; handed?: true;
};

/** A simple command: its substitutions, assignments and redirections, then the command it runs. */
export function walkSimpleCommand(w: WalkState, command: SimpleCommand, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing): Outcome {
  const outer = w.facts.madeAtCommand;
  try {
    return walkSimpleCommandHere(w, command, scope, dialect, fedByPipe);
  } finally {
    w.facts.madeAtCommand = outer;
  }
}

function walkSimpleCommandHere(w: WalkState, command: SimpleCommand, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing): Outcome {
  const here = stayed(scope);
  // Substitutions in the words run first, in order.
  for (const assignment of command.assignments) walkAssignmentSubstitutions(w, assignment, scope, dialect);
  for (const word of command.words) walkWordSubstitutions(w, word, scope, dialect);
  // then the words are expanded, globs included, before the redirections and the command: its globs see the line as it is now
  w.facts.madeAtCommand = w.facts.madeSoFar();
  // A bare assignment changes this shell; before a command, only that command's environment.
  if (command.words.length === 0) {
    const fds = scope.fds;
    scope.fds = copyMap(fds);
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
  const prefix = copyMap<string, string | null>(scope.exported);
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
  if (!persists) scope.fds = copyMap(fds);
  try {
    walkRedirects(w, command.redirects, scope, dialect, literalCopyOutput(command));
    // expanding a word changes nothing of the shell: every word of the command is read in one context (issue 18 item 2)
    const context = wordContext(w, scope, dialect);
    const args = argumentsOf(w, command.words, scope, dialect, context);
    if (scope.options.assignmentsAnywhere) assignmentsAnywhere(w, args);
    const listing = typeof fedByPipe === 'object' ? fedByPipe : undefined;
    const how: RunHow = { fedByPipe: fedByPipe !== false, ...stdinFrom(w, command, scope, fedByPipe !== false), wordContext: context };
    if (listing) how.listing = listing;
    if (pathUnsafe !== undefined) how.pathUnsafe = pathUnsafe;
    if (args.some(mayVanish)) return runBothWays(w, args, prefix, scope, dialect, command.span, how);
    return runCommand(w, args, prefix, scope, dialect, command.span, how);
  } finally {
    if (!persists) scope.fds = fds;
  }
}

/** A word that, under nullglob or zsh's `(N)`, is no word at all when its glob matches nothing. */
const mayVanish = (arg: Argument): boolean => arg.value.kind === 'fixed' && arg.value.fields.some((f) => f.mayVanish);

/**
 * A command with globs that may expand to nothing (dialect row
 * globsMayExpandToNothing): read without them (`find *.none -delete` is
 * `find -delete`; `cd *.none` is `cd`), then with them. The shell is in
 * either reading's directory afterwards, and a name either reading changed
 * is not fixed.
 */
function runBothWays(
  w: WalkState, args: Argument[], environment: ReadonlyMap<string, string | null>, scope: Scope, dialect: Dialect, span: Span, how: RunHow,
): Outcome {
  const without = copyScope(scope);
  const none = runCommand(w, args.filter((a) => !mayVanish(a)), environment, without, dialect, span, how);
  const before = new Map(scope.parameters);
  const outcome = runCommand(w, args, environment, scope, dialect, span, how);
  for (const [name, value] of without.parameters) if (before.get(name) !== value) scope.parameters.delete(name);
  for (const [name, value] of scope.parameters) if (before.get(name) !== value) scope.parameters.delete(name);
  scope.dirs = unionDirs(scope.dirs, without.dirs);
  return { success: unionDirs(outcome.success, none.success), anywhere: unionDirs(outcome.anywhere, none.anywhere) };
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
  const context = programContext(w, scope, dialect, environment, how.fedByPipe ?? false, how.stdinText, how.listing, how.wordContext, how.stdinFile);
  if (name.includes('/')) {
    // a file run by its path: judged when the line wrote it
    const written = context.contentOf(name);
    if (written) return perform(w, [runWrittenFile(name, written.literal, span, dialect)], scope, dialect, span);
  }
  // a glob before `--` may expand to names the program reads as options (`rm -f *` with a file `-rf` standing there)
  args = withOptionLikeMatches(w, args, scope);
  const actions = readProgram(name, args, context, span);
  // a program treeward does not read may make any name: a later glob cannot list them
  if (makesUnknownNames(baseName(name), args)) w.facts.namesUnknown = true;
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

/**
 * What a program's row may know of the shell and the line where it runs. Built field by field, one
 * shape for every command, rather than spread from the walk's constants (issue 18 item 2: a
 * verdict builds one per command). `context`: the command's word context when its caller made it.
 */
function programContext(
  w: WalkState, scope: Scope, dialect: Dialect, environment: ReadonlyMap<string, string | null>,
  fedByPipe: boolean, stdinText: string | null | undefined, stdinListing?: Listing, context?: WordContext, stdinFile?: string,
): ProgramContext {
  const constants = w.programConstants;
  const out: ProgramContext = {
    dialect, home: constants.home, tempDir: constants.tempDir, env: constants.env, environment, fedByPipe,
    agentNames: constants.agentNames, wrappers: constants.wrappers, inlineCode: constants.inlineCode,
    wordContext: context ?? wordContext(w, scope, dialect),
    dirs: scope.dirs,
    writtenBefore: () => w.facts.wrote,
    contentOf: (text) => w.facts.contentOf(text, scope.dirs),
    written: () => w.facts.written(),
    parameterFixed: (name) => scope.parameters.has(name),
    parameter: (name) => {
      const field = scope.parameters.get(name);
      if (field && !field.glob) return { text: field.text };
      return field || w.fixable.assigned.has(name) ? 'unfixed' : undefined;
    },
  };
  if (constants.readText) out.readText = constants.readText;
  if (constants.platform) out.platform = constants.platform;
  if (stdinText !== undefined) out.stdinText = stdinText;
  if (stdinListing) out.stdinListing = stdinListing;
  if (stdinFile !== undefined) out.stdinFile = stdinFile;
  if (posixlyCorrectMayBeSet(w, scope, environment)) out.posixlyCorrect = true;
  return out;
}

/**
 * Whether POSIXLY_CORRECT may be in a command's environment: inherited, given
 * to the command or set anywhere in the line (the pre-pass's names: an
 * `export` in a branch that may not have run counts), or after a change of
 * the shell's state treeward does not follow (`source FILE`).
 */
export function posixlyCorrectMayBeSet(w: WalkState, scope: Scope, environment: ReadonlyMap<string, string | null>): boolean {
  const name = 'POSIXLY_CORRECT';
  return environment.has(name) || w.programConstants.env[name] !== undefined || w.fixable.assigned.has(name) || scope.stateUnknown !== null;
}

/** Where the actions of one command leave the shell, as they are performed in order. */
interface Performing {
  scope: Scope;
  dialect: Dialect;
  span: Span;
  outer: { fedByPipe: boolean; stdinText: string | null | undefined; environment: ReadonlyMap<string, string | null> } | undefined;
  /** The directories once the command succeeded. */
  success: Directories;
  /** How many effects the line had when the command began (walk/archives.ts: what stood before it). */
  effectsAtStart: number;
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
    if (action.archive && extractMembers(w, action, scope)) return;
    target(w, 'write', action.arg, scope, action.dirs, {
      recursive: action.recursive ?? false, extraction: action.extraction ?? false, redirection: false, hardLinkSource: action.hardLinkSource ?? false,
      content: action.content ?? true, fresh: action.fresh ?? false, ...(action.destination ? { destination: true } : {}),
      ...(action.handed ? { handed: true } : {}), ...(action.makes ? { makes: action.makes } : {}),
    }, action.by);
  },
  place: (w, action, { scope }) => {
    const dirs = action.dirs === undefined ? scope.dirs : action.dirs;
    const copies = action.copies ? copiedSources(w, action.copies, dirs) : null;
    const kind = { ...(copies ? { copies } : {}), ...(action.symlink ? { symlink: true as const } : {}), ...(action.regularFile ? { regularFile: true as const } : {}) };
    w.facts.place(action.arg, dirs, kind, action.by ?? unnamedMaker);
  },
  archive: (w, action, { scope, span, effectsAtStart }) => {
    recordArchive(w, action, scope.dirs, span, effectsAtStart, { dots: scope.globDots, caseless: scope.options.caselessGlob === true });
  },
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
    // another user's startup files may turn dot globbing on in the shell that runs the code, and in it alone
    const subshell = action.subshell ?? true;
    const here = action.startupUnread && subshell ? { ...copyScope(scope), globDots: true } : scope;
    const readIn = (dialect: DialectName) => () => walkCode(w, action.code, action.span, dialect, here, action.dirs, subshell);
    if (action.alsoIn && subshell) w.facts.alternatives([action.dialect, ...action.alsoIn].map(readIn));
    else readIn(action.dialect)();
    // a trap's code runs later too, wherever the shell then is (walker.ts walkLine)
    if (action.deferred) {
      w.deferred.push({ run: (later, dirs) => walkCode(w, action.code, action.span, action.dialect, later, dirs, true), dirs: scope.dirs, reads: namesIn(action.code) });
    }
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
  const at: Performing = { scope, dialect, span, outer, success: scope.dirs, effectsAtStart: w.effects.length };
  for (const action of actions) (handlers[action.kind] as (w: WalkState, action: Action, at: Performing) => void)(w, action, at);
  return { success: at.success, anywhere: unionDirs(scope.dirs, at.success) };
}

/** `cd`, `pushd`, `popd`: where the shell is after the change (null: unknown), and where it may be wherever it failed. */
function changeDirectory(w: WalkState, action: Action & { kind: 'cd' }, scope: Scope): Directories {
  const before = scope.dirs;
  // where each directory the shell may be in leads: (after, before) pairs; null: somewhere unknown
  let moves: [string, string | null][] | null;
  switch (action.to) {
    case 'unknown':
      moves = null;
      break;
    case 'home': {
      const home = wordContext(w, scope, w.options.dialect).home;
      moves = home === null ? null : before === null ? [[home, null]] : before.map((d) => [home, d]);
      break;
    }
    case 'pop': {
      const to = scope.pushed.length > 0 ? scope.pushed.pop()! : null;
      moves = to === null ? null : before === null ? to.map((t) => [t, null]) : to.flatMap((t) => before.map((d): [string, string] => [t, d]));
      break;
    }
    case 'previous': {
      // `cd -` goes back to OLDPWD: where the shell was before the cd that brought it here, when the line made one
      const back = before === null || !oldpwdFollowed(w) ? null : before.map((d) => [previousDirs(scope, [d]), d] as const);
      moves = back === null || back.some(([p]) => p === null) ? null : back.flatMap(([p, d]) => p!.map((t): [string, string] => [t, d]));
      break;
    }
    default: {
      if (scope.cdableVars) {
        moves = null;
        break;
      }
      const target = action.to.path;
      // a relative name is looked up in CDPATH (zsh's cdpath) first when the line sets it, to a value treeward does not follow
      const cdpathName = !/^(?:\/|\.\.?(?:\/|$))/.test(target);
      if (cdpathName && ['CDPATH', 'cdpath'].some((n) => w.fixable.assigned.has(n) || scope.parameters.has(n))) moves = null;
      else if (target.startsWith('/')) moves = before === null ? [[target, null]] : before.map((d) => [target, d]);
      else moves = before === null ? null : before.map((d) => [joinPath(d, target), d]);
    }
  }
  const after: Directories = moves === null ? null : limitDirs([...new Set(moves.map(([to]) => to))]);
  if (action.push) scope.pushed.push(before);
  w.movedTo(after);
  // OLDPWD is where the shell was once the change succeeded, and what it was where it failed
  notePrevious(scope, before, moves ?? []);
  // The change holds once it succeeds; wherever it may have failed, the line is still where it was.
  scope.dirs = unionDirs(before, after);
  return after;
}

/**
 * `cd -` and `$OLDPWD` follow the line's own changes of directory only when
 * nothing in the line may set OLDPWD, or PWD, which bash's `cd` copies into
 * OLDPWD (`PWD=/etc; cd sub; cd -` goes to /etc in bash; dash and zsh keep
 * their own): an assignment, a setter builtin, a loop, code read at run time.
 */
function oldpwdFollowed(w: WalkState): boolean {
  return !w.fixable.assigned.has('OLDPWD') && !w.fixable.assigned.has('PWD');
}

/**
 * The sources of a copy or move as absolute paths (as written), when each is
 * one fixed name, read where the shell may be, and nothing earlier in the
 * line placed or extracted at or above it: then the fs tells what they are
 * (rules/readings.ts `placedOnPath`). Null otherwise: what lands may be a link.
 */
function copiedSources(w: WalkState, sources: readonly Argument[], dirs: Directories): string[] | null {
  const out: string[] = [];
  for (const source of sources) {
    const field = source.value.kind === 'fixed' && source.value.fields.length === 1 ? source.value.fields[0]! : null;
    // `x/../a` is the parent of where a link x leads: the fs's answer for the lexical path would be of another file
    if (source.text === null || field === null || field.glob || source.listed || /(^|\/)\.\.(\/|$)/.test(source.text)) return null;
    const places = source.text.startsWith('/') ? ['/'] : dirs;
    if (places === null) return null;
    for (const dir of places) out.push(normalizeLexically(joinPath(dir, source.text)));
  }
  if (out.some((path) => w.facts.placedAround(path) || extractedAround(w, path))) return null;
  return out;
}

/** An earlier extraction (`tar -x`, `unzip`) may have put an entry of any kind, a link too, at or below one of its directories. */
function extractedAround(w: WalkState, path: string): boolean {
  return w.effects.some((e) => e.kind === 'write' && e.extraction && (e.value.kind !== 'fixed' || e.value.fields.some((f) => {
    const places = f.text.startsWith('/') ? ['/'] : e.dirs;
    return f.glob || places === null || places.some((dir) => nested(path, normalizeLexically(joinPath(dir, f.text))));
  })));
}

/**
 * An extraction of an archive the line made from content treeward listed
 * (walk/archives.ts): each member is a write below the directory, and a
 * link member is placed, so later paths through it are not fixed; paths
 * through the others are judged as usual. False when the archive is not read.
 */
function extractMembers(w: WalkState, action: Extract<Action, { kind: 'write' }>, scope: Scope): boolean {
  const members = madeMembers(w, action.archive!, scope.dirs, action.stripComponents ?? 0);
  const into = action.arg.text;
  if (members === null || into === null) return false;
  const dirs = action.dirs === undefined ? scope.dirs : action.dirs;
  for (const member of members) {
    const arg = member.name === '' ? action.arg : derivedArgument(action.arg, joinPath(into, member.name));
    const extra = { recursive: false, extraction: false, redirection: false, hardLinkSource: false, content: member.kind === 'file' };
    target(w, 'write', arg, scope, dirs, extra, action.by);
    if (member.kind === 'link') w.facts.place(arg, dirs, { symlink: true, member: true }, action.by);
  }
  return true;
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
  // the effect is the target with its kind and details put on it: no copies of either (issue 18 item 2: one per word
  // handed to an unknown program); `content` and `fresh` are what the write does to the walk, not details
  const effect = w.targetHere(arg.word, arg.value, dirs === undefined ? scope.dirs : dirs, scope, by) as Target & { kind: 'removal' | 'write' };
  effect.kind = kind;
  let content: unknown;
  let fresh: unknown;
  let makes: unknown;
  for (const key in extra) {
    if (key === 'content') content = extra[key];
    else if (key === 'fresh') fresh = extra[key];
    else if (key === 'makes') makes = extra[key];
    else (effect as unknown as Record<string, unknown>)[key] = extra[key];
  }
  const here = effect as Removal | (Write & WriteDetails);
  w.effects.push(here);
  // a word handed to a program treeward does not read changes nothing the walk knows (issue 13 item 1), but it may make any name
  if (extra.handed === true) {
    w.facts.namesUnknown = true;
    return;
  }
  if (!isHarmlessDevice(arg) && fresh !== true) {
    w.facts.wrote = true;
    // what a later glob may meet (issue 16): a removal makes nothing, and a write only what its row says it can
    if (kind === 'write' && makes === 'directory') w.facts.madeDirectory(arg, here.dirs, by);
    else if (kind === 'write' && makes !== 'file' && makes !== 'placed') w.facts.madeLinksAt(arg, here.dirs, by);
  }
  if (kind === 'write' && !isHarmlessDevice(arg)) w.facts.noteName(arg, here.dirs, extra.recursive === true || extra.extraction === true);
  if (kind === 'write' && extra.extraction === true) w.facts.extractedInto(arg, here.dirs);
  else if (kind === 'write' && extra.recursive === true && content !== false && !isHarmlessDevice(arg)) w.facts.wroteBelow(arg, here.dirs);
  // touch, mkdir, chmod: the file's text is what it was before the line
  if (kind === 'write' && content !== false) w.facts.noteContent(arg, here.dirs, null);
}

