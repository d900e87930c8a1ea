// `zsh -n` does not only parse: NO_EXEC still expands the words of the
// simple commands it walks past at the top level of the line (not inside
// compound commands or functions, not after `||`, not under `time`), so a
// bad `${…}` or `$[…]` there is reported as an error. treeward's parse
// reports the same ones, so that it refuses exactly the lines `zsh -n`
// refuses; elsewhere the expansion keeps its `invalid` reason for the
// approver, since zsh fails the whole line when it reaches one.

import { arithmeticProblem } from '../lexer/zsh-expansion.js';
import type { Command, Span, Statement, Word, WordPart } from '../syntax/ast.js';

export interface ExpansionProblem {
  message: string;
  span: Span;
}

const typesetFamily = new Set(['declare', 'export', 'float', 'integer', 'local', 'readonly', 'typeset']);

export function firstTopLevelExpansionProblem(body: Statement[]): ExpansionProblem | null {
  for (const statement of body) {
    const { pipelines, operators } = statement.andOr;
    for (let i = 0; i < pipelines.length; i++) {
      // Nothing runs under NO_EXEC, so every status is 0: `||` skips what follows it.
      if (i > 0 && operators[i - 1] === '||') continue;
      const pipeline = pipelines[i]!;
      if (pipeline.timed) continue;
      for (const command of pipeline.commands) {
        const problem = commandProblem(command);
        if (problem) return problem;
      }
    }
  }
  return null;
}

function commandProblem(command: Command): ExpansionProblem | null {
  if (command.type === 'Coproc') {
    if (command.body.type === 'BraceGroup') return firstTopLevelExpansionProblem(command.body.body);
    return commandProblem(command.body);
  }
  if (command.type !== 'SimpleCommand') return null;
  // Array assignments are expanded, subscripts as arithmetic; scalar values are not.
  for (const assignment of command.assignments) {
    for (const element of assignment.array ?? []) {
      if (element.key) {
        const key = literalValue(element.key);
        const math = key === null ? null : arithmeticProblem(key);
        if (math) return { message: math, span: element.key.span };
      }
      const problem = wordProblem(element.value);
      if (problem) return problem;
    }
  }
  const first = command.words[0];
  const typeset = first !== undefined && typesetFamily.has(literalValue(first) ?? '');
  for (const word of command.words) {
    // typeset and kin take `name=value` arguments as assignments, which are not expanded
    if (typeset && word !== first && /^[A-Za-z_][A-Za-z0-9_]*(\[|\+?=)/.test(literalPrefix(word))) continue;
    const problem = wordProblem(word);
    if (problem) return problem;
  }
  for (const redirect of command.redirects) {
    // here-documents and here-strings are read only when the command runs
    if (redirect.heredoc || redirect.operator === '<<<') continue;
    const problem = wordProblem(redirect.target);
    if (problem) return problem;
  }
  return null;
}

/** The value of a word made only of literal and quoted text, else null. */
function literalValue(word: Word): string | null {
  let s = '';
  for (const p of word.parts) {
    if (p.type === 'Literal' || p.type === 'Escaped' || p.type === 'SingleQuoted' || p.type === 'AnsiCQuoted') s += p.value;
    else if (p.type === 'DoubleQuoted' && p.parts.every((q) => q.type === 'Literal' || q.type === 'Escaped')) s += p.parts.map((q) => (q as { value: string }).value).join('');
    else return null;
  }
  return s;
}

function literalPrefix(word: Word): string {
  const first = word.parts[0];
  return first && first.type === 'Literal' ? first.value : '';
}

function wordProblem(word: Word): ExpansionProblem | null {
  for (const part of word.parts) {
    const problem = partProblem(part);
    if (problem) return problem;
  }
  return null;
}

function partProblem(part: WordPart): ExpansionProblem | null {
  switch (part.type) {
    case 'ParameterExpansion': {
      if (part.invalid) return { message: part.invalid, span: part.span };
      for (const inner of [part.nested, part.index, part.operand, part.replacement]) {
        if (!inner) continue;
        const problem = inner.type === 'Word' ? wordProblem(inner) : partProblem(inner);
        if (problem) return problem;
      }
      return null;
    }
    case 'ArithmeticExpansion':
      return part.invalid ? { message: part.invalid, span: part.span } : null;
    case 'DoubleQuoted':
    case 'LocaleQuoted':
      for (const inner of part.parts) {
        const problem = partProblem(inner);
        if (problem) return problem;
      }
      return null;
    case 'BraceExpansion':
      for (const alternative of part.alternatives ?? []) {
        for (const inner of alternative) {
          const problem = partProblem(inner);
          if (problem) return problem;
        }
      }
      return null;
    case 'CommandSubstitution':
    case 'ProcessSubstitution':
      return firstTopLevelExpansionProblem(part.body);
    default:
      return null;
  }
}
