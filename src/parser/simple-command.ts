// Simple commands: assignments (arrays included), words and redirections,
// and the function definitions that start like one (`name () body`).

import type { ArrayElement, Assignment, Command, Heredoc, Redirect, Span, Word, WordPart } from '../syntax/ast.js';
import { unquotedLiteral } from '../syntax/word-text.js';
import { isValidName } from '../lexer/chars.js';
import { LexMode, Token } from '../lexer/tokens.js';
import { splitTildes } from './word-parts.js';
import { compoundOpeners, exactSize, type ParserState } from './state.js';

/** dash's special builtins, which it refuses as function names ("Bad function name"). */
const dashSpecialBuiltins = new Set(['break', 'continue', '.', ':', 'eval', 'exec', 'exit', 'export', 'readonly', 'return', 'set', 'shift', 'times', 'trap',
  'unset']);

/**
 * simple_command : { assignment | redirect } [ word { word | redirect } ]
 * and function definitions `name () body` (zsh: `a b () body`).
 */
export function parseSimpleCommand(parser: ParserState, leading: Redirect[], firstWord?: Word): Command {
  const dialect = parser.dialect;
  const assignments: Assignment[] = [];
  const words: Word[] = [];
  const redirects: Redirect[] = leading.slice();
  let start = firstWord ? firstWord.span[0] : parser.tokenStart;
  let end = start;
  let declaration = false;
  // bash: once a redirection follows a word, `NAME=(…)` in a declaration command is a syntax error
  let redirectAfterWord = false;
  if (firstWord) {
    words.push(firstWord);
    end = firstWord.span[1];
    declaration = isDeclaration(parser, unquotedLiteral(firstWord));
  }
  for (;;) {
    const mode = words.length === 0 ? LexMode.CommandPosition | LexMode.AssignmentAllowed : declaration ? LexMode.AssignmentAllowed : LexMode.None;
    const t = parser.peek(mode);
    if (t === Token.Redirect) {
      const redirect = parseRedirect(parser);
      redirects.push(redirect);
      if (redirects.length === 1 && words.length === 0 && assignments.length === 0) start = redirect.span[0];
      if (words.length > 0 || assignments.length > 0) redirectAfterWord = true;
      end = redirect.span[1];
      continue;
    }
    if ((t === Token.LeftParen || t === Token.ArithmeticCommand) && dialect.redirectionsBeforeCompound && words.length === 0 && assignments.length === 0 &&
      redirects.length > 0) {
      // zsh: redirections may come before a subshell or `(( ))` too
      const command = parser.parseCommand();
      command.redirects.unshift(...redirects);
      command.span = [start, command.span[1]];
      return command;
    }
    if (t !== Token.Word) break;
    const word = parser.lexer.word!;
    const lit = parser.lexer.wordLiteral;
    if (words.length === 0) {
      const keyword = parser.reserved();
      if (keyword !== null && dialect.redirectionsBeforeCompound && assignments.length === 0 && redirects.length > 0 && compoundOpeners.has(keyword)) {
        // zsh: redirections may come before a compound command.
        const command = parser.parseCompound(keyword);
        command.redirects.unshift(...redirects);
        command.span = [start, command.span[1]];
        return parser.withRedirects(command);
      }
      if (keyword !== null && dialect.redirectionsBeforeCompound && (assignments.length > 0 || redirects.length > 0) && keyword !== '}' &&
        !dialect.declarationCommands.has(keyword)) break;
      const assignment = readAssignment(parser, word);
      if (assignment) {
        if (assignments.length === 0 && redirects.length === 0) start = assignment.span[0];
        assignments.push(assignment);
        end = assignment.span[1];
        continue;
      }
    } else if (declaration && parser.lexer.declarationArrayAt(word)) {
      // `declare a=(1 2)`: the array belongs to the argument
      if (redirectAfterWord && dialect.declarationArrayAfterRedirectRefused) {
        parser.fail('bash refuses an array `NAME=(…)` after a redirection in `local`, `declare` and kin (`local >f a=(1)`): put the redirection last',
          word.span);
      }
      parser.advance();
      const array = readArrayElements(parser);
      const last = array.length > 0 ? array[array.length - 1]!.span[1] : word.span[1];
      const close = parser.lastArrayEnd;
      const parts: WordPart[] = [...word.parts];
      for (const element of array) parts.push(...(element.key ? element.key.parts : []), ...element.value.parts);
      const whole: Word = { type: 'Word', span: [word.span[0], Math.max(last, close)], parts, unquoted: word.unquoted };
      words.push(whole);
      end = whole.span[1];
      continue;
    }
    if (dialect.closeBraceAnywhere && lit === '}') break;
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) start = word.span[0];
    parser.advance();
    words.push(word);
    end = word.span[1];
    if (words.length === 1 && isDeclaration(parser, lit)) declaration = true;
    if (words.length === 1 && assignments.length === 0 && redirects.length === 0 && !dialect.severalFunctionNames) {
      if (parser.peek(LexMode.None) === Token.LeftParen) return parseFunctionDefinition(parser, words);
    }
    if (dialect.severalFunctionNames && assignments.length === 0 && parser.peek(LexMode.None) === Token.EmptyParens) {
      return parseFunctionDefinition(parser, words);
    }
  }
  if (words.length === 0 && assignments.length === 0 && redirects.length === 0) parser.unexpected('a command');
  if (dialect.precommandNeedsCommand && redirects.length > 0 && assignments.length === 0 && words.length > 0 && onlyPrecommandModifiers(parser, words)) {
    parser.fail('zsh refuses a redirection after a precommand modifier (`-`, `noglob`, `builtin`, `command`) with no command: redirection with no command',
      [start, end]);
  }
  // a command that is one word (`true`, `ls`) shares the word's span
  const one = words.length === 1 && assignments.length === 0 && redirects.length === 0 ? words[0]!.span : null;
  const span: Span = one !== null && one[0] === start && one[1] === end ? one : [start, end];
  return { type: 'SimpleCommand', span, assignments: exactSize(assignments), words: exactSize(words), redirects: exactSize(redirects) };
}

