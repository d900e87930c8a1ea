// The lexer: reads tokens for the parser in one of several explicit modes.
//
// The mode is a set of flags the parser passes with every read (as in oils'
// lexer modes and mvdan/sh's quote states): command position, `[[ ]]`, a case
// pattern, the right side of `=~`. Inside a word the lexer switches to its
// own sub-modes (double quotes, `${ }`, arithmetic, backquotes, heredoc
// bodies) by calling the module that reads each (words.ts, quotes.ts,
// dollar.ts, heredocs.ts). Substitutions that hold commands are handed back
// to the parser through `NestedParser`.
//
// Everything is char-code dispatch over the source string; literals are
// slices of it. Every loop moves forward; the only look-ahead scans
// (`((` as arithmetic, `{name}>`) are linear and never nest.

import type { Literal, Redirect, Span, Word, WordPart } from '../syntax/ast.js';
import { quoteRemovedText, unquotedLiteral } from '../syntax/word-text.js';
import { Char, isBlank, isDigit } from './chars.js';
import { LexMode, Token } from './tokens.js';
import { LexerState } from './state.js';
import { type ArithmeticForClauses, readArithmeticFor, scanDollar, tryArithmetic } from './dollar.js';
import { closePendingHeredocs, holdPendingHeredocs, queueHeredoc, readHeredocBodies, resumePendingHeredocs } from './heredocs.js';
import { readRedirectOperator } from './redirect-operators.js';
import { type AssignmentShape, arrayElementKey, assignmentAt, declarationArrayAt, fdVariableEnd, numericGlobEnd, scanWord } from './words.js';

export { type NestedParser } from './state.js';

export class Lexer extends LexerState {
  /** Read the next token in the given mode. */
  next(mode: LexMode): Token {
    // a substitution inside the token reads tokens of its own: count the queue before them all
    const queued = this.pendingHeredocs.length;
    const token = this.readToken(mode);
    this.heredocsBeforeToken = queued;
    return token;
  }

  /**
   * Step back to the start of the token read last, so that the next read
   * reads it again (in another mode); the here-documents its reading queued
   * leave the queue, to be queued again. Not for a newline, whose reading
   * takes the here-document bodies after it.
   */
  unread(): void {
    this.pos = this.tokenStart;
    this.pendingHeredocs.length = this.heredocsBeforeToken;
  }

  /** The facts the parser asks of a token, cleared before each is read. */
  private clearTokenFacts(): void {
    this.word = null;
    this.wordExpands = false;
    this.wordLiteral = null;
    this.redirectFd = null;
    this.redirectFdVariable = null;
    this.arithmetic = null;
    this.conditionOperator = false;
  }

