// Compound commands: subshells, groups, `if`, the loops, `case`, the
// `function` keyword, `coproc`, and zsh's `repeat`, `always` and short forms.

import type { CaseItem, Command, SimpleCommand, Statement, Word, Span } from '../syntax/ast.js';
import { isValidName } from '../lexer/chars.js';
import { LexMode, Token } from '../lexer/tokens.js';
import { compoundOpeners, type ParserState } from './state.js';
import { parseRedirect, parseSimpleCommand } from './simple-command.js';
import { parseTest } from './test-expression.js';

/** Redirections after a compound command belong to it. */
export function withRedirects<C extends Command>(parser: ParserState, command: C): C {
  while (parser.peek(LexMode.None) === Token.Redirect) {
    if (parser.lexer.redirectFdVariable !== null && parser.dialect.fdVariablesOnlyOnSimpleCommands) parser.fail('zsh reads `{name}>` only in a simple command');
    const redirect = parseRedirect(parser);
    command.redirects.push(redirect);
    command.span = [command.span[0], redirect.span[1]];
  }
  return command;
}

export function parseCompound(parser: ParserState, keyword: string): Command {
  switch (keyword) {
    case 'if': return parseIf(parser);
    case 'while': return parseWhile(parser, false);
    case 'until': return parseWhile(parser, true);
    case 'for': return parseFor(parser, false, false);
    case 'select': return parseFor(parser, true, false);
    case 'foreach': return parseFor(parser, false, true);
    case 'case': return parseCase(parser);
    case '{': return parseBraceGroup(parser);
    case '[[': return parseTest(parser);
    case 'function': return parseFunctionKeyword(parser);
    case 'coproc': return parseCoproc(parser);
    case 'repeat': return parseRepeat(parser);
  }
  parser.fail(`\`${keyword}\` is not read here`);
}

/** subshell : `(` list `)` */
export function parseSubshell(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  const outer = parser.parenEndsProgram;
  parser.parenEndsProgram = false;
  const body = parser.parseNonEmptyList('inside `( )`');
  parser.parenEndsProgram = outer;
  if (parser.peek(LexMode.CommandPosition) !== Token.RightParen) parser.unexpected(`\`)\` to close the \`(\` at offset ${start}`);
  const end = parser.tokenEnd;
  parser.advance();
  return { type: 'Subshell', span: [start, end], body, redirects: [] };
}

/** group : `{` list `}`, and zsh's `{ list } always { list }` */
export function parseBraceGroup(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  const body = parser.parseNonEmptyList('inside `{ }`');
  parser.expectCloseBrace(start);
  let end = parser.lastEnd;
  if (parser.dialect.alwaysBlock && parser.peek(LexMode.CommandPosition) === Token.Word && parser.lexer.wordLiteral === 'always' &&
    !parser.rightAfterKeywordCloser()) {
    parser.advance();
    parser.skipLinebreaks();
    if (!(parser.peek(LexMode.CommandPosition) === Token.Word && parser.isReservedWord('{'))) parser.unexpected('`{` after `always`');
    const open = parser.tokenStart;
    parser.advance();
    const always = parser.parseList();
    parser.expectCloseBrace(open);
    end = parser.lastEnd;
    return { type: 'Always', span: [start, end], body, always, redirects: [] };
  }
  return { type: 'BraceGroup', span: [start, end], body, redirects: [] };
}

