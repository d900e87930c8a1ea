// The lexer's state and the primitives every part of it uses: where it
// stands, the token read last, the stack of word parts under construction,
// the nesting budget and its errors. Each reading of the lexer lives in a
// module of its own as free functions taking the lexer first (words.ts,
// quotes.ts, dollar.ts, heredocs.ts, redirect-operators.ts); lexer.ts reads
// tokens with them. TypeScript cannot spread one class over files, so the
// state is one class and the readings are functions of it.

import type {
  Arithmetic, CommandSubstitution, ProcessSubstitution, Redirect, RedirectOperator, Span, Statement, Word, WordPart,
} from '../syntax/ast.js';
import { budgets } from '../budgets.js';
import type { Dialect } from '../syntax/dialect.js';
import { BudgetError, ParseError, type ParseErrorKind } from '../syntax/errors.js';
import { Char, isNameChar } from './chars.js';
import { type LexMode, Token } from './tokens.js';

/** How the lexer asks the parser to read the commands inside a substitution. */
export interface NestedParser {
  /** Read a command list from the lexer's position up to its closing `)`, and consume the `)`. */
  parseUntilCloseParen(openedAt: number): Statement[];
  /** Read the commands of a backquoted substitution from its unescaped text. */
  parseBackquoted(text: string, positions: readonly number[], span: Span): Statement[];
}

export abstract class LexerState {
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
  /**
   * For Token.Word: the word; whether it holds unquoted text the shell
   * expands (`*`, `?`, `[`, `{`, `~`, a leading `=`), whose parts the parser
   * splits out (parser/word-parts.ts) before it reads the word; and its text
   * when it is one wholly unquoted literal (for such a word, once split).
   */
  word: Word | null = null;
  wordExpands = false;
  wordLiteral: string | null = null;
  /** For Token.Redirect. */
  redirectOperator: RedirectOperator = '<';
  redirectFd: number | null = null;
  redirectFdVariable: string | null = null;
  /** For Token.ArithmeticCommand. */
  arithmetic: Arithmetic | null = null;
  /** For a `<` or `>` read inside `[[ ]]`: an operator, never an operand. */
  conditionOperator = false;
  /** The substitution being read opened as `$(((` and is a command after all (bash reads its case patterns badly). */
  arithmeticFallback = false;

  // What follows is the lexer's own working state, which its modules read and
  // write; the parser uses none of it (test/parser/boundaries.test.ts).

  /**
   * `$(…)` already read, by where they start: a look-ahead scan (for the end
   * of a `${…}`) and a token read again in another mode reuse the first
   * reading instead of parsing the body twice, which keeps nested
   * substitutions linear and their here-documents queued once.
   */
  readonly substitutions = new Map<number, CommandSubstitution>();
  readonly processSubstitutions = new Map<number, ProcessSubstitution>();
  /** Where the `}` of a `${…}` whose body starts at a given offset is (-1 entries are zsh's bare braces). */
  readonly braceCloses = new Map<number, number>();
  /**
   * Where the `)` closing a `(` whose inside starts at a given offset is, as matchingClose found it:
   * 0 not known yet, 1 none, else the offset + 2 (allocated with the first look, one slot per offset).
   */
  parenCloses: Int32Array | null = null;

  /** Here-documents whose bodies start after the next newline, in order. */
  pendingHeredocs: Redirect[] = [];
  /** True while reading inside `$( )`: bash ends a here-document at `DELIM)` there. */
  insideCommandSubstitution = 0;
  /** `<( )` and `>( )` bodies being read (bash reads their here-documents as those of `$( )`). */
  insideProcessSubstitution = 0;
  /** Constructs open at once, shared with the parser (and a backquoted body's own parser). */
  private nesting: number;

  /** Here-documents queued before the token read last began (what unread() gives back). */
  heredocsBeforeToken = 0;

  /**
   * The parts of the words being read, innermost last: each scan pushes its
   * parts above the ones of the scan it is nested in and takes them off as
   * one array of the exact size (a list grown by push keeps 17 slots, and a
   * 1 MB line holds hundreds of thousands of words).
   */
  readonly partStack: WordPart[] = [];
  partTop = 0;

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

  pushPart(part: WordPart): void {
    this.partStack[this.partTop++] = part;
  }

  takeParts(base: number): WordPart[] {
    const stack = this.partStack;
    const n = this.partTop - base;
    this.partTop = base;
    // most words are one or two parts: an array literal is cheaper than a call to slice
    if (n === 1) return [stack[base]!];
    if (n === 2) return [stack[base]!, stack[base + 1]!];
    return stack.slice(base, base + n);
  }

  /** Push src[from, to) as a literal, when it is not empty. */
  pushSlice(from: number, to: number): void {
    if (to > from) this.pushPart({ type: 'Literal', span: [from, to], value: this.src.slice(from, to) });
  }

  /** Push the literal text held back (across line continuations) and src[litStart, to), spanning [from, to), when there is any. */
  pushLiteral(from: number, litStart: number, to: number, held: string): void {
    if (to > litStart) this.pushPart({ type: 'Literal', span: [from, to], value: held + this.src.slice(litStart, to) });
    else if (held) this.pushPart({ type: 'Literal', span: [from, to], value: held });
  }

  code(i: number): number {
    return i < this.end ? this.src.charCodeAt(i) : -1;
  }

  finish(token: Token, end: number): Token {
    this.pos = end;
    this.tokenEnd = end;
    this.token = token;
    return token;
  }

  /** The index after any line continuations (`\\⏎`) starting at `i`. */
  afterContinuations(i: number): number {
    while (this.code(i) === Char.Backslash && this.code(i + 1) === Char.Newline) i += 2;
    return i;
  }

  /** Whether `$` at `i` starts an expansion (a line continuation may stand between). */
  dollarExpands(i: number, inQuotes: boolean, limit = this.end): boolean {
    const o = this.afterContinuations(i + 1);
    if (o >= limit) return false;
    const c = this.src.charCodeAt(o);
    return inQuotes ? startsDollarExpansionInQuotes(c, this.dialect) : startsDollarExpansion(c, this.dialect);
  }

  /** Read the next token in the given mode (lexer.ts). */
  abstract next(mode: LexMode): Token;

  /** `$…`, read by dollar.ts: declared here for quotes.ts, which dollar.ts imports, to read the `$` inside `"…"`. */
  abstract scanDollar(inDoubleQuotes: boolean): WordPart;
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
