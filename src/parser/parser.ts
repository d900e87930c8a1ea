// Recursive descent over the shell grammar, as bash, sh (dash) and zsh read it.
//
// The shape follows the shells' own parsers: a list is statements joined by
// separators that ends at the first token that cannot start a command (zsh's
// par_list, bash's compound_list); reserved words are only ever recognised
// on a wholly unquoted literal word read in command position; every
// difference between the dialects is a row of `Dialect`.

import { budgets } from '../budgets.js';
import type { AndOr, Command, Pipeline, Script, Span, Statement } from '../syntax/ast.js';
import { type Dialect, type DialectName, dialects } from '../syntax/dialect.js';
import { BudgetError, ParseError } from '../syntax/errors.js';
import { LexMode, Token } from '../lexer/tokens.js';
import { mapEnd, mapPosition, remapSpans } from './backquotes.js';
import { parseCompound, parseFunctionBody, parseSubshell, parseZshAnonymousFunction, parseZshFunctionBody, withRedirects } from './compound.js';
import { parseSimpleCommand } from './simple-command.js';
import { compoundOpeners, exactSize, ParserState } from './state.js';
import { firstTopLevelExpansionProblem } from './zsh-noexec-check.js';

export interface ParseOptions {
  /** bash (the default), sh (as dash reads it) or zsh; or one of the dialect table's columns (`bashPosix`: sh as bash in POSIX mode reads it). */
  dialect?: DialectName | Dialect;
}

