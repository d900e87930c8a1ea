// `zsh -n` does not only parse: NO_EXEC still expands the words of the
// simple commands it walks past at the top level of the line (not inside
// compound commands or functions, not after `||`, not under `time`), so a
// bad `${…}` or `$[…]` there is reported as an error. treeward's parse
// reports the same ones, so that it refuses exactly the lines `zsh -n`
// refuses; elsewhere the expansion keeps its `invalid` reason for the
// approver, since zsh fails the whole line when it reaches one.

import { arithmeticProblem } from '../lexer/zsh-expansion.js';
import type { SimpleCommand, Span, Statement, Word } from '../syntax/ast.js';
import type { Dialect } from '../syntax/dialect.js';
import { type Visitor, walk, walkAll } from '../syntax/visit.js';
import { quoteRemovedLiteral } from '../syntax/word-text.js';

export interface ExpansionProblem {
  message: string;
  span: Span;
}

/** The first expansion at the top level of `body` that `zsh -n` refuses, in the order zsh expands them. */
export function firstTopLevelExpansionProblem(body: readonly Statement[], dialect: Dialect): ExpansionProblem | null {
  const check = new TopLevelCheck(dialect.declarationCommands);
  walkAll(body, check.visit);
  return check.found;
}

class TopLevelCheck {
  found: ExpansionProblem | null = null;
  private readonly declarations: ReadonlySet<string>;

  constructor(declarations: ReadonlySet<string>) {
    this.declarations = declarations;
  }

  // most frequent nodes first: a switch on strings compares them in order
  readonly visit: Visitor = (node) => {
    if (node === null || this.found !== null) return false;
    switch (node.type) {
      case 'ParameterExpansion':
        if (node.invalid) this.found = { message: node.invalid, span: node.span };
        return this.found === null;
      case 'Word': case 'DoubleQuoted': case 'LocaleQuoted': case 'BraceExpansion':
      case 'CommandSubstitution': case 'ProcessSubstitution': case 'Statement':
        return true;
      case 'ArithmeticExpansion':
        if (node.invalid) this.found = { message: node.invalid, span: node.span };
        return false;
      case 'SimpleCommand':
        this.simpleCommand(node);
        return false;
      case 'Pipeline':
        return !node.timed;
      case 'AndOr':
        // Nothing runs under NO_EXEC, so every status is 0: `||` skips what follows it.
        for (let i = 0; i < node.pipelines.length; i++) {
          if (i === 0 || node.operators[i - 1] !== '||') walk(node.pipelines[i]!, this.visit);
        }
        return false;
      case 'Coproc':
        // the coprocess's commands stand at the top level; its redirections are not expanded
        if (node.body.type === 'BraceGroup') walkAll(node.body.body, this.visit);
        else walk(node.body, this.visit);
        return false;
      default:
        // compound commands and function bodies: zsh -n does not expand inside them
        return false;
    }
  };

  private simpleCommand(command: SimpleCommand): void {
    // Array assignments are expanded, subscripts as arithmetic; scalar values are not.
    for (const assignment of command.assignments) {
      for (const element of assignment.array ?? []) {
        if (element.key) {
          const key = quoteRemovedLiteral(element.key);
          const math = key === null ? null : arithmeticProblem(key);
          if (math) {
            this.found = { message: math, span: element.key.span };
            return;
          }
        }
        if (this.expands(element.value)) return;
      }
    }
    const first = command.words[0];
    const typeset = first !== undefined && this.declarations.has(quoteRemovedLiteral(first) ?? '');
    for (const word of command.words) {
      // typeset and kin take `name=value` arguments as assignments, which are not expanded
      if (typeset && word !== first && /^[A-Za-z_][A-Za-z0-9_]*(\[|\+?=)/.test(literalPrefix(word))) continue;
      if (this.expands(word)) return;
    }
    for (const redirect of command.redirects) {
      // here-documents and here-strings are read only when the command runs
      if (redirect.heredoc || redirect.operator === '<<<') continue;
      if (this.expands(redirect.target)) return;
    }
  }

  /** Walk a word the shell expands; whether it found a problem. */
  private expands(word: Word): boolean {
    // most parts are plain text, which holds no expansion: only the others are walked
    for (const part of word.parts) {
      if (part.type === 'Literal' || part.type === 'Glob' || part.type === 'SingleQuoted' || part.type === 'Escaped') continue;
      walk(part, this.visit);
      if (this.found !== null) return true;
    }
    return false;
  }
}

function literalPrefix(word: Word): string {
  const first = word.parts[0];
  return first && first.type === 'Literal' ? first.value : '';
}
