// The walk's state for one line: the effects found so far, what the line did
// (line-facts.ts), the work spent, how deep code nests, and the pre-pass's
// fixable names. The files of walk/ are functions of this state; the walker
// (walker.ts) supplies the recursion back into lists and commands.

import { budgets } from '../../budgets.js';
import type { Command, FunctionDefinition, Span, Statement, Word } from '../../syntax/ast.js';
import type { Dialect, DialectName } from '../../syntax/dialect.js';
import type { ProgramContext } from '../core/actions.js';
import type { Listing } from '../core/arguments.js';
import type { Directories, Effect, Target } from '../core/effects.js';
import type { EntryKind } from '../core/fs.js';
import type { CodeFact } from '../core/facts.js';
import type { Field, WordValue } from '../core/words.js';
import { findFixableNames, type FixableNames } from './fixable-names.js';
import { LineFacts } from './line-facts.js';
import { copyScope, type Outcome, type Scope, stateKey, unionDirs } from './scope.js';

/** What the walk is given for the whole line: the part of a program's context that does not change as the line runs. */
export type WalkOptions = Pick<ProgramContext, 'dialect' | 'home' | 'tempDir' | 'env' | 'agentNames' | 'wrappers' | 'inlineCode' | 'readText' | 'platform'> & {
  globDots: boolean;
  /** The dialect code inside code is read in, by its name (`sh` as the `/bin/sh` this reading is for: dialect.ts `shReadings`). */
  dialects: Readonly<Record<DialectName, Dialect>>;
  /** The names standing in a directory before the line runs (an absolute path, through the fs seam); 'unreadable' when listing it failed. */
  listNames?: (dir: string) => readonly string[] | 'unreadable';
  /** What stands at an absolute path before the line runs, its parents followed and its last name not (null: nothing); 'unreadable' when that failed. */
  entryKind?: (path: string) => EntryKind | null | 'unreadable';
};

/** Code the line set to run later, and every directory the shell was in since (null: one it does not know). */
export interface Deferred {
  run: (scope: Scope, dirs: Directories) => void;
  dirs: Directories;
  /** The states (scope.ts `stateKey`) it was judged in at a later point already. */
  judgedIn?: Set<string>;
  /** Judged in more states than a line may ask: the line is too complex already. */
  exhausted?: true;
  /** Every name its text holds, when it is text (a trap's): the parameters it may read. */
  reads?: ReadonlySet<string>;
  /** The function it is (zsh's TRAPEXIT, chpwd…): not judged again at the points inside its own body. */
  fn?: FunctionDefinition;
}

/** The names a piece of code's text holds: a superset of the parameters it reads, `$` or not (arithmetic), and `~`'s HOME. */
export function namesIn(code: string): ReadonlySet<string> {
  return new Set([...(code.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []), 'HOME', 'PWD', 'OLDPWD']);
}

/** How many states one piece of deferred code is judged in, at the points after it was set, before the line is too complex. */
const maxDeferredStates = 32;

/** How many pieces of deferred code (traps, hook functions) one line may set before it is too complex to judge. */
export const maxDeferredItems = 16;

/** Thrown to stop a walk whose judging work ran past its budget; `walkLine` turns it into a too-complex effect. */
export class WorkExhausted extends Error {}

export abstract class WalkState {
  readonly effects: Effect[] = [];
  facts = new LineFacts();
  /** Code read inside code (`bash -c`, `eval`, a function, a git setting) nested this deep now. */
  codeDepth = 0;
  /** Loop bodies being walked now: what one pass reads may be what another pass made or changed after it (walk/archives.ts). */
  loopDepth = 0;
  readonly fixable: FixableNames;
  /** Judging work spent on the line, shared with the walkers of git settings it starts. */
  work = { spent: 0 };
  /**
   * Code that runs later (a trap, zsh's TRAPEXIT or chpwd, bash's
   * command_not_found_handle): judged again at the line's end in every
   * directory the line was in from where it was set on (issue 12 class 7).
   */
  readonly deferred: Deferred[] = [];
  /** Where the line starts (the tree's root): a PATH entry in it or below finds programs the line may have written. */
  startDir: string | null = null;
  /** The functions whose bodies are being walked now: a call to one of them is recursion. */
  readonly functionsWalked = new Set<FunctionDefinition>();

  /** The part of every program's context that is the same for the whole line. */
  readonly programConstants: Pick<ProgramContext, 'home' | 'tempDir' | 'env' | 'agentNames' | 'wrappers' | 'inlineCode' | 'readText' | 'platform'>;

  constructor(readonly options: WalkOptions, body: Statement[]) {
    this.fixable = findFixableNames(body);
    const { home, tempDir, env, agentNames, wrappers, inlineCode, readText, platform } = options;
    this.programConstants = { home, tempDir, env, agentNames, wrappers, inlineCode, ...(readText ? { readText } : {}), ...(platform ? { platform } : {}) };
  }