/** Read a command line into its syntax tree, or throw a ParseError with a span. */
export function parse(src: string, options: ParseOptions = {}): Script {
  const dialect = typeof options.dialect === 'object' ? options.dialect : dialects[options.dialect ?? 'bash'];
  if (!dialect) throw new TypeError(`unknown dialect ${String(options.dialect)}`);
  if (src.length > budgets.maxInputLength) {
    throw new BudgetError(`the line is longer than ${budgets.maxInputLength.toLocaleString('en-US')} characters`, [budgets.maxInputLength, src.length],
      'input');
  }
  // A command line reaches a shell as a C string: it would end at the NUL, so no shell reads this text as written.
  const nul = src.indexOf('\0');
  if (nul !== -1) throw new ParseError('a NUL byte: no shell receives a line holding one intact; remove it', [nul, nul + 1]);
  // A lone UTF-16 surrogate has no UTF-8 form: the shell would receive U+FFFD instead of what was judged.
  const lone = (src as { isWellFormed?: () => boolean }).isWellFormed?.() === true ? null :
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(src);
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

class Parser extends ParserState {
  parseUntilCloseParen(openedAt: number): Statement[] {
    // the token being read holds the substitution: its look-ahead state waits until the body is read
    const outerPeeked = this.peeked;
    const outerMode = this.peekMode;
    this.peeked = false;
    this.enter();
    const outer = this.parenEndsProgram;
    this.parenEndsProgram = true;
    try {
      const body = this.parseSubstitutionBody(openedAt);
      this.peeked = outerPeeked;
      this.peekMode = outerMode;
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
  parseList(): Statement[] {
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
  parseNonEmptyList(what: string): Statement[] {
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
        if (last?.type === 'SimpleCommand' && last.words.length === 0) {
          this.fail('zsh cannot run a command with no words (only assignments or redirections) in the background', [this.tokenStart, this.tokenEnd]);
        }
      }
      background = true;
      end = this.tokenEnd;
      this.advance();
    }
    return { type: 'Statement', span: background ? [andOr.span[0], end] : andOr.span, andOr, background };
  }

  /** and_or : pipeline { (`&&` | `||`) linebreak pipeline } */
  parseAndOr(): AndOr {
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

  /** pipeline : [ `time` [`-p`] ] [ `!` ] command { (`|` | `|&`) linebreak command } */
  private parsePipeline(): Pipeline {
    const start = this.peekStartOf(LexMode.CommandPosition | LexMode.AssignmentAllowed);
    let negated = false;
    let timed = false;
    let bangs = 0;
    for (;;) {
      this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      const keyword = this.reserved();
      if (keyword === 'time' && this.dialect.timeKeyword && (!timed || this.dialect.timePosixFlag) && !this.timeIsPlainBeforeDash()) {
        timed = true;
        const end = this.tokenEnd;
        this.advance();
        // bash: `time -p`, `time --`, `time -p --`, and `time time …` are all the keyword
        while (this.dialect.timePosixFlag && this.peek(LexMode.None) === Token.Word && (this.lexer.wordLiteral === '-p' ||
          this.lexer.wordLiteral === '--')) this.advance();
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
        const most = this.dialect.maxPipelineCommands.toLocaleString('en-US');
        this.fail(`bash refuses a pipeline this long (its parser's stack holds about 3,333 commands): treeward reads at most ${most} in one pipeline; ` +
          'split it');
      }
      commands.push(this.parseCommand());
    }
    const last = commands[commands.length - 1]!;
    if (operators.length === 0) return { type: 'Pipeline', span: last.span[0] === start ? last.span : [start, last.span[1]], negated, timed, commands,
      operators };
    return { type: 'Pipeline', span: [start, last.span[1]], negated, timed, commands: exactSize(commands), operators: exactSize(operators) };
  }

  /** A bare `!` or `time` may end a list, but not be backgrounded or piped (zsh also lets a closer follow). */
  private expectEmptyPipelineEnd(what: string): void {
    const t = this.lexer.token;
    if (t === Token.Semi || t === Token.Newline || t === Token.EOF) return;
    if (this.dialect.emptyPipelineBeforeCloser && (t === Token.RightParen || t === Token.Word)) return;
    this.unexpected(`a command after \`${what}\``);
  }

  /** command : compound_command { redirect } | function_definition | simple_command */
  parseCommand(): Command {
    this.enter();
    try {
      const t = this.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
      let command: Command;
      switch (t) {
        case Token.LeftParen:
          command = parseSubshell(this);
          break;
        case Token.ArithmeticCommand: {
          const expression = this.lexer.arithmetic!;
          const span: Span = [this.tokenStart, this.tokenEnd];
          this.advance();
          command = { type: 'ArithmeticCommand', span, expression, redirects: [] };
          break;
        }
        case Token.EmptyParens:
          command = parseZshAnonymousFunction(this);
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
          return parseSimpleCommand(this, []);
        }
        case Token.Redirect:
          return parseSimpleCommand(this, []);
        default:
          this.unexpected('a command');
      }
      return this.withRedirects(command);
    } finally {
      this.leave();
    }
  }

  // ------------------------------------------------------------------ productions of compound.ts, read by simple-command.ts

  parseCompound(keyword: string): Command {
    return parseCompound(this, keyword);
  }

  withRedirects<C extends Command>(command: C): C {
    return withRedirects(this, command);
  }

  parseZshFunctionBody(allowEmpty = false): Command {
    return parseZshFunctionBody(this, allowEmpty);
  }

  parseFunctionBody(): Command {
    return parseFunctionBody(this);
  }
}

/**
 * The command a background `&` applies to last: zsh's `coproc PIPELINE` is
 * looked through to its pipeline's last command (`coproc A=1 &` fails like
 * `A=1 &`). The group around that pipeline is the parser's own, which shares
 * the pipeline's span; a `coproc { … }` the line wrote is not looked into.
 */
function backgroundedCommand(command: Command | undefined): Command | undefined {
  let current = command;
  for (;;) {
    let last: Statement | undefined;
    if (current?.type === 'Coproc' && current.body.type === 'BraceGroup' && current.body.body.length === 1 &&
      current.body.span === current.body.body[0]!.span) last = current.body.body[0];
    // zsh's short forms (`repeat 2 npm | B=1 &`, `for i in a; B=1 &`): the body ends where the command does, so the `&`
    // follows its last command (zsh 5.9: parse error near `&`, explore seed 1410726223); a `{ … }` body ends before `}`
    else if ((current?.type === 'Repeat' || current?.type === 'For') && current.body.at(-1)?.span[1] === current.span[1]) last = current.body.at(-1);
    if (!last) return current;
    const pipelines = last.andOr.pipelines;
    const commands = pipelines[pipelines.length - 1]!.commands;
    current = commands[commands.length - 1];
  }
}
