// Recursive descent over the shell grammar, as bash, sh (dash) and zsh read it.
//
// The shape follows the shells' own parsers: a list is statements joined by
// separators that ends at the first token that cannot start a command (zsh's
// par_list, bash's compound_list); reserved words are only ever recognised
// on a wholly unquoted literal word read in command position; every
// difference between the dialects is a row of `Dialect`.

import { budgets } from '../budgets.js';
import { type Dialect, type DialectName, dialects } from '../syntax/dialect.js';
import { BudgetError, ParseError, type ParseErrorKind } from '../syntax/errors.js';
import { Lexer, type NestedParser } from '../lexer/lexer.js';
import { isValidName } from '../lexer/chars.js';
import { LexMode, Token } from '../lexer/tokens.js';
import { splitTildes } from '../lexer/word-parts.js';
import { firstTopLevelExpansionProblem } from './zsh-noexec-check.js';
import { unquotedLiteral } from '../syntax/word-text.js';
import type {
  AndOr, ArrayElement, Assignment, CaseItem, Command, Heredoc, Pipeline, Redirect, Script, Span,
  SimpleCommand, Statement, TestExpression, Word, WordPart,
} from '../syntax/ast.js';

export interface ParseOptions {
  /** bash (the default), sh (as dash reads it) or zsh. */
  dialect?: DialectName;
}

/** Read a command line into its syntax tree, or throw a ParseError with a span. */
export function parse(src: string, options: ParseOptions = {}): Script {
  const dialect = dialects[options.dialect ?? 'bash'];
  if (!dialect) throw new TypeError(`unknown dialect ${String(options.dialect)}`);
  if (src.length > budgets.maxInputLength) {
    throw new BudgetError(`the line is longer than ${budgets.maxInputLength.toLocaleString('en-US')} characters`, [budgets.maxInputLength, src.length], 'input');
  }
  // A command line reaches a shell as a C string: it would end at the NUL, so no shell reads this text as written.
  const nul = src.indexOf('\0');
  if (nul !== -1) throw new ParseError('a NUL byte: no shell receives a line holding one intact; remove it', [nul, nul + 1]);
  // A lone UTF-16 surrogate has no UTF-8 form: the shell would receive U+FFFD instead of what was judged.
  const lone = (src as { isWellFormed?: () => boolean }).isWellFormed?.() === true ? null : /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(src);
  if (lone) throw new ParseError('a lone UTF-16 surrogate, which no shell can receive as written; remove it', [lone.index, lone.index + 1]);
  const parser = new Parser(src, dialect, 0);
  let body: Statement[];
  try {
    body = parser.parseProgram();
  } catch (error) {
    // The nesting budget keeps the recursion shallow; should V8's stack run out all the same, refuse the line.
    if (error instanceof RangeError) throw new BudgetError('the line nests too deeply to read', [0, Math.min(1, src.length)], 'nesting');
    throw error;
  }
  if (dialect.checkExpandsTopLevelWords) {
    const problem = firstTopLevelExpansionProblem(body, dialect);
    if (problem) throw new ParseError(`${problem.message} (zsh refuses this expansion when it reads the line)`, problem.span);
  }
  return { type: 'Script', span: [0, src.length], dialect: dialect.name, body };
}

/** Reserved words that start a compound command. */
const compoundOpeners = new Set(['if', 'while', 'until', 'for', 'case', 'select', '{', '[[', 'function', 'coproc', 'repeat', 'foreach']);

/** dash's special builtins, which it refuses as function names ("Bad function name"). */
const dashSpecialBuiltins = new Set(['break', 'continue', '.', ':', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'times', 'trap', 'unset']);

const bashUnaryTests = new Set([
  '-a', '-b', '-c', '-d', '-e', '-f', '-g', '-h', '-k', '-p', '-r', '-s', '-t', '-u', '-w', '-x',
  '-G', '-L', '-N', '-O', '-S', '-z', '-n', '-o', '-v', '-R',
]);
const bashBinaryTests = new Set([
  '=', '==', '!=', '=~', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-nt', '-ot', '-ef',
]);

class Parser implements NestedParser {
  private readonly lexer: Lexer;
  private readonly dialect: Dialect;

  // One token of look-ahead, read in a given mode; read again when the mode differs.
  private peeked = false;
  private peekMode: LexMode = LexMode.None;

  constructor(src: string, dialect: Dialect, nesting: number) {
    this.dialect = dialect;
    this.lexer = new Lexer(src, dialect, this, nesting);
  }

  // ------------------------------------------------------------------ tokens

  private peek(mode: LexMode): Token {
    const lexer = this.lexer;
    if (this.peeked) {
      if (this.peekMode === mode || !modeSensitive(lexer.token)) return lexer.token;
      lexer.unread();
    }
    const token = lexer.next(mode);
    this.peeked = true;
    this.peekMode = mode;
    return token;
  }

  /** Consume the peeked token. */
  private advance(): void {
    this.peeked = false;
    this.firstInSubstitution = false;
  }

  /** No token of the `$( )` body being read has been consumed yet (bash: `time` there is a plain word). */
  private firstInSubstitution = false;

  private get tokenStart(): number {
    return this.lexer.tokenStart;
  }

  private get tokenEnd(): number {
    return this.lexer.tokenEnd;
  }

  private fail(message: string, span?: Span, kind: ParseErrorKind = 'syntax'): never {
    const length = this.lexer.end;
    const [from, to] = span ?? [this.lexer.tokenStart, Math.max(this.lexer.tokenEnd, this.lexer.tokenStart + 1)];
    // keep the span inside the source: an error at the end points at the last character
    const end = Math.min(to, length);
    const start = Math.min(from, Math.max(0, end - 1));
    throw new ParseError(message, [start, Math.max(start, end)], kind);
  }

  private describeToken(): string {
    const lexer = this.lexer;
    switch (lexer.token) {
      case Token.EOF: return 'the end of the line';
      case Token.Newline: return 'a newline';
      default: return '`' + lexer.sourceText(lexer.tokenStart, Math.min(lexer.tokenEnd, lexer.tokenStart + 40)) + '`';
    }
  }

  private unexpected(expected?: string): never {
    this.fail(expected ? `expected ${expected}, found ${this.describeToken()}` : `unexpected ${this.describeToken()}`);
  }

  private enter(): void {
    this.lexer.enter(this.tokenStart);
  }

  private leave(): void {
    this.lexer.leave();
  }

  /** The peeked word's text when it is a reserved word of the dialect. */
  private reserved(): string | null {
    const lexer = this.lexer;
    if (lexer.token !== Token.Word) return null;
    const lit = lexer.wordLiteral;
    if (lit === null || !this.dialect.reservedWords.has(lit)) return null;
    if (lit !== '}' && this.rightAfterKeywordCloser()) return null;
    if (lit === 'time' && this.firstInSubstitution) return null;
    return lit;
  }

  private isReservedWord(name: string): boolean {
    return this.reserved() === name;
  }

  /** Where the last `fi`, `done` or `esac` ended (zsh reads the word right after one outside command position). */
  private keywordCloserEnd = -1;

  private rightAfterKeywordCloser(): boolean {
    const at = this.keywordCloserEnd;
    if (at < 0 || !this.dialect.wordRightAfterCloserIsPlain) return false;
    return this.lexer.tokenFollowsBlanksFrom(at);
  }

  /** Consume a `fi`, `done`, `esac` or `end` that closes a compound command. */
  private consumeKeywordCloser(): number {
    const end = this.tokenEnd;
    this.advance();
    this.keywordCloserEnd = end;
    return end;
  }

  private expectReserved(name: string, opened: string, openedAt: number): void {
    this.peek(LexMode.CommandPosition);
    if (!this.isReservedWord(name)) {
      this.fail(`expected \`${name}\` to close the \`${opened}\` at offset ${openedAt}, found ${this.describeToken()}`);
    }
    this.consumeKeywordCloser();
  }

  private skipNewlines(): void {
    while (this.peek(LexMode.CommandPosition) === Token.Newline) this.advance();
  }

  /** linebreak: newlines, and `;` as well where zsh skips it (zsh's SEPER, `semicolonsWhereNewlines`). */
  private skipLinebreaks(): void {
    this.skipNewlinesOrSemicolons(this.dialect.semicolonsWhereNewlines);
  }

  /** After `|`, `&&` and `||`: newlines, and `;` as well in zsh (`separatorsAfterOperator`). */
  private skipLinebreaksAfterOperator(): void {
    this.skipNewlinesOrSemicolons(this.dialect.separatorsAfterOperator);
  }