/** if : `if` list `then` list { `elif` list `then` list } [ `else` list ] `fi`, and zsh's brace and short forms */
export function parseIf(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  const clauses: { condition: Statement[]; body: Statement[] }[] = [];
  let elseBody: Statement[] | null = null;
  let usedBraces = false;
  for (;;) {
    const condition = parser.parseNonEmptyList('after `if`');
    // the list has taken its newlines; zsh takes `;` here too
    if (parser.dialect.semicolonsWhereNewlines) parser.skipLinebreaks();
    parser.peek(LexMode.CommandPosition);
    if (parser.isReservedWord('then')) {
      parser.advance();
      const body = parser.parseNonEmptyList('after `then`');
      clauses.push({ condition, body });
    } else if (parser.dialect.braceConditionBodies && parser.isReservedWord('{')) {
      const open = parser.tokenStart;
      parser.advance();
      const body = parser.parseList();
      parser.expectCloseBrace(open);
      clauses.push({ condition, body });
      usedBraces = true;
      const t = parser.peek(LexMode.CommandPosition);
      if (t === Token.Semi || t === Token.Newline) return { type: 'If', span: [start, parser.lastEnd], clauses, elseBody, redirects: [] };
      if (parser.isReservedWord('elif')) { parser.advance(); continue; }
      if (parser.isReservedWord('else')) { parser.advance(); break; }
      if (parser.isReservedWord('fi')) {
        const end = parser.consumeKeywordCloser();
        return { type: 'If', span: [start, end], clauses, elseBody, redirects: [] };
      }
      parser.unexpected('`elif`, `else`, `fi` or a newline after `if … { … }`');
    } else if (parser.dialect.shortBodies && condition.length > 0) {
      // zsh's short form: `if [[ c ]] cmd` runs one and-or list (zsh lets it be empty, except at the end).
      const after = parser.peek(LexMode.CommandPosition);
      if (after === Token.EOF || (after === Token.RightParen && parser.parenEndsProgram)) parser.unexpected('a command after the condition of `if`');
      const statement = parseShortBody(parser);
      const body = statement ? [statement] : [];
      clauses.push({ condition, body });
      return { type: 'If', span: [start, statement ? statement.span[1] : condition[condition.length - 1]!.span[1]], clauses, elseBody, redirects: [] };
    } else {
      parser.unexpected(`\`then\` for the \`if\` at offset ${start}`);
    }
    parser.peek(LexMode.CommandPosition);
    if (parser.isReservedWord('elif')) { parser.advance(); continue; }
    if (parser.isReservedWord('else')) { parser.advance(); break; }
    if (parser.isReservedWord('fi')) {
      const end = parser.consumeKeywordCloser();
      return { type: 'If', span: [start, end], clauses, elseBody, redirects: [] };
    }
    parser.unexpected(`\`fi\` to close the \`if\` at offset ${start}`);
  }
  // `else`: zsh takes `;` after it
  if (parser.dialect.semicolonsWhereNewlines) parser.skipLinebreaks();
  if (usedBraces && parser.peek(LexMode.CommandPosition) === Token.Word && parser.isReservedWord('{')) {
    const open = parser.tokenStart;
    parser.advance();
    elseBody = parser.parseList();
    parser.expectCloseBrace(open);
    return { type: 'If', span: [start, parser.lastEnd], clauses, elseBody, redirects: [] };
  }
  elseBody = parser.parseNonEmptyList('after `else`');
  parser.expectReserved('fi', 'if', start);
  return { type: 'If', span: [start, parser.lastTokEnd()], clauses, elseBody, redirects: [] };
}

/** zsh's short body (`list1`): one and-or list, or nothing when no command follows. */
export function parseShortBody(parser: ParserState): Statement | null {
  parser.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
  if (!parser.startsCommand() && !parser.isPipelinePrefix()) return null;
  const andOr = parser.parseAndOr();
  return { type: 'Statement', span: andOr.span, andOr, background: false };
}

/** while : (`while` | `until`) list `do` list `done`, and zsh's `{ }` form */
export function parseWhile(parser: ParserState, until: boolean): Command {
  const start = parser.tokenStart;
  parser.advance();
  const condition = parser.parseNonEmptyList(`after \`${until ? 'until' : 'while'}\``);
  const { body, end } = parseLoopBody(parser, start, until ? 'until' : 'while', false, true);
  return { type: 'While', span: [start, end], until, condition, body, redirects: [] };
}