  private readToken(mode: LexMode): Token {
    this.clearTokenFacts();
    this.skipBlanksAndComments();
    const start = this.pos;
    this.tokenStart = start;
    if (start >= this.end) return this.finish(Token.EOF, start);
    const c = this.src.charCodeAt(start);
    const dialect = this.dialect;
    const c1 = this.code(start + 1);
    if (c1 === Char.Backslash && this.code(start + 2) === Char.Newline && isOperatorStart(c)) {
      const next = this.afterContinuations(start + 1);
      const after = this.code(next);
      if (isOperatorStart(after) || (isDigit(c) && (after === Char.Less || after === Char.Greater))) {
        // bash and dash join `&\⏎&` into `&&` (and `2\⏎>` into a redirection); zsh does not
        this.error('a line continuation inside an operator is read differently by each shell: write the operator whole', start, next + 1, 'unsupported');
      }
    }
    switch (c) {
      case Char.Newline:
        this.pos = start + 1;
        this.tokenEnd = start + 1;
        this.token = Token.Newline;
        if (this.pendingHeredocs.length > 0) {
          // the bodies may hold substitutions that read tokens of their own
          readHeredocBodies(this);
          this.token = Token.Newline;
          this.tokenStart = start;
        }
        return Token.Newline;
      case Char.Semi:
        if (c1 === Char.Semi) {
          if (this.code(start + 2) === Char.Amp && dialect.caseFallthrough.has(';;&')) return this.finish(Token.DoubleSemiAmp, start + 3);
          return this.finish(Token.DoubleSemi, start + 2);
        }
        if (c1 === Char.Amp && dialect.caseFallthrough.has(';&')) return this.finish(Token.SemiAmp, start + 2);
        if (c1 === Char.Pipe && dialect.caseFallthrough.has(';|')) return this.finish(Token.SemiPipe, start + 2);
        return this.finish(Token.Semi, start + 1);
      case Char.Amp:
        if (c1 === Char.Amp) return this.finish(Token.AndIf, start + 2);
        if (c1 === Char.Greater && dialect.ampersandRedirect && !(mode & LexMode.Condition)) {
          return readRedirectOperator(this, start + 1, true);
        }
        if ((c1 === Char.Pipe || c1 === Char.Bang) && dialect.disownAmpersand) return this.finish(Token.AmpDisown, start + 2);
        return this.finish(Token.Amp, start + 1);
      case Char.Pipe:
        if (c1 === Char.Pipe) return this.finish(Token.OrIf, start + 2);
        if (c1 === Char.Amp && dialect.pipeAmpersand) return this.finish(Token.PipeAmp, start + 2);
        return this.finish(Token.Pipe, start + 1);
      case Char.LeftParen:
        if (mode & LexMode.Regex) return this.readWord(mode);
        if (mode & LexMode.Condition) return this.finish(Token.LeftParen, start + 1);
        if (c1 === Char.LeftParen && mode & LexMode.CommandPosition && dialect.arithmeticCommand) {
          const arithmetic = tryArithmetic(this, start + 2, true);
          if (arithmetic) {
            this.arithmetic = arithmetic;
            this.tokenStart = start;
            return this.finish(Token.ArithmeticCommand, this.pos);
          }
          return this.finish(Token.LeftParen, start + 1);
        }
        if (dialect.zshGlobParens) {
          if (c1 === Char.RightParen) return this.finish(Token.EmptyParens, start + 2);
          // zsh: `(` opens a subshell only in command position; elsewhere it starts a glob word.
          if (!(mode & LexMode.CommandPosition)) return this.readWord(mode);
        }
        return this.finish(Token.LeftParen, start + 1);
      case Char.RightParen:
        return this.finish(Token.RightParen, start + 1);
      case Char.Less:
      case Char.Greater:
        if (c1 === Char.LeftParen && dialect.processSubstitution) return this.readWord(mode);
        if (mode & LexMode.Condition) {
          this.pos = start + 1;
          this.makeLiteralWordToken(start, start + 1);
          this.conditionOperator = true;
          return Token.Word;
        }
        if (c === Char.Less && dialect.zshGlobParens && numericGlobEnd(this, start) > 0) return this.readWord(mode);
        return readRedirectOperator(this, start, false);
      case Char.LeftBrace:
        if (!(mode & LexMode.Condition)) {
          if (dialect.fdVariables) {
            const fdVarEnd = fdVariableEnd(this, start);
            if (fdVarEnd > 0) {
              const whole = this.src.slice(start + 1, fdVarEnd - 1);
              const name = whole.includes('[') ? whole.slice(0, whole.indexOf('[')) : whole;
              const token = readRedirectOperator(this, fdVarEnd, false);
              this.redirectFdVariable = name;
              this.tokenStart = start;
              return token;
            }
          }
          if (dialect.openBraceGlued && mode & LexMode.CommandPosition) {
            this.pos = start + 1;
            return this.makeLiteralWordToken(start, start + 1);
          }
        }
        return this.readWord(mode);
      default:
        if (isDigit(c) && !(mode & LexMode.Condition)) {
          let i = start + 1;
          while (isDigit(this.code(i))) i++;
          const after = this.code(i);
          if ((after === Char.Less || after === Char.Greater) && (i === start + 1 || dialect.multiDigitFd) &&
            !(this.code(i + 1) === Char.LeftParen && dialect.processSubstitution)) {
            const fd = Number(this.src.slice(start, i));
            const token = readRedirectOperator(this, i, false);
            this.redirectFd = fd;
            this.tokenStart = start;
            return token;
          }
        }
        return this.readWord(mode);
    }
  }

  /** Blanks, line continuations and comments before a token. */
  private skipBlanksAndComments(): void {
    const src = this.src;
    const end = this.end;
    let pos = this.pos;
    while (pos < end) {
      const c = src.charCodeAt(pos);
      if (c === Char.Space || c === Char.Tab) pos++;
      else if (c === Char.Backslash && pos + 1 < end && src.charCodeAt(pos + 1) === Char.Newline) pos += 2;
      else if (c === Char.Hash) {
        // A comment runs to the end of the line; a backslash does not continue it.
        while (pos < end && src.charCodeAt(pos) !== Char.Newline) pos++;
      } else break;
    }
    this.pos = pos;
  }

