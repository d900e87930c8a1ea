// Parameters and words: what the line fixes at this point (a word's
// context), a word's value as an argument, and assignments, judged by what
// their name means (programs/environment.ts) and remembered where the
// pre-pass says the line fixes the name.

import { budgets } from '../../budgets.js';
import type { Assignment, Span, Statement, Word } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Argument } from '../core/arguments.js';
import { evaluateWord, type Field, inheritedPath, literalWord, type WordContext, type WordValue } from '../core/words.js';
import { isInsideOrEqual, normalizeLexically } from '../core/path-text.js';
import { readByItsProgram, rowOf, variableMeaning } from '../programs/index.js';
import { walkCode } from './code.js';
import { previousDirs, type Scope } from './scope.js';
import type { WalkState } from './state.js';

/** The words shell words become in a command's argv: one per field (`notes.md{,.bak}` is two). */
export function argumentsOf(w: WalkState, words: readonly Word[], scope: Scope, dialect: Dialect, context?: WordContext): Argument[] {
  // into one array, not an array per word joined after (issue 18 item 2: a line of many words)
  const out: Argument[] = [];
  for (const word of words) {
    const arg = argument(w, word, scope, dialect, context);
    if (arg.value.kind !== 'fixed' || arg.value.fields.length < 2) out.push(arg);
    else for (const field of arg.value.fields) out.push({ word, value: { kind: 'fixed', fields: [field] }, text: field.glob ? null : field.text });
  }
  return out;
}

/** A word's value, the walk charged for the fields it expands to past the first (its text was charged with its command). */
export function evaluate(w: WalkState, word: Word, context: WordContext): WordValue {
  const value = evaluateWord(word, context);
  if (value.kind === 'fixed' && value.fields.length > 1) {
    let units = 0;
    for (const field of value.fields) units += budgets.workPerItem + field.text.length;
    w.charge(units);
  }
  return value;
}

/**
 * A word as one argument: its value, and its text when that is one fixed string. `context`: the word
 * context of `scope` when the caller made it already (one for all of a command's words, which change nothing).
 */
export function argument(w: WalkState, word: Word, scope: Scope, dialect: Dialect, context?: WordContext): Argument {
  const value = evaluate(w, word, context ?? wordContext(w, scope, dialect));
  let text: string | null = null;
  if (value.kind === 'fixed' && value.fields.length === 1 && !value.fields[0]!.glob) text = value.fields[0]!.text;
  return { word, value, text };
}

/** An assignment's name and value, judged by what the name means. */
export function judgeAssignment(w: WalkState, assignment: Assignment, scope: Scope, dialect: Dialect, onCommand: boolean): void {
  const plain = assignment.value && !assignment.append && !assignment.index && !assignment.array;
  const value = plain ? assignedValue(w, assignment.value!, scope, dialect)?.text ?? null : null;
  judgeVariable(w, assignment.name, value, assignment.span, scope, dialect, onCommand);
}

/**
 * An assignment whose name means more than text (programs/environment.ts). `onCommand`:
 * given only to one command (`NAME=v cmd`, `env NAME=v cmd`), whose row
 * reads the shell startup names itself.
 */
export function judgeVariable(w: WalkState, name: string, value: string | null, span: Span, scope: Scope, dialect: Dialect, onCommand: boolean): void {
  // a bare assignment reaches later children when the name is exported already, which treeward cannot see: count it
  if (!onCommand) scope.exported.set(name, value);
  const meaning = variableMeaning(name, value, dialect);
  switch (meaning.kind) {
    case 'code':
      if (onCommand && readByItsProgram(name)) return;
      w.runsCode(span, meaning.fact);
      return;
    case 'shell-code':
      walkCode(w, value!, span, dialect.name, scope, undefined, true);
      return;
    case 'glob-dots':
      if (!onCommand) scope.globDots = true;
      return;
    case 'plain':
      return;
  }
}

/** A bare assignment: the parameter is fixed to its value where the pre-pass says nothing else sets it. */
export function assign(w: WalkState, assignment: Assignment, scope: Scope, dialect: Dialect): void {
  const name = assignment.name;
  if (name === 'IFS') scope.splittingChanged = true;
  if (!w.fixable.assignedOnce.has(name) || assignment.append || assignment.index || assignment.array) {
    scope.parameters.delete(name);
    if (assignment.array || assignment.append) return;
  }
  if (assignment.value === null) return;
  if (!w.fixable.assignedOnce.has(name)) return;
  const value = assignedValue(w, assignment.value, scope, dialect);
  if (value) scope.parameters.set(name, value);
  else scope.parameters.delete(name);
}