/** zsh: words that are all precommand modifiers (`- noglob builtin command`, `command -p`), and so no command. */
export function onlyPrecommandModifiers(parser: ParserState, words: readonly Word[]): boolean {
  let previous = '';
  for (const word of words) {
    if (!word.unquoted) return false;
    const text = parser.lexer.sourceText(word.span[0], word.span[1]);
    if (text === '-' || text === 'noglob' || text === 'builtin' || text === 'command' || (text === '-p' && previous === 'command')) {
      previous = text;
      continue;
    }
    return false;
  }
  return true;
}

export function isDeclaration(parser: ParserState, name: string | null): boolean {
  if (name === null || !parser.dialect.arrays) return false;
  return parser.dialect.declarationCommands.has(name);
}

/** `name ( ) body` */
export function parseFunctionDefinition(parser: ParserState, names: Word[]): Command {
  const start = names[0]!.span[0];
  const dialect = parser.dialect;
  if (parser.lexer.token === Token.EmptyParens) {
    parser.advance();
  } else {
    parser.advance(); // `(`
    if (parser.peek(LexMode.None) !== Token.RightParen) parser.unexpected('`)` after `NAME (` in a function definition');
    parser.advance();
  }
  if (dialect.functionNamesChecked) {
    const name = unquotedLiteral(names[0]!);
    if (name === null || !isValidName(name)) parser.fail('sh function names must be plain names', names[0]!.span);
    if (dashSpecialBuiltins.has(name)) parser.fail(`dash refuses a function named after the special builtin \`${name}\``, names[0]!.span);
  }
  if (dialect.functionBodyAfterSeparators) {
    parser.skipLinebreaks();
    const body = parser.parseZshFunctionBody();
    return { type: 'FunctionDefinition', span: [start, body.span[1]], names, keyword: false, body, args: [], redirects: [] };
  }
  parser.skipNewlines();
  const body = parser.parseFunctionBody();
  return { type: 'FunctionDefinition', span: [start, body.span[1]], names, keyword: false, body, args: [], redirects: [] };
}

