// The lexer: reads tokens for the parser in one of several explicit modes.
//
// The mode is a set of flags the parser passes with every read (as in oils'
// lexer modes and mvdan/sh's quote states): command position, `[[ ]]`, a case
// pattern, the right side of `=~`. Inside a word the lexer switches to its
// own sub-modes (double quotes, `${ }`, arithmetic, backquotes, heredoc
// bodies) by calling the matching scan method. Substitutions that hold
// commands are handed back to the parser through `NestedParser`.
//
// Everything is char-code dispatch over the source string; literals are
// slices of it. Every loop moves forward; the only look-ahead scans
// (`((` as arithmetic, `{name}>`) are linear and never nest.

import type {
  Arithmetic, BraceExpansion, CommandSubstitution, DoubleQuoted, Glob, Heredoc, Literal,
  ParameterExpansion, ProcessSubstitution, Redirect, RedirectOperator, Span, Statement, Word, WordPart,
} from '../syntax/ast.js';
import { budgets } from '../budgets.js';
import type { Dialect } from '../syntax/dialect.js';
import { BudgetError, ParseError, type ParseErrorKind } from '../syntax/errors.js';
import { Char, Token, isBlank, isDigit, isNameChar, isNameStart } from './tokens.js';
import { arithmeticProblem, zshParameterProblem } from './zsh-expansion.js';
import { quoteRemovedText, unquotedLiteral } from '../syntax/word-text.js';
import { closingBracket, skipAnsiCQuoted, skipBackquoted, skipQuoted } from './skim.js';

/** Flags the parser passes with each read. */
export const enum LexMode {
  None = 0,
  /** The next word may be a command name, a reserved word or an assignment. */
  CommandPosition = 1,
  /** `name=(…)` may start an array here (prefix assignments, declaration builtins). */
  AssignmentAllowed = 2,
  /** Inside `[[ ]]`: `<`, `>`, `(`, `)` are condition operators. */
  Condition = 4,
  /** A case pattern: `(`, `|`, `)` delimit patterns. */
  CasePattern = 8,
  /** The right side of bash's `=~`: parentheses and `|` belong to the word. */
  Regex = 16,
  /** An element of `name=(…)`: bash reads a leading `[key]` whole. */
  ArrayElement = 32,
}

/** How the lexer asks the parser to read the commands inside a substitution. */
export interface NestedParser {
  /** Read a command list from the lexer's position up to its closing `)`, and consume the `)`. */
  parseUntilCloseParen(openedAt: number): Statement[];
  /** Read the commands of a backquoted substitution from its unescaped text. */
  parseBackquoted(text: string, positions: readonly number[], span: Span): Statement[];
}

/** Where the pieces of `name[subscript]+=value` lie in a word read in assignment position. */
export interface AssignmentShape {
  /** The end of the name, which starts where the word does. */
  nameEnd: number;
  /** The `[` and `]` of a subscript, or -1 and -1. */
  subscriptOpen: number;
  subscriptClose: number;
  /** `+=` */
  append: boolean;
  /** Just after the `=`. */
  valueStart: number;
  /** `name=(`: an array follows the word. */
  array: boolean;
}

/** The three clauses of `for (( init; test; update ))`, or why they cannot be read. */
export type ArithmeticForClauses =
  | { ok: true; init: Arithmetic; test: Arithmetic; update: Arithmetic }
  | { ok: false; message: string; span: Span };

export class Lexer {
  /** The text read, for the lexer's own modules (the parser asks the lexer for facts and text instead). */
  readonly src: string;
  /** Where the text ends: its length. */
  readonly end: number;
  readonly dialect: Dialect;
  pos: number;
  /** The parser that reads the commands inside substitutions. */
  readonly nestedParser: NestedParser;

  /** The token read last, and where it stands. */
  token: Token = Token.EOF;
  tokenStart = 0;
  tokenEnd = 0;
  /** For Token.Word: the word, and its text when it is one wholly unquoted literal. */
  word: Word | null = null;
  wordLiteral: string | null = null;
  /** For Token.Redirect. */
  redirectOperator: RedirectOperator = '<';
  redirectFd: number | null = null;
  redirectFdVariable: string | null = null;
  /** For Token.ArithmeticCommand. */
  arithmetic: Arithmetic | null = null;
  /** For a `<` or `>` read inside `[[ ]]`: an operator, never an operand. */
  conditionOperator = false;

  /**
   * `$(…)` already read, by where they start: a look-ahead scan (for the end
   * of a `${…}`) and a token read again in another mode reuse the first
   * reading instead of parsing the body twice, which keeps nested
   * substitutions linear and their here-documents queued once.
   */
  private readonly substitutions = new Map<number, CommandSubstitution>();
  private readonly processSubstitutions = new Map<number, ProcessSubstitution>();
  /** Where the `}` of a `${…}` whose body starts at a given offset is (-1 entries are zsh's bare braces). */
  private readonly braceCloses = new Map<number, number>();
  /**
   * Where the `)` closing a `(` whose inside starts at a given offset is, as matchingClose found it:
   * 0 not known yet, 1 none, else the offset + 2 (allocated with the first look, one slot per offset).
   */
  private parenCloses: Int32Array | null = null;

  /** Here-documents whose bodies start after the next newline, in order. */
  private pendingHeredocs: Redirect[] = [];
  /** True while reading inside `$( )`: bash ends a here-document at `DELIM)` there. */
  insideCommandSubstitution = 0;
  /** `<( )` and `>( )` bodies being read (bash reads their here-documents as those of `$( )`). */
  private insideProcessSubstitution = 0;
  /** The substitution being read opened as `$(((` and is a command after all (bash reads its case patterns badly). */
  arithmeticFallback = false;
  /** Constructs open at once, shared with the parser (and a backquoted body's own parser). */
  private nesting: number;

  /** Here-documents queued before the token read last began (what unread() gives back). */
  private heredocsBeforeToken = 0;

  constructor(src: string, dialect: Dialect, nestedParser: NestedParser, nesting = 0) {
    this.src = src;
    this.dialect = dialect;
    this.nestedParser = nestedParser;
    this.pos = 0;
    this.end = src.length;
    this.nesting = nesting;
  }

  get depth(): number {
    return this.nesting;
  }

  error(message: string, start: number, end = start + 1, kind: ParseErrorKind = 'syntax'): never {
    throw new ParseError(message, [start, Math.min(Math.max(end, start), this.src.length)], kind);
  }

  /** Open one more nested construct, refusing the line past the budget. */
  enter(at: number): void {
    if (++this.nesting > budgets.maxNesting) {
      throw new BudgetError(`the line nests more than ${budgets.maxNesting} constructs inside each other`, [at, at + 1], 'nesting');
    }
  }

  leave(): void {
    this.nesting--;
  }

  /**
   * The parts of the words being read, innermost last: each scan pushes its
   * parts above the ones of the scan it is nested in and takes them off as
   * one array of the exact size (a list grown by push keeps 17 slots, and a
   * 1 MB line holds hundreds of thousands of words).
   */
  private readonly partStack: WordPart[] = [];
  private partTop = 0;

  private pushPart(part: WordPart): void {
    this.partStack[this.partTop++] = part;
  }

  private takeParts(base: number): WordPart[] {
    const stack = this.partStack;
    const n = this.partTop - base;
    this.partTop = base;
    // most words are one or two parts: an array literal is cheaper than a call to slice
    if (n === 1) return [stack[base]!];
    if (n === 2) return [stack[base]!, stack[base + 1]!];
    return stack.slice(base, base + n);
  }

  /** Push src[from, to) as a literal, when it is not empty. */
  private pushSlice(from: number, to: number): void {
    if (to > from) this.pushPart({ type: 'Literal', span: [from, to], value: this.src.slice(from, to) });
  }

  /** Push the literal text held back (across line continuations) and src[litStart, to), spanning [from, to), when there is any. */
  private pushLiteral(from: number, litStart: number, to: number, held: string): void {
    if (to > litStart) this.pushPart({ type: 'Literal', span: [from, to], value: held + this.src.slice(litStart, to) });
    else if (held) this.pushPart({ type: 'Literal', span: [from, to], value: held });
  }

  private code(i: number): number {
    return i < this.end ? this.src.charCodeAt(i) : -1;
  }

  // ------------------------------------------------------------------ tokens

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

