// The parser's state and its reading of tokens: one token of look-ahead
// read in a given mode, errors, the nesting budget, reserved words, and the
// separators the grammar skips. The productions live in modules of their
// own as free functions taking the parser first: parser.ts (lists,
// statements, pipelines, commands), compound.ts, simple-command.ts and
// test-expression.ts. TypeScript cannot spread one class over files, so the
// state is one class and the productions are functions of it; a module calls
// what it imports directly, and what lies above it (parser.ts, or a module
// that imports it) through the abstract methods below.

import type { AndOr, Command, Span, Statement } from '../syntax/ast.js';
import { unquotedLiteral } from '../syntax/word-text.js';
import type { Dialect } from '../syntax/dialect.js';
import { ParseError, type ParseErrorKind } from '../syntax/errors.js';
import { Lexer, type NestedParser } from '../lexer/lexer.js';
import { LexMode, Token } from '../lexer/tokens.js';
import { finishWordParts } from './word-parts.js';

/** Reserved words that start a compound command. */
export const compoundOpeners = new Set(['if', 'while', 'until', 'for', 'case', 'select', '{', '[[', 'function', 'coproc', 'repeat', 'foreach']);

export abstract class ParserState implements NestedParser {
  readonly lexer: Lexer;
  readonly dialect: Dialect;

  // One token of look-ahead, read in a given mode; read again when the mode differs.
  peeked = false;
  peekMode: LexMode = LexMode.None;
  /** No token of the `$( )` body being read has been consumed yet (bash: `time` there is a plain word). */
  firstInSubstitution = false;
  /** Where the last `fi`, `done` or `esac` ended (zsh reads the word right after one outside command position). */
  keywordCloserEnd = -1;
  /** The next `)` closes a substitution: zsh reads its body as a program of its own, so that `)` is its end (`$(if v)` fails like `if v`). */
  parenEndsProgram = false;
  /** Where the `}` read last by expectCloseBrace ended. */
  lastEnd = 0;
  /** Where the `)` of the array read last ended. */
  lastArrayEnd = 0;

  constructor(src: string, dialect: Dialect, nesting: number) {
    this.dialect = dialect;
    this.lexer = new Lexer(src, dialect, this, nesting);
  }

  /** The next token, read in `mode`: the one peeked already, unless the mode differs and changes its reading. */
  peek(mode: LexMode): Token {
    // kept small, so that the compiler inlines it where it is called: several times a token
    if (this.peeked && (this.peekMode === mode || !modeSensitive(this.lexer.token))) return this.lexer.token;
    return this.peekAnew(mode);
  }

  private peekAnew(mode: LexMode): Token {
    if (this.peeked) this.lexer.unread();
    const token = this.readToken(mode);
    this.peeked = true;
    this.peekMode = mode;
    return token;
  }

  /** Read a token, without look-ahead. */
  readToken(mode: LexMode): Token {
    const token = this.lexer.next(mode);
    if (this.lexer.wordExpands) this.splitWordParts();
    return token;
  }

  /** A word holding unquoted text the shell expands: its parts split out (word-parts.ts), handed back to the lexer's token. */
  private splitWordParts(): void {
    const word = this.lexer.word!;
    word.parts = finishWordParts(word.parts, this.dialect);
    this.lexer.settleWord(unquotedLiteral(word));
  }

  /** Consume the peeked token. */
  advance(): void {
    this.peeked = false;
    this.firstInSubstitution = false;
  }

  get tokenStart(): number {
    return this.lexer.tokenStart;
  }

  get tokenEnd(): number {
    return this.lexer.tokenEnd;
  }

  fail(message: string, span?: Span, kind: ParseErrorKind = 'syntax'): never {
    const length = this.lexer.end;
    const [from, to] = span ?? [this.lexer.tokenStart, Math.max(this.lexer.tokenEnd, this.lexer.tokenStart + 1)];
    // keep the span inside the source: an error at the end points at the last character
    const end = Math.min(to, length);
    const start = Math.min(from, Math.max(0, end - 1));
    throw new ParseError(message, [start, Math.max(start, end)], kind);
  }

  describeToken(): string {
    const lexer = this.lexer;
    switch (lexer.token) {
      case Token.EOF: return 'the end of the line';
      case Token.Newline: return 'a newline';
      default: return '`' + lexer.sourceText(lexer.tokenStart, Math.min(lexer.tokenEnd, lexer.tokenStart + 40)) + '`';
    }
  }

  unexpected(expected?: string): never {
    this.fail(expected ? `expected ${expected}, found ${this.describeToken()}` : `unexpected ${this.describeToken()}`);
  }

  enter(): void {
    this.lexer.enter(this.tokenStart);
  }

  leave(): void {
    this.lexer.leave();
  }

  /** The peeked word's text when it is a reserved word of the dialect. */
  reserved(): string | null {
    const lexer = this.lexer;
    if (lexer.token !== Token.Word) return null;
    const lit = this.lexer.wordLiteral;
    if (lit === null || !this.dialect.reservedWords.has(lit)) return null;
    if (lit !== '}' && this.rightAfterKeywordCloser()) return null;
    if (lit === 'time' && this.firstInSubstitution) return null;
    return lit;
  }

  isReservedWord(name: string): boolean {
    return this.reserved() === name;
  }

  rightAfterKeywordCloser(): boolean {
    const at = this.keywordCloserEnd;
    if (at < 0 || !this.dialect.wordRightAfterCloserIsPlain) return false;
    return this.lexer.tokenFollowsBlanksFrom(at);
  }

