// Code inside code: text the line hands a shell (`bash -c`, `eval`, `trap`,
// a here-document fed to `sh`), parsed in its dialect and walked in place;
// the body of a function, once per call; a file the line wrote and then
// runs; and the commands git settings name, each walked by a walker of its
// own.

import { budgets } from '../../budgets.js';
import type { Effect } from '../core/effects.js';
import type { FunctionDefinition, Span, Statement } from '../../syntax/ast.js';
import type { Dialect, DialectName } from '../../syntax/dialect.js';
import { BudgetError, ParseError } from '../../syntax/errors.js';
import { parse } from '../../parser/parser.js';
import { type Action, runsCode } from '../core/actions.js';
import type { Directories } from '../core/effects.js';
import { shellNamed } from '../core/shells.js';
import { literalWord } from '../core/words.js';
import { findFixableNames } from './fixable-names.js';
import { copyScope, forgetPrevious, type Outcome, type Scope, stayed } from './scope.js';
import type { WalkState } from './state.js';

/** Enter code read inside code, within the nesting budget; false (with a too-complex effect) past it. */
export function enterCode(w: WalkState, span: Span): boolean {
  if (w.codeDepth >= budgets.maxCodeDepth) {
    w.effects.push({ kind: 'too-complex', span, past: { source: 'code-depth' } });
    return false;
  }
  w.codeDepth++;
  return true;
}

/** Code given as text (`bash -c`, `eval`, `trap`, a heredoc fed to a shell): parsed in its dialect and walked in place. */
export function walkCode(
  w: WalkState, code: string, span: Span, dialectName: DialectName, scope: Scope, dirs: Directories | undefined, subshell: boolean,
): void {
  // code parsed only when it runs (eval's text, a trap's, a backquote's): an alias the line defined rewrites it (sh, zsh, bash with expand_aliases)
  const dialect = w.options.dialects[dialectName];
  if (scope.aliasDefined && (dialect.aliasesReachCodeParsedLater || scope.options.aliasesExpanded)) {
    w.runsCode(span, { source: 'shell-state', change: 'alias-runtime-code' });
  }
  if (!enterCode(w, span)) return;
  try {
    let body: Statement[];
    try {
      body = parse(code, { dialect }).body;
    } catch (error) {
      if (error instanceof BudgetError) {
        w.effects.push({ kind: 'too-complex', span, past: { source: 'nested-parse', message: error.message } });
        return;
      }
      if (error instanceof ParseError) {
        w.runsCode(span, { source: 'unparsable', dialect: dialect.label, message: error.message });
        return;
      }
      throw error;
    }
    const inner = subshell ? copyScope(scope) : scope;
    if (dirs !== undefined) inner.dirs = dirs;
    // a shell of its own has the OLDPWD it inherits; code read in place may set OLDPWD or PWD (issue 16)
    if (subshell || setsOldpwd(body)) forgetPrevious(inner);
    // Code read from text has spans of its own: report its effects at the span of the text.
    const mark = w.effects.length;
    w.walkList(body, inner, dialect);
    for (let i = mark; i < w.effects.length; i++) w.effects[i] = withSpan(w.effects[i]!, span);
  } finally {
    w.codeDepth--;
  }
}

/** Code that may set OLDPWD, or PWD (which bash's `cd` copies into OLDPWD). */
function setsOldpwd(body: Statement[]): boolean {
  const names = findFixableNames(body).assigned;
  return names.has('OLDPWD') || names.has('PWD');
}

/** A git setting whose value git runs as a command: the command read as sh, in git's directory, by a walker of its own. */
export function gitSetting(w: WalkState, action: Action & { kind: 'git-setting' }, scope: Scope): void {
  const sub = w.subWalker();
  sub.facts.wrote = w.facts.wrote;
  sub.facts.inheritMade(w.facts);
  sub.codeDepth = w.codeDepth + 1;
  let problem = action.problem;
  if (problem === null && action.command !== null) {
    if (sub.codeDepth >= budgets.maxCodeDepth) problem = { source: 'nesting' };
    else {
      try {
        const sh = w.options.dialects.sh;
        const body = parse(action.command, { dialect: sh }).body;
        const inner = copyScope(scope);
        inner.dirs = action.dirs;
        sub.walkList(body, inner, sh);
        sub.settleBackgrounded();
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        problem = { source: 'unparsable', message: error.message };
      }
    }
  }
  w.effects.push({
    kind: 'git-setting', span: action.span, setting: action.setting, problem, effects: sub.effects.map((e) => withSpan(e, action.span)),
    gitDirs: action.dirs, wroteBefore: w.facts.wrote,
  });
}

/** A function's body, where it is defined or called; `call`: the span of the word that calls it, or null where it is defined. */
export function walkFunctionBody(w: WalkState, command: FunctionDefinition, scope: Scope, dialect: Dialect, call: Span | null = null): Outcome {
  if (w.functionsWalked.has(command)) {
    // A shell would recurse until something stops it; following each call would double the work per level.
    const past = command.names.length > 0 ? { source: 'recursion' as const, name: literalWord(command.names[0]!) } : { source: 'recursion' as const };
    w.effects.push({ kind: 'too-complex', span: call ?? command.span, past });
    return stayed(scope);
  }
  if (!enterCode(w, command.span)) return stayed(scope);
  w.functionsWalked.add(command);
  try {
    return w.walkCommand(command.body, scope, dialect);
  } finally {
    w.functionsWalked.delete(command);
    w.codeDepth--;
  }
}

/** Running a file the line wrote: its literal text is read (a shell script by its `#!`), anything else is code the line assembled. */
export function runWrittenFile(path: string, literal: string | null, span: Span, dialect: Dialect): Action {
  if (literal === null) return runsCode(span, { source: 'written-by-line', via: null, file: path, use: 'run' });
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(literal);
  const interpreter = shebang ? (shebang[1]!.endsWith('/env') ? shebang[2] ?? '' : shebang[1]!.slice(shebang[1]!.lastIndexOf('/') + 1)) : dialect.name;
  const shell = shellNamed(interpreter);
  if (shell?.plain && shell.dialect) return { kind: 'shell-code', code: literal, span, dialect: shell.dialect, subshell: true };
  return runsCode(span, { source: 'written-script', file: path, interpreter });
}

function withSpan(effect: Effect, span: Span): Effect {
  return { ...effect, span } as Effect;
}