  private readToken(mode: LexMode): Token {
    this.word = null;
    this.wordLiteral = null;
    this.redirectFd = null;
    this.redirectFdVariable = null;
    this.arithmetic = null;
    this.conditionOperator = false;
    this.skipBlanksAndComments();
    const start = this.pos;
    this.tokenStart = start;
    if (start >= this.end) return this.finish(Token.EOF, start);
    const c = this.src.charCodeAt(start);
    const dialect = this.dialect;
    const c1 = this.code(start + 1);
    if (c1 === Char.Backslash && this.code(start + 2) === Char.Newline && isOperatorStart(c)) {
      const after = this.code(this.afterContinuations(start + 1));
      if (isOperatorStart(after) || (isDigit(c) && (after === Char.Less || after === Char.Greater))) {
        // bash and dash join `&\⏎&` into `&&` (and `2\⏎>` into a redirection); zsh does not
        this.error('a line continuation inside an operator is read differently by each shell: write the operator whole', start, this.afterContinuations(start + 1) + 1, 'unsupported');
      }
    }
    switch (c) {
      case Char.Newline:
        this.pos = start + 1;
        this.tokenEnd = start + 1;
        this.token = Token.Newline;
        if (this.pendingHeredocs.length > 0) {
          // the bodies may hold substitutions that read tokens of their own
          this.readHeredocBodies();
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
          return this.readRedirectOperator(start + 1, true);
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
          const arithmetic = this.tryArithmetic(start + 2, true);
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
        if (c === Char.Less && dialect.zshGlobParens && this.numericGlobEnd(start) > 0) return this.readWord(mode);
        return this.readRedirectOperator(start, false);
      case Char.LeftBrace:
        if (!(mode & LexMode.Condition)) {
          if (dialect.fdVariables) {
            const fdVarEnd = this.fdVariableEnd(start);
            if (fdVarEnd > 0) {
              const whole = this.src.slice(start + 1, fdVarEnd - 1);
              const name = whole.includes('[') ? whole.slice(0, whole.indexOf('[')) : whole;
              const token = this.readRedirectOperator(fdVarEnd, false);
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
            const token = this.readRedirectOperator(i, false);
            this.redirectFd = fd;
            this.tokenStart = start;
            return token;
          }
        }
        return this.readWord(mode);
    }
  }

  private finish(token: Token, end: number): Token {
    this.pos = end;
    this.tokenEnd = end;
    this.token = token;
    return token;
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

  /** `{name}` immediately followed by `<` or `>`: returns the index after `}`, or 0. */
  private fdVariableEnd(start: number): number {
    let i = start + 1;
    if (!isNameStart(this.code(i))) return 0;
    while (isNameChar(this.code(i))) i++;
    if (this.code(i) === Char.LeftBracket && this.dialect.subscriptRunsToBracket) {
      // bash: `{a[0]}>` stores the fd in an array element
      const close = this.subscriptEnd(i);
      if (close < 0) return 0;
      i = close;
    }
    if (this.code(i) !== Char.RightBrace) return 0;
    const after = this.code(i + 1);
    if (after !== Char.Less && after !== Char.Greater) return 0;
    if (this.code(i + 2) === Char.LeftParen && this.dialect.processSubstitution) return 0;
    return i + 1;
  }

  /** zsh's numeric glob `<N-M>` (either number may be missing): its end, or 0. */
  private numericGlobEnd(start: number): number {
    let i = start + 1;
    while (isDigit(this.code(i))) i++;
    if (this.code(i) !== Char.Minus) return 0;
    i++;
    while (isDigit(this.code(i))) i++;
    return this.code(i) === Char.Greater ? i + 1 : 0;
  }

  /** A redirection operator starting at `at` (after any fd). */
  private readRedirectOperator(at: number, ampersandFirst: boolean): Token {
    const dialect = this.dialect;
    const c = this.code(at);
    const c1 = this.code(at + 1);
    const c2 = this.code(at + 2);
    const bang = (x: number) => dialect.zshRedirections && (x === Char.Bang || x === Char.Pipe);
    let op: RedirectOperator;
    let end: number;
    if (ampersandFirst) {
      // at points at `>` after `&`
      if (c1 === Char.Greater) {
        if (bang(c2)) { op = c2 === Char.Bang ? '>>&!' : '>>&|'; end = at + 3; }
        else { op = '&>>'; end = at + 2; }
      } else if (bang(c1)) { op = c1 === Char.Bang ? '&>!' : '&>|'; end = at + 2; }
      else { op = '&>'; end = at + 1; }
    } else if (c === Char.Less) {
      if (c1 === Char.Less) {
        if (c2 === Char.Less && dialect.hereString) { op = '<<<'; end = at + 3; }
        else if (c2 === Char.Minus) { op = '<<-'; end = at + 3; }
        else if (c2 === Char.LeftParen && dialect.zshRedirections) { op = '<'; end = at + 1; } // zsh: `<<(x)` is `<` `<(x)`
        else { op = '<<'; end = at + 2; }
      } else if (c1 === Char.Amp) { op = '<&'; end = at + 2; }
      else if (c1 === Char.Greater) { op = '<>'; end = at + 2; }
      else { op = '<'; end = at + 1; }
    } else {
      if (c1 === Char.Greater) {
        if (c2 === Char.Amp && dialect.zshRedirections) {
          const c3 = this.code(at + 3);
          if (bang(c3)) { op = c3 === Char.Bang ? '>>&!' : '>>&|'; end = at + 4; }
          else { op = '>>&'; end = at + 3; }
        } else if (bang(c2)) { op = c2 === Char.Bang ? '>>!' : '>>|'; end = at + 3; }
        else if (c2 === Char.LeftParen && dialect.zshRedirections) { op = '>'; end = at + 1; } // zsh: `>>(x)` is `>` `>(x)`
        else { op = '>>'; end = at + 2; }
      } else if (c1 === Char.Amp) {
        if (bang(c2)) { op = c2 === Char.Bang ? '>&!' : '>&|'; end = at + 3; }
        else { op = '>&'; end = at + 2; }
      } else if (c1 === Char.Pipe) { op = '>|'; end = at + 2; }
      else if (c1 === Char.Bang && dialect.zshRedirections) { op = '>!'; end = at + 2; }
      else { op = '>'; end = at + 1; }
    }
    this.redirectOperator = op;
    return this.finish(Token.Redirect, end);
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
    const word = this.scanWord(mode);
    this.word = word;
    this.wordLiteral = unquotedLiteral(word);
    // a substitution inside the word may have read tokens of its own
    this.tokenStart = start;
    return this.finish(Token.Word, this.pos);
  }

  // ------------------------------------------------------------------ facts for the parser

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

  /** `name=`, `name+=`, `name[sub]=` at the start of a word read in assignment position, or null. */
  assignmentAt(word: Word): AssignmentShape | null {
    const dialect = this.dialect;
    const first = word.parts[0];
    // The name must be unquoted literal text at the start of the word.
    if (!first || first.type !== 'Literal' || first.span[1] - first.span[0] !== first.value.length) return null;
    const src = this.src;
    const wordEnd = word.span[1];
    let i = word.span[0];
    // the name's characters tested in line: this runs on the first word of every command
    const c0 = src.charCodeAt(i);
    if (!((c0 >= Char.UpperA && c0 <= Char.UpperZ) || (c0 >= Char.LowerA && c0 <= Char.LowerZ) || c0 === Char.Underscore)) return null;
    for (;;) {
      const c = src.charCodeAt(i);
      if (i < wordEnd && ((c >= Char.UpperA && c <= Char.UpperZ) || (c >= Char.LowerA && c <= Char.LowerZ) || c === Char.Underscore || (c >= Char.Digit0 && c <= Char.Digit9))) i++;
      else break;
    }
    if (i > first.span[1]) return null;
    const nameEnd = i;
    let subscriptOpen = -1;
    let subscriptClose = -1;
    let cursor = i;
    if (src.charCodeAt(cursor) === Char.LeftBracket && dialect.subscriptAssignment) {
      const close = closingBracket(src, cursor, Char.LeftBracket, Char.RightBracket, wordEnd);
      if (close < 0) return null;
      subscriptOpen = cursor;
      subscriptClose = close;
      cursor = close + 1;
    }
    let append = false;
    if (src.charCodeAt(cursor) === Char.Plus) {
      if (!dialect.appendAssignment) return null;
      append = true;
      cursor++;
    }
    if (cursor >= wordEnd || src.charCodeAt(cursor) !== Char.Equals || !isUnquotedLiteralAt(word, cursor)) return null;
    cursor++;
    const array = cursor === wordEnd && src.charCodeAt(cursor) === Char.LeftParen && dialect.arrays;
    return { nameEnd, subscriptOpen, subscriptClose, append, valueStart: cursor, array };
  }

  /** An argument `name=` (or `name[…]=`, `name+=`) of a declaration command right before `(`, which opens its array. */
  declarationArrayAt(word: Word): boolean {
    if (this.src.charCodeAt(word.span[1]) !== Char.LeftParen) return false;
    const first = word.parts[0];
    if (!first || first.type !== 'Literal' || !word.unquoted) return false;
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=$/.exec(this.src.slice(word.span[0], word.span[1]));
    return m !== null && (m[3] === '' || this.dialect.appendAssignment);
  }

  /** An array element `[key]=value`: where its key's `]` and its value are, or null. */
  arrayElementKey(word: Word): { keyClose: number; valueStart: number } | null {
    const first = word.parts[0];
    const src = this.src;
    if (!first || (first.type !== 'Literal' && first.type !== 'Glob') || src.charCodeAt(word.span[0]) !== Char.LeftBracket) return null;
    const close = closingBracket(src, word.span[0], Char.LeftBracket, Char.RightBracket, word.span[1]);
    if (close <= 0 || src.charCodeAt(close + 1) !== Char.Equals) return null;
    const valueStart = src.charCodeAt(close + 2) === Char.Plus ? close + 3 : close + 2;
    return { keyClose: close, valueStart };
  }

  /** Step over the `(` of `name=(`, which stands right after the word read last. */
  skipArrayOpen(): void {
    this.pos++;
  }

  /** `for ((…))`: null when no `((` follows (after blanks); else its three clauses, or why they cannot be read. */
  readArithmeticFor(): ArithmeticForClauses | null {
    let i = this.pos;
    while (i < this.end && isBlank(this.src.charCodeAt(i))) i++;
    if (this.src.charCodeAt(i) !== Char.LeftParen || this.src.charCodeAt(i + 1) !== Char.LeftParen) return null;
    this.pos = i;
    if (this.next(LexMode.CommandPosition) !== Token.ArithmeticCommand) return { ok: false, message: 'unterminated `for ((`: close it with `))`', span: [i, this.end] };
    const whole = this.arithmetic!;
    const semicolons = arithmeticForSemicolons(whole.text);
    if (semicolons === null) return { ok: false, message: '`for ((…))` needs three expressions separated by `;`', span: whole.span };
    const [a, b] = semicolons;
    return { ok: true, init: clause(whole, 0, a), test: clause(whole, a + 1, b), update: clause(whole, b + 1, whole.text.length) };
  }

  // ------------------------------------------------------------------ words

  /**
   * An unquoted word in command mode, starting at `pos`. Ends at a blank or
   * an operator character, as the dialect reads them.
   */
  scanWord(mode: LexMode): Word {
    const dialect = this.dialect;
    const src = this.src;
    const end = this.end;
    const start = this.pos;
    const base = this.partTop; // this word's parts are pushed above it
    let unquoted = true;
    let pos = start;
    let litStart = start;
    let literal = ''; // literal text held back across line continuations
    let litFrom = start; // span start of the held literal
    let braceDepth = 0; // zsh: `{` … `}` inside the word
    let parenDepth = 0; // zsh glob groups, bash regex groups
    let expands = false; // an unquoted `*`, `?`, `[`, `{`, `~` or leading `=`: parts to split out afterwards
    const parensInWord = dialect.zshGlobParens || (mode & LexMode.Regex) !== 0;
    loop: while (pos < end) {
      const c = src.charCodeAt(pos);
      switch (c) {
        case Char.Space:
        case Char.Tab:
        case Char.Newline:
          if (parenDepth > 0) { pos++; continue; }
          break loop;
        case Char.Semi:
        case Char.Amp:
          // zsh ends a word at `;` and `&` even inside a glob group; bash's regex keeps them.
          if (parenDepth > 0 && mode & LexMode.Regex) { pos++; continue; }
          break loop;
        case Char.Pipe:
          if (parenDepth > 0) { pos++; continue; }
          if (mode & LexMode.Regex && !(mode & LexMode.CasePattern)) {
            // bash's regex word keeps `|` (`[[ a =~ a|b ]]`)
            pos++;
            continue;
          }
          break loop;
        case Char.LeftParen: {
          const prev = pos > start ? src.charCodeAt(pos - 1) : -1;
          if (dialect.extglob && pos > start && (prev === Char.At || prev === Char.Star || prev === Char.Plus || prev === Char.Question || prev === Char.Bang)) {
            // bash decides on the character before `(`, even when it ended `$?` or `$*`
            const from = pos > litStart ? pos - 1 : pos;
            this.pushLiteral(litFrom, litStart, from, literal);
            literal = '';
            this.pos = from;
            this.pushPart(this.scanExtglob(from === pos));
            pos = this.pos;
            litStart = litFrom = pos;
            continue;
          }
          if (dialect.extglob && pos === start && mode & LexMode.CasePattern) break loop;
          if (mode & LexMode.AssignmentAllowed && dialect.arrays && pos > start && src.charCodeAt(pos - 1) === Char.Equals && this.partTop === base &&
            this.isAssignmentPrefix(start, pos, LexMode.CommandPosition)) {
            break loop; // `name=(`: the parser reads the array
          }
          if (parensInWord) {
            if (dialect.zshGlobParens && parenDepth === 0 && src.charCodeAt(pos + 1) === Char.RightParen && pos > start) break loop;
            expands = true;
            parenDepth++;
            pos++;
            continue;
          }
          break loop;
        }
        case Char.RightParen:
          if (parenDepth > 0) { parenDepth--; pos++; continue; }
          break loop;
        case Char.Less:
        case Char.Greater: {
          if (src.charCodeAt(pos + 1) === Char.LeftParen && dialect.processSubstitution && (pos === start || dialect.extglob)) {
            this.pushLiteral(litFrom, litStart, pos, literal);
            literal = '';
            this.pos = pos;
            this.pushPart(this.scanProcessSubstitution());
            pos = this.pos;
            litStart = litFrom = pos;
            continue;
          }
          if (c === Char.Less && dialect.zshGlobParens) {
            const globEnd = this.numericGlobEnd(pos);
            if (globEnd > 0) {
              expands = true;
              pos = globEnd;
              continue;
            }
          }
          if (mode & LexMode.Regex && parenDepth > 0) { pos++; continue; }
          // zsh ends a word at `<` and `>` even inside a glob group
          break loop;
        }
        case Char.Backslash: {
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          litStart = litFrom = pos;
          const next = pos + 1;
          if (next >= end) {
            // A final backslash: bash and dash keep it, zsh drops it.
            this.pushPart({ type: 'Escaped', span: [pos, next], value: dialect.trailingBackslashDropped ? '' : '\\' });
            unquoted = false;
            pos = next;
            litStart = litFrom = pos;
            continue;
          }
          if (src.charCodeAt(next) === Char.Newline) {
            // A line continuation vanishes: `i\⏎f` is still `if`.
            pos = next + 1;
            litStart = pos;
            continue;
          }
          const width = charWidth(src, next);
          this.pushPart({ type: 'Escaped', span: [pos, next + width], value: src.slice(next, next + width) });
          unquoted = false;
          pos = next + width;
          litStart = litFrom = pos;
          continue;
        }
        case Char.SingleQuote: {
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          litStart = litFrom = pos;
          const close = src.indexOf("'", pos + 1);
          if (close < 0 || close >= end) this.error('unterminated single quote: add the closing `\'`', pos);
          this.pushPart({ type: 'SingleQuoted', span: [pos, close + 1], value: src.slice(pos + 1, close) });
          unquoted = false;
          pos = close + 1;
          litStart = litFrom = pos;
          continue;
        }
        case Char.DoubleQuote:
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          this.pos = pos;
          this.pushPart(this.scanDoubleQuoted());
          unquoted = false;
          pos = this.pos;
          litStart = litFrom = pos;
          continue;
        case Char.Backquote:
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          this.pos = pos;
          this.pushPart(this.scanBackquote(false));
          pos = this.pos;
          litStart = litFrom = pos;
          continue;
        case Char.Dollar: {
          if (!this.dollarExpands(pos, false)) { pos++; continue; }
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          this.pos = pos;
          const part = this.scanDollar(false);
          if (part.type === 'AnsiCQuoted' || part.type === 'LocaleQuoted') unquoted = false;
          this.pushPart(part);
          pos = this.pos;
          litStart = litFrom = pos;
          continue;
        }
        case Char.LeftBrace:
          braceDepth++;
          expands = true;
          pos++;
          continue;
        case Char.Star:
        case Char.Question:
        case Char.Tilde:
          expands = true;
          pos++;
          continue;
        case Char.RightBrace:
          if (braceDepth > 0) braceDepth--;
          else if (dialect.splitTrailingCloseBrace && pos > start && this.endsWordAt(pos + 1, parenDepth) &&
            !this.isAssignmentPrefix(start, pos, mode) && !precededByBackslash(src, pos)) {
            // zsh: an unmatched `}` at the end of a word is a close brace of its own.
            break loop;
          }
          pos++;
          continue;
        case Char.Equals:
          if (dialect.equalsSubstitution && pos === start && this.code(pos + 1) === Char.LeftParen) {
            this.pos = pos;
            this.pushPart(this.scanProcessSubstitution());
            pos = this.pos;
            litStart = litFrom = pos;
            continue;
          }
          if (pos === start) expands = true; // zsh `=cmd`
          pos++;
          continue;
        case Char.LeftBracket:
          expands = true;
          if (dialect.arrays && ((mode & LexMode.CommandPosition && pos > start && this.isNameRun(start, pos)) ||
            (mode & LexMode.ArrayElement && pos === start && dialect.subscriptRunsToBracket))) {
            // `name[subscript]=` as a prefix assignment: the subscript may hold blanks.
            const close = this.subscriptEnd(pos);
            if (close > 0 && (dialect.subscriptRunsToBracket || this.code(close) === Char.Equals || (this.code(close) === Char.Plus && this.code(close + 1) === Char.Equals))) {
              pos = close;
              continue;
            }
            if (close < 0 && dialect.subscriptRunsToBracket) this.error('unterminated subscript: bash reads `[` here up to its `]`', pos, this.end);
          }
          pos++;
          continue;
        default:
          pos++;
          continue;
      }
    }
    // zsh ends a word inside an open `(` at the end of the input or at `;&<>`; bash's regex must close.
    if (parenDepth > 0 && !dialect.zshGlobParens) this.error('unmatched `(` in a word: close it or quote it', start, pos);
    this.pushLiteral(litFrom, litStart, pos, literal);
    this.pos = pos;
    if (pos === start) this.error('expected a word', start);
    if (this.partTop === base) {
      // only line continuations: an empty word cannot come from them
      this.pushPart({ type: 'Literal', span: [start, pos], value: '' });
    }
    const parts = this.takeParts(base);
    if (expands) return { type: 'Word', span: [start, pos], parts: finishWordParts(parts, dialect), unquoted };
    // A word that is one literal shares its span with it: most words are, and a 1 MB line holds many.
    const only = parts.length === 1 ? parts[0]!.span : null;
    return { type: 'Word', span: only !== null && only[0] === start && only[1] === pos ? only : [start, pos], parts, unquoted };
  }

  /** Whether the character at `i` ends a word (a blank, an operator, the end). */
  private endsWordAt(i: number, parenDepth: number): boolean {
    if (i >= this.end) return true;
    const c = this.src.charCodeAt(i);
    if (parenDepth > 0) return false;
    return c === Char.Space || c === Char.Tab || c === Char.Newline || c === Char.Semi || c === Char.Amp ||
      c === Char.Pipe || c === Char.Less || c === Char.Greater || c === Char.LeftParen || c === Char.RightParen;
  }

  /** zsh keeps a trailing `}` in `name=…}` read as an assignment. */
  private isAssignmentPrefix(start: number, pos: number, mode: LexMode): boolean {
    if (!(mode & LexMode.CommandPosition)) return false;
    let i = start;
    if (!isNameStart(this.code(i))) return false;
    while (i < pos && isNameChar(this.code(i))) i++;
    if (this.code(i) === Char.LeftBracket) {
      const close = this.subscriptEnd(i);
      if (close < 0) return false;
      i = close;
    }
    if (this.code(i) === Char.Plus) i++;
    return this.code(i) === Char.Equals && i < pos;
  }

  private isNameRun(start: number, end: number): boolean {
    if (!isNameStart(this.code(start))) return false;
    for (let i = start + 1; i < end; i++) if (!isNameChar(this.src.charCodeAt(i))) return false;
    return true;
  }

  /** The index after the `]` closing a subscript opened at `open`, or -1. */
  private subscriptEnd(open: number): number {
    const close = closingBracket(this.src, open, Char.LeftBracket, Char.RightBracket, this.end);
    return close < 0 ? -1 : close + 1;
  }

  /** bash's `@(…)`, `*(…)`, `+(…)`, `?(…)`, `!(…)`; pos at the prefix character (or at `(` when the prefix ended an expansion). */
  private scanExtglob(atParen = false): Glob {
    const start = this.pos;
    let depth = 0;
    let i = atParen ? start : start + 1;
    while (i < this.end) {
      const c = this.src.charCodeAt(i);
      if (c === Char.LeftParen) depth++;
      else if (c === Char.RightParen) {
        if (--depth === 0) {
          this.pos = i + 1;
          return { type: 'Glob', span: [start, i + 1], pattern: this.src.slice(start, i + 1) };
        }
      } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote) {
        const after = skipQuoted(this.src, i, this.end);
        if (after < 0) break;
        i = after;
        continue;
      } else if (c === Char.Dollar && this.code(i + 1) === Char.LeftParen) {
        // a substitution inside the pattern: read it properly to find its end
        this.pos = i;
        this.scanDollar(false);
        i = this.pos;
        continue;
      }
      i++;
    }
    this.error('unterminated extended glob: close the `(`', start, i);
  }

  // ------------------------------------------------------------------ quotes

  /** `"…"`; pos at the opening quote. */
  scanDoubleQuoted(): DoubleQuoted {
    const start = this.pos;
    this.enter(start);
    this.pos = start + 1;
    const parts = this.scanQuotedParts(Char.DoubleQuote, false);
    if (this.code(this.pos) !== Char.DoubleQuote) this.error('unterminated double quote: add the closing `"`', start, this.pos);
    this.pos++;
    this.leave();
    return { type: 'DoubleQuoted', span: [start, this.pos], parts };
  }

  /**
   * Text as inside double quotes (or a here-document body, where `"` is
   * ordinary), up to `close` or the end. Backslash escapes only `$`, `` ` ``,
   * `"`, `\` and newline.
   */
  private scanQuotedParts(close: number, heredoc: boolean, limit = this.end): WordPart[] {
    const src = this.src;
    const base = this.partTop;
    let pos = this.pos;
    let litStart = pos;
    let literal = '';
    let litFrom = pos;
    while (pos < limit) {
      const c = src.charCodeAt(pos);
      if (c === close && !heredoc) break;
      if (c === Char.Backslash && pos + 1 < limit) {
        const n = src.charCodeAt(pos + 1);
        if (n === Char.Newline) {
          literal += src.slice(litStart, pos);
          pos += 2;
          litStart = pos;
          continue;
        }
        if (n === Char.Dollar || n === Char.Backquote || n === Char.Backslash || (n === Char.DoubleQuote && !heredoc)) {
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          this.pushPart({ type: 'Escaped', span: [pos, pos + 2], value: src[pos + 1]! });
          pos += 2;
          litStart = litFrom = pos;
          continue;
        }
        pos += 2;
        continue;
      }
      if (c === Char.Dollar) {
        if (this.dollarExpands(pos, true, limit)) {
          this.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          this.pos = pos;
          this.pushPart(this.scanDollar(true));
          pos = this.pos;
          litStart = litFrom = pos;
          continue;
        }
        pos++;
        continue;
      }
      if (c === Char.Backquote) {
        this.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        this.pos = pos;
        this.pushPart(this.scanBackquote(true));
        pos = this.pos;
        litStart = litFrom = pos;
        continue;
      }
      pos++;
    }
    this.pushLiteral(litFrom, litStart, pos, literal);
    this.pos = pos;
    return this.takeParts(base);
  }

  /** `` `…` ``; pos at the opening backquote. */
  private scanBackquote(inDoubleQuotes: boolean): CommandSubstitution {
    const start = this.pos;
    this.enter(start);
    const src = this.src;
    let text = '';
    const positions: number[] = [];
    let i = start + 1;
    for (;;) {
      if (i >= this.end) this.error('unterminated backquote: add the closing `` ` ``', start, i);
      const c = src.charCodeAt(i);
      if (c === Char.Backquote) break;
      if (c === Char.Backslash && i + 1 < this.end) {
        const n = src.charCodeAt(i + 1);
        // Inside backquotes a backslash quotes only `$`, `` ` ``, `\` (and `"` within double quotes).
        if (n === Char.Dollar || n === Char.Backquote || n === Char.Backslash || (inDoubleQuotes && n === Char.DoubleQuote)) {
          text += src[i + 1];
          positions.push(i + 1);
          i += 2;
          continue;
        }
      }
      text += src[i];
      positions.push(i);
      i++;
    }
    positions.push(i);
    const end = i + 1;
    const body = this.nestedParser.parseBackquoted(text, positions, [start, end]);
    this.pos = end;
    this.leave();
    return { type: 'CommandSubstitution', span: [start, end], body, backquote: true };
  }

  // ------------------------------------------------------------------ dollar

  /** Anything starting with `$`; pos at the `$`. */
  scanDollar(inDoubleQuotes: boolean): WordPart {
    const dialect = this.dialect;
    const start = this.pos;
    // `$\⏎x` is `$x`: a line continuation vanishes even right after the `$`
    const o = this.afterContinuations(start + 1);
    const c1 = this.code(o);
    switch (c1) {
      case Char.LeftParen: {
        if (this.code(o + 1) === Char.LeftParen) {
          const arithmetic = this.tryArithmetic(o + 2, false);
          if (arithmetic) return { type: 'ArithmeticExpansion', span: [start, this.pos], expression: arithmetic, invalid: null };
          if (!dialect.arithmeticFallbackToSubshell) this.error('unterminated arithmetic expansion: close `$((` with `))`', start, this.end);
        }
        const cached = this.substitutions.get(start);
        if (cached) {
          this.pos = cached.span[1];
          return cached;
        }
        this.enter(start);
        this.pos = o + 1;
        this.insideCommandSubstitution++;
        const outerFallback = this.arithmeticFallback;
        this.arithmeticFallback = this.code(o + 1) === Char.LeftParen;
        const body = this.nestedParser.parseUntilCloseParen(start);
        this.arithmeticFallback = outerFallback;
        this.insideCommandSubstitution--;
        this.leave();
        const part: CommandSubstitution = { type: 'CommandSubstitution', span: [start, this.pos], body, backquote: false };
        this.substitutions.set(start, part);
        return part;
      }
      case Char.LeftBrace:
        return this.scanBracedParameter(start, o);
      case Char.LeftBracket: {
        // `$[ … ]`: legacy arithmetic (bash, zsh)
        const close = this.matchingClose(o + 1, Char.LeftBracket, Char.RightBracket);
        if (close < 0) this.error('unterminated `$[`: close it with `]`', start, this.end);
        const expression = this.arithmeticBetween(o + 1, close);
        this.pos = close + 1;
        // zsh evaluates `$[ ]` with its own checks when it expands it
        const invalid = this.dialect.strictParameterSyntax ? arithmeticProblem(expression.text) : null;
        return { type: 'ArithmeticExpansion', span: [start, close + 1], expression, invalid };
      }
      case Char.SingleQuote: {
        // `$'…'` (not inside double quotes, not in sh)
        const after = skipAnsiCQuoted(this.src, o, this.end);
        if (after < 0) this.error("unterminated `$'`: add the closing `'`", o - 1, this.end);
        const close = after - 1;
        const raw = this.src.slice(o + 1, close);
        this.pos = close + 1;
        return { type: 'AnsiCQuoted', span: [start, close + 1], raw, value: decodeAnsiC(raw) };
      }
      case Char.DoubleQuote: {
        this.pos = o;
        const inner = this.scanDoubleQuoted();
        return { type: 'LocaleQuoted', span: [start, inner.span[1]], parts: inner.parts };
      }
      default: {
        void inDoubleQuotes;
        if (c1 === Char.Dollar && !inDoubleQuotes && this.code(o + 1) === Char.LeftParen && this.dialect.dollarBeforeSubstitutionIsText) {
          // zsh reads `$$(…)` as `$` and then `$(…)`
          this.pos = o;
          return { type: 'Literal', span: [start, o], value: '$' };
        }
        if (!isNameStart(c1)) {
          // a digit or a special parameter: one character
          this.pos = o + 1;
          return parameter(this.src[o]!, [start, o + 1]);
        }
        let name = '';
        let i = o;
        for (;;) {
          const from = i;
          while (isNameChar(this.code(i))) i++;
          name += this.src.slice(from, i);
          const next = this.afterContinuations(i);
          if (next === i || !isNameChar(this.code(next))) break;
          i = next;
        }
        this.pos = i;
        return parameter(name, [start, i]);
      }
    }
  }

  /** The index after any line continuations (`\\⏎`) starting at `i`. */
  afterContinuations(i: number): number {
    while (this.code(i) === Char.Backslash && this.code(i + 1) === Char.Newline) i += 2;
    return i;
  }

  /** Whether `$` at `i` starts an expansion (a line continuation may stand between). */
  private dollarExpands(i: number, inQuotes: boolean, limit = this.end): boolean {
    const o = this.afterContinuations(i + 1);
    if (o >= limit) return false;
    const c = this.src.charCodeAt(o);
    return inQuotes ? startsDollarExpansionInQuotes(c, this.dialect) : startsDollarExpansion(c, this.dialect);
  }

  /**
   * Arithmetic that starts at `from` (after `((` or `$((`) and closes with
   * `))`, or null when the parentheses do not close that way (then bash and
   * zsh read a subshell instead).
   */
  private tryArithmetic(from: number, _command: boolean): Arithmetic | null {
    const close = this.matchingClose(from, Char.LeftParen, Char.RightParen, true);
    if (close < 0 || this.code(close + 1) !== Char.RightParen) return null;
    const expression = this.arithmeticBetween(from, close);
    this.pos = close + 2;
    return expression;
  }

  /**
   * The index of the bracket closing an already open one, at depth zero,
   * skipping quotes and nested substitutions; -1 when none. With
   * `stopAtSeparator`, a `;` or newline at depth zero of parentheses does
   * not stop the scan (arithmetic may hold neither, but a `$( (…); … )` does).
   */
  private matchingClose(from: number, open: number, close: number, _stopAtSeparator = false): number {
    if (open !== Char.LeftParen) return this.scanToClose(from, open, close, null);
    // Parentheses: each `(` passed on the way closes where the scan finds, so remember them all: the
    // arithmetic nested inside (`$(( ( $(( …`) asks again from each, and is answered without a scan.
    const closes = (this.parenCloses ??= new Int32Array(this.end + 2));
    if (closes[from] !== 0) return closes[from]! - 2;
    const opened: number[] = [];
    const at = this.scanToClose(from, open, close, opened);
    closes[from] = at + 2;
    for (let k = 0; k < opened.length; k += 2) closes[opened[k]! + 1] = 1; // still open where the scan ended
    return at;
  }

  /**
   * matchingClose's scan. With `opened`, each `((` it passes (where arithmetic can start) is pushed
   * there with its depth, and taken off (and its close remembered) when it closes.
   */
  private scanToClose(from: number, open: number, close: number, opened: number[] | null): number {
    const src = this.src;
    let depth = 0;
    let i = from;
    while (i < this.end) {
      const c = src.charCodeAt(i);
      if (c === open) {
        depth++;
        if (opened && i > from && src.charCodeAt(i - 1) === open) opened.push(i, depth);
      } else if (c === close) {
        if (depth === 0) return i;
        if (opened && opened.length > 0 && opened[opened.length - 1] === depth) {
          opened.pop();
          this.parenCloses![opened.pop()! + 1] = i + 2;
        }
        depth--;
      } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote || c === Char.Backquote) {
        i = c === Char.Backquote ? skipBackquoted(src, i, this.end) : skipQuoted(src, i, this.end);
        if (i < 0) return -1;
        continue;
      } else if (c === Char.Dollar && this.code(i + 1) === Char.LeftBrace) {
        const q = this.matchingClose(i + 2, Char.LeftBrace, Char.RightBrace);
        if (q < 0) return -1;
        i = q;
      }
      i++;
    }
    return -1;
  }

  /** The arithmetic text between two offsets, with the expansions inside it read as parts. */
  private arithmeticBetween(from: number, to: number): Arithmetic {
    this.enter(from);
    const saved = this.pos;
    this.pos = from;
    const base = this.partTop;
    let litStart = from;
    let pos = from;
    const src = this.src;
    while (pos < to) {
      const c = src.charCodeAt(pos);
      if (c === Char.Dollar && this.dollarExpands(pos, false, to)) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanDollar(false));
        pos = this.pos;
        litStart = pos;
      } else if (c === Char.Backquote) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanBackquote(false));
        pos = this.pos;
        litStart = pos;
      } else if (c === Char.DoubleQuote) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanDoubleQuoted());
        pos = this.pos;
        litStart = pos;
      } else if (c === Char.SingleQuote) {
        const q = src.indexOf("'", pos + 1);
        if (q < 0 || q >= to) this.error('unterminated single quote in arithmetic', pos);
        this.pushSlice(litStart, pos);
        this.pushPart({ type: 'SingleQuoted', span: [pos, q + 1], value: src.slice(pos + 1, q) });
        pos = q + 1;
        litStart = pos;
      } else if (c === Char.Backslash) pos += 2;
      else pos++;
    }
    this.pushSlice(litStart, to);
    this.pos = saved;
    this.leave();
    return { type: 'Arithmetic', span: [from, to], text: src.slice(from, to), parts: this.takeParts(base) };
  }

  /** `${…}`; `start` at the `$`. */
  private scanBracedParameter(start: number, open: number): ParameterExpansion {
    const dialect = this.dialect;
    this.enter(start);
    const src = this.src;
    let i = open + 1;
    let flags: string | null = null;
    // zsh `${(flags)…}` (its delimiters may be any character, `}` included)
    if (dialect.strictParameterSyntax && this.code(i) === Char.LeftParen) {
      const flagsEnd = this.zshFlagsEnd(i);
      flags = src.slice(i + 1, flagsEnd);
      i = flagsEnd + 1;
    }
    // The shells find the closing brace first, honouring quotes (and, in zsh, nested braces).
    const close = this.parameterOperandEnd(i);
    if (close < 0) this.error('unterminated parameter expansion: close `${` with `}`', start, this.end);
    let invalid = dialect.strictParameterSyntax ? zshParameterProblem(src.slice(i, close), flags !== null) : null;
    const first = this.code(i);
    if (!dialect.strictParameterSyntax && (first === Char.Space || first === Char.Tab || first === Char.Newline || first === Char.Pipe)) {
      // bash 5.3 runs `${ cmd; }` and `${| cmd; }` as commands (5.2 and dash call it a bad substitution)
      invalid = 'bash 5.3 runs the commands inside `${ …; }`, which treeward does not read';
    }
    if (dialect.dashParameterChecks) {
      const first = this.code(i);
      // dash drops the character after `${` when it is not a name, so a quote there opens a string that never closes
      if (first === Char.DoubleQuote || first === Char.SingleQuote) this.error('dash cannot read a quote right after `${`', start, close + 1);
      if (/^[A-Za-z_][A-Za-z0-9_]*:$|^[0-9@*?$!-]:$/.test(src.slice(i, close))) this.error("dash refuses `${name:}`: missing `}`", start, close + 1);
    }
    let length = false;
    let indirect = false;
    let nested: WordPart | null = null;
    let name = '';
    const prefixStart = i;
    if (dialect.strictParameterSyntax) {
      // zsh's `^`, `=`, `~`, `%` (each maybe doubled) and `+` prefixes
      for (;;) {
        const c = this.code(i);
        if ((c === Char.Caret || c === Char.Equals || c === Char.Tilde || c === Char.Percent) && i + 1 < close) {
          i++;
          if (this.code(i) === c) i++;
        } else if (c === Char.Plus && i + 1 < close) i++;
        else break;
      }
    }
    const prefixEnd = i;
    const c0 = this.code(i);
    if (c0 === Char.Hash && i + 1 < close) {
      // `${#}` counts the positional parameters; `${#name}` is a length
      const n = this.code(i + 1);
      if (isNameChar(n) || n === Char.At || n === Char.Star || n === Char.Question || n === Char.Dollar || n === Char.Bang ||
        ((n === Char.Hash || n === Char.Minus) && i + 2 === close) || (dialect.strictParameterSyntax && n === Char.LeftParen)) {
        length = true;
        i++;
      }
    } else if (c0 === Char.Bang && !dialect.strictParameterSyntax && i + 1 < close) {
      indirect = true;
      i++;
    }
    const c = this.code(i);
    if (dialect.strictParameterSyntax && c === Char.Dollar && (this.code(i + 1) === Char.LeftBrace || this.code(i + 1) === Char.LeftParen)) {
      // zsh `${${inner}…}`, `${$(cmd)…}`
      this.pos = i;
      nested = this.scanDollar(false);
      i = this.pos;
    } else if (isNameStart(c) || (dialect.strictParameterSyntax && c >= 0x80)) {
      const from = i;
      while (i < close && (isNameChar(this.code(i)) || (dialect.strictParameterSyntax && this.code(i) >= 0x80))) i++;
      name = src.slice(from, i);
    } else if (isDigit(c)) {
      const from = i;
      while (isDigit(this.code(i))) i++;
      name = src.slice(from, i);
    } else if (c === Char.At || c === Char.Star || c === Char.Hash || c === Char.Question || c === Char.Minus || c === Char.Dollar || c === Char.Bang) {
      name = src[i]!;
      i++;
    }
    let index: Word | null = null;
    if (i < close && this.code(i) === Char.LeftBracket && (name !== '' || nested !== null)) {
      const indexEnd = this.matchingClose(i + 1, Char.LeftBracket, Char.RightBracket);
      if (indexEnd >= 0 && indexEnd < close) {
        index = this.wordBetween(i + 1, indexEnd);
        i = indexEnd + 1;
        // zsh allows a second subscript: ${a[1][2]}
        while (dialect.strictParameterSyntax && i < close && this.code(i) === Char.LeftBracket) {
          const again = this.matchingClose(i + 1, Char.LeftBracket, Char.RightBracket);
          if (again < 0 || again >= close) break;
          i = again + 1;
        }
      }
    }
    let operator: string | null = null;
    let operand: Word | null = null;
    let replacement: Word | null = null;
    if (i < close) {
      const opStart = i;
      const op0 = this.code(i);
      switch (op0) {
        case Char.Colon: {
          const n = this.code(i + 1);
          if (n === Char.Minus || n === Char.Equals || n === Char.Question || n === Char.Plus) i += 2;
          else i += 1; // a substring `${x:off:len}`, or a zsh modifier `${x:h}`
          break;
        }
        case Char.Minus: case Char.Equals: case Char.Question: case Char.Plus:
          i++;
          break;
        case Char.Hash: case Char.Percent: case Char.Comma: case Char.Caret:
          i += this.code(i + 1) === op0 ? 2 : 1;
          break;
        case Char.Slash: {
          const n = this.code(i + 1);
          i += n === Char.Slash || n === Char.Hash || n === Char.Percent ? 2 : 1;
          break;
        }
        case Char.At:
          i++;
          break;
        default:
          // bash and dash leave the rest to run time ("bad substitution"), as zsh does (see `invalid`).
          break;
      }
      operator = src.slice(opStart, i);
      if (op0 === Char.Slash) {
        const slash = this.unquotedCharBefore(i, close, Char.Slash);
        if (slash >= 0) {
          operand = this.wordBetween(i, slash);
          replacement = this.wordBetween(slash + 1, close);
        } else operand = this.wordBetween(i, close);
      } else operand = this.wordBetween(i, close);
    }
    this.pos = close + 1;
    this.leave();
    const zshPrefix = src.slice(prefixStart, prefixEnd);
    return { type: 'ParameterExpansion', span: [start, close + 1], name, braced: true, length, indirect, flags, nested, index, operator, operand, replacement, invalid, ...(zshPrefix ? { zshPrefix } : {}) };
  }

  /** zsh parameter flags `(…)`, whose delimiters may be any character: `(j:,:)`, `(s.x.)`. */
  private zshFlagsEnd(open: number): number {
    let i = open + 1;
    while (i < this.end) {
      const c = this.src.charCodeAt(i);
      if (c === Char.RightParen) return i;
      // flags that take a delimited argument: j s l r q ... use the next char as delimiter
      if ((c === 106 /* j */ || c === 115 /* s */ || c === 108 /* l */ || c === 114 /* r */ || c === 90 /* Z */ || c === 95 /* _ */ || c === 103 /* g */ || c === 73 /* I */) && i + 1 < this.end) {
        let delim = this.src.charCodeAt(i + 1);
        if (delim === Char.RightParen) return i + 1;
        const closeDelim = delim === Char.LeftParen ? Char.RightParen : delim === Char.LeftBracket ? Char.RightBracket : delim === Char.LeftBrace ? Char.RightBrace : delim === Char.Less ? Char.Greater : delim;
        let j = i + 2;
        // l and r take up to two arguments
        const args = c === 108 || c === 114 ? 3 : 1;
        let n = 0;
        while (j < this.end && n < args) {
          if (this.src.charCodeAt(j) === closeDelim) {
            n++;
            if (c !== 108 && c !== 114) break;
            if (this.code(j + 1) !== delim) break;
            j++;
          }
          j++;
        }
        if (j >= this.end) break;
        i = j + 1;
        delim = 0;
        continue;
      }
      i++;
    }
    this.error('unterminated parameter flags: close `${(` with `)`', open, this.end);
  }

  /** The `}` closing a parameter expansion's operand, skipping quotes and nested expansions. */
  private parameterOperandEnd(from: number): number {
    const known = this.braceCloses.get(from);
    if (known !== undefined) return known;
    const src = this.src;
    let i = from;
    // open `${` (and, in zsh, `{`) inside, innermost last: where their bodies start
    const open: number[] = [];
    while (i < this.end) {
      const c = src.charCodeAt(i);
      if (c === Char.Dollar && this.code(i + 1) === Char.SingleQuote && this.dialect.ansiCQuotes) {
        i = skipAnsiCQuoted(src, i + 1, this.end);
        if (i < 0) return -1;
        continue;
      }
      if (c === Char.RightBrace) {
        if (open.length === 0) {
          this.braceCloses.set(from, i);
          return i;
        }
        // remember where each nested `${` closes, so reading it later costs nothing
        this.braceCloses.set(open.pop()!, i);
      } else if (c === Char.LeftBrace && this.dialect.parameterBraceNesting) {
        open.push(-1);
      } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote || c === Char.Backquote) {
        i = c === Char.Backquote ? skipBackquoted(src, i, this.end) : skipQuoted(src, i, this.end);
        if (i < 0) return -1;
        continue;
      } else if (c === Char.Dollar && this.code(i + 1) === Char.LeftParen) {
        const saved = this.pos;
        this.pos = i;
        this.scanDollar(false);
        i = this.pos;
        this.pos = saved;
        continue;
      } else if ((c === Char.Less || c === Char.Greater) && this.code(i + 1) === Char.LeftParen && this.dialect.processSubstitution) {
        // `${a-<(cmd)}`: bash runs the process substitution inside the operand
        const saved = this.pos;
        this.pos = i;
        this.scanProcessSubstitution();
        i = this.pos;
        this.pos = saved;
        continue;
      } else if (c === Char.Dollar && this.code(i + 1) === Char.LeftBrace) {
        // a nested `${…}` needs its own `}`: counted here, not by recursion, so the scan stays linear
        open.push(i + 2);
        i++;
      }
      i++;
    }
    return -1;
  }

  /** The first unquoted `ch` between from and to, or -1. */
  private unquotedCharBefore(from: number, to: number, ch: number): number {
    const src = this.src;
    for (let i = from; i < to; i++) {
      const c = src.charCodeAt(i);
      if (c === ch) return i;
      if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote) {
        const after = skipQuoted(src, i, to);
        if (after < 0) return -1;
        i = after - 1;
      } else if (c === Char.Dollar && (this.code(i + 1) === Char.LeftBrace || this.code(i + 1) === Char.LeftParen)) {
        const open = this.code(i + 1);
        const q = this.matchingClose(i + 2, open, open === Char.LeftBrace ? Char.RightBrace : Char.RightParen);
        if (q < 0 || q >= to) return -1;
        i = q;
      }
    }
    return -1;
  }

  /** A word made of the text between two offsets, read as a parameter operand (quotes honoured, blanks kept). */
  private wordBetween(from: number, to: number): Word {
    const saved = this.pos;
    this.pos = from;
    const base = this.partTop;
    const src = this.src;
    let unquoted = true;
    let pos = from;
    let litStart = from;
    while (pos < to) {
      const c = src.charCodeAt(pos);
      if (c === Char.Backslash && pos + 1 < to) {
        this.pushSlice(litStart, pos);
        if (src.charCodeAt(pos + 1) !== Char.Newline) this.pushPart({ type: 'Escaped', span: [pos, pos + 2], value: src[pos + 1]! });
        unquoted = false;
        pos += 2;
        litStart = pos;
      } else if (c === Char.SingleQuote) {
        const after = skipQuoted(src, pos, to);
        this.pushSlice(litStart, pos);
        const close = after < 0 ? to : after - 1;
        this.pushPart({ type: 'SingleQuoted', span: [pos, Math.min(close + 1, to)], value: src.slice(pos + 1, close) });
        unquoted = false;
        pos = close + 1;
        litStart = pos;
      } else if (c === Char.DoubleQuote) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanDoubleQuoted());
        unquoted = false;
        pos = this.pos;
        litStart = pos;
      } else if (c === Char.Dollar && this.dollarExpands(pos, false, to)) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanDollar(false));
        pos = this.pos;
        litStart = pos;
      } else if ((c === Char.Less || c === Char.Greater) && pos + 1 < to && src.charCodeAt(pos + 1) === Char.LeftParen && this.dialect.processSubstitution) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanProcessSubstitution());
        pos = this.pos;
        litStart = pos;
      } else if (c === Char.Backquote) {
        this.pushSlice(litStart, pos);
        this.pos = pos;
        this.pushPart(this.scanBackquote(false));
        pos = this.pos;
        litStart = pos;
      } else pos++;
    }
    const last = Math.min(pos, to);
    this.pushSlice(litStart, last);
    this.pos = saved;
    const parts = this.takeParts(base);
    const only = parts.length === 1 ? parts[0]!.span : null;
    return { type: 'Word', span: only !== null && only[0] === from && only[1] === to ? only : [from, to], parts, unquoted };
  }

  // ------------------------------------------------------------------ substitutions

  /** `<(…)`, `>(…)`, zsh `=(…)`; pos at the operator. */
  private scanProcessSubstitution(): ProcessSubstitution {
    const start = this.pos;
    const cached = this.processSubstitutions.get(start);
    if (cached) {
      this.pos = cached.span[1];
      return cached;
    }
    const c = this.src.charCodeAt(start);
    const operator = c === Char.Less ? '<' : c === Char.Greater ? '>' : '=';
    this.enter(start);
    this.pos = start + 2;
    const outerFallback = this.arithmeticFallback;
    // `<(((…` is scanned by bash the way `$(((…` is
    this.arithmeticFallback = this.code(start + 2) === Char.LeftParen && this.code(start + 3) === Char.LeftParen;
    this.insideProcessSubstitution++;
    const body = this.nestedParser.parseUntilCloseParen(start);
    this.insideProcessSubstitution--;
    this.arithmeticFallback = outerFallback;
    this.leave();
    const part: ProcessSubstitution = { type: 'ProcessSubstitution', span: [start, this.pos], operator, body };
    this.processSubstitutions.set(start, part);
    return part;
  }

  // ------------------------------------------------------------------ here-documents

  /** Queue a here-document: its body starts after the next newline. */
  queueHeredoc(redirect: Redirect): void {
    this.pendingHeredocs.push(redirect);
  }

  /** Set the queue aside while the body of a substitution is read: the here-documents opened inside it queue apart. */
  holdPendingHeredocs(): Redirect[] {
    const held = this.pendingHeredocs;
    this.pendingHeredocs = [];
    return held;
  }

  /** Back from a substitution: the queue set aside, then those opened inside it and still waiting for their line's end. */
  resumePendingHeredocs(held: Redirect[]): void {
    // appended in place: a copy per substitution would grow with the line (`$(cat <<E)` × 10,000)
    for (const redirect of this.pendingHeredocs) held.push(redirect);
    this.pendingHeredocs = held;
  }

  /** At the end of the input: here-documents still waiting read as empty and unterminated. */
  closePendingHeredocs(): void {
    for (const redirect of this.pendingHeredocs) {
      const heredoc = redirect.heredoc!;
      heredoc.terminated = false;
      heredoc.span = [this.end, this.end];
      heredoc.body = { type: 'Word', span: [this.end, this.end], parts: [], unquoted: false };
    }
    this.pendingHeredocs = [];
  }

  /** Read the bodies of the pending here-documents; pos just after a newline. */
  private readHeredocBodies(): void {
    const pending = this.pendingHeredocs;
    this.pendingHeredocs = [];
    for (const redirect of pending) this.readHeredocBody(redirect.heredoc!);
    this.tokenEnd = this.pos;
  }

  private readHeredocBody(heredoc: Heredoc): void {
    const src = this.src;
    const start = this.pos;
    const delimiter = heredoc.delimiter;
    let lineStart = start;
    let bodyEnd = -1;
    let after = this.end;
    while (lineStart < this.end) {
      let lineEnd = src.indexOf('\n', lineStart);
      if (lineEnd < 0 || lineEnd > this.end) lineEnd = this.end;
      let textStart = lineStart;
      if (heredoc.stripTabs) while (textStart < lineEnd && src.charCodeAt(textStart) === Char.Tab) textStart++;
      let line = src.slice(textStart, lineEnd);
      if (!heredoc.quoted) {
        // In an unquoted body a backslash-newline joins lines before the delimiter is looked for:
        // `EO\⏎F` ends the body at `EOF`, and `a\⏎EOF` is body text.
        while (lineEnd < this.end && endsInOddBackslashes(line)) {
          let next = src.indexOf('\n', lineEnd + 1);
          if (next < 0 || next > this.end) next = this.end;
          line = line.slice(0, -1) + src.slice(lineEnd + 1, next);
          lineEnd = next;
        }
      }
      if (line === delimiter) {
        bodyEnd = lineStart;
        after = lineEnd < this.end ? lineEnd + 1 : lineEnd;
        break;
      }
      if (this.insideCommandSubstitution > 0 && this.dialect.heredocEndsAtCloseParen && line.startsWith(delimiter) &&
        line.length > delimiter.length && line.charCodeAt(delimiter.length) === Char.RightParen) {
        // bash ends a here-document inside `$(…)` at `DELIM)`, and the `)` closes the substitution.
        bodyEnd = lineStart;
        after = textStart + delimiter.length;
        break;
      }
      if ((this.insideCommandSubstitution > 0 || this.insideProcessSubstitution > 0) && this.dialect.heredocEndsAtCloseParen &&
        line.startsWith(delimiter) && line.includes(')', delimiter.length)) {
        // bash 5.2 also ends it at `DELIMb)`, `DELIM ;)`, … and reads the rest of the line as commands
        // (not at `DELIM')'` or `DELIM(x)`): a reading treeward does not follow, so it refuses the line
        this.error(`a here-document line inside a substitution that starts with its delimiter \`${delimiter}\` and holds a \`)\`: bash may end the here-document there and read the rest as commands; put the delimiter alone on its line`, textStart, lineEnd, 'unsupported');
      }
      lineStart = lineEnd + 1;
    }
    const terminated = bodyEnd >= 0;
    if (!terminated) bodyEnd = this.end;
    heredoc.terminated = terminated;
    heredoc.span = [start, after];
    if (heredoc.quoted) {
      const value = src.slice(start, bodyEnd);
      heredoc.body = { type: 'Word', span: [start, bodyEnd], parts: value ? [{ type: 'Literal', span: [start, bodyEnd], value }] : [], unquoted: false };
    } else {
      this.pos = start;
      const parts = this.scanQuotedParts(-1, true, bodyEnd);
      heredoc.body = { type: 'Word', span: [start, bodyEnd], parts, unquoted: false };
    }
    this.pos = after;
  }
}