  private skipNewlinesOrSemicolons(semicolons: boolean): void {
    for (;;) {
      const t = this.peek(LexMode.CommandPosition);
      if (t === Token.Newline || (t === Token.Semi && semicolons)) this.advance();
      else return;
    }
  }

  /** Whether the peeked token (read in command position) can start a command. */
  private startsCommand(): boolean {
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

  // ------------------------------------------------------------------ nested (lexer callbacks)

  /** The next `)` closes a substitution: zsh reads its body as a program of its own, so that `)` is its end (`$(if v)` fails like `if v`). */
  private parenEndsProgram = false;

  parseUntilCloseParen(openedAt: number): Statement[] {
    // the token being read holds the substitution: its look-ahead state waits until the body is read
    const outerPeeked = this.peeked;
    const outerFlags = this.peekMode;
    this.peeked = false;
    this.enter();
    const outer = this.parenEndsProgram;
    this.parenEndsProgram = true;
    try {
      const body = this.parseSubstitutionBody(openedAt);
      this.peeked = outerPeeked;
      this.peekMode = outerFlags;
      return body;
    } finally {
      this.parenEndsProgram = outer;
    }
  }

  private parseSubstitutionBody(openedAt: number): Statement[] {
    // Here-documents opened before the substitution wait for the end of its line;
    // those opened inside it and still open at its `)` join them.
    const outerHeredocs = this.lexer.holdPendingHeredocs();
    this.firstInSubstitution = this.dialect.timeIsPlainAtSubstitutionStart;
    const body = this.parseList();
    const t = this.peek(LexMode.CommandPosition);
    if (t !== Token.RightParen) {
      if (t === Token.EOF) this.fail('unterminated `$(`: close it with `)`', [openedAt, this.lexer.end]);
      this.unexpected('`)`');
    }
    this.advance();
    this.lexer.resumePendingHeredocs(outerHeredocs);
    this.leave();
    return body;
  }

  parseBackquoted(text: string, positions: readonly number[], span: Span): Statement[] {
    const inner = new Parser(text, this.dialect, this.lexer.depth + 1);
    let body: Statement[];
    try {
      body = inner.parseProgram();
    } catch (error) {
      if (error instanceof ParseError && !(error instanceof BudgetError)) {
        const [s, e] = error.span;
        throw new ParseError(`inside backquotes: ${error.message}`, [mapPosition(positions, s, span), mapEnd(positions, e, span)], error.kind);
      }
      throw error;
    }
    remapSpans(body, positions, span);
    return body;
  }

  // ------------------------------------------------------------------ lists

  /** program : list EOF */
  parseProgram(): Statement[] {
    const body = this.parseList();
    const t = this.peek(LexMode.CommandPosition);
    if (t !== Token.EOF) {
      const keyword = this.reserved();
      if (keyword !== null) this.fail(`\`${keyword}\` with nothing open for it to close`, undefined, 'stray-closer');
      if (t === Token.RightParen) this.fail('`)` with nothing open for it to close', undefined, 'stray-closer');
      if (this.dialect.closeBraceAnywhere && this.lexer.wordLiteral === '}') this.fail('`}` with nothing open for it to close', undefined, 'stray-closer');
      this.unexpected();
    }
    this.lexer.closePendingHeredocs();
    return body;
  }

  /**
   * list : { separator } [ statement { separator statement } [ separator ] ]
   * Ends at the first token that cannot start a command; the caller checks it.
   */
  private parseList(): Statement[] {
    const body: Statement[] = [];
    for (;;) {
      this.skipLinebreaks();
      this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      if (!this.startsCommand()) break;
      const statement = this.parseStatement();
      body.push(statement);
      const t = this.peek(LexMode.CommandPosition);
      // bash and sh refuse `cmd & ;`; zsh reads the `;` as an empty separator.
      if (t === Token.Semi && (!statement.background || this.dialect.emptyLists)) {
        this.advance();
        continue;
      }
      if (statement.background || t === Token.Newline) continue;
      break;
    }
    return exactSize(body);
  }

  /** A list that bash and sh require to hold a command (zsh allows it empty). */
  private parseNonEmptyList(what: string): Statement[] {
    const body = this.parseList();
    if (body.length === 0 && !this.dialect.emptyLists) this.unexpected(`a command ${what}`);
    return body;
  }

  /** statement : and_or [ `&` | `&|` | `&!` ] */
  private parseStatement(): Statement {
    const andOr = this.parseAndOr();
    const t = this.peek(LexMode.CommandPosition);
    let background = false;
    let end = andOr.span[1];
    if (t === Token.Amp || t === Token.AmpDisown) {
      if (this.dialect.backgroundNeedsCommandWord) {
        const commands = andOr.pipelines[andOr.pipelines.length - 1]?.commands ?? [];
        const last = backgroundedCommand(commands[commands.length - 1]);
        if (last?.type === 'SimpleCommand' && last.words.length === 0) this.fail('zsh cannot run a command with no words (only assignments or redirections) in the background', [this.tokenStart, this.tokenEnd]);
      }
      background = true;
      end = this.tokenEnd;
      this.advance();
    }
    return { type: 'Statement', span: background ? [andOr.span[0], end] : andOr.span, andOr, background };
  }

  /** and_or : pipeline { (`&&` | `||`) linebreak pipeline } */
  private parseAndOr(): AndOr {
    const first = this.parsePipeline();
    const pipelines: Pipeline[] = [first];
    const operators: ('&&' | '||')[] = [];
    for (;;) {
      const t = this.peek(LexMode.CommandPosition);
      if (t !== Token.AndIf && t !== Token.OrIf) break;
      const opAt = this.tokenStart;
      this.advance();
      this.skipLinebreaksAfterOperator();
      this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      if (!this.startsCommand() && !this.isPipelinePrefix()) {
        // zsh accepts `cmd &&` with nothing after it (at the end, or before a closer), but not before `&`.
        if (this.dialect.danglingOperatorAtEnd && this.lexer.token !== Token.Amp && this.lexer.token !== Token.AmpDisown) break;
        this.unexpected(`a command after \`${t === Token.AndIf ? '&&' : '||'}\` at offset ${opAt}`);
      }
      operators.push(t === Token.AndIf ? '&&' : '||');
      pipelines.push(this.parsePipeline());
    }
    if (operators.length === 0) return { type: 'AndOr', span: first.span, pipelines, operators };
    const last = pipelines[pipelines.length - 1]!;
    return { type: 'AndOr', span: [first.span[0], last.span[1]], pipelines: exactSize(pipelines), operators: exactSize(operators) };
  }

  private isPipelinePrefix(): boolean {
    const keyword = this.reserved();
    return keyword === '!' || (keyword === 'time' && this.dialect.timeKeyword) || (keyword === 'coproc' && this.dialect.coproc === 'zsh');
  }

  /** pipeline : [ `time` [`-p`] ] [ `!` ] command { (`|` | `|&`) linebreak command } */
  private parsePipeline(): Pipeline {
    const start = this.peekStartOf(LexMode.CommandPosition | LexMode.AssignmentAllowed);
    let negated = false;
    let timed = false;
    let bangs = 0;
    for (;;) {
      this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      const keyword = this.reserved();
      if (keyword === 'time' && this.dialect.timeKeyword && (!timed || this.dialect.timePosixFlag)) {
        timed = true;
        const end = this.tokenEnd;
        this.advance();
        // bash: `time -p`, `time --`, `time -p --`, and `time time …` are all the keyword
        while (this.dialect.timePosixFlag && this.peek(LexMode.None) === Token.Word && (this.lexer.wordLiteral === '-p' || this.lexer.wordLiteral === '--')) this.advance();
        this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
        if (!this.startsCommand() && !this.isPipelinePrefix()) {
          this.expectEmptyPipelineEnd('time');
          return { type: 'Pipeline', span: [start, end], negated, timed, commands: [], operators: [] };
        }
        continue;
      }
      if (keyword === '!') {
        if (bangs > 0 && !this.dialect.repeatedBang) this.unexpected('a command after `!`');
        bangs++;
        negated = !negated;
        const end = this.tokenEnd;
        this.advance();
        this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
        if (!this.startsCommand() && !this.isPipelinePrefix()) {
          if (!this.dialect.bareBang) this.unexpected('a command after `!`');
          this.expectEmptyPipelineEnd('!');
          return { type: 'Pipeline', span: [start, end], negated, timed, commands: [], operators: [] };
        }
        continue;
      }
      if (keyword === 'coproc' && this.dialect.coproc === 'zsh') {
        // zsh: `coproc` runs the whole pipeline after it as a coprocess (and not after `!`).
        if (negated || bangs > 0) this.unexpected('a command after `!` (zsh takes no `coproc` there)');
        const at = this.tokenStart;
        const end = this.tokenEnd;
        this.advance();
        this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
        if (!this.startsCommand() && !this.isPipelinePrefix()) {
          return { type: 'Pipeline', span: [start, end], negated, timed, commands: [], operators: [] };
        }
        // zsh refuses `coproc !` and `coproc coproc` (it takes `coproc time`)
        const next = this.reserved();
        if (next === '!' || next === 'coproc') this.unexpected('a command after `coproc`');
        const inner = this.parsePipeline();
        const statement: Statement = {
          type: 'Statement', span: inner.span, background: false,
          andOr: { type: 'AndOr', span: inner.span, pipelines: [inner], operators: [] },
        };
        const body: Command = { type: 'BraceGroup', span: inner.span, body: [statement], redirects: [] };
        const coproc: Command = { type: 'Coproc', span: [at, inner.span[1]], name: null, body, redirects: [] };
        return { type: 'Pipeline', span: [start, inner.span[1]], negated, timed, commands: [coproc], operators: [] };
      }
      break;
    }
    const commands: Command[] = [this.parseCommand()];
    const operators: ('|' | '|&')[] = [];
    for (;;) {
      const t = this.peek(LexMode.CommandPosition);
      if (t !== Token.Pipe && t !== Token.PipeAmp) break;
      this.advance();
      operators.push(t === Token.Pipe ? '|' : '|&');
      this.skipLinebreaksAfterOperator();
      this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      if (!this.startsCommand()) this.unexpected('a command after `|`');
      if (commands.length >= this.dialect.maxPipelineCommands) {
        this.fail(`bash refuses a pipeline this long (its parser's stack holds about 3,333 commands): treeward reads at most ${this.dialect.maxPipelineCommands.toLocaleString('en-US')} in one pipeline; split it`);
      }
      commands.push(this.parseCommand());
    }
    const last = commands[commands.length - 1]!;
    if (operators.length === 0) return { type: 'Pipeline', span: last.span[0] === start ? last.span : [start, last.span[1]], negated, timed, commands, operators };
    return { type: 'Pipeline', span: [start, last.span[1]], negated, timed, commands: exactSize(commands), operators: exactSize(operators) };
  }

  /** A bare `!` or `time` may end a list, but not be backgrounded or piped (zsh also lets a closer follow). */
  private expectEmptyPipelineEnd(what: string): void {
    const t = this.lexer.token;
    if (t === Token.Semi || t === Token.Newline || t === Token.EOF) return;
    if (this.dialect.emptyPipelineBeforeCloser && (t === Token.RightParen || t === Token.Word)) return;
    this.unexpected(`a command after \`${what}\``);
  }

  private peekStartOf(mode: LexMode): number {
    this.peek(mode);
    return this.tokenStart;
  }

  // ------------------------------------------------------------------ commands

  /** command : compound_command { redirect } | function_definition | simple_command */
  private parseCommand(): Command {
    this.enter();
    try {
      const t = this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      let command: Command;
      switch (t) {
        case Token.LeftParen:
          command = this.parseSubshell();
          break;
        case Token.ArithmeticCommand: {
          const expression = this.lexer.arithmetic!;
          const span: Span = [this.tokenStart, this.tokenEnd];
          this.advance();
          command = { type: 'ArithmeticCommand', span, expression, redirects: [] };
          break;
        }
        case Token.EmptyParens:
          command = this.parseZshAnonymousFunction();
          break;
        case Token.Word: {
          const keyword = this.reserved();
          if (keyword === 'coproc' && this.dialect.coproc === 'zsh') this.fail('zsh reads `coproc` only at the start of a pipeline');
          if (keyword !== null && compoundOpeners.has(keyword)) {
            command = this.parseCompound(keyword);
            break;
          }
          if (keyword === 'nocorrect') {
            this.advance();
            return this.parseCommand();
          }
          if (keyword === '!') this.fail('`!` can only start a pipeline, not follow `|`');
          if (keyword !== null && keyword !== '!' && keyword !== 'time' && !this.dialect.declarationCommands.has(keyword)) {
            this.fail(`\`${keyword}\` where a command should start`);
          }
          return this.parseSimpleCommand([]);
        }
        case Token.Redirect:
          return this.parseSimpleCommand([]);
        default:
          this.unexpected('a command');
      }
      return this.withRedirects(command);
    } finally {
      this.leave();
    }
  }

  /** Redirections after a compound command belong to it. */
  private withRedirects<C extends Command>(command: C): C {
    while (this.peek(LexMode.None) === Token.Redirect) {
      if (this.lexer.redirectFdVariable !== null && this.dialect.fdVariablesOnlyOnSimpleCommands) this.fail('zsh reads `{name}>` only in a simple command');
      const redirect = this.parseRedirect();
      command.redirects.push(redirect);
      command.span = [command.span[0], redirect.span[1]];
    }
    return command;
  }

  private parseCompound(keyword: string): Command {
    switch (keyword) {
      case 'if': return this.parseIf();
      case 'while': return this.parseWhile(false);
      case 'until': return this.parseWhile(true);
      case 'for': return this.parseFor(false, false);
      case 'select': return this.parseFor(true, false);
      case 'foreach': return this.parseFor(false, true);
      case 'case': return this.parseCase();
      case '{': return this.parseBraceGroup();
      case '[[': return this.parseTest();
      case 'function': return this.parseFunctionKeyword();
      case 'coproc': return this.parseCoproc();
      case 'repeat': return this.parseRepeat();
    }
    this.fail(`\`${keyword}\` is not read here`);
  }

  /** subshell : `(` list `)` */
  private parseSubshell(): Command {
    const start = this.tokenStart;
    this.advance();
    const outer = this.parenEndsProgram;
    this.parenEndsProgram = false;
    const body = this.parseNonEmptyList('inside `( )`');
    this.parenEndsProgram = outer;
    if (this.peek(LexMode.CommandPosition) !== Token.RightParen) this.unexpected(`\`)\` to close the \`(\` at offset ${start}`);
    const end = this.tokenEnd;
    this.advance();
    return { type: 'Subshell', span: [start, end], body, redirects: [] };
  }

  /** group : `{` list `}`, and zsh's `{ list } always { list }` */
  private parseBraceGroup(): Command {
    const start = this.tokenStart;
    this.advance();
    const body = this.parseNonEmptyList('inside `{ }`');
    this.expectCloseBrace(start);
    let end = this.lastEnd;
    if (this.dialect.alwaysBlock && this.peek(LexMode.CommandPosition) === Token.Word && this.lexer.wordLiteral === 'always' && !this.rightAfterKeywordCloser()) {
      this.advance();
      this.skipLinebreaks();
      if (!(this.peek(LexMode.CommandPosition) === Token.Word && this.isReservedWord('{'))) this.unexpected('`{` after `always`');
      const open = this.tokenStart;
      this.advance();
      const always = this.parseList();
      this.expectCloseBrace(open);
      end = this.lastEnd;
      return { type: 'Always', span: [start, end], body, always, redirects: [] };
    }
    return { type: 'BraceGroup', span: [start, end], body, redirects: [] };
  }

  private lastEnd = 0;

  private expectCloseBrace(openedAt: number): void {
    this.peek(LexMode.CommandPosition);
    if (!(this.lexer.token === Token.Word && this.lexer.wordLiteral === '}' && this.dialect.reservedWords.has('}'))) {
      this.fail(`expected \`}\` to close the \`{\` at offset ${openedAt}, found ${this.describeToken()}`);
    }
    this.lastEnd = this.tokenEnd;
    this.advance();
  }

  /** if : `if` list `then` list { `elif` list `then` list } [ `else` list ] `fi`, and zsh's brace and short forms */
  private parseIf(): Command {
    const start = this.tokenStart;
    this.advance();
    const clauses: { condition: Statement[]; body: Statement[] }[] = [];
    let elseBody: Statement[] | null = null;
    let usedBraces = false;
    for (;;) {
      const condition = this.parseNonEmptyList('after `if`');
      // the list has taken its newlines; zsh takes `;` here too
      if (this.dialect.semicolonsWhereNewlines) this.skipLinebreaks();
      this.peek(LexMode.CommandPosition);
      if (this.isReservedWord('then')) {
        this.advance();
        const body = this.parseNonEmptyList('after `then`');
        clauses.push({ condition, body });
      } else if (this.dialect.braceConditionBodies && this.isReservedWord('{')) {
        const open = this.tokenStart;
        this.advance();
        const body = this.parseList();
        this.expectCloseBrace(open);
        clauses.push({ condition, body });
        usedBraces = true;
        const t = this.peek(LexMode.CommandPosition);
        if (t === Token.Semi || t === Token.Newline) return { type: 'If', span: [start, this.lastEnd], clauses, elseBody, redirects: [] };
        if (this.isReservedWord('elif')) { this.advance(); continue; }
        if (this.isReservedWord('else')) { this.advance(); break; }
        if (this.isReservedWord('fi')) {
          const end = this.consumeKeywordCloser();
          return { type: 'If', span: [start, end], clauses, elseBody, redirects: [] };
        }
        this.unexpected('`elif`, `else`, `fi` or a newline after `if … { … }`');
      } else if (this.dialect.shortBodies && condition.length > 0) {
        // zsh's short form: `if [[ c ]] cmd` runs one and-or list (zsh lets it be empty, except at the end).
        const after = this.peek(LexMode.CommandPosition);
        if (after === Token.EOF || (after === Token.RightParen && this.parenEndsProgram)) this.unexpected('a command after the condition of `if`');
        const statement = this.parseShortBody();
        const body = statement ? [statement] : [];
        clauses.push({ condition, body });
        return { type: 'If', span: [start, statement ? statement.span[1] : condition[condition.length - 1]!.span[1]], clauses, elseBody, redirects: [] };
      } else {
        this.unexpected(`\`then\` for the \`if\` at offset ${start}`);
      }
      this.peek(LexMode.CommandPosition);
      if (this.isReservedWord('elif')) { this.advance(); continue; }
      if (this.isReservedWord('else')) { this.advance(); break; }
      if (this.isReservedWord('fi')) {
        const end = this.consumeKeywordCloser();
        return { type: 'If', span: [start, end], clauses, elseBody, redirects: [] };
      }
      this.unexpected(`\`fi\` to close the \`if\` at offset ${start}`);
    }
    // `else`: zsh takes `;` after it
    if (this.dialect.semicolonsWhereNewlines) this.skipLinebreaks();
    if (usedBraces && this.peek(LexMode.CommandPosition) === Token.Word && this.isReservedWord('{')) {
      const open = this.tokenStart;
      this.advance();
      elseBody = this.parseList();
      this.expectCloseBrace(open);
      return { type: 'If', span: [start, this.lastEnd], clauses, elseBody, redirects: [] };
    }
    elseBody = this.parseNonEmptyList('after `else`');
    this.expectReserved('fi', 'if', start);
    return { type: 'If', span: [start, this.lastTokEnd()], clauses, elseBody, redirects: [] };
  }

  private lastTokEnd(): number {
    return this.tokenEnd;
  }

  private lastBodyEnd(start: number): number {
    return Math.max(start, this.lexer.tokenStart);
  }

  /** zsh's short body (`list1`): one and-or list, or nothing when no command follows. */
  private parseShortBody(): Statement | null {
    this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
    if (!this.startsCommand() && !this.isPipelinePrefix()) return null;
    const andOr = this.parseAndOr();
    return { type: 'Statement', span: andOr.span, andOr, background: false };
  }

  /** while : (`while` | `until`) list `do` list `done`, and zsh's `{ }` form */
  private parseWhile(until: boolean): Command {
    const start = this.tokenStart;
    this.advance();
    const condition = this.parseNonEmptyList(`after \`${until ? 'until' : 'while'}\``);
    const { body, end } = this.parseLoopBody(start, until ? 'until' : 'while', false, true);
    return { type: 'While', span: [start, end], until, condition, body, redirects: [] };
  }

  /** `do` list `done`, or `{ list }` (bash, zsh), zsh's `list end` (foreach) and short form. */
  private parseLoopBody(start: number, what: string, bracesAllowed: boolean, zshShort: boolean, foreach = false): { body: Statement[]; end: number } {
    this.skipLinebreaks();
    this.peek(LexMode.CommandPosition);
    if (this.isReservedWord('do')) {
      this.advance();
      const body = this.parseNonEmptyList('after `do`');
      this.expectReserved('done', what, start);
      return { body, end: this.tokenEnd };
    }
    if ((bracesAllowed || this.dialect.braceConditionBodies) && this.isReservedWord('{')) {
      const open = this.tokenStart;
      this.advance();
      const body = this.parseNonEmptyList('inside `{ }`');
      this.expectCloseBrace(open);
      return { body, end: this.lastEnd };
    }
    if (foreach) {
      const body = this.parseList();
      this.expectReserved('end', 'foreach', start);
      return { body, end: this.tokenEnd };
    }
    if (zshShort && this.dialect.shortBodies) {
      const statement = this.parseShortBody();
      return statement ? { body: [statement], end: statement.span[1] } : { body: [], end: this.lastBodyEnd(start) };
    }
    this.unexpected(`\`do\` for the \`${what}\` at offset ${start}`);
  }

  /**
   * for : `for` name [ linebreak `in` { word } separator ] linebreak do_group
   *     | `for` `((` init `;` test `;` update `))` [separator] do_group
   * and `select`, zsh's several names, `for name (words)`, `foreach name (words) … end`.
   */
  private parseFor(select: boolean, foreach: boolean): Command {
    const start = this.tokenStart;
    const keyword = select ? 'select' : foreach ? 'foreach' : 'for';
    this.advance();
    if (!select && !foreach && this.dialect.arithmeticCommand) {
      const arith = this.tryArithmeticFor(start);
      if (arith) return arith;
    }
    const variables: { name: string; span: Span }[] = [];
    for (;;) {
      const t = this.peek(variables.length === 0 ? LexMode.None : LexMode.CommandPosition);
      if (t !== Token.Word) {
        if (variables.length === 0) this.unexpected(`a variable name after \`${keyword}\``);
        break;
      }
      const lit = this.lexer.wordLiteral;
      if (variables.length > 0 && (lit === 'in' || lit === 'do' || lit === '{' || !this.dialect.forSeveralNames || select)) break;
      const zshPositional = this.dialect.forSeveralNames && lit !== null && /^[0-9]+$/.test(lit);
      if ((lit === null || !(isValidName(lit) || zshPositional)) && this.dialect.loopVariableChecked) {
        if (variables.length === 0) this.fail(`\`${this.lexer.tokenText()}\` is not a valid variable name for \`${keyword}\``);
        break;
      }
      // bash checks the name only when the loop runs
      variables.push({ name: lit ?? this.lexer.tokenText(), span: [this.tokenStart, this.tokenEnd] });
      this.advance();
    }
    let items: Word[] | null = null;
    let sawNewline = false;
    for (;;) {
      const t = this.peek(LexMode.CommandPosition);
      if (t !== Token.Newline) break;
      sawNewline = true;
      this.advance();
    }
    this.peek(LexMode.CommandPosition);
    // `in` by its text: zsh does not reserve it, but reads it here as bash and sh do
    if (this.lexer.token === Token.Word && this.lexer.wordLiteral === 'in') {
      this.advance();
      items = [];
      for (;;) {
        const t = this.peek(LexMode.None);
        if (t === Token.Word) {
          items.push(this.lexer.word!);
          this.advance();
          continue;
        }
        if (t === Token.Semi || t === Token.Newline) {
          this.advance();
          break;
        }
        this.unexpected('`;` or a newline after the words of `' + keyword + ' … in`');
      }
    } else if (this.dialect.forParenthesizedWords && !sawNewline && this.lexer.token === Token.LeftParen) {
      this.advance();
      items = [];
      for (;;) {
        const t = this.peek(LexMode.None);
        if (t === Token.Word) {
          items.push(this.lexer.word!);
          this.advance();
        } else if (t === Token.Newline || t === Token.Semi) this.advance();
        else break;
      }
      if (this.peek(LexMode.None) !== Token.RightParen) this.unexpected('`)` to close the word list');
      this.advance();
    } else if (this.lexer.token === Token.Semi && !foreach) {
      this.advance();
    }
    if (foreach && items === null) this.unexpected('`(` after `foreach NAME`');
    const { body, end } = this.parseLoopBody(start, keyword, this.dialect.braceLoopBody, true, foreach);
    return { type: 'For', span: [start, end], select, variables, items, body, redirects: [] };
  }

  /** `for (( init; test; update ))` */
  private tryArithmeticFor(start: number): Command | null {
    const clauses = this.lexer.readArithmeticFor();
    if (clauses === null) return null;
    if (!clauses.ok) this.fail(clauses.message, clauses.span);
    const { init, test, update } = clauses;
    // optional separator
    const t2 = this.peek(LexMode.CommandPosition);
    if (t2 === Token.Semi) this.advance();
    const { body, end } = this.parseLoopBody(start, 'for', true, true);
    return { type: 'ArithFor', span: [start, end], init, test, update, body, redirects: [] };
  }

  /** case : `case` word linebreak `in` { item } `esac`, and zsh's `case word { … }` */
  private parseCase(): Command {
    const start = this.tokenStart;
    this.advance();
    if (this.peek(LexMode.None) !== Token.Word) this.unexpected('a word after `case`');
    const subject = this.lexer.word!;
    this.advance();
    this.skipLinebreaks();
    this.peek(LexMode.CommandPosition);
    let braces = false;
    if (this.lexer.token === Token.Word && this.lexer.wordLiteral === 'in') this.advance();
    else if (this.dialect.caseBraces && this.isReservedWord('{')) {
      braces = true;
      this.advance();
    } else this.unexpected('`in` after `case WORD`');
    const items: CaseItem[] = [];
    for (;;) {
      this.skipLinebreaks();
      const t = this.peek(LexMode.CasePattern);
      if (t === Token.Word && this.lexer.wordLiteral === (braces ? '}' : 'esac') && !this.rightAfterKeywordCloser()) break;
      items.push(this.parseCaseItem());
      const term = this.peek(LexMode.CommandPosition);
      if (term === Token.DoubleSemi || term === Token.SemiAmp || term === Token.DoubleSemiAmp || term === Token.SemiPipe) {
        items[items.length - 1]!.terminator = this.lexer.tokenText();
        items[items.length - 1]!.span[1] = this.tokenEnd;
        this.advance();
        continue;
      }
      if (term === Token.Word && this.isReservedWord(braces ? '}' : 'esac')) break;
      this.unexpected(`\`;;\` or \`${braces ? '}' : 'esac'}\` after a case item`);
    }
    const end = braces ? this.tokenEnd : this.consumeKeywordCloser();
    if (braces) this.advance();
    return { type: 'Case', span: [start, end], subject, items, redirects: [] };
  }

  private parseCaseItem(): CaseItem {
    const start = this.tokenStart;
    const patterns: Word[] = [];
    if (this.lexer.token === Token.LeftParen) this.advance();
    else if (this.lexer.arithmeticFallback && this.dialect.caseNeedsParenAfterArithmeticFallback) {
      // bash scans `$(((…` for its closing `)` by counting parentheses: a pattern's lone `)` ends the substitution early
      this.fail('bash misreads a case pattern without its leading `(` inside `$(((…`: write `(pattern)`, or `$( ((…`', [start, this.tokenEnd]);
    }
    for (;;) {
      const t = this.peek(LexMode.CasePattern);
      if (t === Token.Pipe && this.dialect.caseEmptyAlternatives) {
        // zsh accepts an empty alternative: `|b)`
        this.advance();
        continue;
      }
      if (t !== Token.Word) this.unexpected('a case pattern');
      const word = this.lexer.word!;
      this.advance();
      const next = this.peek(LexMode.CasePattern);
      if (this.dialect.caseParenthesizedPattern && next !== Token.RightParen && next !== Token.Pipe && patterns.length === 0 && this.lexer.writtenInParentheses(word)) {
        // zsh: `(pattern)` followed by the body is the optional leading parenthesis form.
        patterns.push(word);
        break;
      }
      patterns.push(word);
      if (next === Token.Pipe) {
        this.advance();
        // zsh accepts an empty last alternative: `a|)`
        if (this.dialect.caseEmptyAlternatives && this.peek(LexMode.CasePattern) === Token.RightParen) {
          this.advance();
          break;
        }
        continue;
      }
      if (next === Token.RightParen) {
        this.advance();
        break;
      }
      this.unexpected('`)` or `|` after a case pattern');
    }
    const body = this.parseList();
    const end = body.length > 0 ? body[body.length - 1]!.span[1] : this.tokenStart;
    return { type: 'CaseItem', span: [start, Math.max(start, end)], patterns, body, terminator: null };
  }

  /** `[[ expression ]]` */
  private parseTest(): Command {
    const start = this.tokenStart;
    this.advance();
    const expression = this.parseTestOr();
    this.peek(LexMode.Condition);
    if (!(this.lexer.token === Token.Word && this.lexer.wordLiteral === ']]')) this.unexpected('`]]` or a condition operator');
    const end = this.tokenEnd;
    this.advance();
    return { type: 'Test', span: [start, end], expression, redirects: [] };
  }

  private skipTestNewlines(): void {
    while (this.peek(LexMode.Condition) === Token.Newline) this.advance();
  }

  /** Read a token inside `[[ ]]`; zsh reads newlines there as blanks. */
  private peekTest(mode = LexMode.Condition): Token {
    if (this.dialect.conditionNewlinesAsBlanks) while (this.peek(mode) === Token.Newline) this.advance();
    return this.peek(mode);
  }

  private parseTestOr(): TestExpression {
    let left = this.parseTestAnd();
    for (;;) {
      this.skipTestNewlines();
      if (this.peek(LexMode.Condition) !== Token.OrIf) return left;
      this.advance();
      this.skipTestNewlines();
      const right = this.parseTestAnd();
      left = { type: 'TestLogical', span: [left.span[0], right.span[1]], operator: '||', left, right };
    }
  }

  private parseTestAnd(): TestExpression {
    let left = this.parseTestTerm();
    for (;;) {
      this.skipTestNewlines();
      if (this.peek(LexMode.Condition) !== Token.AndIf) return left;
      this.advance();
      this.skipTestNewlines();
      const right = this.parseTestTerm();
      left = { type: 'TestLogical', span: [left.span[0], right.span[1]], operator: '&&', left, right };
    }
  }

  private atTestEnd(): boolean {
    const t = this.lexer.token;
    return t === Token.AndIf || t === Token.OrIf || t === Token.RightParen || t === Token.EOF ||
      (t === Token.Word && this.lexer.wordLiteral === ']]');
  }

  private parseTestTerm(): TestExpression {
    this.enter();
    try {
      this.skipTestNewlines();
      const t = this.peek(LexMode.Condition);
      const start = this.tokenStart;
      if (t === Token.Word && this.lexer.wordLiteral === '!') {
        const bang = this.lexer.word!;
        this.advance();
        this.peek(LexMode.Condition);
        // bash reads a lone `!` before `]]` as a word
        if (this.dialect.conditionGrammar === 'bash' && this.lexer.token === Token.Word && (this.lexer.wordLiteral as string | null) === ']]') return { type: 'TestWord', span: bang.span, word: bang };
        const operand = this.parseTestTerm();
        return { type: 'TestNot', span: [start, operand.span[1]], operand };
      }
      if (t === Token.LeftParen) {
        this.advance();
        if (this.dialect.conditionNewlinesAsBlanks) this.skipTestNewlines();
        const inner = this.parseTestOr();
        if (this.dialect.conditionNewlinesAsBlanks) this.skipTestNewlines();
        if (this.peek(LexMode.Condition) !== Token.RightParen) this.unexpected('`)` in `[[ ]]`');
        const end = this.tokenEnd;
        this.advance();
        return { type: 'TestGroup', span: [start, end], inner };
      }
      if (t !== Token.Word || this.lexer.wordLiteral === ']]' || this.lexer.conditionOperator) this.unexpected('a condition');
      return this.dialect.conditionGrammar === 'zsh' ? this.parseZshTestWords() : this.parseBashTestWords();
    } finally {
      this.leave();
    }
  }

  /**
   * bash: `word`, `-op word` with a known unary test, `word op word` with a
   * known binary test (the right side of `=~` read as a regex).
   */
  private parseBashTestWords(): TestExpression {
    const first = this.lexer.word!;
    const firstLit = this.lexer.wordLiteral;
    this.advance();
    const t2 = this.peek(LexMode.Condition);
    const isUnary = firstLit !== null && bashUnaryTests.has(firstLit);
    if (t2 === Token.Word && this.lexer.wordLiteral !== ']]') {
      const opLit = this.lexer.wordLiteral;
      if (isUnary) {
        if (this.lexer.conditionOperator) this.fail(`\`${opLit}\` cannot be the operand of \`${firstLit}\``);
        const operand = this.lexer.word!;
        this.advance();
        return { type: 'TestUnary', span: [first.span[0], operand.span[1]], operator: firstLit!, operand };
      }
      if (opLit === null || !bashBinaryTests.has(opLit)) this.fail('conditional binary operator expected');
      this.advance();
      const t3 = this.peek(opLit === '=~' ? LexMode.Condition | LexMode.Regex : LexMode.Condition);
      if (t3 !== Token.Word || this.lexer.wordLiteral === ']]' || this.lexer.conditionOperator) this.unexpected(`a word after \`${opLit}\``);
      const right = this.lexer.word!;
      this.advance();
      return { type: 'TestBinary', span: [first.span[0], right.span[1]], operator: opLit, left: first, right };
    }
    if (isUnary && this.atTestEnd()) this.fail(`\`${firstLit}\` needs an operand in \`[[ ]]\``);
    // bash wants `]]`, `&&`, `||` or `)` right after a lone word (not even a newline)
    if (!this.atTestEnd()) this.unexpected('`]]`, `&&` or `||`');
    return { type: 'TestWord', span: first.span, word: first };
  }

  /**
   * zsh (par_cond_2): one word; two words when the first is `-x`; `a < b`;
   * three words with `=`, `==`, `!=`, `=~` or any `-op` between them, or a
   * first word `-x`; more words after a first word `-x`.
   */
  private parseZshTestWords(): TestExpression {
    const first = this.lexer.word!;
    const firstLit = this.lexer.wordLiteral;
    const dashFirst = firstLit !== null && firstLit.length > 1 && firstLit.startsWith('-');
    this.advance();
    const words: Word[] = [];
    let comparison: string | null = null;
    for (;;) {
      // after the operator, parentheses glob rather than group
      const t = this.peekTest(words.length >= 1 ? LexMode.None : LexMode.Condition);
      if (t !== Token.Word || this.lexer.wordLiteral === ']]') break;
      if (words.length === 0 && this.lexer.conditionOperator) comparison = this.lexer.wordLiteral;
      words.push(this.lexer.word!);
      this.advance();
      if (comparison !== null && words.length === 2) break;
    }
    const end = (words.length > 0 ? words[words.length - 1]! : first).span[1];
    const span: Span = [first.span[0], end];
    if (comparison !== null) {
      if (words.length < 2) this.unexpected(`a word after \`${comparison}\``);
      return { type: 'TestBinary', span, operator: comparison, left: first, right: words[1]! };
    }
    if (words.length === 0) return { type: 'TestWord', span, word: first };
    if (words.length === 1) {
      if (!dashFirst) this.fail(`condition expected: \`${this.lexer.sourceText(first.span[0], first.span[1])}\``, first.span);
      // zsh reads an unquoted `!` there as negation, with nothing after it to negate
      if (words[0]!.unquoted && this.lexer.sourceText(words[0]!.span[0], words[0]!.span[1]) === '!') this.fail('zsh reads `!` as negation, not as the operand of `' + firstLit + '`: quote it', words[0]!.span);
      return { type: 'TestUnary', span, operator: firstLit!, operand: words[0]! };
    }
    const op = unquotedLiteral(words[0]!);
    if (words.length === 2) {
      const binary = op !== null && (op === '=' || op === '==' || op === '!=' || op === '=~' || (op.length > 1 && op.startsWith('-')));
      if (!binary && !dashFirst) this.fail(`condition expected: \`${this.lexer.sourceText(words[0]!.span[0], words[0]!.span[1])}\``, words[0]!.span);
      return { type: 'TestBinary', span, operator: op ?? '', left: first, right: words[1]! };
    }
    if (!dashFirst) this.fail(`condition expected: \`${this.lexer.sourceText(first.span[0], first.span[1])}\``, first.span);
    return { type: 'TestBinary', span, operator: firstLit!, left: words[0]!, right: words[words.length - 1]! };
  }

  /** bash: `function name [()] compound`; zsh: `function [names] [()] body` */
  private parseFunctionKeyword(): Command {
    const start = this.tokenStart;
    this.advance();
    const names: Word[] = [];
    if (this.dialect.severalFunctionNames) {
      for (;;) {
        const t = this.peek(LexMode.CommandPosition);
        if (t !== Token.Word || this.lexer.wordLiteral === '{') break;
        if (this.dialect.closeBraceAnywhere && this.lexer.wordLiteral === '}') break;
        names.push(this.lexer.word!);
        this.advance();
      }
      if (this.peek(LexMode.CommandPosition) === Token.EmptyParens) this.advance();
      this.skipLinebreaks();
      const body = this.parseZshFunctionBody(true);
      const definition: Command = { type: 'FunctionDefinition', span: [start, Math.max(start, body.span[1])], names, keyword: true, body, args: [], redirects: [] };
      return names.length === 0 ? this.withAnonymousArguments(definition) : definition;
    }
    if (this.peek(LexMode.None) !== Token.Word) this.unexpected('a function name after `function`');
    names.push(this.lexer.word!);
    this.advance();
    // `function f ()` takes optional parentheses; `function f ( cmd )` has a subshell body
    if (this.peek(LexMode.None) === Token.LeftParen && this.lexer.closeParenFollows()) {
      this.advance();
      this.peek(LexMode.None);
      this.advance();
    }
    this.skipNewlines();
    const body = this.parseFunctionBody();
    return { type: 'FunctionDefinition', span: [start, body.span[1]], names, keyword: true, body, args: [], redirects: [] };
  }

  /** zsh: `() body args…` defines and runs an anonymous function. */
  private parseZshAnonymousFunction(): Command {
    const start = this.tokenStart;
    this.advance();
    this.skipLinebreaks();
    const body = this.parseZshFunctionBody();
    const definition: Command = { type: 'FunctionDefinition', span: [start, body.span[1]], names: [], keyword: false, body, args: [], redirects: [] };
    return this.withAnonymousArguments(definition);
  }

  /** The words and redirections after an anonymous function's body are its arguments and its redirections. */
  private withAnonymousArguments(definition: Command & { type: 'FunctionDefinition' }): Command {
    for (;;) {
      const t = this.peek(LexMode.None);
      if (t === Token.Redirect) {
        const redirect = this.parseRedirect();
        definition.redirects.push(redirect);
        definition.span = [definition.span[0], redirect.span[1]];
      } else if (t === Token.Word && !(this.dialect.closeBraceAnywhere && this.lexer.wordLiteral === '}')) {
        const word = this.lexer.word!;
        this.advance();
        definition.args.push(word);
        definition.span = [definition.span[0], word.span[1]];
      } else return definition;
    }
  }

  /** zsh function bodies: `{ list }` or one command (after `function NAME`, possibly none). */
  private parseZshFunctionBody(allowEmpty = false): Command {
    this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
    if (this.isReservedWord('{')) {
      const open = this.tokenStart;
      this.advance();
      const body = this.parseList();
      this.expectCloseBrace(open);
      const group: Command = { type: 'BraceGroup', span: [open, this.lastEnd], body, redirects: [] };
      return this.withRedirects(group);
    }
    if (!this.startsCommand() && !this.isPipelinePrefix()) {
      if (!allowEmpty) this.unexpected('a function body');
      // zsh: `function f` with no body defines an empty function
      const at = this.tokenStart;
      return { type: 'BraceGroup', span: [at, at], body: [], redirects: [] };
    }
    return this.parseCommand();
  }

  /** A function body after `name()`: bash needs a compound command; sh and zsh take any command. */
  private parseFunctionBody(): Command {
    this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
    if (!this.startsCommand()) this.unexpected('a function body');
    const body = this.parseCommand();
    if (!this.dialect.functionBodyAnyCommand && (body.type === 'SimpleCommand' || body.type === 'FunctionDefinition')) {
      this.fail('a bash function body must be a compound command such as `{ …; }`', body.span);
    }
    return body;
  }

  /** bash: `coproc [NAME] command` */
  private parseCoproc(): Command {
    const start = this.tokenStart;
    this.advance();
    const t = this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
    const opensCompound = () => {
      const tt = this.lexer.token;
      if (tt === Token.LeftParen || tt === Token.ArithmeticCommand) return true;
      const keyword = this.reserved();
      return keyword !== null && compoundOpeners.has(keyword) && keyword !== 'coproc';
    };
    if (opensCompound()) {
      if (this.reserved() === 'function') this.unexpected('a command after `coproc` (bash takes no function definition there)');
      const body = this.parseCommand();
      return { type: 'Coproc', span: [start, body.span[1]], name: null, body, redirects: [] };
    }
    if (t !== Token.Word && t !== Token.Redirect) this.unexpected('a command after `coproc`');
    // bash takes a command here, or `time`; any other reserved word (`!`, `coproc`, `fi`, `}`, `]]`, `in`) is a syntax error
    const word = this.reserved();
    if (word !== null && word !== 'time') this.unexpected('a command after `coproc`');
    if (t === Token.Word && this.reserved() === null) {
      const first = this.lexer.word!;
      const firstLit = this.lexer.wordLiteral;
      this.advance();
      this.peek(LexMode.CommandPosition);
      if (opensCompound()) {
        const body = this.parseCommand();
        return { type: 'Coproc', span: [start, body.span[1]], name: firstLit ?? this.lexer.sourceText(first.span[0], first.span[1]), body, redirects: [] };
      }
      if (this.reserved() !== null) {
        // bash reads reserved words after `coproc NAME`: `coproc x }` closes a group.
        const body: SimpleCommand = { type: 'SimpleCommand', span: first.span, assignments: [], words: [first], redirects: [] };
        return { type: 'Coproc', span: [start, first.span[1]], name: null, body, redirects: [] };
      }
      const body = this.parseSimpleCommand([], first);
      return { type: 'Coproc', span: [start, body.span[1]], name: null, body, redirects: [] };
    }
    const body = this.parseSimpleCommand([]);
    return { type: 'Coproc', span: [start, body.span[1]], name: null, body, redirects: [] };
  }

  /** zsh: `repeat N body` */
  private parseRepeat(): Command {
    const start = this.tokenStart;
    this.advance();
    if (this.peek(LexMode.None) !== Token.Word) this.unexpected('a count after `repeat`');
    const count = this.lexer.word!;
    if (this.dialect.closeBraceAnywhere && this.lexer.isLoneCloseBrace(count)) {
      this.fail('zsh reads a sole `}` as a close brace, not a count after `repeat`', count.span);
    }
    this.advance();
    const { body, end } = this.parseLoopBody(start, 'repeat', true, true);
    return { type: 'Repeat', span: [start, end], count, body, redirects: [] };
  }

  // ------------------------------------------------------------------ simple commands

  /**
   * simple_command : { assignment | redirect } [ word { word | redirect } ]
   * and function definitions `name () body` (zsh: `a b () body`).
   */
  private parseSimpleCommand(leading: Redirect[], firstWord?: Word): Command {
    const dialect = this.dialect;
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = leading.slice();
    let start = firstWord ? firstWord.span[0] : this.tokenStart;
    let end = start;
    let declaration = false;
    // bash: once a redirection follows a word, `NAME=(…)` in a declaration command is a syntax error
    let redirectAfterWord = false;
    if (firstWord) {
      words.push(firstWord);
      end = firstWord.span[1];
      declaration = this.isDeclaration(unquotedLiteral(firstWord));
    }
    for (;;) {
      const mode = words.length === 0 ? LexMode.CommandPosition | LexMode.AssignmentAllowed : declaration ? LexMode.AssignmentAllowed : LexMode.None;
      const t = this.peek(mode);
      if (t === Token.Redirect) {
        const redirect = this.parseRedirect();
        redirects.push(redirect);
        if (redirects.length === 1 && words.length === 0 && assignments.length === 0) start = redirect.span[0];
        if (words.length > 0 || assignments.length > 0) redirectAfterWord = true;
        end = redirect.span[1];
        continue;
      }
      if ((t === Token.LeftParen || t === Token.ArithmeticCommand) && dialect.redirectionsBeforeCompound && words.length === 0 && assignments.length === 0 && redirects.length > 0) {
        // zsh: redirections may come before a subshell or `(( ))` too
        const command = this.parseCommand();
        command.redirects.unshift(...redirects);
        command.span = [start, command.span[1]];
        return command;
      }
      if (t !== Token.Word) break;
      const word = this.lexer.word!;
      const lit = this.lexer.wordLiteral;
      if (words.length === 0) {
        const keyword = this.reserved();
        if (keyword !== null && dialect.redirectionsBeforeCompound && assignments.length === 0 && redirects.length > 0 && compoundOpeners.has(keyword)) {
          // zsh: redirections may come before a compound command.
          const command = this.parseCompound(keyword);
          command.redirects.unshift(...redirects);
          command.span = [start, command.span[1]];
          return this.withRedirects(command);
        }
        if (keyword !== null && dialect.redirectionsBeforeCompound && (assignments.length > 0 || redirects.length > 0) && keyword !== '}' && !dialect.declarationCommands.has(keyword)) break;
        const assignment = this.readAssignment(word);
        if (assignment) {
          if (assignments.length === 0 && redirects.length === 0) start = assignment.span[0];
          assignments.push(assignment);
          end = assignment.span[1];
          continue;
        }
      } else if (declaration && this.lexer.declarationArrayAt(word)) {
        // `declare a=(1 2)`: the array belongs to the argument
        if (redirectAfterWord && dialect.declarationArrayAfterRedirectRefused) {
          this.fail('bash refuses an array `NAME=(…)` after a redirection in `local`, `declare` and kin (`local >f a=(1)`): put the redirection last', word.span);
        }
        this.advance();
        const array = this.readArrayElements();
        const last = array.length > 0 ? array[array.length - 1]!.span[1] : word.span[1];
        const close = this.lastArrayEnd;
        const parts: WordPart[] = [...word.parts];
        for (const element of array) parts.push(...(element.key ? element.key.parts : []), ...element.value.parts);
        const whole: Word = { type: 'Word', span: [word.span[0], Math.max(last, close)], parts, unquoted: word.unquoted };
        words.push(whole);
        end = whole.span[1];
        continue;
      }
      if (dialect.closeBraceAnywhere && lit === '}') break;
      if (words.length === 0 && assignments.length === 0 && redirects.length === 0) start = word.span[0];
      this.advance();
      words.push(word);
      end = word.span[1];
      if (words.length === 1 && this.isDeclaration(lit)) declaration = true;
      if (words.length === 1 && assignments.length === 0 && redirects.length === 0 && !dialect.severalFunctionNames) {
        if (this.peek(LexMode.None) === Token.LeftParen) return this.parseFunctionDefinition(words);
      }
      if (dialect.severalFunctionNames && assignments.length === 0 && this.peek(LexMode.None) === Token.EmptyParens) {
        return this.parseFunctionDefinition(words);
      }
    }
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) this.unexpected('a command');
    if (dialect.precommandNeedsCommand && redirects.length > 0 && assignments.length === 0 && words.length > 0 && this.onlyPrecommandModifiers(words)) {
      this.fail('zsh refuses a redirection after a precommand modifier (`-`, `noglob`, `builtin`, `command`) with no command: redirection with no command', [start, end]);
    }
    // a command that is one word (`true`, `ls`) shares the word's span
    const one = words.length === 1 && assignments.length === 0 && redirects.length === 0 ? words[0]!.span : null;
    const span: Span = one !== null && one[0] === start && one[1] === end ? one : [start, end];
    return { type: 'SimpleCommand', span, assignments: exactSize(assignments), words: exactSize(words), redirects: exactSize(redirects) };
  }