  /** Walk a list of statements in order. */
  abstract walkList(body: readonly Statement[], scope: Scope, dialect: Dialect): Outcome;
  /** Walk one command; `fedByPipe`: it reads a pipe (true), or the listing of the program before it. */
  abstract walkCommand(command: Command, scope: Scope, dialect: Dialect, fedByPipe?: boolean | Listing): Outcome;
  /** A walker of its own for code the line hands to another program (a git setting), sharing this one's work budget. */
  abstract subWalker(): WalkState;
  /** The walk is over: what a backgrounded list's globs may list is whatever the whole walk made (walker.ts). */
  abstract settleBackgrounded(): void;

  /** Charge the walk `units` of judging work. */
  charge(units: number): void {
    this.work.spent += units;
    if (this.work.spent > budgets.maxJudgingWork) throw new WorkExhausted();
  }

  /** A removal's or write's target here: with what the line did before it, and how globs expand here. */
  targetHere(word: Word, value: WordValue, dirs: Directories, scope: Scope, by: string): Target {
    value = currentDirectoryNames(value);
    return {
      span: word.span, word, value, dirs,
      wroteBefore: this.facts.wrote, madeBeforeCommand: this.facts.madeAtCommand ?? this.facts.madeSoFar(),
      placedBefore: this.facts.placedSoFar(), placedUnknownAt: this.facts.placedUnknownAt,
      ...(this.facts.extracted.length > 0 ? { extractedBefore: [...this.facts.extracted] } : {}),
      globDots: scope.globDots, expansionChanged: scope.expansionChanged, by,
      ...(scope.options.caselessGlob ? { globCaseless: true } : {}), ...(scope.options.dotGlobMatchesDotDot ? { globDotDot: true } : {}),
    };
  }

  /** Deferred code is being judged now: its own commands are not points where it runs again. */
  private judgingDeferred = false;

  /**
   * A point where code the line set earlier may run: a DEBUG trap before the
   * next command, an ERR trap after one that failed, a RETURN trap as a
   * function returns, an EXIT trap or a signal's when the shell ends or is
   * killed here, chpwd after a `cd` (issue 12 class 7). Each piece set
   * before this point is judged in this state (the directories, the
   * parameters and options as they are now), once per distinct state.
   */
  deferredMayRunHere(scope: Scope, span: Span): void {
    if (this.judgingDeferred || this.deferred.length === 0) return;
    this.judgingDeferred = true;
    try {
      for (const d of this.deferred.slice(0, maxDeferredItems)) {
        const key = stateKey(scope, d.reads ?? null);
        const judged = (d.judgedIn ??= new Set());
        if (judged.has(key) || d.exhausted || (d.fn && this.functionsWalked.has(d.fn))) continue;
        if (judged.size >= maxDeferredStates) {
          this.effects.push({ kind: 'too-complex', span, past: { source: 'code-depth' } });
          d.exhausted = true;
          continue;
        }
        judged.add(key);
        d.run(copyScope(scope), scope.dirs);
      }
    } finally {
      this.judgingDeferred = false;
    }
  }

  /** The shell is now also in `dirs`: deferred code may run there. */
  movedTo(dirs: Directories): void {
    for (const d of this.deferred) d.dirs = unionDirs(d.dirs, dirs);
  }

  /** Code the line runs that treeward cannot judge: the fact, at `span`. */
  runsCode(span: Span, fact: CodeFact): void {
    this.effects.push({ ...fact, kind: 'runs-code', span });
  }
}

/**
 * `/proc/self/cwd/x` (and `/proc/thread-self/cwd`) is `x` in the directory
 * the shell is in when it runs, not the one treeward's own process is in: the
 * field is read as the relative path it stands for (issue 12 class 9).
 */
function currentDirectoryNames(value: WordValue): WordValue {
  if (value.kind !== 'fixed' || !value.fields.some((f) => cwdLink.test(f.text))) return value;
  return { kind: 'fixed', fields: value.fields.map((field) => {
    const m = cwdLink.exec(field.text);
    if (!m) return field;
    // drop the link's own characters from the chunks, keeping each one's quoting
    let drop = m[0].length;
    const chunks: Field['chunks'] = [];
    for (const chunk of field.chunks) {
      const cut = Math.min(drop, chunk.text.length);
      drop -= cut;
      if (chunk.text.length > cut) chunks.push({ text: chunk.text.slice(cut), quoted: chunk.quoted });
    }
    const text = field.text.slice(m[0].length) || '.';
    return { ...field, text, chunks: chunks.length > 0 ? chunks : [{ text: '.', quoted: true }] };
  }) };
}

/** The shell's current directory by its /proc name, with the `/` after it. */
const cwdLink = /^\/+proc\/+(?:self|thread-self)\/+cwd(?:\/+|$)/;