// ------------------------------------------------------------------ helpers

/** Whether the character at `offset` lies in an unquoted literal part of the word. */
function isUnquotedLiteralAt(word: Word, offset: number): boolean {
  for (const p of word.parts) {
    if (offset >= p.span[0] && offset < p.span[1]) return p.type === 'Literal' || p.type === 'Glob';
  }
  return false;
}

/** The two top-level `;` that split the text of an arithmetic `for` into its clauses, or null. */
function arithmeticForSemicolons(text: string): [number, number] | null {
  const semis: number[] = [];
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === Char.SingleQuote || c === Char.DoubleQuote) {
      // a backslash outside quotes is not skipped, so `i=0\;` splits at its `;` (bash refuses that line)
      const after = skipQuoted(text, i, text.length);
      if (after < 0) {
        if (c === Char.SingleQuote) return null;
        break;
      }
      i = after;
      continue;
    }
    if (c === Char.LeftParen) depth++;
    else if (c === Char.RightParen) depth--;
    else if (c === Char.Semi && depth === 0) semis.push(i);
    i++;
  }
  return semis.length === 2 ? [semis[0]!, semis[1]!] : null;
}

/** The part of an arithmetic `for`'s text between two of its offsets, with the expansions inside it. */
function clause(whole: Arithmetic, from: number, to: number): Arithmetic {
  const base = whole.span[0];
  return {
    type: 'Arithmetic', span: [base + from, base + to], text: whole.text.slice(from, to),
    parts: whole.parts.filter((p) => p.span[0] >= base + from && p.span[1] <= base + to),
  };
}