  /** zsh: words that are all precommand modifiers (`- noglob builtin command`, `command -p`), and so no command. */
  private onlyPrecommandModifiers(words: readonly Word[]): boolean {
    let previous = '';
    for (const word of words) {
      if (!word.unquoted) return false;
      const text = this.lexer.sourceText(word.span[0], word.span[1]);
      if (text === '-' || text === 'noglob' || text === 'builtin' || text === 'command' || (text === '-p' && previous === 'command')) {
        previous = text;
        continue;
      }
      return false;
    }
    return true;
  }

  private isDeclaration(name: string | null): boolean {
    if (name === null || !this.dialect.arrays) return false;
    return this.dialect.declarationCommands.has(name);
  }

  /** `name ( ) body` */
  private parseFunctionDefinition(names: Word[]): Command {
    const start = names[0]!.span[0];
    const dialect = this.dialect;
    if (this.lexer.token === Token.EmptyParens) {
      this.advance();
    } else {
      this.advance(); // `(`
      if (this.peek(LexMode.None) !== Token.RightParen) this.unexpected('`)` after `NAME (` in a function definition');
      this.advance();
    }
    if (dialect.functionNamesChecked) {
      const name = unquotedLiteral(names[0]!);
      if (name === null || !isValidName(name)) this.fail('sh function names must be plain names', names[0]!.span);
      if (dashSpecialBuiltins.has(name)) this.fail(`dash refuses a function named after the special builtin \`${name}\``, names[0]!.span);
    }
    if (dialect.functionBodyAfterSeparators) {
      this.skipLinebreaks();
      const body = this.parseZshFunctionBody();
      return { type: 'FunctionDefinition', span: [start, body.span[1]], names, keyword: false, body, args: [], redirects: [] };
    }
    this.skipNewlines();
    const body = this.parseFunctionBody();
    return { type: 'FunctionDefinition', span: [start, body.span[1]], names, keyword: false, body, args: [], redirects: [] };
  }

