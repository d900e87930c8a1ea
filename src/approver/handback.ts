// Handing back: an approved line returns as `cd -- '<dir>' && {⏎<command>⏎}`,
// and is approved only when treeward's own parser reads that text back as
// exactly the `cd` joined by `&&` to one group holding the whole command,
// with nothing after it (SPEC §4, dcn-2610170618185599).

import type { Dialect } from '../syntax/dialect.js';
import { ParseError } from '../syntax/errors.js';
import type { Script, Word } from '../syntax/ast.js';
import { parse } from '../parser/parser.js';
import type { HandBackProblem } from './core/facts.js';
import { quoteWord } from './core/sh-quote.js';

export function wrapInTree(dir: string, command: string): string {
  return `cd -- ${quoteWord(dir)} && {\n${command}\n}`;
}

/** Null when the handed-back text reads back whole; else why not (worded by rules/reasons.ts). */
export function handBackProblem(dir: string, command: string, dialect: Dialect): HandBackProblem | null {
  const text = wrapInTree(dir, command);
  let tree: Script;
  try {
    tree = parse(text, { dialect });
  } catch (error) {
    if (error instanceof ParseError) return { source: 'unparsable', message: error.message };
    throw error;
  }
  const prefix = `cd -- ${quoteWord(dir)} && {\n`;
  const groupStart = prefix.length - 2;
  const bodyStart = prefix.length;
  const bodyEnd = bodyStart + command.length;
  if (tree.body.length !== 1) return { source: 'ends-group' };
  const statement = tree.body[0]!;
  if (statement.background) return { source: 'background' };
  const { pipelines, operators } = statement.andOr;
  if (pipelines.length !== 2 || operators[0] !== '&&') return { source: 'more-commands' };
  const [cdLine, groupLine] = pipelines as [typeof pipelines[0], typeof pipelines[0]];
  if (cdLine.negated || cdLine.timed || cdLine.commands.length !== 1) return { source: 'cd-not-alone' };
  const cd = cdLine.commands[0]!;
  if (cd.type !== 'SimpleCommand' || cd.assignments.length || cd.redirects.length || cd.words.length !== 3) return { source: 'cd-not-alone' };
  const expected = ['cd', '--', dir];
  for (let i = 0; i < 3; i++) if (plainText(cd.words[i]!) !== expected[i]) return { source: 'cd-elsewhere' };
  if (groupLine.negated || groupLine.timed || groupLine.commands.length !== 1) return { source: 'group-piped' };
  const group = groupLine.commands[0]!;
  if (group.type !== 'BraceGroup' || group.redirects.length) return { source: 'not-one-group' };
  if (group.span[0] !== groupStart || group.span[1] !== text.length) return { source: 'closes-early' };
  // every statement of the group lies within the command's own text
  for (const inner of group.body) {
    if (inner.span[0] < bodyStart || inner.span[1] > bodyEnd) return { source: 'runs-outside' };
  }
  return null;
}

/** A word's text when it is literal and quoted text only, else null. */
function plainText(word: Word): string | null {
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped') text += part.value;
    else return null;
  }
  return text;
}