function isOperatorStart(c: number): boolean {
  return c === Char.Amp || c === Char.Pipe || c === Char.Semi || c === Char.Less || c === Char.Greater;
}

function endsInOddBackslashes(line: string): boolean {
  let n = 0;
  for (let i = line.length - 1; i >= 0 && line.charCodeAt(i) === Char.Backslash; i--) n++;
  return n % 2 === 1;
}

function charWidth(src: string, i: number): number {
  const c = src.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < src.length ? 2 : 1;
}

function precededByBackslash(src: string, i: number): boolean {
  let n = 0;
  while (i - 1 - n >= 0 && src.charCodeAt(i - 1 - n) === Char.Backslash) n++;
  return n % 2 === 1;
}

function parameter(name: string, span: Span): ParameterExpansion {
  return {
    type: 'ParameterExpansion', span, name, braced: false, length: false, indirect: false,
    flags: null, nested: null, index: null, operator: null, operand: null, replacement: null, invalid: null,
  };
}

/** Whether `$` followed by `c` starts an expansion outside double quotes. */
function startsDollarExpansion(c: number, dialect: Dialect): boolean {
  if (isNameChar(c)) return true;
  switch (c) {
    case Char.LeftParen: case Char.LeftBrace: case Char.At: case Char.Star: case Char.Hash: case Char.Question:
    case Char.Minus: case Char.Dollar: case Char.Bang:
      return true;
    case Char.LeftBracket:
      return dialect.bracketArithmetic;
    case Char.SingleQuote:
      return dialect.ansiCQuotes;
    case Char.DoubleQuote:
      return dialect.localeQuotes;
    default:
      return false;
  }
}