  /** A word read in assignment position: `name=value`, `name+=value`, `name[i]=value`, `name=(…)`. */
  private readAssignment(word: Word): Assignment | null {
    const shape = this.lexer.assignmentAt(word);
    if (shape === null) return null;
    const [wordStart, wordEnd] = word.span;
    const name = this.lexer.sourceText(wordStart, shape.nameEnd);
    const index = shape.subscriptOpen < 0 ? null : sliceWord(word, shape.subscriptOpen + 1, shape.subscriptClose);
    const { append, valueStart } = shape;
    const nameSpan: Span = [wordStart, shape.nameEnd];
    if (shape.array) {
      this.advance();
      const array = this.readArrayElements();
      return { type: 'Assignment', span: [wordStart, this.lastArrayEnd], name, nameSpan, index, append, value: null, array };
    }
    this.advance();
    const value = valueStart < wordEnd ? sliceWord(word, valueStart, wordEnd) : { type: 'Word' as const, span: [valueStart, valueStart] as Span, parts: [], unquoted: true };
    // An assignment value expands `~` at its start and after each `:`.
    value.parts = splitTildes(value.parts, this.dialect, true);
    return { type: 'Assignment', span: [wordStart, wordEnd], name, nameSpan, index, append, value, array: null };
  }

  private lastArrayEnd = 0;

