// The walk (SPEC §3): over the whole syntax tree in execution order, keeping
// the current directory (known, several possible, or unknown), the
// parameters the line fixes, whether an earlier part wrote or removed a
// file, and whether the glob options changed; descending into every command
// the line runs. It records effects; approver/rules/ judges them.
//
// The walker holds the line's state (state.ts) and walks lists, and-or
// lists and pipelines; each kind of command is walked by compound.ts's
// table, simple commands and what they run by commands.ts.

import { budgets } from '../../budgets.js';
import type { AndOr, Command, Pipeline, Statement } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Listing } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { plainLiteral } from '../core/words.js';
import { listsOutput, producerListing } from '../programs/index.js';
import { posixlyCorrectMayBeSet } from './commands.js';
import { walkCompound } from './compound.js';
import { argument, evaluate, wordContext } from './parameters.js';
import { copyMap, copyScope, lineScope, type Outcome, type Scope, stayed, unionDirs } from './scope.js';
import { maxDeferredItems, WalkState, WorkExhausted } from './state.js';

export type { WalkOptions } from './state.js';

export class Walker extends WalkState {
  /** Walk a whole line starting in `cwd`. */
  walkLine(body: Statement[], cwd: string): void {
    this.startDir = cwd;
    try {
      const scope = lineScope(cwd, this.options.globDots);
      this.walkList(body, scope, this.options.dialect);
      // code set to run later runs at the end, or at any command after it was set (judged there too, deferredMayRunHere): in
      // every directory the line was in since
      for (let i = 0; i < this.deferred.length && i < maxDeferredItems; i++) {
        const deferred = this.deferred[i]!;
        deferred.run(copyScope(scope), unionDirs(deferred.dirs, scope.dirs));
      }
      this.settleBackgrounded();
      const end = body.at(-1)?.span[1] ?? 0;
      if (this.deferred.length > maxDeferredItems) this.effects.push({ kind: 'too-complex', span: [0, end], past: { source: 'code-depth' } });
    } catch (error) {
      if (!(error instanceof WorkExhausted)) throw error;
      // What the walk found so far is not the whole line, and judging all of it would cost as much again: the line is refused for its size alone.
      this.effects.length = 0;
      const end = body.length > 0 ? body[body.length - 1]!.span[1] : 0;
      this.effects.push({ kind: 'too-complex', span: [0, end], past: { source: 'judging-work' } });
    }
  }

  /** The effects (from, to) of backgrounded lists, which run beside whatever follows them. */
  private readonly backgrounded: [number, number][] = [];

  settleBackgrounded(): void {
    // a backgrounded list runs beside the rest of the line: its globs may list what any later part made
    for (const [from, to] of this.backgrounded) this.madeByThen(from, to);
  }

  /**
   * Effects `from` to `to` ran beside what the line made so far, so their globs may list it (issue 16: only a command
   * that can make a link or a directory changes a glob, and one running at the same time may have run first).
   */
  private madeByThen(from: number, to: number): void {
    const made = this.facts.madeSoFar();
    for (let i = from; i < to && i < this.effects.length; i++) {
      const effect = this.effects[i]!;
      if (effect.kind === 'removal' || effect.kind === 'write') effect.madeBeforeCommand = made;
    }
  }

  walkList(body: readonly Statement[], scope: Scope, dialect: Dialect): Outcome {
    let outcome = stayed(scope);
    for (let i = 0; i < body.length; i++) {
      const statement = body[i]!;
      if (scope.aliasDefined && dialect.aliasesApplyToLaterLines && i > 0) {
        this.runsCode(statement.span, { source: 'sh-alias' });
      } else if (scope.aliasDefined && scope.options.aliasesExpanded && i > 0) {
        // bash with `shopt -s expand_aliases`: an alias rewrites every line after its definition
        this.runsCode(statement.span, { source: 'shell-state', change: 'alias-later-lines' });
      }
      outcome = this.walkStatement(statement, scope, dialect);
    }
    return outcome;
  }

  walkCommand(command: Command, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing = false): Outcome {
    this.spend(command);
    return walkCompound(this, command, scope, dialect, fedByPipe);
  }

  subWalker(): WalkState {
    const sub = new Walker(this.options, []);
    sub.work = this.work;
    return sub;
  }

  private walkStatement(statement: Statement, scope: Scope, dialect: Dialect): Outcome {
    if (statement.background) {
      // A backgrounded list runs in a subshell: its `cd` ends with it.
      const inner = copyScope(scope);
      const from = this.effects.length;
      this.walkAndOr(statement.andOr, inner, dialect);
      this.backgrounded.push([from, this.effects.length]);
      return stayed(scope);
    }
    const outcome = this.walkAndOr(statement.andOr, scope, dialect);
    // After the list, the directory is wherever any part may have left it.
    scope.dirs = outcome.anywhere;
    return outcome;
  }