/** `do` list `done`, or `{ list }` (bash, zsh), zsh's `list end` (foreach) and short form. */
export function parseLoopBody(parser: ParserState, start: number, what: string, bracesAllowed: boolean, zshShort: boolean,
  foreach = false): { body: Statement[]; end: number } {
  parser.skipLinebreaks();
  parser.peek(LexMode.CommandPosition);
  if (parser.isReservedWord('do')) {
    parser.advance();
    const body = parser.parseNonEmptyList('after `do`');
    parser.expectReserved('done', what, start);
    return { body, end: parser.tokenEnd };
  }
  if ((bracesAllowed || parser.dialect.braceConditionBodies) && parser.isReservedWord('{')) {
    const open = parser.tokenStart;
    parser.advance();
    const body = parser.parseNonEmptyList('inside `{ }`');
    parser.expectCloseBrace(open);
    return { body, end: parser.lastEnd };
  }
  if (foreach) {
    const body = parser.parseList();
    parser.expectReserved('end', 'foreach', start);
    return { body, end: parser.tokenEnd };
  }
  if (zshShort && parser.dialect.shortBodies) {
    const statement = parseShortBody(parser);
    return statement ? { body: [statement], end: statement.span[1] } : { body: [], end: parser.lastBodyEnd(start) };
  }
  parser.unexpected(`\`do\` for the \`${what}\` at offset ${start}`);
}

/**
 * for : `for` name [ linebreak `in` { word } separator ] linebreak do_group
 *     | `for` `((` init `;` test `;` update `))` [separator] do_group
 * and `select`, zsh's several names, `for name (words)`, `foreach name (words) … end`.
 */
export function parseFor(parser: ParserState, select: boolean, foreach: boolean): Command {
  const start = parser.tokenStart;
  const keyword = select ? 'select' : foreach ? 'foreach' : 'for';
  parser.advance();
  if (!select && !foreach && parser.dialect.arithmeticCommand) {
    const arith = tryArithmeticFor(parser, start);
    if (arith) return arith;
  }
  const variables: { name: string; span: Span }[] = [];
  for (;;) {
    const t = parser.peek(variables.length === 0 ? LexMode.None : LexMode.CommandPosition);
    if (t !== Token.Word) {
      if (variables.length === 0) parser.unexpected(`a variable name after \`${keyword}\``);
      break;
    }
    const lit = parser.lexer.wordLiteral;
    if (variables.length > 0 && (lit === 'in' || lit === 'do' || lit === '{' || !parser.dialect.forSeveralNames || select)) break;
    const zshPositional = parser.dialect.forSeveralNames && lit !== null && /^[0-9]+$/.test(lit);
    if ((lit === null || !(isValidName(lit) || zshPositional)) && parser.dialect.loopVariableChecked) {
      if (variables.length === 0) parser.fail(`\`${parser.lexer.tokenText()}\` is not a valid variable name for \`${keyword}\``);
      break;
    }
    // bash checks the name only when the loop runs
    variables.push({ name: lit ?? parser.lexer.tokenText(), span: [parser.tokenStart, parser.tokenEnd] });
    parser.advance();
  }
  let items: Word[] | null = null;
  let sawNewline = false;
  for (;;) {
    const t = parser.peek(LexMode.CommandPosition);
    if (t !== Token.Newline) break;
    sawNewline = true;
    parser.advance();
  }
  parser.peek(LexMode.CommandPosition);
  // `in` by its text: zsh does not reserve it, but reads it here as bash and sh do
  if (parser.lexer.token === Token.Word && parser.lexer.wordLiteral === 'in') {
    parser.advance();
    items = [];
    for (;;) {
      const t = parser.peek(LexMode.None);
      if (t === Token.Word) {
        items.push(parser.lexer.word!);
        parser.advance();
        continue;
      }
      if (t === Token.Semi || t === Token.Newline) {
        parser.advance();
        break;
      }
      parser.unexpected('`;` or a newline after the words of `' + keyword + ' … in`');
    }
  } else if (parser.dialect.forParenthesizedWords && !sawNewline && parser.lexer.token === Token.LeftParen) {
    parser.advance();
    items = [];
    for (;;) {
      const t = parser.peek(LexMode.None);
      if (t === Token.Word) {
        items.push(parser.lexer.word!);
        parser.advance();
      } else if (t === Token.Newline || t === Token.Semi) parser.advance();
      else break;
    }
    if (parser.peek(LexMode.None) !== Token.RightParen) parser.unexpected('`)` to close the word list');
    parser.advance();
  } else if (parser.lexer.token === Token.Semi && !foreach) {
    parser.advance();
  }
  if (foreach && items === null) parser.unexpected('`(` after `foreach NAME`');
  const { body, end } = parseLoopBody(parser, start, keyword, parser.dialect.braceLoopBody, true, foreach);
  return { type: 'For', span: [start, end], select, variables, items, body, redirects: [] };
}