  /** The elements of `(…)` after `name=`; the lexer stands at `(`. */
  private readArrayElements(): ArrayElement[] {
    const lexer = this.lexer;
    lexer.skipArrayOpen();
    const elements: ArrayElement[] = [];
    for (;;) {
      const t = lexer.next(LexMode.ArrayElement);
      if (t === Token.Newline || (t === Token.Semi && this.dialect.semicolonsWhereNewlines)) continue;
      if (t === Token.RightParen) {
        this.lastArrayEnd = lexer.tokenEnd;
        return elements;
      }
      if (t !== Token.Word) this.fail(t === Token.EOF ? 'unterminated array: close `(` with `)`' : `unexpected ${this.describeToken()} in an array`);
      const word = lexer.word!;
      if (this.dialect.closeBraceAnywhere && lexer.isLoneCloseBrace(word)) {
        this.fail('zsh reads a sole `}` as a close brace, which cannot stand in an array', word.span);
      }
      let key: Word | null = null;
      let value = word;
      const keyed = lexer.arrayElementKey(word);
      if (keyed !== null) {
        key = sliceWord(word, word.span[0] + 1, keyed.keyClose);
        value = sliceWord(word, Math.min(keyed.valueStart, word.span[1]), word.span[1]);
      }
      elements.push({ type: 'ArrayElement', span: word.span, key, value });
    }
  }