function startsDollarExpansionInQuotes(c: number, dialect: Dialect): boolean {
  if (c === Char.SingleQuote || c === Char.DoubleQuote) return false;
  return startsDollarExpansion(c, dialect);
}

/** Decode the escapes of `$'…'`; `\x` and octal escapes give bytes, read as UTF-8. */
export function decodeAnsiC(raw: string): string {
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length === 0) return;
    out += new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
    bytes = [];
  };
  const isHex = (c: string | undefined) => c !== undefined && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\' || i + 1 >= raw.length) { flush(); out += c; continue; }
    const n = raw[++i]!;
    if (n === 'x') {
      let hex = '';
      if (raw[i + 1] === '{') {
        const close = raw.indexOf('}', i + 2);
        if (close > 0) {
          hex = raw.slice(i + 2, close);
          i = close;
          flush();
          const cp = parseInt(hex, 16);
          out += Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
          continue;
        }
      }
      while (hex.length < 2 && isHex(raw[i + 1])) hex += raw[++i];
      if (hex) bytes.push(parseInt(hex, 16));
      else { flush(); out += '\\x'; }
      continue;
    }
    if (n >= '0' && n <= '7') {
      let oct = n;
      while (oct.length < 3 && i + 1 < raw.length && raw[i + 1]! >= '0' && raw[i + 1]! <= '7') oct += raw[++i];
      bytes.push(parseInt(oct, 8) & 0xff);
      continue;
    }
    flush();
    switch (n) {
      case 'a': out += '\x07'; break;
      case 'b': out += '\b'; break;
      case 'e': case 'E': out += '\x1b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case '\\': out += '\\'; break;
      case "'": out += "'"; break;
      case '"': out += '"'; break;
      case '?': out += '?'; break;
      case 'u': case 'U': {
        const max = n === 'u' ? 4 : 8;
        let hex = '';
        while (hex.length < max && isHex(raw[i + 1])) hex += raw[++i];
        const cp = hex ? parseInt(hex, 16) : -1;
        out += cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\\' + n + hex;
        break;
      }
      case 'c': {
        // `\c\\` takes both backslashes as its character
        if (i + 1 < raw.length) {
          let ch = raw[++i]!;
          if (ch === '\\' && raw[i + 1] === '\\') i++;
          if (ch === '?') { out += '\x7f'; break; }
          ch = ch.toUpperCase();
          out += String.fromCharCode(ch.charCodeAt(0) & 0x1f);
        } else out += '\\c';
        break;
      }
      default:
        out += '\\' + n;
    }
  }
  flush();
  return out;
}