/** `for (( init; test; update ))` */
export function tryArithmeticFor(parser: ParserState, start: number): Command | null {
  const clauses = parser.lexer.readArithmeticFor();
  if (clauses === null) return null;
  if (!clauses.ok) parser.fail(clauses.message, clauses.span);
  const { init, test, update } = clauses;
  // optional separator
  const t2 = parser.peek(LexMode.CommandPosition);
  if (t2 === Token.Semi) parser.advance();
  const { body, end } = parseLoopBody(parser, start, 'for', true, true);
  return { type: 'ArithFor', span: [start, end], init, test, update, body, redirects: [] };
}

/** case : `case` word linebreak `in` { item } `esac`, and zsh's `case word { … }` */
export function parseCase(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  if (parser.peek(LexMode.None) !== Token.Word) parser.unexpected('a word after `case`');
  const subject = parser.lexer.word!;
  parser.advance();
  parser.skipLinebreaks();
  parser.peek(LexMode.CommandPosition);
  let braces = false;
  if (parser.lexer.token === Token.Word && parser.lexer.wordLiteral === 'in') parser.advance();
  else if (parser.dialect.caseBraces && parser.isReservedWord('{')) {
    braces = true;
    parser.advance();
  } else parser.unexpected('`in` after `case WORD`');
  const items: CaseItem[] = [];
  for (;;) {
    parser.skipLinebreaks();
    const t = parser.peek(LexMode.CasePattern);
    if (t === Token.Word && parser.lexer.wordLiteral === (braces ? '}' : 'esac') && !parser.rightAfterKeywordCloser()) break;
    items.push(parseCaseItem(parser));
    const term = parser.peek(LexMode.CommandPosition);
    if (term === Token.DoubleSemi || term === Token.SemiAmp || term === Token.DoubleSemiAmp || term === Token.SemiPipe) {
      items[items.length - 1]!.terminator = parser.lexer.tokenText();
      items[items.length - 1]!.span[1] = parser.tokenEnd;
      parser.advance();
      continue;
    }
    if (term === Token.Word && parser.isReservedWord(braces ? '}' : 'esac')) break;
    parser.unexpected(`\`;;\` or \`${braces ? '}' : 'esac'}\` after a case item`);
  }
  const end = braces ? parser.tokenEnd : parser.consumeKeywordCloser();
  if (braces) parser.advance();
  return { type: 'Case', span: [start, end], subject, items, redirects: [] };
}

