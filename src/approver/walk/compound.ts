// Compound commands, a table by kind: groups and subshells, `if`, the
// loops (walked until the directories they may leave settle), `case`,
// function definitions, `[[ ]]` and `(( ))`, zsh's `repeat` and `always`.
// The directories each may leave are the union of its branches'.

import { budgets } from '../../budgets.js';
import type { Command, FunctionDefinition, Redirect, TestExpression } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Listing } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { type Field, literalWord } from '../core/words.js';
import { isShadowable } from '../programs/index.js';
import { walkFunctionBody } from './code.js';
import { walkSimpleCommand } from './commands.js';
import { evaluate, wordContext } from './parameters.js';
import { walkRedirects } from './redirects.js';
import { copyScope, type Outcome, sameDirs, type Scope, stayed, unionDirs } from './scope.js';
import type { WalkState } from './state.js';
import { checkArithmeticWord, walkArithmetic, walkWordSubstitutions } from './substitutions.js';

/** Walk one compound command (or a simple one, through commands.ts), by its kind. */
export function walkCompound(w: WalkState, command: Command, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing): Outcome {
  const walk = walkers[command.type] as Walking<Command>;
  if (command.type === 'SimpleCommand' || command.type === 'FunctionDefinition' || command.redirects.length === 0) {
    return walk(w, command, scope, dialect, fedByPipe);
  }
  // A compound command's redirections hold for it alone: the shell restores the fds they point once it ends (`{ sh; } < f; sh`
  // reads the harness's stdin again), an `exec` inside that changes one of them included, as bash and zsh do.
  const saved = new Map(redirectedFds(command.redirects).map((fd) => [fd, scope.fds.get(fd)]));
  try {
    return walk(w, command, scope, dialect, fedByPipe);
  } finally {
    for (const [fd, file] of saved) {
      if (file) scope.fds.set(fd, file);
      else scope.fds.delete(fd);
    }
  }
}

/** The fds a list of redirections points: each one's own, or 0 for input and 1 for output, and 1 and 2 for `&>`. */
function redirectedFds(redirects: readonly Redirect[]): number[] {
  return redirects.flatMap((r) => {
    if (r.fd !== null) return [r.fd];
    if (r.operator.startsWith('<')) return [0];
    return r.operator.startsWith('&>') || r.operator.startsWith('>&') || r.operator.startsWith('>>&') ? [1, 2] : [1];
  });
}

type Walking<C extends Command> = (w: WalkState, command: C, scope: Scope, dialect: Dialect, fedByPipe: boolean | Listing) => Outcome;

/** How each kind of command is walked (syntax/ast.ts documents the kinds by their syntax). */
const walkers: { [K in Command['type']]: Walking<Extract<Command, { type: K }>> } = {
  SimpleCommand: walkSimpleCommand,
  Subshell: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    w.walkList(command.body, copyScope(scope), dialect);
    return stayed(scope);
  },
  BraceGroup: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    return w.walkList(command.body, scope, dialect);
  },
  Always: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    const first = w.walkList(command.body, scope, dialect);
    scope.dirs = first.anywhere;
    w.walkList(command.always, scope, dialect);
    return stayed(scope);
  },
  If: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    const start = scope.dirs;
    let anywhere: Directories = start;
    let branchStart = start;
    for (const clause of command.clauses) {
      scope.dirs = branchStart;
      const condition = w.walkList(clause.condition, scope, dialect);
      scope.dirs = condition.success;
      const body = w.walkList(clause.body, scope, dialect);
      anywhere = unionDirs(unionDirs(anywhere, condition.anywhere), body.anywhere);
      branchStart = condition.anywhere;
    }
    if (command.elseBody) {
      scope.dirs = branchStart;
      const body = w.walkList(command.elseBody, scope, dialect);
      anywhere = unionDirs(anywhere, body.anywhere);
    }
    scope.dirs = anywhere;
    return { success: anywhere, anywhere };
  },
  While: (w, command, scope, dialect) =>
    walkLoop(w, scope, dialect, command.redirects, () => {
      const condition = w.walkList(command.condition, scope, dialect);
      scope.dirs = condition.anywhere;
      w.walkList(command.body, scope, dialect);
    }),
  For: (w, command, scope, dialect) => walkFor(w, command, scope, dialect),
  ArithFor: (w, command, scope, dialect) => {
    walkArithmetic(w, command.init.parts, scope, dialect, command.init.span);
    walkArithmetic(w, command.test.parts, scope, dialect, command.test.span);
    walkArithmetic(w, command.update.parts, scope, dialect, command.update.span);
    return walkLoop(w, scope, dialect, command.redirects, () => {
      w.walkList(command.body, scope, dialect);
    });
  },
  Case: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    walkWordSubstitutions(w, command.subject, scope, dialect);
    const start = scope.dirs;
    let anywhere: Directories = start;
    for (const item of command.items) {
      for (const pattern of item.patterns) walkWordSubstitutions(w, pattern, scope, dialect);
      scope.dirs = start;
      const body = w.walkList(item.body, scope, dialect);
      anywhere = unionDirs(anywhere, body.anywhere);
    }
    scope.dirs = anywhere;
    return { success: anywhere, anywhere };
  },
  FunctionDefinition: (w, command, scope, dialect) => walkFunctionDefinition(w, command, scope, dialect),
  Test: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    walkTestExpression(w, command.expression, scope, dialect);
    return stayed(scope);
  },
  ArithmeticCommand: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    walkArithmetic(w, command.expression.parts, scope, dialect, command.expression.span);
    return stayed(scope);
  },
  Coproc: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    w.walkCommand(command.body, copyScope(scope), dialect);
    return stayed(scope);
  },
  Repeat: (w, command, scope, dialect) => {
    walkRedirects(w, command.redirects, scope, dialect);
    walkWordSubstitutions(w, command.count, scope, dialect);
    return walkLoop(w, scope, dialect, [], () => {
      w.walkList(command.body, scope, dialect);
    });
  },
};