/** The fixed value of an assignment: no splitting and no globbing (the glob characters stay text). */
export function assignedValue(w: WalkState, word: Word, scope: Scope, dialect: Dialect): Field | null {
  // `x=$(mktemp)` (no directory given): a new entry inside the temp dir, as mktemp's row says
  const only = word.parts.length === 1 ? word.parts[0]! : null;
  const quoted = only?.type === 'DoubleQuoted' && only.parts.length === 1 ? only.parts[0]! : null;
  const substitution = only?.type === 'CommandSubstitution' ? only : quoted?.type === 'CommandSubstitution' ? quoted : null;
  // a TMPDIR the line sets moves where mktemp makes its entry: its output is then not the temp dir's
  const tempDirMoved = w.fixable.assigned.has('TMPDIR') || scope.exported.has('TMPDIR');
  const printed = substitution && substitution.type === 'CommandSubstitution' && !tempDirMoved ? fixedOutput(substitution.body, w.options.tempDir) : null;
  if (printed !== null) return { text: printed, chunks: [{ text: printed, quoted: true }], glob: false };
  const value = evaluate(w, word, { ...wordContext(w, scope, dialect), splittingChanged: false });
  if (value.kind !== 'fixed' || value.fields.length !== 1) return null;
  const field = value.fields[0]!;
  // an assignment does not glob: its text is kept literally
  return { text: field.text, chunks: [{ text: field.text, quoted: true }], glob: false };
}

/**
 * Whether PATH, as an assignment sets it, finds programs only in absolute
 * directories outside the tree and the temp dir (the line may write there):
 * `$PATH` in the value stands for the inherited entries (issue 12 class 2).
 */
export function pathIsSafe(w: WalkState, assignment: Assignment, scope: Scope, dialect: Dialect): boolean {
  if (!assignment.value || assignment.index || assignment.array) return false;
  const context = wordContext(w, scope, dialect);
  const parameters = new Map(context.parameters);
  parameters.set('PATH', inheritedPath);
  const value = evaluateWord(assignment.value, { ...context, parameters, splittingChanged: false });
  if (value.kind !== 'fixed' || value.fields.length !== 1) return false;
  return pathValueIsSafe(w, (assignment.append ? inheritedPath + ':' : '') + value.fields[0]!.text);
}

/** Whether each entry of a PATH value is the inherited PATH or an absolute directory outside the tree and the temp dir. */
export function pathValueIsSafe(w: WalkState, value: string | null): boolean {
  if (value === null) return false;
  return value.split(':').every((entry) => {
    if (entry === inheritedPath) return true;
    if (!entry.startsWith('/') || entry.includes('\u0000')) return false;
    const normal = normalizeLexically(entry);
    return ![w.startDir, w.options.tempDir].some((d) => d !== null && isInsideOrEqual(normal, d));
  });
}

/** What the line fixes here, for evaluating a word. */
export function wordContext(w: WalkState, scope: Scope, dialect: Dialect): WordContext {
  const parameters = new Map<string, string>();
  let globParameters: Map<string, Field> | undefined;
  for (const [name, field] of scope.parameters) {
    if (!field.glob) parameters.set(name, field.text);
    else (globParameters ??= new Map()).set(name, field);
  }
  const known = scope.stateUnknown === null;
  if (!w.fixable.assigned.has('HOME') && known) parameters.set('HOME', w.options.home);
  // `~` is the line's own HOME only where the line itself assigns HOME (not merely where anything may have)
  const home = !known ? null : w.fixable.homeAssigned ? parameters.get('HOME') ?? null : w.options.home;
  const single = scope.dirs !== null && scope.dirs.length === 1 ? scope.dirs[0]! : null;
  if (!w.fixable.assigned.has('PWD') && single !== null && known) parameters.set('PWD', single);
  // after a cd the line made, OLDPWD is where it was before it (issue 12 class 9, issue 16), when that is one directory
  const previous = previousDirs(scope, scope.dirs);
  const oldpwd = previous?.length === 1 && !w.fixable.assigned.has('PWD') ? previous[0]! : null;
  if (!w.fixable.assigned.has('OLDPWD') && oldpwd !== null && known) parameters.set('OLDPWD', oldpwd);
  // the options the line set read later words under their own column of the dialect table
  const options = Object.keys(scope.options).length > 0 ? { ...dialect, ...scope.options } : dialect;
  return {
    dialect: options, parameters, home, cwd: single, splittingChanged: scope.splittingChanged || scope.expansionChanged,
    ...(globParameters ? { globParameters } : {}),
  };
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