// ------------------------------------------------------------------ word parts

/**
 * Split the unquoted literal text of a finished word into the parts the
 * shell expands: a tilde prefix, brace expansions (bash, zsh), and globs.
 */
function finishWordParts(parts: WordPart[], dialect: Dialect): WordPart[] {
  let out = parts;
  const first = out[0];
  if (first && first.type === 'Literal') {
    if (first.value.startsWith('~')) out = splitTildes(out, dialect, false);
    else if (dialect.tildeAfterEqualsInArguments && first.value.includes('=')) out = splitAssignmentLikeTildes(out, dialect);
    else if (dialect.equalsCommandPath && first.value.length > 1 && first.value.startsWith('=')) {
      const name = first.value.slice(1).split('/')[0]!;
      if (isUserName(name)) {
        const rest = first.value.slice(1 + name.length);
        const at = first.span[0];
        const head: WordPart = { type: 'EqualsCommandPath', span: [at, at + 1 + name.length], name };
        out = rest ? [head, { type: 'Literal', span: [at + 1 + name.length, first.span[1]], value: rest }, ...out.slice(1)] : [head, ...out.slice(1)];
      }
    }
  }
  if (dialect.braceExpansion) out = splitBraces(out);
  return splitGlobs(out, dialect.zshGlobParens);
}