  /** redirect : [fd] operator word, with here-documents queued for the next newline. */
  private parseRedirect(): Redirect {
    const lexer = this.lexer;
    const start = lexer.tokenStart;
    const operator = lexer.redirectOperator;
    const fd = lexer.redirectFd;
    const fdVariable = lexer.redirectFdVariable;
    this.advance();
    const t = this.peek(LexMode.None);
    if (t !== Token.Word) {
      this.fail(`expected a ${operator.startsWith('<<') && operator !== '<<<' ? 'here-document delimiter' : 'file name'} after \`${operator}\`, found ${this.describeToken()}`);
    }
    const target = lexer.word!;
    this.advance();
    if (operator === '<&' && this.dialect.inputDuplicationNeedsNumber && !/^([0-9]+|-|p)$/.test(lexer.quoteRemovedText(target))) {
      this.fail('zsh wants a file descriptor number (or `-`, `p`) after `<&`: file number expected', target.span);
    }
    if (this.dialect.closeBraceAnywhere && lexer.isLoneCloseBrace(target)) {
      this.fail(`zsh reads a sole \`}\` as a close brace, not a file name after \`${operator}\``, target.span);
    }
    if ((operator === '>&' || operator === '<&') && lexer.dashAndMore(target)) {
      // bash closes the fd at `-` and passes the rest as an argument; dash fails; write them apart
      this.fail(`\`${operator}${lexer.sourceText(target.span[0], target.span[1])}\` is read differently by each shell: write \`${operator}-\` and the word apart`, target.span, 'unsupported');
    }
    const redirect: Redirect = { type: 'Redirect', span: [start, target.span[1]], operator, fd, fdVariable, target, heredoc: null };
    if (operator === '<<' || operator === '<<-') {
      if (target.parts.some((p) => p.type === 'CommandSubstitution' || p.type === 'ArithmeticExpansion' || p.type === 'ProcessSubstitution')) {
        // dash refuses it; bash compares the body against its own reprinting of the substitution
        this.fail('a here-document delimiter holding a substitution is read differently by each shell: use a plain word such as `EOF`', target.span, 'unsupported');
      }
      const heredoc: Heredoc = {
        type: 'Heredoc', span: [0, 0], delimiter: lexer.quoteRemovedText(target), quoted: !target.unquoted,
        stripTabs: operator === '<<-', body: { type: 'Word', span: [0, 0], parts: [], unquoted: false }, terminated: false,
      };
      redirect.heredoc = heredoc;
      lexer.queueHeredoc(redirect);
    }
    return redirect;
  }
}

