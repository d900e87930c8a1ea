// The walk: over the whole syntax tree in execution order, keeping the
// current directory (known, several possible, or unknown), the parameters the
// line fixes, whether an earlier part wrote or removed a file, and whether
// the glob options changed; descending into every command the line runs.
// It records effects; rules.ts judges them.

import { budgets } from '../budgets.js';
import { type Dialect, dialects } from '../syntax/dialect.js';
import { BudgetError, ParseError } from '../syntax/errors.js';
import type { AndOr, Assignment, Command, FunctionDefinition, Pipeline, Redirect, SimpleCommand, Span, Statement, Word, WordPart } from '../syntax/ast.js';
import { parse } from '../parser/parser.js';
import type { Directories, Effect, ListedBelow, Target } from './core/effects.js';
import { joinPath, normalizeLexically } from './core/path-text.js';
import type { Argument, Listing } from './core/arguments.js';
import type { Action, ProgramContext } from './core/actions.js';
import { builtinOf, copiesStdinToStdout, isShadowable, producerListing, readByItsProgram, readProgram, rowOf, variableMeaning } from './programs/index.js';
import { evaluateWord, type Field, leadingText, literalWord, type WordContext, type WordValue } from './core/words.js';
import { trailingQualifier } from './core/zsh-qualifiers.js';

export interface WalkOptions {
  dialect: Dialect;
  home: string;
  tempDir: string;
  env: Readonly<Record<string, string | undefined>>;
  agentNames: ReadonlySet<string>;
  wrappers: ReadonlySet<string>;
  globDots: boolean;
  inlineCode: 'scan' | 'refuse' | 'allow';
}

/** At most this many possible current directories are followed; more is unknown. */
const maxDirectories = budgets.maxDirectories;
/** Nested `bash -c`, `eval`, function calls and git settings read inside each other. */
const maxCodeDepth = budgets.maxCodeDepth;
const maxJudgingWork = budgets.maxJudgingWork;

/** Thrown to stop a walk whose judging work ran past its budget; `walkLine` turns it into a too-complex effect. */
class WorkExhausted extends Error {}

/** A `for` loop over fixed words is followed once per word, up to this many. */
const maxLoopWords = budgets.maxLoopWords;

/** What one shell (the line's, a subshell's) knows; copied for subshells. */
interface Scope {
  dirs: Directories;
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
  /** An `alias` in sh applies to the lines after it. */
  aliasDefined: boolean;
  /** After `source FILE` of a file treeward does not read: what ran (names, HOME, PWD are no longer fixed). */
  stateUnknown: string | null;
  /** Names the line set or exported, as children may see them: fixed text, or null. */
  exported: Map<string, string | null>;
  /** File descriptors the line pointed at a file (`exec 3< .git/config`, `< ~/.bashrc`): `/dev/fd/3` is then that file. */
  fds: Map<number, OpenFile>;
}

interface OpenFile {
  arg: Argument;
  dirs: Directories;
}

/** What the whole line has done so far, across subshells. */
interface LineFacts {
  wrote: boolean;
  placed: string[];
  /** Files whose content the line wrote (as written, normalised): the literal text when known. */
  contents: Map<string, string | null>;
  /** The line wrote content to a target it does not fix. */
  unknownContent: boolean;
}

interface Outcome {
  /** Directories after the part succeeded. */
  success: Directories;
  /** Directories wherever the part ended. */
  any: Directories;
}

/**
 * Names an arithmetic text sets: `x = 1`, `x += 1`, `x++`, `--x`. A name
 * starts only where no name character stands before it, so that a long name
 * is tried once, not once per character (which made this quadratic).
 */