export function parseCaseItem(parser: ParserState): CaseItem {
  const start = parser.tokenStart;
  const patterns: Word[] = [];
  if (parser.lexer.token === Token.LeftParen) parser.advance();
  else if (parser.lexer.arithmeticFallback && parser.dialect.caseNeedsParenAfterArithmeticFallback) {
    // bash scans `$(((…` for its closing `)` by counting parentheses: a pattern's lone `)` ends the substitution early
    parser.fail('bash misreads a case pattern without its leading `(` inside `$(((…`: write `(pattern)`, or `$( ((…`', [start, parser.tokenEnd]);
  }
  for (;;) {
    const t = parser.peek(LexMode.CasePattern);
    if (t === Token.Pipe && parser.dialect.caseEmptyAlternatives) {
      // zsh accepts an empty alternative: `|b)`
      parser.advance();
      continue;
    }
    if (t !== Token.Word) parser.unexpected('a case pattern');
    const word = parser.lexer.word!;
    parser.advance();
    const next = parser.peek(LexMode.CasePattern);
    if (parser.dialect.caseParenthesizedPattern && next !== Token.RightParen && next !== Token.Pipe && patterns.length === 0 &&
      parser.lexer.writtenInParentheses(word)) {
      // zsh: `(pattern)` followed by the body is the optional leading parenthesis form.
      patterns.push(word);
      break;
    }
    patterns.push(word);
    if (next === Token.Pipe) {
      parser.advance();
      // zsh accepts an empty last alternative: `a|)`
      if (parser.dialect.caseEmptyAlternatives && parser.peek(LexMode.CasePattern) === Token.RightParen) {
        parser.advance();
        break;
      }
      continue;
    }
    if (next === Token.RightParen) {
      parser.advance();
      break;
    }
    parser.unexpected('`)` or `|` after a case pattern');
  }
  const body = parser.parseList();
  const end = body.length > 0 ? body[body.length - 1]!.span[1] : parser.tokenStart;
  return { type: 'CaseItem', span: [start, Math.max(start, end)], patterns, body, terminator: null };
}

/** bash: `function name [()] compound`; zsh: `function [names] [()] body` */
export function parseFunctionKeyword(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  const names: Word[] = [];
  if (parser.dialect.severalFunctionNames) {
    for (;;) {
      const t = parser.peek(LexMode.CommandPosition);
      if (t !== Token.Word || parser.lexer.wordLiteral === '{') break;
      if (parser.dialect.closeBraceAnywhere && parser.lexer.wordLiteral === '}') break;
      names.push(parser.lexer.word!);
      parser.advance();
    }
    if (parser.peek(LexMode.CommandPosition) === Token.EmptyParens) parser.advance();
    parser.skipLinebreaks();
    const body = parseZshFunctionBody(parser, true);
    const definition: Command = { type: 'FunctionDefinition', span: [start, Math.max(start, body.span[1])], names, keyword: true, body, args: [],
      redirects: [] };
    return names.length === 0 ? withAnonymousArguments(parser, definition) : definition;
  }
  if (parser.peek(LexMode.None) !== Token.Word) parser.unexpected('a function name after `function`');
  names.push(parser.lexer.word!);
  parser.advance();
  // `function f ()` takes optional parentheses; `function f ( cmd )` has a subshell body
  if (parser.peek(LexMode.None) === Token.LeftParen && parser.lexer.closeParenFollows()) {
    parser.advance();
    parser.peek(LexMode.None);
    parser.advance();
  }
  parser.skipNewlines();
  const body = parseFunctionBody(parser);
  return { type: 'FunctionDefinition', span: [start, body.span[1]], names, keyword: true, body, args: [], redirects: [] };
}

/** zsh: `() body args…` defines and runs an anonymous function. */
export function parseZshAnonymousFunction(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  parser.skipLinebreaks();
  const body = parseZshFunctionBody(parser);
  const definition: Command = { type: 'FunctionDefinition', span: [start, body.span[1]], names: [], keyword: false, body, args: [], redirects: [] };
  return withAnonymousArguments(parser, definition);
}

/** The words and redirections after an anonymous function's body are its arguments and its redirections. */
export function withAnonymousArguments(parser: ParserState, definition: Command & { type: 'FunctionDefinition' }): Command {
  for (;;) {
    const t = parser.peek(LexMode.None);
    if (t === Token.Redirect) {
      const redirect = parseRedirect(parser);
      definition.redirects.push(redirect);
      definition.span = [definition.span[0], redirect.span[1]];
    } else if (t === Token.Word && !(parser.dialect.closeBraceAnywhere && parser.lexer.wordLiteral === '}')) {
      const word = parser.lexer.word!;
      parser.advance();
      definition.args.push(word);
      definition.span = [definition.span[0], word.span[1]];
    } else return definition;
  }
}