/**
 * Tilde prefixes in `parts`: at the start, and with `afterColons` after each
 * unquoted `:` (assignment values: `PATH=~/a:~/b`). A prefix runs to the next
 * unquoted `/` or `:`; it must be unquoted, except that zsh also expands
 * `~"/x"`.
 */
export function splitTildes(parts: WordPart[], dialect: Dialect, afterColons: boolean): WordPart[] {
  const out: WordPart[] = [];
  let atStart = true; // at the start of the value, or right after an unquoted `:`
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (p.type !== 'Literal' || p.span[1] - p.span[0] !== p.value.length) {
      out.push(p);
      atStart = false;
      continue;
    }
    const v = p.value;
    const base = p.span[0];
    let litStart = 0;
    let i = 0;
    while (i <= v.length) {
      if (atStart && v[i] === '~') {
        let end = i + 1;
        while (end < v.length && v[end] !== '/' && !(afterColons && v[end] === ':')) end++;
        const user = v.slice(i + 1, end);
        const endsPrefix = end < v.length || k === parts.length - 1 || dialect.tildeBeforeQuotes;
        const validUser = user === '' || (isUserName(user) && user !== '-' && user.charCodeAt(0) !== Char.Plus) || ((user === '+' || user === '-') && dialect.tildePlusMinus);
        if (endsPrefix && validUser) {
          if (i > litStart) out.push({ type: 'Literal', span: [base + litStart, base + i], value: v.slice(litStart, i) });
          out.push({ type: 'Tilde', span: [base + i, base + end], user });
          litStart = i = end;
        }
      }
      if (i >= v.length) break;
      atStart = afterColons && v[i] === ':';
      i++;
    }
    if (litStart < v.length) out.push({ type: 'Literal', span: [base + litStart, base + v.length], value: v.slice(litStart) });
  }
  return out;
}

