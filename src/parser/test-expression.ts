// `[[ … ]]`, in bash's grammar (known unary and binary tests) and in zsh's
// (par_cond: by the count of words and a leading `-`).

import type { Command, Span, TestExpression, Word } from '../syntax/ast.js';
import { unquotedLiteral } from '../syntax/word-text.js';
import { LexMode, Token } from '../lexer/tokens.js';
import type { ParserState } from './state.js';

const bashUnaryTests = new Set([
  '-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x',
  '-G', '-L', '-N', '-O', '-S', '-z', '-n', '-o', '-v', '-R',
]);
const bashBinaryTests = new Set([
  '=', '==', '!=', '=~', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef',
]);

/** `[[ expression ]]` */
export function parseTest(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  const expression = parseTestOr(parser);
  parser.peek(LexMode.Condition);
  if (!(parser.lexer.token === Token.Word && parser.lexer.wordLiteral === ']]')) parser.unexpected('`]]` or a condition operator');
  const end = parser.tokenEnd;
  parser.advance();
  return { type: 'Test', span: [start, end], expression, redirects: [] };
}

export function skipTestNewlines(parser: ParserState): void {
  while (parser.peek(LexMode.Condition) === Token.Newline) parser.advance();
}

/** Read a token inside `[[ ]]`; zsh reads newlines there as blanks. */
export function peekTest(parser: ParserState, mode = LexMode.Condition): Token {
  if (parser.dialect.conditionNewlinesAsBlanks) while (parser.peek(mode) === Token.Newline) parser.advance();
  return parser.peek(mode);
}

export function parseTestOr(parser: ParserState): TestExpression {
  let left = parseTestAnd(parser);
  for (;;) {
    skipTestNewlines(parser);
    if (parser.peek(LexMode.Condition) !== Token.OrIf) return left;
    parser.advance();
    skipTestNewlines(parser);
    const right = parseTestAnd(parser);
    left = { type: 'TestLogical', span: [left.span[0], right.span[1]], operator: '||', left, right };
  }
}

export function parseTestAnd(parser: ParserState): TestExpression {
  let left = parseTestTerm(parser);
  for (;;) {
    skipTestNewlines(parser);
    if (parser.peek(LexMode.Condition) !== Token.AndIf) return left;
    parser.advance();
    skipTestNewlines(parser);
    const right = parseTestTerm(parser);
    left = { type: 'TestLogical', span: [left.span[0], right.span[1]], operator: '&&', left, right };
  }
}

export function atTestEnd(parser: ParserState): boolean {
  const t = parser.lexer.token;
  return t === Token.AndIf || t === Token.OrIf || t === Token.RightParen || t === Token.EOF ||
    (t === Token.Word && parser.lexer.wordLiteral === ']]');
}

export function parseTestTerm(parser: ParserState): TestExpression {
  parser.enter();
  try {
    skipTestNewlines(parser);
    const t = parser.peek(LexMode.Condition);
    const start = parser.tokenStart;
    if (t === Token.Word && parser.lexer.wordLiteral === '!') {
      const bang = parser.lexer.word!;
      parser.advance();
      parser.peek(LexMode.Condition);
      // bash reads a lone `!` before `]]` as a word
      if (parser.dialect.conditionGrammar === 'bash' && parser.lexer.token === Token.Word &&
        (parser.lexer.wordLiteral as string | null) === ']]') return { type: 'TestWord', span: bang.span, word: bang };
      const operand = parseTestTerm(parser);
      return { type: 'TestNot', span: [start, operand.span[1]], operand };
    }
    if (t === Token.LeftParen) {
      parser.advance();
      if (parser.dialect.conditionNewlinesAsBlanks) skipTestNewlines(parser);
      const inner = parseTestOr(parser);
      if (parser.dialect.conditionNewlinesAsBlanks) skipTestNewlines(parser);
      if (parser.peek(LexMode.Condition) !== Token.RightParen) parser.unexpected('`)` in `[[ ]]`');
      const end = parser.tokenEnd;
      parser.advance();
      return { type: 'TestGroup', span: [start, end], inner };
    }
    if (t !== Token.Word || parser.lexer.wordLiteral === ']]' || parser.lexer.conditionOperator) parser.unexpected('a condition');
    return parser.dialect.conditionGrammar === 'zsh' ? parseZshTestWords(parser) : parseBashTestWords(parser);
  } finally {
    parser.leave();
  }
}

/**
 * bash: `word`, `-op word` with a known unary test, `word op word` with a
 * known binary test (the right side of `=~` read as a regex).
 */