// ------------------------------------------------------------------ helpers

/**
 * The command a background `&` applies to last: zsh's `coproc PIPELINE` is
 * looked through to its pipeline's last command (`coproc A=1 &` fails like
 * `A=1 &`). The group around that pipeline is the parser's own, which shares
 * the pipeline's span; a `coproc { … }` the line wrote is not looked into.
 */
function backgroundedCommand(command: Command | undefined): Command | undefined {
  let current = command;
  while (current?.type === 'Coproc' && current.body.type === 'BraceGroup' && current.body.body.length === 1 && current.body.span === current.body.body[0]!.span) {
    const pipelines = current.body.body[0]!.andOr.pipelines;
    const commands = pipelines[pipelines.length - 1]!.commands;
    current = commands[commands.length - 1];
  }
  return current;
}

/**
 * The list as an array of its exact size. An array grown by push keeps room
 * for 16 more elements; a tree holds one list per command and per word, and
 * a 1 MB line hundreds of thousands of them, so the room costs more memory
 * (and garbage-collection time) than the nodes themselves.
 */
function exactSize<T>(list: T[]): T[] {
  switch (list.length) {
    case 0: return list;
    case 1: return [list[0]!];
    case 2: return [list[0]!, list[1]!];
    default: return list.slice();
  }
}