  private walkAndOr(andOr: AndOr, scope: Scope, dialect: Dialect): Outcome {
    const start = scope.dirs;
    let anywhere: Directories = start;
    // where the list so far succeeded: `a || b && c` runs c where a succeeded as well as where b did
    let success: Directories = start;
    /**
     * Names a pipeline after the first assigned: it may not have run, so they hold only along `&&` after it, and not
     * even there when `||` led to it (`a || b && c` runs c where a succeeded and b did not run).
     */
    const conditional = new Set<string>();
    for (let i = 0; i < andOr.pipelines.length; i++) {
      const operator = i > 0 ? andOr.operators[i - 1] : null;
      if (operator === '||') {
        // b runs where the list so far failed (SPEC: either place), whether or not an earlier conditional assignment ran
        for (const name of conditional) scope.parameters.delete(name);
        conditional.clear();
      }
      if (operator !== null) scope.dirs = operator === '&&' ? success : anywhere;
      const before = i > 0 ? copyMap(scope.parameters) : null;
      const outcome = this.walkPipeline(andOr.pipelines[i]!, scope, dialect);
      // after each pipeline (before the next command, after one that may have failed), a trap set earlier may run
      this.deferredMayRunHere(scope, andOr.pipelines[i]!.span);
      if (before) {
        for (const [name, value] of scope.parameters) {
          if (before.get(name) === value) continue;
          conditional.add(name);
          // `a || n=2 && touch "z$((n))"`: the `&&` runs where a succeeded too, where `n=2` never ran (explore seed -1868813704)
          if (operator === '||') scope.parameters.delete(name);
        }
      }
      success = operator === '||' ? unionDirs(success, outcome.success) : outcome.success;
      anywhere = unionDirs(anywhere, outcome.anywhere);
    }
    // after the list, a name a later pipeline assigned may be unset, or hold its old value
    for (const name of conditional) scope.parameters.delete(name);
    return { success, anywhere };
  }

  private walkPipeline(pipeline: Pipeline, scope: Scope, dialect: Dialect): Outcome {
    const { commands } = pipeline;
    if (commands.length === 0) return stayed(scope);
    if (commands.length === 1) return this.walkCommand(commands[0]!, scope, dialect);
    // the elements run at the same time: a glob in one may list what another made
    const from = this.effects.length;
    const outcome = this.walkPipelineElements(commands, scope, dialect);
    this.madeByThen(from, this.effects.length);
    return outcome;
  }

  private walkPipelineElements(commands: readonly Command[], scope: Scope, dialect: Dialect): Outcome {
    // Each element of a pipeline runs in a subshell, except the last in zsh.
    for (let i = 0; i < commands.length; i++) {
      const last = i === commands.length - 1;
      const input = i > 0 ? this.listingOf(commands[i - 1]!, scope, dialect) ?? true : false;
      if (last && dialect.lastPipelineElementInShell) return this.walkCommand(commands[i]!, scope, dialect, input);
      if (last && scope.options.lastPipelineElementInShell === true) return this.walkLastPipeHere(commands[i]!, scope, dialect, input);
      const inner = copyScope(scope);
      this.walkCommand(commands[i]!, inner, dialect, input);
    }
    return stayed(scope);
  }

  /**
   * The last element of a pipeline under an option the line set (bash's
   * `shopt -s lastpipe`): in the current shell when the option is on, in a
   * subshell when the `shopt` did not run (`f() { …; } || shopt -s lastpipe`,
   * explore seed 855992760). Both readings hold afterwards: the shell is in
   * either directory, and a name the element changed may hold either value.
   */
  private walkLastPipeHere(command: Command, scope: Scope, dialect: Dialect, input: boolean | Listing): Outcome {
    const dirs = scope.dirs;
    const before = new Map(scope.parameters);
    const outcome = this.walkCommand(command, scope, dialect, input);
    scope.dirs = unionDirs(dirs, scope.dirs);
    for (const [name, value] of scope.parameters) if (before.get(name) !== value) scope.parameters.delete(name);
    return { success: unionDirs(dirs, outcome.success), anywhere: unionDirs(dirs, outcome.anywhere) };
  }

  /**
   * What a pipeline element lists on its output (`grep -rl x src`), when treeward reads it. Its words are read
   * in one context (expanding a word changes nothing of the shell), and past the command word only when that
   * is a program whose listing treeward reads (issue 18 item 2: every stage's words were read twice). A word
   * left unread is still charged as reading it is: a word of several fields costs judging work, a plain
   * literal is one field and costs none.
   */
  private listingOf(command: Command, scope: Scope, dialect: Dialect): Listing | null {
    if (command.type !== 'SimpleCommand' || command.words.length === 0) return null;
    const context = wordContext(this, scope, dialect);
    const first = argument(this, command.words[0]!, scope, dialect, context);
    if (!listsOutput(first.text)) {
      for (let i = 1; i < command.words.length; i++) if (plainLiteral(command.words[i]!, context) === null) evaluate(this, command.words[i]!, context);
      return null;
    }
    // `POSIXLY_CORRECT=1 grep -l x src -r | …`: the names the command is given count, as for any program's row
    const given = new Map(command.assignments.map((a): [string, null] => [a.name, null]));
    const args = [first, ...command.words.slice(1).map((word) => argument(this, word, scope, dialect, context))];
    return producerListing(args, posixlyCorrectMayBeSet(this, scope, given));
  }

  /** Charge the walk for judging `command` once more (its own text, not its parts that are commands). */
  private spend(command: Command): void {
    let text = 0;
    switch (command.type) {
      case 'SimpleCommand': case 'Test': case 'ArithmeticCommand': case 'ArithFor':
        // a leaf: its span holds its words and redirections
        return this.charge(budgets.workPerItem + command.span[1] - command.span[0]);
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
    this.charge(budgets.workPerItem + text);
  }
}