export function parseBashTestWords(parser: ParserState): TestExpression {
  const first = parser.lexer.word!;
  const firstLit = parser.lexer.wordLiteral;
  parser.advance();
  const t2 = parser.peek(LexMode.Condition);
  const isUnary = firstLit !== null && bashUnaryTests.has(firstLit);
  if (t2 === Token.Word && parser.lexer.wordLiteral !== ']]') {
    const opLit = parser.lexer.wordLiteral;
    if (isUnary) {
      if (parser.lexer.conditionOperator) parser.fail(`\`${opLit}\` cannot be the operand of \`${firstLit}\``);
      const operand = parser.lexer.word!;
      parser.advance();
      return { type: 'TestUnary', span: [first.span[0], operand.span[1]], operator: firstLit!, operand };
    }
    if (opLit === null || !bashBinaryTests.has(opLit)) parser.fail('conditional binary operator expected');
    parser.advance();
    const t3 = parser.peek(opLit === '=~' ? LexMode.Condition | LexMode.Regex : LexMode.Condition);
    if (t3 !== Token.Word || parser.lexer.wordLiteral === ']]' || parser.lexer.conditionOperator) parser.unexpected(`a word after \`${opLit}\``);
    const right = parser.lexer.word!;
    parser.advance();
    return { type: 'TestBinary', span: [first.span[0], right.span[1]], operator: opLit, left: first, right };
  }
  if (isUnary && atTestEnd(parser)) parser.fail(`\`${firstLit}\` needs an operand in \`[[ ]]\``);
  // bash wants `]]`, `&&`, `||` or `)` right after a lone word (not even a newline)
  if (!atTestEnd(parser)) parser.unexpected('`]]`, `&&` or `||`');
  return { type: 'TestWord', span: first.span, word: first };
}

/**
 * zsh (par_cond_2): one word; two words when the first is `-x`; `a < b`;
 * three words with `=`, `==`, `!=`, `=~` or any `-op` between them, or a
 * first word `-x`; more words after a first word `-x`.
 */
export function parseZshTestWords(parser: ParserState): TestExpression {
  const first = parser.lexer.word!;
  const firstLit = parser.lexer.wordLiteral;
  const dashFirst = firstLit !== null && firstLit.length > 1 && firstLit.startsWith('-');
  parser.advance();
  const words: Word[] = [];
  let comparison: string | null = null;
  for (;;) {
    // after the operator, parentheses glob rather than group
    const t = peekTest(parser, words.length >= 1 ? LexMode.None : LexMode.Condition);
    if (t !== Token.Word || parser.lexer.wordLiteral === ']]') break;
    if (words.length === 0 && parser.lexer.conditionOperator) comparison = parser.lexer.wordLiteral;
    words.push(parser.lexer.word!);
    parser.advance();
    if (comparison !== null && words.length === 2) break;
  }
  const end = (words.length > 0 ? words[words.length - 1]! : first).span[1];
  const span: Span = [first.span[0], end];
  if (comparison !== null) {
    if (words.length < 2) parser.unexpected(`a word after \`${comparison}\``);
    return { type: 'TestBinary', span, operator: comparison, left: first, right: words[1]! };
  }
  if (words.length === 0) return { type: 'TestWord', span, word: first };
  if (words.length === 1) {
    if (!dashFirst) parser.fail(`condition expected: \`${parser.lexer.sourceText(first.span[0], first.span[1])}\``, first.span);
    // zsh reads an unquoted `!` there as negation, with nothing after it to negate
    if (words[0]!.unquoted &&
      parser.lexer.sourceText(words[0]!.span[0],
      words[0]!.span[1]) === '!') parser.fail('zsh reads `!` as negation, not as the operand of `' + firstLit + '`: quote it', words[0]!.span);
    return { type: 'TestUnary', span, operator: firstLit!, operand: words[0]! };
  }
  const op = unquotedLiteral(words[0]!);
  if (words.length === 2) {
    const binary = op !== null && (op === '=' || op === '==' || op === '!=' || op === '=~' || (op.length > 1 && op.startsWith('-')));
    if (!binary && !dashFirst) parser.fail(`condition expected: \`${parser.lexer.sourceText(words[0]!.span[0], words[0]!.span[1])}\``, words[0]!.span);
    return { type: 'TestBinary', span, operator: op ?? '', left: first, right: words[1]! };
  }
  if (!dashFirst) parser.fail(`condition expected: \`${parser.lexer.sourceText(first.span[0], first.span[1])}\``, first.span);
  return { type: 'TestBinary', span, operator: firstLit!, left: words[0]!, right: words[words.length - 1]! };
}
