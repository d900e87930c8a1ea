// Substitutions: the commands a word runs when it expands (`$( )`,
// backquotes, `<( )`, and those inside `${ }` and arithmetic), walked in a
// subshell in order; and arithmetic, which bash and zsh evaluate
// recursively, so a name holding `$(` runs it.

import type { Assignment, Span, Word, WordPart } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import { literalWord } from '../core/words.js';
import { trailingQualifier } from '../core/zsh-qualifiers.js';
import { copyScope, type Scope } from './scope.js';
import type { WalkState } from './state.js';

/** Walk the commands a word runs: `$( )`, backquotes, `<( )`, and those inside `${ }` and arithmetic. */
export function walkWordSubstitutions(w: WalkState, word: Word, scope: Scope, dialect: Dialect): void {
  for (const part of word.parts) walkPartSubstitutions(w, part, scope, dialect);
  if (dialect.zshGlobParens) {
    const qualifier = trailingQualifier(word.parts);
    if (qualifier?.runsCode) w.runsCode(word.span, { source: 'qualifier', text: qualifier.text });
  }
}

/** The commands one part of a word runs, and what its expansion evaluates as code. */
export function walkPartSubstitutions(w: WalkState, part: WordPart, scope: Scope, dialect: Dialect): void {
  switch (part.type) {
    case 'CommandSubstitution':
    case 'ProcessSubstitution':
      // the shell parses the body again when it runs it, and an alias the line defined rewrites it then
      if (scope.aliasDefined && (dialect.aliasesReachSubstitutions || scope.options.aliasesExpanded)) {
        w.runsCode(part.span, { source: 'shell-state', change: 'alias-runtime-code' });
      }
      w.walkList(part.body, copyScope(scope), dialect);
      return;
    case 'DoubleQuoted':
    case 'LocaleQuoted':
      for (const inner of part.parts) walkPartSubstitutions(w, inner, scope, dialect);
      return;
    case 'ParameterExpansion':
      if (part.invalid) {
        w.runsCode(part.span, { source: 'zsh-stops', in: 'parameter', message: part.invalid });
      }
      if (part.flags !== null && /[eP%]/.test(part.flags)) {
        w.runsCode(part.span, { source: 'zsh-flags', flags: part.flags });
      }
      if (part.operator === '@' && part.operand && literalWord(part.operand) === 'P') {
        // `${x@P}` expands x's value as a prompt, running any `$(…)` in it
        const value = part.name === 'HOME' ? w.options.home : scope.parameters.get(part.name)?.text;
        if (value === undefined || /\$\(|`|\$\[/.test(value)) {
          w.runsCode(part.span, { source: 'prompt-expansion', name: part.name, holdsSubstitution: value !== undefined });
        }
      }
      if (part.nested) walkPartSubstitutions(w, part.nested, scope, dialect);
      for (const inner of [part.index, part.operand, part.replacement]) if (inner) walkWordSubstitutions(w, inner, scope, dialect);
      if (part.operator === '=' || part.operator === ':=') scope.parameters.delete(part.name);
      if (part.index) checkArithmeticWord(w, part.index, scope);
      return;
    case 'ArithmeticExpansion':
      if (part.invalid) w.runsCode(part.span, { source: 'zsh-stops', in: 'arithmetic', message: part.invalid });
      walkArithmetic(w, part.expression.parts, scope, dialect, part.span);
      return;
    case 'BraceExpansion':
      for (const alternative of part.alternatives ?? []) for (const inner of alternative) walkPartSubstitutions(w, inner, scope, dialect);
      return;
    default:
      return;
  }
}

/** The commands an assignment's words run (its subscript, value and array elements). */
export function walkAssignmentSubstitutions(w: WalkState, assignment: Assignment, scope: Scope, dialect: Dialect): void {
  if (assignment.index) {
    walkWordSubstitutions(w, assignment.index, scope, dialect);
    checkArithmeticWord(w, assignment.index, scope);
  }
  if (assignment.value) walkWordSubstitutions(w, assignment.value, scope, dialect);
  for (const element of assignment.array ?? []) {
    if (element.key) walkWordSubstitutions(w, element.key, scope, dialect);
    walkWordSubstitutions(w, element.value, scope, dialect);
  }
}

/**
 * bash and zsh evaluate arithmetic recursively: a parameter whose text
 * holds `$(` or a backquote runs it (`a='b[$(rm y)]'; echo $((a))`).
 */
export function walkArithmetic(w: WalkState, parts: readonly WordPart[], scope: Scope, dialect: Dialect, span: Span): void {
  for (const part of parts) walkPartSubstitutions(w, part, scope, dialect);
  for (const part of parts) {
    if (part.type !== 'Literal') continue;
    for (const name of part.value.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) checkArithmeticName(w, name, scope, span);
  }
}

/** A word bash or zsh evaluates as arithmetic (`[[ x -eq y ]]`, a subscript): its text must not hold code. */
export function checkArithmeticWord(w: WalkState, word: Word, scope: Scope): void {
  const text = literalWord(word);
  if (text === null) return;
  // `[[ 'a[$(cmd)]' -eq 0 ]]`: quoting does not stop arithmetic from running a subscript's substitution
  if (/\$\(|`/.test(text)) {
    w.runsCode(word.span, { source: 'arithmetic', in: 'text' });
    return;
  }
  for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) checkArithmeticName(w, name, scope, word.span);
}

/** How many names one arithmetic name may lead to through their values before treeward stops following them. */
const maxArithmeticNames = 32;

/** A name read as arithmetic must not hold code the line put there, in its value or the values of the names in it. */
export function checkArithmeticName(w: WalkState, name: string, scope: Scope, span: Span, seen = new Set<string>()): void {
  // arithmetic reads a name's value as an expression in turn (`x=y; y='a[$(cmd)]'; $((x))`): follow the names in it
  if (seen.has(name)) return;
  if (seen.size >= maxArithmeticNames) {
    w.runsCode(span, { source: 'shell-state', change: 'recursive-arithmetic', name });
    return;
  }
  seen.add(name);
  const value = scope.parameters.get(name);
  if (value !== undefined) {
    if (/\$\(|`/.test(value.text)) {
      if (seen.size === 1) w.runsCode(span, { source: 'arithmetic', in: 'parameter', name, setByLine: false });
      else w.runsCode(span, { source: 'shell-state', change: 'recursive-arithmetic', name });
      return;
    }
    for (const inner of value.text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) checkArithmeticName(w, inner, scope, span, seen);
    return;
  }
  if (w.fixable.holdsCode.has(name)) w.runsCode(span, { source: 'arithmetic', in: 'parameter', name, setByLine: true });
}