  private makeLiteralWordToken(start: number, end: number): Token {
    const value = this.src.slice(start, end);
    const span: Span = [start, end];
    const lit: Literal = { type: 'Literal', span, value };
    this.word = { type: 'Word', span, parts: [lit], unquoted: true };
    this.wordLiteral = value;
    return this.finish(Token.Word, end);
  }

  private readWord(mode: LexMode): Token {
    const start = this.pos;
    const word = scanWord(this, mode);
    this.word = word;
    this.wordLiteral = this.wordExpands ? null : unquotedLiteral(word);
    // a substitution inside the word may have read tokens of its own
    this.tokenStart = start;
    return this.finish(Token.Word, this.pos);
  }

  /** The parser has split the parts of the word read (it held text the shell expands): here is its literal text. */
  settleWord(literal: string | null): void {
    this.wordLiteral = literal;
    this.wordExpands = false;
  }

  /** The source text between two offsets, as written (for names and messages). */
  sourceText(from: number, to: number): string {
    return this.src.slice(from, to);
  }

  /** The text of the token read last, as written. */
  tokenText(): string {
    return this.src.slice(this.tokenStart, this.tokenEnd);
  }

  /** Whether only spaces and tabs stand between `from` and the token read last. */
  tokenFollowsBlanksFrom(from: number): boolean {
    if (this.tokenStart < from) return false;
    for (let i = from; i < this.tokenStart; i++) if (!isBlank(this.src.charCodeAt(i))) return false;
    return true;
  }

  /** Whether a `)` follows the token read last, perhaps after blanks (`function f ()`). */
  closeParenFollows(): boolean {
    let i = this.tokenEnd;
    while (i < this.end && isBlank(this.src.charCodeAt(i))) i++;
    return this.src.charCodeAt(i) === Char.RightParen;
  }

  /** A word written as one unquoted `}`. */
  isLoneCloseBrace(word: Word): boolean {
    return word.unquoted && word.span[1] - word.span[0] === 1 && this.src.charCodeAt(word.span[0]) === Char.RightBrace;
  }

  /** A word written whole in parentheses: `(…)`. */
  writtenInParentheses(word: Word): boolean {
    return this.src.charCodeAt(word.span[0]) === Char.LeftParen && this.src.charCodeAt(word.span[1] - 1) === Char.RightParen;
  }

  /** An unquoted word written `-` and more (`>&-x`). */
  dashAndMore(word: Word): boolean {
    return word.unquoted && this.src.charCodeAt(word.span[0]) === Char.Minus && word.span[1] - word.span[0] > 1;
  }

  /** The word after quote removal alone, expansions as written: a here-document's delimiter. */
  quoteRemovedText(word: Word): string {
    return quoteRemovedText(word, this.src);
  }

  /** Step over the `(` of `name=(`, which stands right after the word read last. */
  skipArrayOpen(): void {
    this.pos++;
  }

  // ------------------------------------------------------------------ what the parser asks of the modules

  assignmentAt(word: Word): AssignmentShape | null {
    return assignmentAt(this, word);
  }

  declarationArrayAt(word: Word): boolean {
    return declarationArrayAt(this, word);
  }

  arrayElementKey(word: Word): { keyClose: number; valueStart: number } | null {
    return arrayElementKey(this, word);
  }

  readArithmeticFor(): ArithmeticForClauses | null {
    return readArithmeticFor(this);
  }

  queueHeredoc(redirect: Redirect): void {
    queueHeredoc(this, redirect);
  }

  holdPendingHeredocs(): Redirect[] {
    return holdPendingHeredocs(this);
  }

  resumePendingHeredocs(held: Redirect[]): void {
    resumePendingHeredocs(this, held);
  }

  closePendingHeredocs(): void {
    closePendingHeredocs(this);
  }

  scanDollar(inDoubleQuotes: boolean): WordPart {
    return scanDollar(this, inDoubleQuotes);
  }
}

function isOperatorStart(c: number): boolean {
  return c === Char.Amp || c === Char.Pipe || c === Char.Semi || c === Char.Less || c === Char.Greater;
}