const arithmeticSetters = /(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\s*(?:\+\+|--)|(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g;

export class Walker {
  readonly effects: Effect[] = [];
  private readonly facts: LineFacts = { wrote: false, placed: [], contents: new Map(), unknownContent: false };
  private codeDepth = 0;
  private readonly fixable: FixableNames;
  /** Judging work spent on the line, shared with the walkers of git settings it starts. */
  private work = { spent: 0 };
  /** The functions whose bodies are being walked now: a call to one of them is recursion. */
  private readonly functionsWalked = new Set<FunctionDefinition>();

  constructor(private readonly options: WalkOptions, body: Statement[]) {
    this.fixable = findFixableNames(body);
  }

  /** Walk a whole line starting in `cwd`. */
  walkLine(body: Statement[], cwd: string): void {
    const scope: Scope = {
      dirs: [cwd], pushed: [], parameters: new Map(), functions: new Map(), shadowed: new Set(),
      globDots: this.options.globDots, expansionChanged: false, splittingChanged: false, cdableVars: false, aliasDefined: false, fds: new Map(), exported: new Map(), stateUnknown: null,
    };
    try {
      this.walkList(body, scope, this.options.dialect);
    } catch (error) {
      if (!(error instanceof WorkExhausted)) throw error;
      // What the walk found so far is not the whole line, and judging all of it would cost as much again: the line is refused for its size alone.
      this.effects.length = 0;
      const end = body.length > 0 ? body[body.length - 1]!.span[1] : 0;
      this.effects.push({ kind: 'too-complex', span: [0, end], reason: `judging it takes more work than ${maxJudgingWork.toLocaleString('en-US')} (its text, counted again each time it is judged: a function's body at every call, a loop's body at every pass, a word once for each field it expands to)` });
    }
  }

  /** Charge the walk for judging `command` once more (its own text, not its parts that are commands). */
  private spend(command: Command): void {
    let text = 0;
    switch (command.type) {
      case 'SimpleCommand': case 'Test': case 'ArithmeticCommand': case 'ArithFor':
        // a leaf: its span holds its words and redirections
        return this.charge(16 + command.span[1] - command.span[0]);
      case 'For':
        for (const item of command.items ?? []) text += item.span[1] - item.span[0];
        break;
      case 'Case':
        text = command.subject.span[1] - command.subject.span[0];
        for (const item of command.items) for (const pattern of item.patterns) text += pattern.span[1] - pattern.span[0];
        break;
      default:
        break;
    }
    for (const redirect of 'redirects' in command ? command.redirects : []) text += redirect.span[1] - redirect.span[0];
    this.charge(16 + text);
  }

  private charge(units: number): void {
    this.work.spent += units;
    if (this.work.spent > maxJudgingWork) throw new WorkExhausted();
  }

  // ------------------------------------------------------------------ lists

  private walkList(body: readonly Statement[], scope: Scope, dialect: Dialect): Outcome {
    let outcome: Outcome = { success: scope.dirs, any: scope.dirs };
    for (let i = 0; i < body.length; i++) {
      const statement = body[i]!;
      if (scope.aliasDefined && dialect.aliasesApplyToLaterLines && i > 0) {
        this.dynamic(statement.span, 'an `alias` in sh rewrites the lines after it; put the alias in a script or spell the command out');
      }
      outcome = this.walkStatement(statement, scope, dialect);
    }
    return outcome;
  }

  private walkStatement(statement: Statement, scope: Scope, dialect: Dialect): Outcome {
    if (statement.background) {
      // A backgrounded list runs in a subshell: its `cd` ends with it.
      const inner = copyScope(scope);
      this.walkAndOr(statement.andOr, inner, dialect);
      return { success: scope.dirs, any: scope.dirs };
    }
    const outcome = this.walkAndOr(statement.andOr, scope, dialect);
    // After the list, the directory is wherever any part may have left it.
    scope.dirs = outcome.any;
    return outcome;
  }

  private walkAndOr(andOr: AndOr, scope: Scope, dialect: Dialect): Outcome {
    const start = scope.dirs;
    let any: Directories = start;
    let previous: Outcome = { success: start, any: start };
    for (let i = 0; i < andOr.pipelines.length; i++) {
      if (i > 0) {
        // `a && b`: b runs only where a succeeded. `a || b`: b runs where a failed (SPEC: either place).
        scope.dirs = andOr.operators[i - 1] === '&&' ? previous.success : previous.any;
      }
      previous = this.walkPipeline(andOr.pipelines[i]!, scope, dialect);
      any = unionDirs(any, previous.any);
    }
    return { success: previous.success, any };
  }

  private walkPipeline(pipeline: Pipeline, scope: Scope, dialect: Dialect): Outcome {
    const { commands } = pipeline;
    if (commands.length === 0) return { success: scope.dirs, any: scope.dirs };
    if (commands.length === 1) return this.walkCommand(commands[0]!, scope, dialect);
    // Each element of a pipeline runs in a subshell, except the last in zsh.
    for (let i = 0; i < commands.length; i++) {
      const last = i === commands.length - 1;
      const input = i > 0 ? this.listingOf(commands[i - 1]!, scope, dialect) ?? true : false;
      if (last && dialect.lastPipelineElementInShell) return this.walkCommand(commands[i]!, scope, dialect, input);
      const inner = copyScope(scope);
      this.walkCommand(commands[i]!, inner, dialect, input);
    }
    return { success: scope.dirs, any: scope.dirs };
  }

  /** What a pipeline element lists on its output (`grep -rl x src`), when treeward reads it. */
  private listingOf(command: Command, scope: Scope, dialect: Dialect): Listing | null {
    if (command.type !== 'SimpleCommand' || command.words.length === 0) return null;
    return producerListing(command.words.map((word) => this.argument(word, scope, dialect)));
  }

  // ------------------------------------------------------------------ commands

  /** `fedByPipe`: the command reads a pipe (true), or the listing of the program before it. */
  private walkCommand(command: Command, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing = false): Outcome {
    const here: Outcome = { success: scope.dirs, any: scope.dirs };
    this.spend(command);
    switch (command.type) {
      case 'SimpleCommand':
        return this.walkSimpleCommand(command, scope, dialect, fedByPipe);
      case 'Subshell': {
        this.walkRedirects(command.redirects, scope, dialect);
        this.walkList(command.body, copyScope(scope), dialect);
        return here;
      }
      case 'BraceGroup': {
        this.walkRedirects(command.redirects, scope, dialect);
        return this.walkList(command.body, scope, dialect);
      }
      case 'Always': {
        this.walkRedirects(command.redirects, scope, dialect);
        const first = this.walkList(command.body, scope, dialect);
        scope.dirs = first.any;
        this.walkList(command.always, scope, dialect);
        return { success: scope.dirs, any: scope.dirs };
      }
      case 'If': {
        this.walkRedirects(command.redirects, scope, dialect);
        const start = scope.dirs;
        let any: Directories = start;
        let branchStart = start;
        for (const clause of command.clauses) {
          scope.dirs = branchStart;
          const condition = this.walkList(clause.condition, scope, dialect);
          scope.dirs = condition.success;
          const body = this.walkList(clause.body, scope, dialect);
          any = unionDirs(unionDirs(any, condition.any), body.any);
          branchStart = condition.any;
        }
        if (command.elseBody) {
          scope.dirs = branchStart;
          const body = this.walkList(command.elseBody, scope, dialect);
          any = unionDirs(any, body.any);
        }
        scope.dirs = any;
        return { success: any, any };
      }
      case 'While':
        return this.walkLoop(scope, dialect, command.redirects, () => {
          const condition = this.walkList(command.condition, scope, dialect);
          scope.dirs = condition.any;
          this.walkList(command.body, scope, dialect);
        });
      case 'For':
        return this.walkFor(command, scope, dialect);
      case 'ArithFor':
        this.walkArithmetic(command.init.parts, scope, dialect, command.init.span);
        this.walkArithmetic(command.test.parts, scope, dialect, command.test.span);
        this.walkArithmetic(command.update.parts, scope, dialect, command.update.span);
        return this.walkLoop(scope, dialect, command.redirects, () => {
          this.walkList(command.body, scope, dialect);
        });
      case 'Case': {
        this.walkRedirects(command.redirects, scope, dialect);
        this.walkWordSubstitutions(command.subject, scope, dialect);
        const start = scope.dirs;
        let any: Directories = start;
        for (const item of command.items) {
          for (const pattern of item.patterns) this.walkWordSubstitutions(pattern, scope, dialect);
          scope.dirs = start;
          const body = this.walkList(item.body, scope, dialect);
          any = unionDirs(any, body.any);
        }
        scope.dirs = any;
        return { success: any, any };
      }
      case 'FunctionDefinition':
        return this.walkFunctionDefinition(command, scope, dialect);
      case 'Test':
        this.walkRedirects(command.redirects, scope, dialect);
        this.walkTestExpression(command.expression, scope, dialect);
        return here;
      case 'ArithmeticCommand':
        this.walkRedirects(command.redirects, scope, dialect);
        this.walkArithmetic(command.expression.parts, scope, dialect, command.expression.span);
        return here;
      case 'Coproc':
        this.walkRedirects(command.redirects, scope, dialect);
        this.walkCommand(command.body, copyScope(scope), dialect);
        return here;
      case 'Repeat':
        this.walkRedirects(command.redirects, scope, dialect);
        this.walkWordSubstitutions(command.count, scope, dialect);
        return this.walkLoop(scope, dialect, [], () => {
          this.walkList(command.body, scope, dialect);
        });
    }
  }

  /** A loop body may run several times: walk it until the directories settle (or become unknown). */
  private walkLoop(scope: Scope, dialect: Dialect, redirects: Redirect[], once: () => void): Outcome {
    this.walkRedirects(redirects, scope, dialect);
    const start = scope.dirs;
    let seen: Directories = start;
    for (let pass = 0; pass < 3; pass++) {
      scope.dirs = seen;
      once();
      const next = unionDirs(seen, scope.dirs);
      if (sameDirs(next, seen)) break;
      seen = pass === 2 ? null : next;
    }
    scope.dirs = seen;
    return { success: seen, any: seen };
  }

  private walkFor(command: Command & { type: 'For' }, scope: Scope, dialect: Dialect): Outcome {
    this.walkRedirects(command.redirects, scope, dialect);
    const values: Field[] = [];
    let fixed = command.items !== null && command.variables.length === 1;
    for (const item of command.items ?? []) {
      this.walkWordSubstitutions(item, scope, dialect);
      const value = this.evaluate(item, this.wordContext(scope, dialect));
      if (value.kind !== 'fixed') fixed = false;
      else values.push(...value.fields);
    }
    if (values.length > maxLoopWords) fixed = false;
    const variable = command.variables[0]?.name;
    if (!fixed || variable === undefined || !this.fixable.loopVariables.has(variable)) {
      for (const v of command.variables) scope.parameters.delete(v.name);
      return this.walkLoop(scope, dialect, [], () => {
        this.walkList(command.body, scope, dialect);
      });
    }
    // A loop over fixed words (or globs) fixes its variable to each of them in the body.
    return this.walkLoop(scope, dialect, [], () => {
      const start = scope.dirs;
      let end: Directories = start;
      for (const value of values) {
        scope.dirs = start;
        scope.parameters.set(variable, value);
        this.walkList(command.body, scope, dialect);
        end = unionDirs(end, scope.dirs);
      }
      scope.parameters.delete(variable);
      scope.dirs = end;
    });
  }

  private walkFunctionDefinition(command: FunctionDefinition, scope: Scope, dialect: Dialect): Outcome {
    this.walkRedirects(command.redirects, scope, dialect);
    for (const name of command.names) {
      const text = literalWord(name);
      if (text === null) {
        this.dynamic(name.span, 'a function whose name is not fixed');
        continue;
      }
      if (isShadowable(text)) {
        scope.shadowed.add(text);
      }
      scope.functions.set(text, command);
    }
    if (command.names.length === 0) {
      // zsh's anonymous function runs at once, with its arguments.
      for (const arg of command.args) this.walkWordSubstitutions(arg, scope, dialect);
      return this.walkFunctionBody(command, scope, dialect);
    }
    // The body is judged where it is defined, and again where it is called.
    this.walkFunctionBody(command, copyScope(scope), dialect);
    return { success: scope.dirs, any: scope.dirs };
  }

  /** `call`: the span of the word that calls the function, or null where it is defined. */
  private walkFunctionBody(command: FunctionDefinition, scope: Scope, dialect: Dialect, call: Span | null = null): Outcome {
    if (this.functionsWalked.has(command)) {
      // A shell would recurse until something stops it; following each call would double the work per level.
      const name = command.names.length > 0 ? `\`${literalWord(command.names[0]!) ?? 'the function'}\`` : 'an anonymous function';
      this.effects.push({ kind: 'too-complex', span: call ?? command.span, sentence: true, reason: `${name} calls itself, and treeward does not follow a function into itself; write the steps out, or use a loop` });
      return { success: scope.dirs, any: scope.dirs };
    }
    if (!this.enterCode(command.span)) return { success: scope.dirs, any: scope.dirs };
    this.functionsWalked.add(command);
    try {
      return this.walkCommand(command.body, scope, dialect);
    } finally {
      this.functionsWalked.delete(command);
      this.codeDepth--;
    }
  }

  private walkTestExpression(expression: import('../syntax/ast.js').TestExpression, scope: Scope, dialect: Dialect): void {
    switch (expression.type) {
      case 'TestWord':
        this.walkWordSubstitutions(expression.word, scope, dialect);
        return;
      case 'TestUnary':
        this.walkWordSubstitutions(expression.operand, scope, dialect);
        if (expression.operator === '-v') this.checkArithmeticWord(expression.operand, scope);
        return;
      case 'TestBinary':
        this.walkWordSubstitutions(expression.left, scope, dialect);
        this.walkWordSubstitutions(expression.right, scope, dialect);
        if (/^-(eq|ne|lt|le|gt|ge)$/.test(expression.operator)) {
          this.checkArithmeticWord(expression.left, scope);
          this.checkArithmeticWord(expression.right, scope);
        }
        return;
      case 'TestNot':
        this.walkTestExpression(expression.operand, scope, dialect);
        return;
      case 'TestGroup':
        this.walkTestExpression(expression.inner, scope, dialect);
        return;
      case 'TestLogical':
        this.walkTestExpression(expression.left, scope, dialect);
        this.walkTestExpression(expression.right, scope, dialect);
        return;
    }
  }

  // ------------------------------------------------------------------ simple commands

  private walkSimpleCommand(command: SimpleCommand, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing): Outcome {
    const here: Outcome = { success: scope.dirs, any: scope.dirs };
    // Substitutions in the words run first, in order.
    for (const assignment of command.assignments) this.walkAssignmentSubstitutions(assignment, scope, dialect);
    for (const word of command.words) this.walkWordSubstitutions(word, scope, dialect);
    // A bare assignment changes this shell; before a command, only that command's environment.
    if (command.words.length === 0) {
      const fds = scope.fds;
      scope.fds = new Map(fds);
      this.walkRedirects(command.redirects, scope, dialect);
      scope.fds = fds;
      for (const assignment of command.assignments) {
        this.judgeAssignment(assignment, scope, dialect, false);
        this.assign(assignment, scope, dialect);
      }
      return here;
    }
    const prefix = new Map<string, string | null>(scope.exported);
    for (const assignment of command.assignments) {
      this.judgeAssignment(assignment, scope, dialect, true);
      const value = assignment.value ? this.assignedValue(assignment.value, scope, dialect) : null;
      prefix.set(assignment.name, value && !assignment.append && !assignment.index && !assignment.array ? value.text : null);
    }
    // A command's redirections point its fds for that command only; `exec` with no command keeps them for the line.
    const fds = scope.fds;
    const persists = command.words.length === 1 && literalWord(command.words[0]!) === 'exec';
    if (!persists) scope.fds = new Map(fds);
    try {
      this.walkRedirects(command.redirects, scope, dialect, literalCopyOutput(command));
      const args = command.words.flatMap((word) => this.arguments(word, scope, dialect));
      const listing = typeof fedByPipe === 'object' ? fedByPipe : undefined;
      return this.runCommand(args, prefix, scope, dialect, command.span, { fedByPipe: fedByPipe !== false, stdinText: stdinOf(command, this.options.dialect), ...(listing ? { listing } : {}) });
    } finally {
      if (!persists) scope.fds = fds;
    }
  }

  /** The words a shell word becomes in a command's argv: one per field (`notes.md{,.bak}` is two). */
  private arguments(word: Word, scope: Scope, dialect: Dialect): Argument[] {
    const arg = this.argument(word, scope, dialect);
    if (arg.value.kind !== 'fixed' || arg.value.fields.length < 2) return [arg];
    return arg.value.fields.map((field) => ({ word, value: { kind: 'fixed', fields: [field] }, text: field.glob ? null : field.text }));
  }

  /** A word's value, the walk charged for the fields it expands to past the first (its text was charged with its command). */
  private evaluate(word: Word, context: WordContext): WordValue {
    const value = evaluateWord(word, context);
    if (value.kind === 'fixed' && value.fields.length > 1) {
      let units = 0;
      for (const field of value.fields) units += 16 + field.text.length;
      this.charge(units);
    }
    return value;
  }

  private argument(word: Word, scope: Scope, dialect: Dialect): Argument {
    const value = this.evaluate(word, this.wordContext(scope, dialect));
    let text: string | null = null;
    if (value.kind === 'fixed' && value.fields.length === 1 && !value.fields[0]!.glob) text = value.fields[0]!.text;
    return { word, value, text };
  }

  /**
   * Run a command given as arguments (from a simple command, or from a
   * wrapper that runs its operands): resolve functions, read the program's
   * row, and turn its actions into effects.
   */
  runCommand(args: Argument[], environment: ReadonlyMap<string, string | null>, scope: Scope, dialect: Dialect, span: Span, how: { fedByPipe?: boolean; noFunctions?: boolean; stdinText?: string | null; listing?: Listing } = {}): Outcome {
    const here: Outcome = { success: scope.dirs, any: scope.dirs };
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
      if (first.value.kind === 'unfixed' && first.value.budget) this.effects.push({ kind: 'too-complex', span: first.word.span, reason: `a word ${first.value.reason}` });
      else if (fields === null) this.dynamic(first.word.span, 'the command name is not fixed until the line runs; spell the program out');
      return here;
    }
    if (fields.length > 1 || fields[0]!.glob) {
      // `$cmd` split into words, or a glob in command position
      this.dynamic(first.word.span, 'the command name is not one fixed word; spell the program out');
      return here;
    }
    const name = fields[0]!.text;
    // the pre-pass took a command word built from parameters to set no names: hold it to that
    if (literalWord(first.word) === null && first.word.parts.some((p) => p.type !== 'EqualsCommandPath')) {
      const program = name.slice(name.lastIndexOf('/') + 1);
      if (builtinOf(program)?.setsNames !== undefined) {
        this.dynamic(first.word.span, `the command name is built from parameters into \`${program}\`, which sets names; spell it out`);
        return here;
      }
    }
    // A function the line defined
    const fn = how.noFunctions ? undefined : scope.functions.get(name);
    if (fn) {
      if (scope.shadowed.has(name)) {
        this.dynamic(first.word.span, `the line defines a function named \`${name}\`, which hides the real \`${name}\`; give the function another name`);
        return here;
      }
      return this.walkFunctionBody(fn, scope, dialect, first.word.span);
    }
    const context = this.programContext(scope, dialect, environment, how.fedByPipe ?? false, how.stdinText, how.listing);
    if (name.includes('/')) {
      // a file run by its path: judged when the line wrote it
      const written = context.contentOf(name);
      if (written) return this.perform([runWrittenFile(name, written.literal, span, dialect)], scope, dialect, span);
    }
    const actions = readProgram(name, args, context, span);
    return this.perform(actions, scope, dialect, span, { fedByPipe: how.fedByPipe ?? false, stdinText: how.stdinText, environment });
  }

  private programContext(scope: Scope, dialect: Dialect, environment: ReadonlyMap<string, string | null>, fedByPipe: boolean, stdinText: string | null | undefined, stdinListing?: Listing): ProgramContext {
    return {
      ...(stdinText !== undefined ? { stdinText } : {}),
      ...(stdinListing ? { stdinListing } : {}),
      dialect,
      home: this.options.home,
      tempDir: this.options.tempDir,
      env: this.options.env,
      environment,
      fedByPipe,
      agentNames: this.options.agentNames,
      wrappers: this.options.wrappers,
      inlineCode: this.options.inlineCode,
      wordContext: this.wordContext(scope, dialect),
      dirs: scope.dirs,
      writtenBefore: () => this.facts.wrote,
      contentOf: (text) => this.contentOf(text, scope.dirs),
      parameterFixed: (name) => scope.parameters.has(name),
    };
  }

  /**
   * Turn a program's actions into effects. `outer`: the stdin and environment
   * of the command itself, which a wrapper's command inherits (`curl … | sudo
   * bash`, `BASH_ENV=f nohup bash`); a command run per entry (`xargs`, `find
   * -exec`) gets neither.
   */
  private perform(actions: Action[], scope: Scope, dialect: Dialect, span: Span, outer?: { fedByPipe: boolean; stdinText: string | null | undefined; environment: ReadonlyMap<string, string | null> }): Outcome {
    let success: Directories = scope.dirs;
    const start = scope.dirs;
    for (const action of actions) {
      switch (action.kind) {
        case 'remove':
          this.target('removal', action.arg, scope, action.dirs, {
            recursive: action.recursive, belowOnly: action.belowOnly ?? false,
            ...(action.findFilter ? { findFilter: action.findFilter } : {}), ...(action.followLast ? { followLast: true } : {}),
          }, action.by);
          break;
        case 'write':
          this.target('write', action.arg, scope, action.dirs, {
            recursive: action.recursive ?? false, extraction: action.extraction ?? false, redirection: false, hardLinkSource: action.hardLinkSource ?? false,
            content: action.content ?? true, fresh: action.fresh ?? false, ...(action.destination ? { destination: true } : {}),
          }, action.by);
          break;
        case 'place':
          this.place(action.arg, scope, action.dirs);
          break;
        case 'run': {
          // a wrapper's command: in its own place when the wrapper sets one (env -C), else here
          const inner = action.subshell || action.dirs !== undefined ? copyScope(scope) : scope;
          if (action.dirs !== undefined) inner.dirs = action.dirs;
          for (const [name, value] of action.environment ?? []) this.judgeVariable(name, value, span, scope, dialect, true);
          const inherits = outer !== undefined && !action.subshell;
          const env = new Map<string, string | null>([...(inherits ? outer.environment : scope.exported), ...(action.environment ?? [])]);
          const outcome = this.runCommand(action.argv, env, inner, dialect, span, {
            noFunctions: action.noFunctions ?? false,
            ...(inherits ? { fedByPipe: outer.fedByPipe, ...(outer.stdinText !== undefined ? { stdinText: outer.stdinText } : {}) } : {}),
          });
          if (inner === scope) success = outcome.success;
          break;
        }
        case 'shell-code':
          this.walkCode(action.code, action.span, action.dialect, scope, action.dirs, action.subshell ?? true);
          break;
        case 'cd':
          success = this.changeDirectory(action, scope);
          break;
        case 'effect':
          this.effects.push(action.effect);
          break;
        case 'git-setting':
          this.gitSetting(action, scope);
          break;
        case 'variables':
          for (const v of action.assignments) {
            this.judgeVariable(v.name, v.value, v.span, scope, dialect, false);
            // `export NAME=value` fixes NAME as a bare assignment does
            if (v.value !== null && this.fixable.plain.has(v.name)) scope.parameters.set(v.name, { text: v.value, chunks: [{ text: v.value, quoted: true }], glob: false });
          }
          break;
        case 'unknown-shell-state':
          // what a sourced file did is not known: the directory, every name, HOME and PWD, the glob options
          scope.dirs = null;
          success = null;
          scope.parameters.clear();
          scope.stateUnknown = action.what;
          scope.expansionChanged = true;
          scope.splittingChanged = true;
          break;
        case 'set-options':
          if (action.globDots) scope.globDots = true;
          if (action.expansionChanged) scope.expansionChanged = true;
          if (action.cdableVars) scope.cdableVars = true;
          break;
        case 'alias':
          if (action.names.some(isShadowable)) for (const n of action.names) scope.shadowed.add(n);
          scope.aliasDefined = true;
          break;
        case 'forget-parameters':
          for (const n of action.names) scope.parameters.delete(n);
          break;
      }
    }
    void start;
    return { success, any: unionDirs(scope.dirs, success) };
  }

  // ------------------------------------------------------------------ directories

  private changeDirectory(action: Action & { kind: 'cd' }, scope: Scope): Directories {
    const before = scope.dirs;
    let after: Directories;
    switch (action.to) {
      case 'unknown':
        after = null;
        break;
      case 'home': {
        const home = this.wordContext(scope, this.options.dialect).home;
        after = home === null ? null : [home];
        break;
      }
      case 'pop': {
        after = scope.pushed.length > 0 ? scope.pushed.pop()! : null;
        break;
      }
      default: {
        if (scope.cdableVars) {
          after = null;
          break;
        }
        const target = action.to.path;
        if (before === null && !target.startsWith('/')) after = null;
        else if (target.startsWith('/')) after = [target];
        else after = limitDirs(before!.map((d) => joinPath(d, target)));
      }
    }
    if (action.push) scope.pushed.push(before);
    // The change holds once it succeeds; wherever it may have failed, the line is still where it was.
    scope.dirs = unionDirs(before, after);
    return after;
  }

  // ------------------------------------------------------------------ targets

  private target(kind: 'removal' | 'write', arg: Argument, scope: Scope, dirs: Directories | undefined, extra: Record<string, unknown>, by: string): void {
    if (arg.listed) {
      const listing = arg.listed;
      // `find … -exec rm {}`: the find's own removal judged every entry; a removal fed by xargs stays unfixed
      if (kind === 'removal' && listing.coveredRemoval) return;
      if (kind === 'write') {
        this.facts.unknownContent = true; // which files get the new text is not known
        for (const start of listing.starts) {
          for (const filter of listing.recursive ? listing.filters : [undefined]) {
            this.target('write', start, scope, dirs, { ...extra, ...(filter !== undefined ? { below: { filter, skipsGitDirectories: listing.skipsGitDirectories } } : {}) }, `${by} (fed by ${listing.by})`);
          }
        }
        return;
      }
    }
    if (kind === 'write' && arg.text !== null && deviceFd(arg.text) !== null && scope.fds.has(deviceFd(arg.text)!)) {
      const opened = this.openedFile(arg, scope);
      arg = opened.arg;
      dirs = opened.dirs;
    }
    const target: Target = {
      span: arg.word.span,
      word: arg.word,
      value: arg.value,
      dirs: dirs === undefined ? scope.dirs : dirs,
      wroteBefore: this.facts.wrote,
      placedBefore: [...this.facts.placed],
      globDots: scope.globDots,
      expansionChanged: scope.expansionChanged,
      by,
    };
    const { content, fresh, ...details } = extra;
    if (kind === 'removal') this.effects.push({ kind: 'removal', ...target, ...(details as { recursive: boolean; belowOnly: boolean }) });
    else this.effects.push({ kind: 'write', ...target, ...(details as { recursive: boolean; extraction: boolean; redirection: boolean; hardLinkSource: boolean; below?: ListedBelow; destination?: boolean }) });
    if (!isHarmlessDevice(arg) && fresh !== true) this.facts.wrote = true;
    // touch, mkdir, chmod: the file's text is what it was before the line
    if (kind === 'write' && content !== false) this.noteContent(arg, target.dirs, null);
  }

  /** Remember that the line wrote a file's content (and the text, when it is a literal). */
  private noteContent(arg: Argument, dirs: Directories, literal: string | null): void {
    if (isHarmlessDevice(arg)) return;
    if (arg.text === null || (dirs === null && !arg.text.startsWith('/'))) {
      this.facts.unknownContent = true;
      return;
    }
    for (const dir of arg.text.startsWith('/') ? ['/'] : dirs!) this.facts.contents.set(normalizeLexically(joinPath(dir, arg.text)), literal);
  }

  /** Whether (and with what text) the line wrote the file a program is about to run. */
  private contentOf(text: string, dirs: Directories): { literal: string | null } | null {
    const places = text.startsWith('/') ? ['/'] : dirs;
    if (places === null) return this.facts.contents.size > 0 || this.facts.unknownContent ? { literal: null } : null;
    let found: { literal: string | null } | null = null;
    for (const dir of places) {
      const key = normalizeLexically(joinPath(dir, text));
      if (this.facts.contents.has(key)) {
        const literal = this.facts.contents.get(key)!;
        if (found && found.literal !== literal) return { literal: null };
        found = { literal };
      }
    }
    if (!found && this.facts.unknownContent) return { literal: null };
    return found;
  }

  /** ln, mv, cp -s/-l: what they put in place may be a link, so later paths through it are not fixed. */
  private place(arg: Argument, scope: Scope, dirs: Directories | undefined): void {
    const where = dirs === undefined ? scope.dirs : dirs;
    if (arg.text === null || where === null) {
      this.facts.placed.push('\u0000'); // something unknown was placed: every later path is suspect
      return;
    }
    for (const d of where) this.facts.placed.push(joinPath(d, arg.text));
  }

  // ------------------------------------------------------------------ redirections

  private walkRedirects(redirects: readonly Redirect[], scope: Scope, dialect: Dialect, literalOutput: string | null = null): void {
    for (const redirect of redirects) {
      this.walkWordSubstitutions(redirect.target, scope, dialect);
      if (redirect.heredoc && !redirect.heredoc.quoted) this.walkWordSubstitutions(redirect.heredoc.body, scope, dialect);
      const writes = opensForWriting(redirect, dialect);
      // `> >(tee log)`: the target is the pipe (or zsh's temp file) the substitution makes; what runs inside was walked above
      const parts = redirect.target.parts;
      const toPipe = parts.length === 1 && parts[0]!.type === 'ProcessSubstitution';
      const opened = toPipe || redirect.heredoc || redirect.operator === '<<<' ? null : this.openedFile(this.argument(redirect.target, scope, dialect), scope);
      this.pointFds(redirect, opened, scope);
      if (!writes || toPipe || !opened) continue;
      const arg = opened.arg;
      const target: Target = {
        span: redirect.target.span,
        word: redirect.target,
        value: arg.value,
        dirs: opened.dirs,
        wroteBefore: this.facts.wrote,
        placedBefore: [...this.facts.placed],
        globDots: scope.globDots,
        expansionChanged: scope.expansionChanged,
        by: redirect.operator,
      };
      this.effects.push({ kind: 'write', ...target, recursive: false, extraction: false, redirection: true, hardLinkSource: false });
      if (!isHarmlessDevice(arg)) this.facts.wrote = true;
      const appends = redirect.operator.startsWith('>>') || redirect.operator === '&>>';
      this.noteContent(arg, opened.dirs, appends ? null : literalOutput);
    }
  }

  /** The file a target names: a device for an fd the line pointed at a file is that file. */
  private openedFile(arg: Argument, scope: Scope): OpenFile {
    const fd = arg.text === null ? null : deviceFd(arg.text);
    const file = fd === null ? undefined : scope.fds.get(fd);
    if (file) return { arg: { ...file.arg, word: { ...file.arg.word, span: arg.word.span } }, dirs: file.dirs };
    return { arg, dirs: scope.dirs };
  }

  /** What each fd points at after a redirection: a file, or (heredoc, pipe, dup of the harness's own) nothing to track. */
  private pointFds(redirect: Redirect, opened: OpenFile | null, scope: Scope): void {
    const op = redirect.operator;
    const input = op.startsWith('<');
    const fd = redirect.fd ?? (input ? 0 : 1);
    if (redirect.fdVariable !== null) return; // `{v}>file`: a new fd the shell picks; writes to it by number are not fixed words anyway
    const duplicate = op === '<&' || op === '>&';
    const source = duplicate ? literalWord(redirect.target) : null;
    if (duplicate && source !== null && /^[0-9]+$/.test(source)) {
      const from = scope.fds.get(Number(source));
      if (from) scope.fds.set(fd, from);
      else scope.fds.delete(fd);
      return;
    }
    if (duplicate && source === '-') {
      scope.fds.delete(fd);
      return;
    }
    const both = op === '&>' || op === '&>>' || op === '&>|' || op === '&>!' || (op.startsWith('>&') && redirect.fd === null) || op.startsWith('>>&');
    for (const n of both ? [1, 2] : [fd]) {
      if (opened) scope.fds.set(n, opened);
      else scope.fds.delete(n);
    }
  }

  // ------------------------------------------------------------------ substitutions

  /** Walk the commands a word runs: `$( )`, backquotes, `<( )`, and those inside `${ }` and arithmetic. */
  private walkWordSubstitutions(word: Word, scope: Scope, dialect: Dialect): void {
    for (const part of word.parts) this.walkPartSubstitutions(part, scope, dialect);
    if (dialect.zshGlobParens) {
      const qualifier = trailingQualifier(word.parts);
      if (qualifier?.runsCode) this.dynamic(word.span, `the glob qualifier \`${qualifier.text}\` runs code for every name it matches; list the files another way`);
    }
  }

  private walkPartSubstitutions(part: WordPart, scope: Scope, dialect: Dialect): void {
    switch (part.type) {
      case 'CommandSubstitution':
      case 'ProcessSubstitution':
        this.walkList(part.body, copyScope(scope), dialect);
        return;
      case 'DoubleQuoted':
      case 'LocaleQuoted':
        for (const inner of part.parts) this.walkPartSubstitutions(inner, scope, dialect);
        return;
      case 'ParameterExpansion':
        if (part.invalid) {
          this.effects.push({ kind: 'dynamic-code', span: part.span, reason: `zsh cannot expand this \`\${…}\` (${part.invalid}) and stops the whole line there; write the expansion out` });
        }
        if (part.flags !== null && /[eP%]/.test(part.flags)) {
          this.dynamic(part.span, `the zsh parameter flags \`(${part.flags})\` evaluate the value again (\`e\` runs its substitutions, \`P\` reads another name, \`%\` expands a prompt); write the expansion out`);
        }
        if (part.operator === '@' && part.operand && literalWord(part.operand) === 'P') {
          // `${x@P}` expands x's value as a prompt, running any `$(…)` in it
          const value = part.name === 'HOME' ? this.options.home : scope.parameters.get(part.name)?.text;
          if (value === undefined || /\$\(|`|\$\[/.test(value)) this.dynamic(part.span, `\`\${${part.name}@P}\` expands ${value === undefined ? 'a value the line does not fix' : 'a value holding a substitution'} as a prompt, which runs the substitutions in it`);
        }
        if (part.nested) this.walkPartSubstitutions(part.nested, scope, dialect);
        for (const w of [part.index, part.operand, part.replacement]) if (w) this.walkWordSubstitutions(w, scope, dialect);
        if (part.operator === '=' || part.operator === ':=') scope.parameters.delete(part.name);
        if (part.index) this.checkArithmeticWord(part.index, scope);
        return;
      case 'ArithmeticExpansion':
        if (part.invalid) this.effects.push({ kind: 'dynamic-code', span: part.span, reason: `zsh cannot evaluate this arithmetic (${part.invalid}) and stops the whole line there` });
        this.walkArithmetic(part.expression.parts, scope, dialect, part.span);
        return;
      case 'BraceExpansion':
        for (const alternative of part.alternatives ?? []) for (const inner of alternative) this.walkPartSubstitutions(inner, scope, dialect);
        return;
      default:
        return;
    }
  }

  private walkAssignmentSubstitutions(assignment: Assignment, scope: Scope, dialect: Dialect): void {
    if (assignment.index) {
      this.walkWordSubstitutions(assignment.index, scope, dialect);
      this.checkArithmeticWord(assignment.index, scope);
    }
    if (assignment.value) this.walkWordSubstitutions(assignment.value, scope, dialect);
    for (const element of assignment.array ?? []) {
      if (element.key) this.walkWordSubstitutions(element.key, scope, dialect);
      this.walkWordSubstitutions(element.value, scope, dialect);
    }
  }

  /**
   * bash and zsh evaluate arithmetic recursively: a parameter whose text
   * holds `$(` or a backquote runs it (`a='b[$(rm y)]'; echo $((a))`).
   */
  private walkArithmetic(parts: readonly WordPart[], scope: Scope, dialect: Dialect, span: Span): void {
    for (const part of parts) this.walkPartSubstitutions(part, scope, dialect);
    for (const part of parts) {
      if (part.type !== 'Literal') continue;
      for (const name of part.value.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) this.checkArithmeticName(name, scope, span);
    }
  }

  private checkArithmeticWord(word: Word, scope: Scope): void {
    const text = literalWord(word);
    if (text === null) return;
    // `[[ 'a[$(cmd)]' -eq 0 ]]`: quoting does not stop arithmetic from running a subscript's substitution
    if (/\$\(|`/.test(text)) {
      this.dynamic(word.span, 'arithmetic would run the `$(…)` or backquote in this text; compare plain numbers');
      return;
    }
    for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) this.checkArithmeticName(name, scope, word.span);
  }

  /** A name read as arithmetic must not hold code the line put there. */
  private checkArithmeticName(name: string, scope: Scope, span: Span): void {
    const value = scope.parameters.get(name);
    if (value !== undefined) {
      if (/\$\(|`/.test(value.text)) this.dynamic(span, `\`${name}\` holds a command substitution, which arithmetic would run`);
      return;
    }
    if (this.fixable.holdsCode.has(name)) this.dynamic(span, `\`${name}\` is set by the line to text holding \`$(\` or a backquote, which arithmetic would run`);
  }

  // ------------------------------------------------------------------ parameters

  private judgeAssignment(assignment: Assignment, scope: Scope, dialect: Dialect, onCommand: boolean): void {
    const plain = assignment.value && !assignment.append && !assignment.index && !assignment.array;
    const value = plain ? this.assignedValue(assignment.value!, scope, dialect)?.text ?? null : null;
    this.judgeVariable(assignment.name, value, assignment.span, scope, dialect, onCommand);
  }

  /**
   * An assignment whose name means more than text (variables.ts). `onCommand`:
   * given only to one command (`NAME=v cmd`, `env NAME=v cmd`), whose row
   * reads the shell startup names itself.
   */
  private judgeVariable(name: string, value: string | null, span: Span, scope: Scope, dialect: Dialect, onCommand: boolean): void {
    // a bare assignment reaches later children when the name is exported already, which treeward cannot see: count it
    if (!onCommand) scope.exported.set(name, value);
    const meaning = variableMeaning(name, value, dialect);
    switch (meaning.kind) {
      case 'code':
        if (onCommand && readByItsProgram(name)) return;
        this.dynamic(span, meaning.reason);
        return;
      case 'shell-code':
        this.walkCode(value!, span, dialect.name, scope, undefined, true);
        return;
      case 'glob-dots':
        if (!onCommand) scope.globDots = true;
        return;
      case 'plain':
        return;
    }
  }

  private assign(assignment: Assignment, scope: Scope, dialect: Dialect): void {
    const name = assignment.name;
    if (name === 'IFS') scope.splittingChanged = true;
    if (!this.fixable.plain.has(name) || assignment.append || assignment.index || assignment.array) {
      scope.parameters.delete(name);
      if (assignment.array || assignment.append) return;
    }
    if (assignment.value === null) return;
    if (!this.fixable.plain.has(name)) return;
    const value = this.assignedValue(assignment.value, scope, dialect);
    if (value) scope.parameters.set(name, value);
    else scope.parameters.delete(name);
  }

  /** The fixed value of an assignment: no splitting and no globbing (the glob characters stay text). */
  private assignedValue(word: Word, scope: Scope, dialect: Dialect): Field | null {
    // `x=$(mktemp)` (no directory given): a new entry inside the temp dir.
    const only = word.parts.length === 1 ? word.parts[0]! : null;
    const substitution = only?.type === 'CommandSubstitution' ? only : only?.type === 'DoubleQuoted' && only.parts.length === 1 && only.parts[0]!.type === 'CommandSubstitution' ? only.parts[0] : null;
    const printed = substitution && substitution.type === 'CommandSubstitution' ? fixedOutput(substitution.body, this.options.tempDir) : null;
    if (printed !== null) return { text: printed, chunks: [{ text: printed, quoted: true }], glob: false };
    const value = this.evaluate(word, { ...this.wordContext(scope, dialect), splittingChanged: false });
    if (value.kind !== 'fixed' || value.fields.length !== 1) return null;
    const field = value.fields[0]!;
    // an assignment does not glob: its text is kept literally
    return { text: field.text, chunks: [{ text: field.text, quoted: true }], glob: false };
  }

  wordContext(scope: Scope, dialect: Dialect): WordContext {
    const parameters = new Map<string, string>();
    for (const [name, field] of scope.parameters) if (!field.glob) parameters.set(name, field.text);
    const known = scope.stateUnknown === null;
    if (!this.fixable.assigned.has('HOME') && known) parameters.set('HOME', this.options.home);
    // `~` is the line's own HOME only where the line itself assigns HOME (not merely where anything may have)
    const home = !known ? null : this.fixable.homeAssigned ? parameters.get('HOME') ?? null : this.options.home;
    const single = scope.dirs !== null && scope.dirs.length === 1 ? scope.dirs[0]! : null;
    if (!this.fixable.assigned.has('PWD') && single !== null && known) parameters.set('PWD', single);
    return { dialect, parameters, home, cwd: single, splittingChanged: scope.splittingChanged || scope.expansionChanged };
  }

  // ------------------------------------------------------------------ code the line runs

  private enterCode(span: Span): boolean {
    if (this.codeDepth >= maxCodeDepth) {
      this.effects.push({ kind: 'too-complex', span, reason: `code nested more than ${maxCodeDepth} levels deep (shells inside shells, eval, functions)` });
      return false;
    }
    this.codeDepth++;
    return true;
  }

  /** Code given as text (`bash -c`, `eval`, `trap`, a heredoc fed to a shell): parsed in its dialect and walked in place. */
  private walkCode(code: string, span: Span, dialectName: 'bash' | 'sh' | 'zsh', scope: Scope, dirs: Directories | undefined, subshell: boolean): void {
    if (!this.enterCode(span)) return;
    try {
      let body: Statement[];
      try {
        body = parse(code, { dialect: dialectName }).body;
      } catch (error) {
        if (error instanceof BudgetError) {
          this.effects.push({ kind: 'too-complex', span, reason: `the code inside is past treeward's budget: ${error.message}` });
          return;
        }
        if (error instanceof ParseError) {
          this.dynamic(span, `the code inside does not parse as ${dialectName}: ${error.message}`);
          return;
        }
        throw error;
      }
      const inner = subshell ? copyScope(scope) : scope;
      if (dirs !== undefined) inner.dirs = dirs;
      // Code read from text has spans of its own: report its effects at the span of the text.
      const mark = this.effects.length;
      this.walkList(body, inner, dialects[dialectName]);
      for (let i = mark; i < this.effects.length; i++) this.effects[i] = withSpan(this.effects[i]!, span);
    } finally {
      this.codeDepth--;
    }
  }

  private gitSetting(action: Action & { kind: 'git-setting' }, scope: Scope): void {
    const sub = new Walker(this.options, []);
    sub.work = this.work;
    sub.facts.wrote = this.facts.wrote;
    sub.codeDepth = this.codeDepth + 1;
    let problem = action.problem;
    if (problem === null && action.command !== null) {
      if (sub.codeDepth >= maxCodeDepth) problem = 'the git setting nests too deeply';
      else {
        try {
          const body = parse(action.command, { dialect: 'sh' }).body;
          const inner = copyScope(scope);
          inner.dirs = action.dirs;
          sub.walkList(body, inner, dialects.sh);
        } catch (error) {
          if (!(error instanceof ParseError)) throw error;
          problem = `git runs its value with sh, and it does not parse: ${error.message}`;
        }
      }
    }
    this.effects.push({
      kind: 'git-setting', span: action.span, setting: action.setting, problem, effects: sub.effects.map((e) => withSpan(e, action.span)),
      gitDirs: action.dirs, wroteBefore: this.facts.wrote,
    });
  }

  private dynamic(span: Span, reason: string): void {
    this.effects.push({ kind: 'dynamic-code', span, reason });
  }
}

// ------------------------------------------------------------------ helpers

/** Running a file the line wrote: its literal text is read (a shell script by its `#!`), anything else is code the line assembled. */
function runWrittenFile(path: string, literal: string | null, span: Span, dialect: Dialect): Action {
  if (literal === null) return { kind: 'effect', effect: { kind: 'dynamic-code', span, reason: `the line runs \`${path}\`, whose content an earlier part of it wrote; write the script in one command and run it in another` } };
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(literal);
  const interpreter = shebang ? (shebang[1]!.endsWith('/env') ? shebang[2] ?? '' : shebang[1]!.slice(shebang[1]!.lastIndexOf('/') + 1)) : dialect.name;
  const shell = interpreter === 'bash' ? 'bash' : interpreter === 'zsh' ? 'zsh' : interpreter === 'sh' || interpreter === 'dash' ? 'sh' : null;
  if (shell) return { kind: 'shell-code', code: literal, span, dialect: shell, subshell: true };
  return { kind: 'effect', effect: { kind: 'dynamic-code', span, reason: `the line runs \`${path}\` (${interpreter || 'a script'}) whose content it wrote; put the script in the tree in one command and run it in another` } };
}

function copyScope(scope: Scope): Scope {
  return {
    dirs: scope.dirs,
    pushed: [...scope.pushed],
    parameters: new Map(scope.parameters),
    functions: new Map(scope.functions),
    shadowed: new Set(scope.shadowed),
    globDots: scope.globDots,
    expansionChanged: scope.expansionChanged,
    splittingChanged: scope.splittingChanged,
    cdableVars: scope.cdableVars,
    aliasDefined: scope.aliasDefined,
    fds: new Map(scope.fds),
    exported: new Map(scope.exported),
    stateUnknown: scope.stateUnknown,
  };
}

export function unionDirs(a: Directories, b: Directories): Directories {
  if (a === null || b === null) return null;
  if (a === b) return a;
  const out = [...a];
  for (const d of b) if (!out.includes(d)) out.push(d);
  return limitDirs(out);
}

function limitDirs(dirs: string[]): Directories {
  return dirs.length > maxDirectories ? null : dirs;
}

function sameDirs(a: Directories, b: Directories): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((d) => b.includes(d));
}

function withSpan(effect: Effect, span: Span): Effect {
  return { ...effect, span } as Effect;
}

/** Writes to these devices change nothing on disk. */
/** The fd a device path stands for: `/dev/stdin` 0, `/dev/stdout` 1, `/dev/stderr` 2, `/dev/fd/N` N. */
function deviceFd(path: string): number | null {
  if (path === '/dev/stdin') return 0;
  if (path === '/dev/stdout') return 1;
  if (path === '/dev/stderr') return 2;
  const m = /^\/dev\/fd\/([0-9]+)$/.exec(path);
  return m ? Number(m[1]) : null;
}

function isHarmlessDevice(arg: Argument): boolean {
  return arg.text === '/dev/null' || arg.text === '/dev/tty' || arg.text === '/dev/stdout' || arg.text === '/dev/stderr' || arg.text === '/dev/stdin' || (arg.text !== null && /^\/dev\/fd\/[0-2]$/.test(arg.text));
}

/** Whether a redirection opens its target for writing (a dup `>&2` or `>&-` does not). */
export function opensForWriting(redirect: Redirect, dialect: Dialect): boolean {
  switch (redirect.operator) {
    case '<': case '<<': case '<<-': case '<<<': case '<&':
      return false;
    case '>&': {
      const target = literalWord(redirect.target);
      if (target !== null && (/^[0-9]+$/.test(target) || target === '-')) return false;
      // sh: `>&word` with a word is a run-time error, nothing is opened
      return dialect.ampersandRedirect;
    }
    default:
      return true;
  }
}

/** `cat <<'EOF' > file`: the literal text the command writes (a quoted here-document copied by a program that copies its stdin). */
function literalCopyOutput(command: SimpleCommand): string | null {
  if (!copiesStdinToStdout(command.words.map(literalWord))) return null;
  const heredoc = command.redirects.find((r) => r.heredoc && (r.fd ?? 0) === 0)?.heredoc;
  if (!heredoc || !heredoc.quoted) return null;
  const text = literalWord(heredoc.body);
  return text === null ? null : heredoc.stripTabs ? text.replace(/^\t+/gm, '') : text;
}

/**
 * What a command reads on stdin when the line fixes it: a here-document's
 * body or a here-string (null when stdin is redirected from elsewhere).
 */
function stdinOf(command: SimpleCommand, dialect: Dialect): string | null | undefined {
  let text: string | null | undefined;
  void dialect;
  for (const redirect of command.redirects) {
    const fd = redirect.fd ?? (redirect.operator.startsWith('<') ? 0 : 1);
    if (fd !== 0) continue;
    if (redirect.heredoc) {
      text = redirect.heredoc.quoted ? literalWord(redirect.heredoc.body) : literalWord(redirect.heredoc.body);
      if (text !== null && redirect.heredoc.stripTabs) text = text.replace(/^\t+/gm, '');
    } else if (redirect.operator === '<<<') {
      const t = literalWord(redirect.target);
      text = t === null ? null : t + '\n';
    } else if (redirect.operator === '<' || redirect.operator === '<>' || redirect.operator === '<&') text = null;
  }
  return text;
}

/** What `$(PROGRAM …)` prints when its row says its words fix it (`$(mktemp)`: a new entry in the temp dir), else null. */
function fixedOutput(body: Statement[], tempDir: string): string | null {
  if (body.length !== 1) return null;
  const pipeline = body[0]!.andOr.pipelines;
  if (pipeline.length !== 1 || pipeline[0]!.commands.length !== 1) return null;
  const command = pipeline[0]!.commands[0]!;
  if (command.type !== 'SimpleCommand' || command.assignments.length || command.redirects.length) return null;
  const words = command.words.map(literalWord);
  const output = words[0] ? rowOf(words[0])?.output : undefined;
  return output ? output(words.slice(1), tempDir) : null;
}

// ------------------------------------------------------------------ the pre-pass

/** Which parameters the line could fix, found before the walk. */
interface FixableNames {
  /** Assigned exactly once, by a plain assignment, and set by nothing else. */
  plain: Set<string>;
  /** Every name the line assigns or otherwise sets. */
  assigned: Set<string>;
  /** Names only a `for` loop sets (and nothing else). */
  loopVariables: Set<string>;
  /** Names the line assigns text holding `$(` or a backquote. */
  holdsCode: Set<string>;
  /** The line's own text sets HOME (an assignment, a setter, a loop). */
  homeAssigned: boolean;
}

function findFixableNames(body: Statement[]): FixableNames {
  const plainCount = new Map<string, number>();
  const otherSetters = new Set<string>();
  const loopCount = new Map<string, number>();
  const holdsCode = new Set<string>();
  let anythingGoes = false;
  // inside a loop or a function body, order is lost: a name set later may be read again earlier
  let repeated = 0;

  const visitWord = (word: Word | null | undefined): void => {
    if (!word) return;
    for (const part of word.parts) visitPart(part);
  };
  const visitPart = (part: WordPart): void => {
    switch (part.type) {
      case 'CommandSubstitution': case 'ProcessSubstitution':
        visitList(part.body);
        return;
      case 'DoubleQuoted': case 'LocaleQuoted':
        part.parts.forEach(visitPart);
        return;
      case 'ParameterExpansion':
        if (part.operator === '=' || part.operator === ':=' || part.operator === '::=') otherSetters.add(part.name);
        if (part.nested) visitPart(part.nested);
        visitWord(part.index);
        visitWord(part.operand);
        visitWord(part.replacement);
        return;
      case 'ArithmeticExpansion':
        part.expression.parts.forEach(visitPart);
        // `$((x = 1))`, `$((x++))` set x
        for (const m of part.expression.text.matchAll(arithmeticSetters)) {
          otherSetters.add(m[1] ?? m[2] ?? m[3]!);
        }
        return;
      case 'BraceExpansion':
        for (const alt of part.alternatives ?? []) alt.forEach(visitPart);
        return;
      default:
        return;
    }
  };
  const visitList = (list: readonly Statement[]): void => {
    for (const s of list) for (const p of s.andOr.pipelines) for (const c of p.commands) visitCommand(c);
  };
  const visitCommand = (command: Command): void => {
    for (const r of command.redirects) {
      visitWord(r.target);
      if (r.heredoc) visitWord(r.heredoc.body);
    }
    switch (command.type) {
      case 'SimpleCommand': {
        for (const a of command.assignments) {
          visitWord(a.value);
          visitWord(a.index);
          for (const e of a.array ?? []) { visitWord(e.key); visitWord(e.value); }
          if (command.words.length === 0) {
            if (a.append || a.index || a.array) otherSetters.add(a.name);
            else plainCount.set(a.name, (plainCount.get(a.name) ?? 0) + 1);
            if (a.value && a.value.parts.some((p) => holdsCodeText(p))) holdsCode.add(a.name);
          }
        }
        command.words.forEach(visitWord);
        const head = command.words[0]?.parts;
        // zsh `=rm`: the program rm
        const name = head?.length === 1 && head[0]!.type === 'EqualsCommandPath' ? head[0]!.name : command.words[0] ? literalWord(command.words[0]) : null;
        const rest = command.words.slice(1).map(literalWord);
        const sets = name === null ? undefined : builtinOf(name)?.setsNames;
        if (sets === 'assignments') {
          for (const word of command.words.slice(1)) {
            // `export PATH="$HOME/bin:$PATH"`: the name is fixed even where the value is not
            const lead = leadingText(word).text;
            const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(lead);
            if (m) plainCount.set(m[1]!, (plainCount.get(m[1]!) ?? 0) + 1);
            else if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(lead) || !leadingText(word).whole) anythingGoes = true;
          }
        } else if (sets === 'mentioned') {
          // read, mapfile, typeset and kin, printf -v, getopts…: every name they mention is set
          for (const w of rest) {
            if (w === null) { anythingGoes = true; continue; }
            for (const m of w.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) otherSetters.add(m[0]);
          }
        } else if (sets === 'any') {
          anythingGoes = true;
        } else if (sets === 'any-when-repeated') {
          // the walk reads eval's code and forgets what a sourced file may set, in order; in a loop, order is lost
          if (repeated > 0) anythingGoes = true;
        } else if (name === null && command.words.length > 0 && !fromTextAndParameters(command.words[0]!)) {
          // a command word built from text and parameters is read when the walk reaches it (`$a$b test`); anything else may be any command
          anythingGoes = true;
        }
        return;
      }
      case 'Subshell': case 'BraceGroup':
        visitList(command.body);
        return;
      case 'Always':
        visitList(command.body);
        visitList(command.always);
        return;
      case 'If':
        for (const c of command.clauses) { visitList(c.condition); visitList(c.body); }
        if (command.elseBody) visitList(command.elseBody);
        return;
      case 'While':
        repeated++;
        visitList(command.condition);
        visitList(command.body);
        repeated--;
        return;
      case 'For':
        command.items?.forEach(visitWord);
        for (const v of command.variables) loopCount.set(v.name, (loopCount.get(v.name) ?? 0) + 1);
        repeated++;
        visitList(command.body);
        repeated--;
        return;
      case 'ArithFor':
        anythingGoes = true;
        visitList(command.body);
        return;
      case 'Case':
        visitWord(command.subject);
        for (const item of command.items) { item.patterns.forEach(visitWord); visitList(item.body); }
        return;
      case 'FunctionDefinition':
        // a function may set any name it mentions, whenever it is called
        anythingGoes = true;
        repeated++;
        visitCommand(command.body);
        repeated--;
        command.args.forEach(visitWord);
        return;
      case 'Test':
      case 'ArithmeticCommand':
        if (command.type === 'ArithmeticCommand') {
          for (const m of command.expression.text.matchAll(arithmeticSetters)) {
            otherSetters.add(m[1] ?? m[2] ?? m[3]!);
          }
        }
        return;
      case 'Coproc':
        visitCommand(command.body);
        return;
      case 'Repeat':
        visitWord(command.count);
        repeated++;
        visitList(command.body);
        repeated--;
        return;
    }
  };
  visitList(body);

  const plain = new Set<string>();
  const assigned = new Set<string>([...plainCount.keys(), ...otherSetters, ...loopCount.keys()]);
  if (!anythingGoes) {
    for (const [name, count] of plainCount) if (count === 1 && !otherSetters.has(name) && !loopCount.has(name)) plain.add(name);
  }
  const loopVariables = new Set<string>();
  if (!anythingGoes) {
    for (const [name, count] of loopCount) if (count === 1 && !otherSetters.has(name) && !plainCount.has(name)) loopVariables.add(name);
  }
  return { plain, assigned: anythingGoes ? new Set([...assigned, 'HOME', 'PWD']) : assigned, loopVariables, holdsCode, homeAssigned: assigned.has('HOME') };
}

function holdsCodeText(part: WordPart): boolean {
  switch (part.type) {
    case 'SingleQuoted': case 'AnsiCQuoted': case 'Literal': case 'Escaped':
      return part.value.includes('$(') || part.value.includes('`');
    case 'DoubleQuoted': case 'LocaleQuoted':
      return part.parts.some(holdsCodeText);
    default:
      return false;
  }
}

/** A word made of text and plain parameters only (`$a$b`, `r${e}m`, `"$HOME/bin/x"`): the walk can read it as a command name. */
function fromTextAndParameters(word: Word): boolean {
  const plain = (part: WordPart): boolean => {
    switch (part.type) {
      case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
        return true;
      case 'DoubleQuoted':
        return part.parts.every(plain);
      case 'ParameterExpansion':
        return !part.operator && !part.index && !part.nested && !part.flags && !part.length && !part.indirect && part.zshPrefix === undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part.name);
      default:
        return false;
    }
  };
  return word.parts.some((p) => p.type === 'ParameterExpansion' || p.type === 'DoubleQuoted') && word.parts.every(plain);
}