/** bash expands tildes after `=` (and `:`) in any word that starts like an assignment: `echo x=~/y`. */
function splitAssignmentLikeTildes(parts: WordPart[], dialect: Dialect): WordPart[] {
  const first = parts[0];
  if (!first || first.type !== 'Literal' || first.span[1] - first.span[0] !== first.value.length) return parts;
  let cut = 0;
  while (cut < first.value.length && isNameChar(first.value.charCodeAt(cut))) cut++;
  if (cut === 0 || !isNameStart(first.value.charCodeAt(0)) || first.value.charCodeAt(cut) !== Char.Equals) return parts;
  cut++;
  if (!parts.some((p) => p.type === 'Literal' && p.value.includes('~'))) return parts;
  const head: WordPart = { type: 'Literal', span: [first.span[0], first.span[0] + cut], value: first.value.slice(0, cut) };
  const rest: WordPart[] = cut < first.value.length ? [{ type: 'Literal', span: [first.span[0] + cut, first.span[1]], value: first.value.slice(cut) }] : [];
  return [head, ...splitTildes([...rest, ...parts.slice(1)], dialect, true)];
}

function isUserName(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!(isNameChar(c) || c === Char.Dot || c === Char.Plus || c === Char.Minus)) return false;
  }
  return true;
}

function hasGlobCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === Char.Star || c === Char.Question || c === Char.LeftBracket) return true;
  }
  return false;
}

/** Split unquoted `*`, `?`, `[…]` out of literal parts into Glob parts. */
function splitGlobs(parts: WordPart[], zshGroups = false): WordPart[] {
  let out: WordPart[] | null = null;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (p.type === 'BraceExpansion' && p.alternatives) {
      p.alternatives = p.alternatives.map((a) => splitGlobs(a, zshGroups));
    }
    if (p.type !== 'Literal' || !(hasGlobCharacter(p.value) || (zshGroups && (p.value.includes('(') || p.value.includes('<'))))) {
      if (out) out.push(p);
      continue;
    }
    if (!out) out = parts.slice(0, k);
    const v = p.value;
    const base = p.span[0];
    // Only exact when the literal's span matches its value (no line continuations inside).
    const exact = p.span[1] - p.span[0] === v.length;
    let litStart = 0;
    let i = 0;
    let ends: Int32Array | undefined;
    const pushLit = (to: number) => {
      if (to > litStart) out!.push({ type: 'Literal', span: exact ? [base + litStart, base + to] : p.span, value: v.slice(litStart, to) });
    };
    while (i < v.length) {
      const c = v.charCodeAt(i);
      if (c === Char.Star || c === Char.Question) {
        pushLit(i);
        let j = i + 1;
        while (j < v.length && (v.charCodeAt(j) === Char.Star || v.charCodeAt(j) === Char.Question)) j++;
        out.push({ type: 'Glob', span: exact ? [base + i, base + j] : p.span, pattern: v.slice(i, j) });
        i = litStart = j;
      } else if (c === Char.LeftBracket) {
        ends ??= bracketScanEnds(v);
        const close = bracketEnd(v, i, ends);
        if (close < 0) { i++; continue; }
        pushLit(i);
        out.push({ type: 'Glob', span: exact ? [base + i, base + close + 1] : p.span, pattern: v.slice(i, close + 1) });
        i = litStart = close + 1;
      } else if (zshGroups && (c === Char.LeftParen || (c === Char.Less && /^<\d*-\d*>/.test(v.slice(i))))) {
        // zsh: a group or qualifier `(…)` (to its matching `)`, or the end), a numeric glob `<1-5>`
        let j = i + 1;
        if (c === Char.Less) j = v.indexOf('>', i) + 1;
        else for (let depth = 1; j < v.length && depth > 0; j++) depth += v[j] === '(' ? 1 : v[j] === ')' ? -1 : 0;
        pushLit(i);
        out.push({ type: 'Glob', span: exact ? [base + i, base + j] : p.span, pattern: v.slice(i, j) });
        i = litStart = j;
      } else i++;
    }
    pushLit(v.length);
  }
  return out ?? parts;
}

/** The `]` closing a bracket expression opened at `open`, or -1 (`ends` from bracketScanEnds). */
function bracketEnd(v: string, open: number, ends: Int32Array): number {
  let i = open + 1;
  if (v[i] === '!' || v[i] === '^') i++;
  if (v[i] === ']') i++;
  return i < v.length ? ends[i]! : -1;
}

/**
 * For each offset of `v`, where a bracket expression's scan from there
 * ends: at the first `]`, skipping `[:…:]`, `[.….]`, `[=…=]` (-1 when
 * none closes). One pass from the end, so a glob of many `[` that never
 * close costs no more than one that does.
 */
function bracketScanEnds(v: string): Int32Array {
  const n = v.length;
  const ends = new Int32Array(n + 1);
  ends[n] = -1;
  // the nearest `:]`, `.]`, `=]` at or after i + 2
  let colon = -1;
  let dot = -1;
  let equals = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (i + 3 < n && v.charCodeAt(i + 3) === Char.RightBracket) {
      const t = v.charCodeAt(i + 2);
      if (t === Char.Colon) colon = i + 2;
      else if (t === Char.Dot) dot = i + 2;
      else if (t === Char.Equals) equals = i + 2;
    }
    const c = v.charCodeAt(i);
    if (c === Char.RightBracket) ends[i] = i;
    else if (c === Char.LeftBracket && i + 1 < n) {
      const k = v.charCodeAt(i + 1);
      const term = k === Char.Colon ? colon : k === Char.Dot ? dot : k === Char.Equals ? equals : -2;
      ends[i] = term === -2 ? ends[i + 1]! : term < 0 ? -1 : ends[term + 2]!;
    } else ends[i] = ends[i + 1]!;
  }
  return ends;
}

/**
 * Find `{a,b}` and `{x..y}` groups made of unquoted literal braces and
 * commas. A group may span quoted parts: `{a,"b c"}` is two alternatives.
 *
 * Linear in the word (times the depth of groups read, at most 32): each `{`
 * knows its matching `}` and its own commas from one pass, so no scan
 * starts again at every `{` (a word of 10,000 `{` stays cheap).
 */
function splitBraces(parts: WordPart[]): WordPart[] {
  let n = 0;
  let any = false;
  for (const p of parts) {
    if (p.type !== 'Literal') n++;
    else {
      n += p.value.length;
      if (!any && p.value.includes('{')) any = true;
    }
  }
  if (!any) return parts;
  // Items: one per character of the literals (`flat` holds them, a part stands as a NUL), one per other part.
  const whole: (WordPart | undefined)[] = new Array<WordPart | undefined>(n);
  const at = new Int32Array(n); // the source offset of each item
  const pieces: string[] = [];
  let k = 0;
  for (const p of parts) {
    if (p.type === 'Literal') {
      const exact = p.span[1] - p.span[0] === p.value.length;
      pieces.push(p.value);
      for (let i = 0; i < p.value.length; i++) at[k++] = exact ? p.span[0] + i : p.span[0];
    } else {
      pieces.push('\0');
      whole[k] = p;
      at[k++] = p.span[0];
    }
  }
  const flat = pieces.join('');
  const isChar = (i: number, c: number) => whole[i] === undefined && flat.charCodeAt(i) === c;
  // Each `{`'s matching `}` (-1: none) and its first top-level comma; each comma's next one in the same group.
  const close = new Int32Array(n).fill(-1);
  const firstComma = new Int32Array(n).fill(-1);
  const nextComma = new Int32Array(n).fill(-1);
  const lastComma = new Int32Array(n).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < n; i++) {
    if (whole[i] !== undefined) continue;
    const c = flat.charCodeAt(i);
    if (c === Char.LeftBrace) open.push(i);
    else if (c === Char.RightBrace) {
      if (open.length > 0) close[open.pop()!] = i;
    } else if (c === Char.Comma && open.length > 0) {
      const g = open[open.length - 1]!;
      if (firstComma[g] < 0) firstComma[g] = i;
      else nextComma[lastComma[g]] = i;
      lastComma[g] = i;
    }
  }
  const out = toParts(0, n, 0);
  return out.some((p) => p.type === 'BraceExpansion') ? out : parts;

  function toParts(from: number, to: number, depth: number): WordPart[] {
    const result: WordPart[] = [];
    let run = -1; // where the current run of characters started
    const flushText = (end: number) => {
      if (run >= 0 && end > run) result.push({ type: 'Literal', span: [at[run]!, at[end - 1]! + 1], value: flat.slice(run, end) });
      run = -1;
    };
    let i = from;
    while (i < to) {
      const group = depth < 32 ? findGroup(i, to, depth) : null;
      if (group) {
        flushText(i);
        result.push(group);
        i = close[i]! + 1;
        continue;
      }
      const part = whole[i];
      if (part === undefined) {
        if (run < 0) run = i;
      } else {
        flushText(i);
        result.push(part);
      }
      i++;
    }
    flushText(to);
    return result;
  }

  function findGroup(i: number, limit: number, depth: number): BraceExpansion | null {
    if (!isChar(i, Char.LeftBrace)) return null;
    const end = close[i]!;
    if (end < 0 || end >= limit) return null;
    const span: Span = [at[i]!, at[end]! + 1];
    if (firstComma[i] >= 0) {
      const alternatives: WordPart[][] = [];
      let from = i + 1;
      for (let c = firstComma[i]!; c >= 0; c = nextComma[c]!) {
        alternatives.push(toParts(from, c, depth + 1));
        from = c + 1;
      }
      alternatives.push(toParts(from, end, depth + 1));
      return { type: 'BraceExpansion', span, alternatives, sequence: null };
    }
    // a sequence {a..b[..c]}: only literal characters inside (stop at the first that cannot be one)
    for (let j = i + 1; j < end; j++) {
      const c = flat.charCodeAt(j);
      if (whole[j] !== undefined || !(isNameChar(c) || c === Char.Dot || c === Char.Minus)) return null;
    }
    const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(flat.slice(i + 1, end));
    if (!m) return null;
    return { type: 'BraceExpansion', span, alternatives: null, sequence: { start: m[1]!, end: m[2]!, step: m[3] ?? null } };
  }
}
