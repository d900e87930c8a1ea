// `zsh -n` does not only parse: NO_EXEC still expands the words of the
// simple commands it walks past at the top level of the line (not inside
// compound commands or functions, not after `||`, not under `time`), so a
// bad `${…}` or `$[…]` there is reported as an error. treeward's parse
// reports the same ones, so that it refuses exactly the lines `zsh -n`
// refuses; elsewhere the expansion keeps its `invalid` reason for the
// approver, since zsh fails the whole line when it reaches one.

import type { Command, Span, Statement, Word, WordPart } from './ast.js';

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
  const first = command.words[0];
  const firstText = first && first.parts.length === 1 && first.parts[0]!.type === 'Literal' ? first.parts[0]!.value : null;
  if (firstText === null || !typesetFamily.has(firstText)) {
    for (const word of command.words) {
      const problem = wordProblem(word);
      if (problem) return problem;
    }
  }
  for (const redirect of command.redirects) {
    if (redirect.heredoc) continue;
    const problem = wordProblem(redirect.target);
    if (problem) return problem;
  }
  return null;
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