/** Tokens whose reading depends on the mode, and so are read again when the mode changes. */
function modeSensitive(token: Token): boolean {
  return token === Token.Word || token === Token.LeftParen || token === Token.Redirect || token === Token.ArithmeticCommand || token === Token.EmptyParens;
}

/** The parts of a word that lie within [from, to), splitting literal parts at the edges. */
function sliceWord(word: Word, from: number, to: number): Word {
  const parts: WordPart[] = [];
  let unquoted = true;
  for (const p of word.parts) {
    const [s, e] = p.span;
    if (e <= from || s >= to) continue;
    if (s >= from && e <= to) {
      parts.push(p);
      if (p.type === 'Escaped' || p.type === 'SingleQuoted' || p.type === 'DoubleQuoted' || p.type === 'AnsiCQuoted' || p.type === 'LocaleQuoted') unquoted = false;
      continue;
    }
    if (p.type === 'Literal' && e - s === p.value.length) {
      const a = Math.max(s, from);
      const b = Math.min(e, to);
      parts.push({ type: 'Literal', span: [a, b], value: p.value.slice(a - s, b - s) });
      continue;
    }
    if (p.type === 'Glob' && e - s === p.pattern.length) {
      const a = Math.max(s, from);
      const b = Math.min(e, to);
      parts.push({ type: 'Glob', span: [a, b], pattern: p.pattern.slice(a - s, b - s) });
      continue;
    }
    parts.push(p);
  }
  return { type: 'Word', span: [from, to], parts, unquoted };
}

function mapPosition(positions: readonly number[], p: number, span: Span): number {
  if (p < 0) return span[0];
  if (p >= positions.length) return span[1];
  return positions[p]!;
}

/** An exclusive end: just after the source character of the last covered one. */
function mapEnd(positions: readonly number[], p: number, span: Span): number {
  if (p <= 0) return mapPosition(positions, p, span);
  if (p > positions.length) return span[1];
  return positions[p - 1]! + 1;
}

/** Move the spans of a tree parsed from backquoted text back onto the source. */
function remapSpans(root: unknown, positions: readonly number[], span: Span): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const x of node) stack.push(x);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if ((key === 'span' || key === 'nameSpan') && Array.isArray(value) && value.length === 2 && typeof value[0] === 'number') {
        record[key] = [mapPosition(positions, value[0] as number, span), mapEnd(positions, value[1] as number, span)];
      } else if (value !== null && typeof value === 'object') stack.push(value);
    }
  }
}