/** A loop body may run several times: walk it until the directories settle (or become unknown). */
function walkLoop(w: WalkState, scope: Scope, dialect: Dialect, redirects: Redirect[], once: () => void): Outcome {
  walkRedirects(w, redirects, scope, dialect);
  const start = scope.dirs;
  let seen: Directories = start;
  for (let pass = 0; pass < budgets.maxLoopPasses; pass++) {
    scope.dirs = seen;
    w.loopDepth++;
    try {
      once();
    } finally {
      w.loopDepth--;
    }
    const next = unionDirs(seen, scope.dirs);
    if (sameDirs(next, seen)) break;
    seen = pass === budgets.maxLoopPasses - 1 ? null : next;
  }
  scope.dirs = seen;
  return { success: seen, anywhere: seen };
}

/** `for NAME in WORDS`: over fixed words (the pre-pass allowing), the body once per word with NAME fixed to it. */
function walkFor(w: WalkState, command: Command & { type: 'For' }, scope: Scope, dialect: Dialect): Outcome {
  walkRedirects(w, command.redirects, scope, dialect);
  const values: Field[] = [];
  let fixed = command.items !== null && command.variables.length === 1;
  for (const item of command.items ?? []) {
    walkWordSubstitutions(w, item, scope, dialect);
    const value = evaluate(w, item, wordContext(w, scope, dialect));
    if (value.kind !== 'fixed') fixed = false;
    else values.push(...value.fields);
  }
  if (values.length > budgets.maxLoopWords) fixed = false;
  const variable = command.variables[0]?.name;
  if (!fixed || variable === undefined || !w.fixable.loopVariables.has(variable)) {
    for (const v of command.variables) scope.parameters.delete(v.name);
    return walkLoop(w, scope, dialect, [], () => {
      w.walkList(command.body, scope, dialect);
    });
  }
  // A loop over fixed words (or globs) fixes its variable to each of them in the body.
  return walkLoop(w, scope, dialect, [], () => {
    const start = scope.dirs;
    let end: Directories = start;
    for (const value of values) {
      scope.dirs = start;
      scope.parameters.set(variable, value);
      w.walkList(command.body, scope, dialect);
      end = unionDirs(end, scope.dirs);
    }
    scope.parameters.delete(variable);
    scope.dirs = end;
  });
}

/** `NAME() BODY`: the name is now the function's; the body is judged here and at each call. */
function walkFunctionDefinition(w: WalkState, command: FunctionDefinition, scope: Scope, dialect: Dialect): Outcome {
  walkRedirects(w, command.redirects, scope, dialect);
  for (const name of command.names) {
    const text = literalWord(name);
    if (text === null) {
      w.runsCode(name.span, { source: 'function-name' });
      continue;
    }
    if (isShadowable(text)) scope.shadowed.add(text);
    scope.functions.set(text, command);
    // zsh's TRAPEXIT, zshexit, chpwd, precmd…, bash's command_not_found_handle (dialect row functionsTheShellCalls): the shell
    // calls them later, wherever it then is
    if (dialect.functionsTheShellCalls?.test(text)) {
      w.deferred.push({ run: (later, dirs) => {
        later.dirs = dirs;
        walkFunctionBody(w, command, later, dialect);
      }, dirs: scope.dirs, fn: command });
    }
  }
  if (command.names.length === 0) {
    // zsh's anonymous function runs at once, with its arguments.
    for (const arg of command.args) walkWordSubstitutions(w, arg, scope, dialect);
    return walkFunctionBody(w, command, scope, dialect);
  }
  // The body is judged where it is defined, and again where it is called.
  walkFunctionBody(w, command, copyScope(scope), dialect);
  return stayed(scope);
}

/** `[[ … ]]`: the commands its words run, and the words it evaluates as arithmetic. */
function walkTestExpression(w: WalkState, expression: TestExpression, scope: Scope, dialect: Dialect): void {
  switch (expression.type) {
    case 'TestWord':
      walkWordSubstitutions(w, expression.word, scope, dialect);
      return;
    case 'TestUnary':
      walkWordSubstitutions(w, expression.operand, scope, dialect);
      if (expression.operator === '-v') checkArithmeticWord(w, expression.operand, scope);
      return;
    case 'TestBinary':
      walkWordSubstitutions(w, expression.left, scope, dialect);
      walkWordSubstitutions(w, expression.right, scope, dialect);
      if (/^-(eq|ne|lt|le|gt|ge)$/.test(expression.operator)) {
        checkArithmeticWord(w, expression.left, scope);
        checkArithmeticWord(w, expression.right, scope);
      }
      return;
    case 'TestNot':
      walkTestExpression(w, expression.operand, scope, dialect);
      return;
    case 'TestGroup':
      walkTestExpression(w, expression.inner, scope, dialect);
      return;
    case 'TestLogical':
      walkTestExpression(w, expression.left, scope, dialect);
      walkTestExpression(w, expression.right, scope, dialect);
      return;
  }
}

