// Handing back: an approved line returns as `cd -- '<dir>' && {⏎<command>⏎}`,
// and is approved only when treeward's own parser reads that text back as
// exactly the `cd` joined by `&&` to one group holding the whole command,
// with nothing after it (SPEC §4, dcn-2610170618185599).

import type { Dialect } from '../syntax/dialect.js';
import { ParseError } from '../syntax/errors.js';
import type { Script, Word } from '../syntax/ast.js';
import { parse } from '../parser/parser.js';
import { quoteWord } from './core/sh-quote.js';

export function wrapInTree(dir: string, command: string): string {
  return `cd -- ${quoteWord(dir)} && {\n${command}\n}`;
}

/** Null when the handed-back text reads back whole; else why not. */
export function handBackProblem(dir: string, command: string, dialect: Dialect): string | null {
  const text = wrapInTree(dir, command);
  let tree: Script;
  try {
    tree = parse(text, { dialect: dialect.name });
  } catch (error) {
    if (error instanceof ParseError) return `inside \`cd -- DIR && { … }\` the line no longer reads as one command: ${error.message}`;
    throw error;
  }
  const prefix = `cd -- ${quoteWord(dir)} && {\n`;
  const groupStart = prefix.length - 2;
  const bodyStart = prefix.length;
  const bodyEnd = bodyStart + command.length;
  if (tree.body.length !== 1) return 'the line ends the group `{ … }` before its end, and what follows would run outside it';
  const statement = tree.body[0]!;
  if (statement.background) return 'the group would run in the background';
  const { pipelines, operators } = statement.andOr;
  if (pipelines.length !== 2 || operators[0] !== '&&') return 'the line would join more commands to `cd … && { … }` than the group';
  const [cdLine, groupLine] = pipelines as [typeof pipelines[0], typeof pipelines[0]];
  if (cdLine.negated || cdLine.timed || cdLine.commands.length !== 1) return 'the `cd` no longer stands alone';
  const cd = cdLine.commands[0]!;
  if (cd.type !== 'SimpleCommand' || cd.assignments.length || cd.redirects.length || cd.words.length !== 3) return 'the `cd` no longer stands alone';
  const expected = ['cd', '--', dir];
  for (let i = 0; i < 3; i++) if (plainText(cd.words[i]!) !== expected[i]) return 'the `cd` no longer names the directory';
  if (groupLine.negated || groupLine.timed || groupLine.commands.length !== 1) return 'the group is piped or negated';
  const group = groupLine.commands[0]!;
  if (group.type !== 'BraceGroup' || group.redirects.length) return 'the line does not stay inside one `{ … }` group';
  if (group.span[0] !== groupStart || group.span[1] !== text.length) return 'the line closes the group `{ … }` before its end, and what follows would run outside it';
  // every statement of the group lies within the command's own text
  for (const inner of group.body) {
    if (inner.span[0] < bodyStart || inner.span[1] > bodyEnd) return 'part of the line would run outside the group';
  }
  return null;
}

function plainText(word: Word): string | null {
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped') text += part.value;
    else return null;
  }
  return text;
}