/** zsh function bodies: `{ list }` or one command (after `function NAME`, possibly none). */
export function parseZshFunctionBody(parser: ParserState, allowEmpty = false): Command {
  parser.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
  if (parser.isReservedWord('{')) {
    const open = parser.tokenStart;
    parser.advance();
    const body = parser.parseList();
    parser.expectCloseBrace(open);
    const group: Command = { type: 'BraceGroup', span: [open, parser.lastEnd], body, redirects: [] };
    return withRedirects(parser, group);
  }
  if (!parser.startsCommand() && !parser.isPipelinePrefix()) {
    if (!allowEmpty) parser.unexpected('a function body');
    // zsh: `function f` with no body defines an empty function
    const at = parser.tokenStart;
    return { type: 'BraceGroup', span: [at, at], body: [], redirects: [] };
  }
  return parser.parseCommand();
}

/** A function body after `name()`: bash needs a compound command; sh and zsh take any command. */
export function parseFunctionBody(parser: ParserState): Command {
  parser.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
  if (!parser.startsCommand()) parser.unexpected('a function body');
  const body = parser.parseCommand();
  if (!parser.dialect.functionBodyAnyCommand && (body.type === 'SimpleCommand' || body.type === 'FunctionDefinition')) {
    parser.fail('a bash function body must be a compound command such as `{ …; }`', body.span);
  }
  return body;
}

/** bash: `coproc [NAME] command` */
export function parseCoproc(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  const t = parser.peek(LexMode.CommandPosition | LexMode.AssignmentAllowed);
  const opensCompound = () => {
    const tt = parser.lexer.token;
    if (tt === Token.LeftParen || tt === Token.ArithmeticCommand) return true;
    const keyword = parser.reserved();
    return keyword !== null && compoundOpeners.has(keyword) && keyword !== 'coproc';
  };
  if (opensCompound()) {
    if (parser.reserved() === 'function') parser.unexpected('a command after `coproc` (bash takes no function definition there)');
    const body = parser.parseCommand();
    return { type: 'Coproc', span: [start, body.span[1]], name: null, body, redirects: [] };
  }
  if (t !== Token.Word && t !== Token.Redirect) parser.unexpected('a command after `coproc`');
  // bash takes a command here, or `time`; any other reserved word (`!`, `coproc`, `fi`, `}`, `]]`, `in`) is a syntax error
  const word = parser.reserved();
  if (word !== null && word !== 'time') parser.unexpected('a command after `coproc`');
  if (t === Token.Word && parser.reserved() === null) {
    const first = parser.lexer.word!;
    const firstLit = parser.lexer.wordLiteral;
    parser.advance();
    parser.peek(LexMode.CommandPosition);
    if (opensCompound()) {
      const body = parser.parseCommand();
      return { type: 'Coproc', span: [start, body.span[1]], name: firstLit ?? parser.lexer.sourceText(first.span[0], first.span[1]), body, redirects: [] };
    }
    if (parser.reserved() !== null) {
      // bash reads reserved words after `coproc NAME`: `coproc x }` closes a group.
      const body: SimpleCommand = { type: 'SimpleCommand', span: first.span, assignments: [], words: [first], redirects: [] };
      return { type: 'Coproc', span: [start, first.span[1]], name: null, body, redirects: [] };
    }
    const body = parseSimpleCommand(parser, [], first);
    return { type: 'Coproc', span: [start, body.span[1]], name: null, body, redirects: [] };
  }
  const body = parseSimpleCommand(parser, []);
  return { type: 'Coproc', span: [start, body.span[1]], name: null, body, redirects: [] };
}

/** zsh: `repeat N body` */
export function parseRepeat(parser: ParserState): Command {
  const start = parser.tokenStart;
  parser.advance();
  if (parser.peek(LexMode.None) !== Token.Word) parser.unexpected('a count after `repeat`');
  const count = parser.lexer.word!;
  if (parser.dialect.closeBraceAnywhere && parser.lexer.isLoneCloseBrace(count)) {
    parser.fail('zsh reads a sole `}` as a close brace, not a count after `repeat`', count.span);
  }
  parser.advance();
  const { body, end } = parseLoopBody(parser, start, 'repeat', true, true);
  return { type: 'Repeat', span: [start, end], count, body, redirects: [] };
}