/** A word read in assignment position: `name=value`, `name+=value`, `name[i]=value`, `name=(…)`. */
export function readAssignment(parser: ParserState, word: Word): Assignment | null {
  const shape = parser.lexer.assignmentAt(word);
  if (shape === null) return null;
  const [wordStart, wordEnd] = word.span;
  const name = parser.lexer.sourceText(wordStart, shape.nameEnd);
  const index = shape.subscriptOpen < 0 ? null : sliceWord(word, shape.subscriptOpen + 1, shape.subscriptClose);
  const { append, valueStart } = shape;
  const nameSpan: Span = [wordStart, shape.nameEnd];
  if (shape.array) {
    parser.advance();
    const array = readArrayElements(parser);
    return { type: 'Assignment', span: [wordStart, parser.lastArrayEnd], name, nameSpan, index, append, value: null, array };
  }
  parser.advance();
  const value = valueStart < wordEnd ? sliceWord(word, valueStart, wordEnd) : { type: 'Word' as const, span: [valueStart, valueStart] as Span, parts: [],
    unquoted: true };
  // An assignment value expands `~` at its start and after each `:`.
  value.parts = splitTildes(value.parts, parser.dialect, true);
  return { type: 'Assignment', span: [wordStart, wordEnd], name, nameSpan, index, append, value, array: null };
}

/** The elements of `(…)` after `name=`; the lexer stands at `(`. */
export function readArrayElements(parser: ParserState): ArrayElement[] {
  const lexer = parser.lexer;
  lexer.skipArrayOpen();
  const elements: ArrayElement[] = [];
  for (;;) {
    const t = parser.readToken(LexMode.ArrayElement);
    if (t === Token.Newline || (t === Token.Semi && parser.dialect.semicolonsWhereNewlines)) continue;
    if (t === Token.RightParen) {
      parser.lastArrayEnd = lexer.tokenEnd;
      return elements;
    }
    if (t !== Token.Word) parser.fail(t === Token.EOF ? 'unterminated array: close `(` with `)`' : `unexpected ${parser.describeToken()} in an array`);
    const word = parser.lexer.word!;
    if (parser.dialect.closeBraceAnywhere && lexer.isLoneCloseBrace(word)) {
      parser.fail('zsh reads a sole `}` as a close brace, which cannot stand in an array', word.span);
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
export function parseRedirect(parser: ParserState): Redirect {
  const lexer = parser.lexer;
  const start = lexer.tokenStart;
  const operator = lexer.redirectOperator;
  const fd = lexer.redirectFd;
  const fdVariable = lexer.redirectFdVariable;
  parser.advance();
  const t = parser.peek(LexMode.None);
  if (t !== Token.Word) {
    const wanted = operator.startsWith('<<') && operator !== '<<<' ? 'here-document delimiter' : 'file name';
    parser.fail(`expected a ${wanted} after \`${operator}\`, found ${parser.describeToken()}`);
  }
  const target = parser.lexer.word!;
  parser.advance();
  if (operator === '<&' && parser.dialect.inputDuplicationNeedsNumber && !/^([0-9]+|-|p)$/.test(lexer.quoteRemovedText(target))) {
    parser.fail('zsh wants a file descriptor number (or `-`, `p`) after `<&`: file number expected', target.span);
  }
  if (parser.dialect.closeBraceAnywhere && lexer.isLoneCloseBrace(target)) {
    parser.fail(`zsh reads a sole \`}\` as a close brace, not a file name after \`${operator}\``, target.span);
  }
  if ((operator === '>&' || operator === '<&') && lexer.dashAndMore(target)) {
    // bash closes the fd at `-` and passes the rest as an argument; dash fails; write them apart
    const written = `${operator}${lexer.sourceText(target.span[0], target.span[1])}`;
    parser.fail(`\`${written}\` is read differently by each shell: write \`${operator}-\` and the word apart`, target.span, 'unsupported');
  }
  const redirect: Redirect = { type: 'Redirect', span: [start, target.span[1]], operator, fd, fdVariable, target, heredoc: null };
  if (operator === '<<' || operator === '<<-') {
    if (target.parts.some((p) => p.type === 'CommandSubstitution' || p.type === 'ArithmeticExpansion' || p.type === 'ProcessSubstitution')) {
      // dash refuses it; bash compares the body against its own reprinting of the substitution
      parser.fail('a here-document delimiter holding a substitution is read differently by each shell: use a plain word such as `EOF`', target.span,
        'unsupported');
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

/** The parts of a word that lie within [from, to), splitting literal parts at the edges. */
function sliceWord(word: Word, from: number, to: number): Word {
  const parts: WordPart[] = [];
  let unquoted = true;
  for (const p of word.parts) {
    const [s, e] = p.span;
    if (e <= from || s >= to) continue;
    if (s >= from && e <= to) {
      parts.push(p);
      if (p.type === 'Escaped' || p.type === 'SingleQuoted' || p.type === 'DoubleQuoted' || p.type === 'AnsiCQuoted' ||
        p.type === 'LocaleQuoted') unquoted = false;
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