  /** Consume a `fi`, `done`, `esac` or `end` that closes a compound command. */
  consumeKeywordCloser(): number {
    const end = this.tokenEnd;
    this.advance();
    this.keywordCloserEnd = end;
    return end;
  }

  expectReserved(name: string, opened: string, openedAt: number): void {
    this.peek(LexMode.CommandPosition);
    if (!this.isReservedWord(name)) {
      this.fail(`expected \`${name}\` to close the \`${opened}\` at offset ${openedAt}, found ${this.describeToken()}`);
    }
    this.consumeKeywordCloser();
  }

  skipNewlines(): void {
    while (this.peek(LexMode.CommandPosition) === Token.Newline) this.advance();
  }

  /** linebreak: newlines, and `;` as well where zsh skips it (zsh's SEPER, `semicolonsWhereNewlines`). */
  skipLinebreaks(): void {
    this.skipNewlinesOrSemicolons(this.dialect.semicolonsWhereNewlines);
  }

  /** After `|`, `&&` and `||`: newlines, and `;` as well in zsh (`separatorsAfterOperator`). */
  skipLinebreaksAfterOperator(): void {
    this.skipNewlinesOrSemicolons(this.dialect.separatorsAfterOperator);
  }

  skipNewlinesOrSemicolons(semicolons: boolean): void {
    for (;;) {
      const t = this.peek(LexMode.CommandPosition);
      if (t === Token.Newline || (t === Token.Semi && semicolons)) this.advance();
      else return;
    }
  }

  /** Whether the peeked token (read in command position) can start a command. */
  startsCommand(): boolean {
    const t = this.lexer.token;
    switch (t) {
      case Token.Word: {
        const keyword = this.reserved();
        if (keyword === null) return !(this.dialect.closeBraceAnywhere && this.lexer.wordLiteral === '}');
        return !(keyword === 'then' || keyword === 'else' || keyword === 'elif' || keyword === 'fi' || keyword === 'do' || keyword === 'done' ||
          keyword === 'esac' || keyword === '}' || keyword === 'in' || keyword === 'end' || keyword === 'always' || keyword === ']]');
      }
      case Token.Redirect:
      case Token.LeftParen:
      case Token.ArithmeticCommand:
      case Token.EmptyParens:
        return true;
      default:
        return false;
    }
  }

  isPipelinePrefix(): boolean {
    const keyword = this.reserved();
    return keyword === '!' || (keyword === 'time' && this.dialect.timeKeyword && !this.timeIsPlainBeforeDash()) ||
      (keyword === 'coproc' && this.dialect.coproc === 'zsh');
  }

  /** The `time` just peeked is a plain word: the next word on its line (after spaces and tabs) begins with `-` (row timePlainBeforeDash). */
  timeIsPlainBeforeDash(): boolean {
    if (!this.dialect.timePlainBeforeDash) return false;
    let i = this.lexer.tokenEnd;
    for (let c = this.lexer.sourceText(i, i + 1); c === ' ' || c === '\t'; c = this.lexer.sourceText(i, i + 1)) i++;
    return this.lexer.sourceText(i, i + 1) === '-';
  }

  peekStartOf(mode: LexMode): number {
    this.peek(mode);
    return this.tokenStart;
  }

  expectCloseBrace(openedAt: number): void {
    this.peek(LexMode.CommandPosition);
    if (!(this.lexer.token === Token.Word && this.lexer.wordLiteral === '}' && this.dialect.reservedWords.has('}'))) {
      this.fail(`expected \`}\` to close the \`{\` at offset ${openedAt}, found ${this.describeToken()}`);
    }
    this.lastEnd = this.tokenEnd;
    this.advance();
  }

  lastTokEnd(): number {
    return this.tokenEnd;
  }

  lastBodyEnd(start: number): number {
    return Math.max(start, this.lexer.tokenStart);
  }

  // ------------------------------------------------------------------ productions read by other modules

  /** parser.ts: the body of a `$( )`, `<( )` or `>( )`, for the lexer. */
  abstract parseUntilCloseParen(openedAt: number): Statement[];
  /** parser.ts: a backquoted body, for the lexer. */
  abstract parseBackquoted(text: string, positions: readonly number[], span: Span): Statement[];

  /** parser.ts */
  abstract parseList(): Statement[];
  /** parser.ts */
  abstract parseNonEmptyList(what: string): Statement[];
  /** parser.ts */
  abstract parseAndOr(): AndOr;
  /** parser.ts */
  abstract parseCommand(): Command;
  /** compound.ts */
  abstract parseCompound(keyword: string): Command;
  /** compound.ts */
  abstract withRedirects<C extends Command>(command: C): C;
  /** compound.ts */
  abstract parseZshFunctionBody(allowEmpty?: boolean): Command;
  /** compound.ts */
  abstract parseFunctionBody(): Command;
}

/**
 * The list as an array of its exact size. An array grown by push keeps room
 * for 16 more elements; a tree holds one list per command and per word, and
 * a 1 MB line hundreds of thousands of them, so the room costs more memory
 * (and garbage-collection time) than the nodes themselves.
 */
export function exactSize<T>(list: T[]): T[] {
  switch (list.length) {
    case 0: return list;
    case 1: return [list[0]!];
    case 2: return [list[0]!, list[1]!];
    default: return list.slice();
  }
}

/** Tokens whose reading depends on the mode, and so are read again when the mode changes. */
export function modeSensitive(token: Token): boolean {
  return token === Token.Word || token === Token.LeftParen || token === Token.Redirect || token === Token.ArithmeticCommand || token === Token.EmptyParens;
}
