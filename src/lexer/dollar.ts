// Everything after a `$`, and the arithmetic and process substitutions that
// read like it.

import type { Arithmetic, CommandSubstitution, ParameterExpansion, ProcessSubstitution, Span, Word, WordPart } from '../syntax/ast.js';
import { Char, isBlank, isDigit, isNameChar, isNameStart } from './chars.js';
import { skipAnsiCQuoted, skipBackquoted, skipQuoted } from './skim.js';
import { LexMode, Token } from './tokens.js';
import type { LexerState } from './state.js';
import { decodeAnsiC, scanBackquote, scanDoubleQuoted } from './quotes.js';
import { arithmeticProblem, zshParameterProblem } from './zsh-expansion.js';

/** The three clauses of `for (( init; test; update ))`, or why they cannot be read. */
export type ArithmeticForClauses =
  | { ok: true; init: Arithmetic; test: Arithmetic; update: Arithmetic }
  | { ok: false; message: string; span: Span };

/** Anything starting with `$`; pos at the `$`. */
export function scanDollar(lexer: LexerState, inDoubleQuotes: boolean): WordPart {
  const dialect = lexer.dialect;
  const start = lexer.pos;
  // `$\⏎x` is `$x`: a line continuation vanishes even right after the `$`
  const o = lexer.afterContinuations(start + 1);
  const c1 = lexer.code(o);
  switch (c1) {
    case Char.LeftParen: {
      if (lexer.code(o + 1) === Char.LeftParen) {
        const arithmetic = tryArithmetic(lexer, o + 2, false);
        if (arithmetic) return { type: 'ArithmeticExpansion', span: [start, lexer.pos], expression: arithmetic, invalid: null };
        if (!dialect.arithmeticFallbackToSubshell) lexer.error('unterminated arithmetic expansion: close `$((` with `))`', start, lexer.end);
      }
      const cached = lexer.substitutions.get(start);
      if (cached) {
        lexer.pos = cached.span[1];
        return cached;
      }
      lexer.enter(start);
      lexer.pos = o + 1;
      lexer.insideCommandSubstitution++;
      const outerFallback = lexer.arithmeticFallback;
      lexer.arithmeticFallback = lexer.code(o + 1) === Char.LeftParen;
      const body = lexer.nestedParser.parseUntilCloseParen(start);
      lexer.arithmeticFallback = outerFallback;
      lexer.insideCommandSubstitution--;
      lexer.leave();
      const part: CommandSubstitution = { type: 'CommandSubstitution', span: [start, lexer.pos], body, backquote: false };
      lexer.substitutions.set(start, part);
      return part;
    }
    case Char.LeftBrace:
      return scanBracedParameter(lexer, start, o);
    case Char.LeftBracket: {
      // `$[ … ]`: legacy arithmetic (bash, zsh)
      const close = matchingClose(lexer, o + 1, Char.LeftBracket, Char.RightBracket);
      if (close < 0) lexer.error('unterminated `$[`: close it with `]`', start, lexer.end);
      const expression = arithmeticBetween(lexer, o + 1, close);
      lexer.pos = close + 1;
      // zsh evaluates `$[ ]` with its own checks when it expands it
      const invalid = lexer.dialect.strictParameterSyntax ? arithmeticProblem(expression.text) : null;
      return { type: 'ArithmeticExpansion', span: [start, close + 1], expression, invalid };
    }
    case Char.SingleQuote: {
      // `$'…'` (not inside double quotes, not in sh)
      const after = skipAnsiCQuoted(lexer.src, o, lexer.end);
      if (after < 0) lexer.error("unterminated `$'`: add the closing `'`", o - 1, lexer.end);
      const close = after - 1;
      const raw = lexer.src.slice(o + 1, close);
      lexer.pos = close + 1;
      return { type: 'AnsiCQuoted', span: [start, close + 1], raw, value: decodeAnsiC(raw) };
    }
    case Char.DoubleQuote: {
      lexer.pos = o;
      const inner = scanDoubleQuoted(lexer);
      return { type: 'LocaleQuoted', span: [start, inner.span[1]], parts: inner.parts };
    }
    default: {
      void inDoubleQuotes;
      if (c1 === Char.Dollar && !inDoubleQuotes && lexer.code(o + 1) === Char.LeftParen && lexer.dialect.dollarBeforeSubstitutionIsText) {
        // zsh reads `$$(…)` as `$` and then `$(…)`
        lexer.pos = o;
        return { type: 'Literal', span: [start, o], value: '$' };
      }
      if (!isNameStart(c1)) {
        // a digit or a special parameter: one character
        lexer.pos = o + 1;
        return parameter(lexer.src[o]!, [start, o + 1]);
      }
      let name = '';
      let i = o;
      for (;;) {
        const from = i;
        while (isNameChar(lexer.code(i))) i++;
        name += lexer.src.slice(from, i);
        const next = lexer.afterContinuations(i);
        if (next === i || !isNameChar(lexer.code(next))) break;
        i = next;
      }
      lexer.pos = i;
      return parameter(name, [start, i]);
    }
  }
}

/**
 * Arithmetic that starts at `from` (after `((` or `$((`) and closes with
 * `))`, or null when the parentheses do not close that way (then bash and
 * zsh read a subshell instead).
 */
export function tryArithmetic(lexer: LexerState, from: number, _command: boolean): Arithmetic | null {
  const close = matchingClose(lexer, from, Char.LeftParen, Char.RightParen, true);
  if (close < 0 || lexer.code(close + 1) !== Char.RightParen) return null;
  const expression = arithmeticBetween(lexer, from, close);
  lexer.pos = close + 2;
  return expression;
}

/**
 * The index of the bracket closing an already open one, at depth zero,
 * skipping quotes and nested substitutions; -1 when none. With
 * `stopAtSeparator`, a `;` or newline at depth zero of parentheses does
 * not stop the scan (arithmetic may hold neither, but a `$( (…); … )` does).
 */
export function matchingClose(lexer: LexerState, from: number, open: number, close: number, _stopAtSeparator = false): number {
  if (open !== Char.LeftParen) return scanToClose(lexer, from, open, close, null);
  // Parentheses: each `(` passed on the way closes where the scan finds, so remember them all: the
  // arithmetic nested inside (`$(( ( $(( …`) asks again from each, and is answered without a scan.
  const closes = (lexer.parenCloses ??= new Int32Array(lexer.end + 2));
  if (closes[from] !== 0) return closes[from]! - 2;
  const opened: number[] = [];
  const at = scanToClose(lexer, from, open, close, opened);
  closes[from] = at + 2;
  for (let k = 0; k < opened.length; k += 2) closes[opened[k]! + 1] = 1; // still open where the scan ended
  return at;
}

/**
 * matchingClose's scan. With `opened`, each `((` it passes (where arithmetic can start) is pushed
 * there with its depth, and taken off (and its close remembered) when it closes.
 */
export function scanToClose(lexer: LexerState, from: number, open: number, close: number, opened: number[] | null): number {
  const src = lexer.src;
  let depth = 0;
  let i = from;
  while (i < lexer.end) {
    const c = src.charCodeAt(i);
    if (c === open) {
      depth++;
      if (opened && i > from && src.charCodeAt(i - 1) === open) opened.push(i, depth);
    } else if (c === close) {
      if (depth === 0) return i;
      if (opened && opened.length > 0 && opened[opened.length - 1] === depth) {
        opened.pop();
        lexer.parenCloses![opened.pop()! + 1] = i + 2;
      }
      depth--;
    } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote || c === Char.Backquote) {
      i = c === Char.Backquote ? skipBackquoted(src, i, lexer.end) : skipQuoted(src, i, lexer.end);
      if (i < 0) return -1;
      continue;
    } else if (c === Char.Dollar && lexer.code(i + 1) === Char.LeftBrace) {
      const q = matchingClose(lexer, i + 2, Char.LeftBrace, Char.RightBrace);
      if (q < 0) return -1;
      i = q;
    }
    i++;
  }
  return -1;
}

/** The arithmetic text between two offsets, with the expansions inside it read as parts. */
export function arithmeticBetween(lexer: LexerState, from: number, to: number): Arithmetic {
  lexer.enter(from);
  const saved = lexer.pos;
  lexer.pos = from;
  const base = lexer.partTop;
  let litStart = from;
  let pos = from;
  const src = lexer.src;
  while (pos < to) {
    const c = src.charCodeAt(pos);
    if (c === Char.Dollar && lexer.dollarExpands(pos, false, to)) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanDollar(lexer, false));
      pos = lexer.pos;
      litStart = pos;
    } else if (c === Char.Backquote) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanBackquote(lexer, false));
      pos = lexer.pos;
      litStart = pos;
    } else if (c === Char.DoubleQuote) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanDoubleQuoted(lexer));
      pos = lexer.pos;
      litStart = pos;
    } else if (c === Char.SingleQuote) {
      const q = src.indexOf("'", pos + 1);
      if (q < 0 || q >= to) lexer.error('unterminated single quote in arithmetic', pos);
      lexer.pushSlice(litStart, pos);
      lexer.pushPart({ type: 'SingleQuoted', span: [pos, q + 1], value: src.slice(pos + 1, q) });
      pos = q + 1;
      litStart = pos;
    } else if (c === Char.Backslash) pos += 2;
    else pos++;
  }
  lexer.pushSlice(litStart, to);
  lexer.pos = saved;
  lexer.leave();
  return { type: 'Arithmetic', span: [from, to], text: src.slice(from, to), parts: lexer.takeParts(base) };
}

/** `${…}`; `start` at the `$`. */
export function scanBracedParameter(lexer: LexerState, start: number, open: number): ParameterExpansion {
  const dialect = lexer.dialect;
  lexer.enter(start);
  const src = lexer.src;
  let i = open + 1;
  let flags: string | null = null;
  // zsh `${(flags)…}` (its delimiters may be any character, `}` included)
  if (dialect.strictParameterSyntax && lexer.code(i) === Char.LeftParen) {
    const flagsEnd = zshFlagsEnd(lexer, i);
    flags = src.slice(i + 1, flagsEnd);
    i = flagsEnd + 1;
  }
  // The shells find the closing brace first, honouring quotes (and, in zsh, nested braces).
  const close = parameterOperandEnd(lexer, i);
  if (close < 0) lexer.error('unterminated parameter expansion: close `${` with `}`', start, lexer.end);
  let invalid = dialect.strictParameterSyntax ? zshParameterProblem(src.slice(i, close), flags !== null) : null;
  const first = lexer.code(i);
  if (!dialect.strictParameterSyntax && (first === Char.Space || first === Char.Tab || first === Char.Newline || first === Char.Pipe)) {
    // bash 5.3 runs `${ cmd; }` and `${| cmd; }` as commands (5.2 and dash call it a bad substitution)
    invalid = 'bash 5.3 runs the commands inside `${ …; }`, which treeward does not read';
  }
  if (dialect.dashParameterChecks) {
    const first = lexer.code(i);
    // dash drops the character after `${` when it is not a name, so a quote there opens a string that never closes
    if (first === Char.DoubleQuote || first === Char.SingleQuote) lexer.error('dash cannot read a quote right after `${`', start, close + 1);
    if (/^[A-Za-z_][A-Za-z0-9_]*:$|^[0-9@*?$!-]:$/.test(src.slice(i, close))) lexer.error("dash refuses `${name:}`: missing `}`", start, close + 1);
  }
  let length = false;
  let indirect = false;
  let nested: WordPart | null = null;
  let name = '';
  const prefixStart = i;
  if (dialect.strictParameterSyntax) {
    // zsh's `^`, `=`, `~`, `%` (each maybe doubled) and `+` prefixes
    for (;;) {
      const c = lexer.code(i);
      if ((c === Char.Caret || c === Char.Equals || c === Char.Tilde || c === Char.Percent) && i + 1 < close) {
        i++;
        if (lexer.code(i) === c) i++;
      } else if (c === Char.Plus && i + 1 < close) i++;
      else break;
    }
  }
  const prefixEnd = i;
  const c0 = lexer.code(i);
  if (c0 === Char.Hash && i + 1 < close) {
    // `${#}` counts the positional parameters; `${#name}` is a length
    const n = lexer.code(i + 1);
    if (isNameChar(n) || n === Char.At || n === Char.Star || n === Char.Question || n === Char.Dollar || n === Char.Bang ||
      ((n === Char.Hash || n === Char.Minus) && i + 2 === close) || (dialect.strictParameterSyntax && n === Char.LeftParen)) {
      length = true;
      i++;
    }
  } else if (c0 === Char.Bang && !dialect.strictParameterSyntax && i + 1 < close) {
    indirect = true;
    i++;
  }
  const c = lexer.code(i);
  if (dialect.strictParameterSyntax && c === Char.Dollar && (lexer.code(i + 1) === Char.LeftBrace || lexer.code(i + 1) === Char.LeftParen)) {
    // zsh `${${inner}…}`, `${$(cmd)…}`
    lexer.pos = i;
    nested = scanDollar(lexer, false);
    i = lexer.pos;
  } else if (isNameStart(c) || (dialect.strictParameterSyntax && c >= 0x80)) {
    const from = i;
    while (i < close && (isNameChar(lexer.code(i)) || (dialect.strictParameterSyntax && lexer.code(i) >= 0x80))) i++;
    name = src.slice(from, i);
  } else if (isDigit(c)) {
    const from = i;
    while (isDigit(lexer.code(i))) i++;
    name = src.slice(from, i);
  } else if (c === Char.At || c === Char.Star || c === Char.Hash || c === Char.Question || c === Char.Minus || c === Char.Dollar || c === Char.Bang) {
    name = src[i]!;
    i++;
  }
  let index: Word | null = null;
  if (i < close && lexer.code(i) === Char.LeftBracket && (name !== '' || nested !== null)) {
    const indexEnd = matchingClose(lexer, i + 1, Char.LeftBracket, Char.RightBracket);
    if (indexEnd >= 0 && indexEnd < close) {
      index = wordBetween(lexer, i + 1, indexEnd);
      i = indexEnd + 1;
      // zsh allows a second subscript: ${a[1][2]}
      while (dialect.strictParameterSyntax && i < close && lexer.code(i) === Char.LeftBracket) {
        const again = matchingClose(lexer, i + 1, Char.LeftBracket, Char.RightBracket);
        if (again < 0 || again >= close) break;
        i = again + 1;
      }
    }
  }
  const { operator, operand, replacement } = i < close ? parameterOperation(lexer, i, close) : noOperation;
  lexer.pos = close + 1;
  lexer.leave();
  const zshPrefix = src.slice(prefixStart, prefixEnd);
  return {
    type: 'ParameterExpansion', span: [start, close + 1], name, braced: true, length, indirect, flags, nested, index,
    operator, operand, replacement, invalid, ...(zshPrefix ? { zshPrefix } : {}),
  };
}

interface ParameterOperation {
  operator: string | null;
  operand: Word | null;
  replacement: Word | null;
}

const noOperation: ParameterOperation = { operator: null, operand: null, replacement: null };

/** What follows the name and subscript of `${…}`, from `from` up to the closing brace at `close`: `:-word`, `#pattern`, `/pat/rep`, … */
function parameterOperation(lexer: LexerState, from: number, close: number): ParameterOperation {
  const src = lexer.src;
  let i = from;
  const opStart = i;
  const op0 = lexer.code(i);
  switch (op0) {
    case Char.Colon: {
      const n = lexer.code(i + 1);
      if (n === Char.Minus || n === Char.Equals || n === Char.Question || n === Char.Plus) i += 2;
      else i += 1; // a substring `${x:off:len}`, or a zsh modifier `${x:h}`
      break;
    }
    case Char.Minus: case Char.Equals: case Char.Question: case Char.Plus:
      i++;
      break;
    case Char.Hash: case Char.Percent: case Char.Comma: case Char.Caret:
      i += lexer.code(i + 1) === op0 ? 2 : 1;
      break;
    case Char.Slash: {
      const n = lexer.code(i + 1);
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
  const operator = src.slice(opStart, i);
  const slash = op0 === Char.Slash ? unquotedCharBefore(lexer, i, close, Char.Slash) : -1;
  if (slash < 0) return { operator, operand: wordBetween(lexer, i, close), replacement: null };
  return { operator, operand: wordBetween(lexer, i, slash), replacement: wordBetween(lexer, slash + 1, close) };
}

/** zsh parameter flags `(…)`, whose delimiters may be any character: `(j:,:)`, `(s.x.)`. */
export function zshFlagsEnd(lexer: LexerState, open: number): number {
  let i = open + 1;
  while (i < lexer.end) {
    const c = lexer.src.charCodeAt(i);
    if (c === Char.RightParen) return i;
    // flags that take a delimited argument: j s l r q ... use the next char as delimiter
    if ((c === 106 /* j */ || c === 115 /* s */ || c === 108 /* l */ || c === 114 /* r */ || c === 90 /* Z */ || c === 95 /* _ */ || c === 103 /* g */ ||
      c === 73 /* I */) && i + 1 < lexer.end) {
      let delim = lexer.src.charCodeAt(i + 1);
      if (delim === Char.RightParen) return i + 1;
      const closeDelim = delim === Char.LeftParen ? Char.RightParen : delim === Char.LeftBracket ? Char.RightBracket : delim === Char.LeftBrace ?
        Char.RightBrace : delim === Char.Less ? Char.Greater : delim;
      let j = i + 2;
      // l and r take up to two arguments
      const args = c === 108 || c === 114 ? 3 : 1;
      let n = 0;
      while (j < lexer.end && n < args) {
        if (lexer.src.charCodeAt(j) === closeDelim) {
          n++;
          if (c !== 108 && c !== 114) break;
          if (lexer.code(j + 1) !== delim) break;
          j++;
        }
        j++;
      }
      if (j >= lexer.end) break;
      i = j + 1;
      delim = 0;
      continue;
    }
    i++;
  }
  lexer.error('unterminated parameter flags: close `${(` with `)`', open, lexer.end);
}

/** The `}` closing a parameter expansion's operand, skipping quotes and nested expansions. */
export function parameterOperandEnd(lexer: LexerState, from: number): number {
  const known = lexer.braceCloses.get(from);
  if (known !== undefined) return known;
  const src = lexer.src;
  let i = from;
  // open `${` (and, in zsh, `{`) inside, innermost last: where their bodies start
  const open: number[] = [];
  while (i < lexer.end) {
    const c = src.charCodeAt(i);
    if (c === Char.Dollar && lexer.code(i + 1) === Char.SingleQuote && lexer.dialect.ansiCQuotes) {
      i = skipAnsiCQuoted(src, i + 1, lexer.end);
      if (i < 0) return -1;
      continue;
    }
    if (c === Char.RightBrace) {
      if (open.length === 0) {
        lexer.braceCloses.set(from, i);
        return i;
      }
      // remember where each nested `${` closes, so reading it later costs nothing
      lexer.braceCloses.set(open.pop()!, i);
    } else if (c === Char.LeftBrace && lexer.dialect.parameterBraceNesting) {
      open.push(-1);
    } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote || c === Char.Backquote) {
      i = c === Char.Backquote ? skipBackquoted(src, i, lexer.end) : skipQuoted(src, i, lexer.end);
      if (i < 0) return -1;
      continue;
    } else if (c === Char.Dollar && lexer.code(i + 1) === Char.LeftParen) {
      const saved = lexer.pos;
      lexer.pos = i;
      scanDollar(lexer, false);
      i = lexer.pos;
      lexer.pos = saved;
      continue;
    } else if ((c === Char.Less || c === Char.Greater) && lexer.code(i + 1) === Char.LeftParen && lexer.dialect.processSubstitution) {
      // `${a-<(cmd)}`: bash runs the process substitution inside the operand
      const saved = lexer.pos;
      lexer.pos = i;
      scanProcessSubstitution(lexer);
      i = lexer.pos;
      lexer.pos = saved;
      continue;
    } else if (c === Char.Dollar && lexer.code(i + 1) === Char.LeftBrace) {
      // a nested `${…}` needs its own `}`: counted here, not by recursion, so the scan stays linear
      open.push(i + 2);
      i++;
    }
    i++;
  }
  return -1;
}

/** The first unquoted `ch` between from and to, or -1. */
export function unquotedCharBefore(lexer: LexerState, from: number, to: number, ch: number): number {
  const src = lexer.src;
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === ch) return i;
    if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote) {
      const after = skipQuoted(src, i, to);
      if (after < 0) return -1;
      i = after - 1;
    } else if (c === Char.Dollar && (lexer.code(i + 1) === Char.LeftBrace || lexer.code(i + 1) === Char.LeftParen)) {
      const open = lexer.code(i + 1);
      const q = matchingClose(lexer, i + 2, open, open === Char.LeftBrace ? Char.RightBrace : Char.RightParen);
      if (q < 0 || q >= to) return -1;
      i = q;
    }
  }
  return -1;
}

/** A word made of the text between two offsets, read as a parameter operand (quotes honoured, blanks kept). */
export function wordBetween(lexer: LexerState, from: number, to: number): Word {
  const saved = lexer.pos;
  lexer.pos = from;
  const base = lexer.partTop;
  const src = lexer.src;
  let unquoted = true;
  let pos = from;
  let litStart = from;
  while (pos < to) {
    const c = src.charCodeAt(pos);
    if (c === Char.Backslash && pos + 1 < to) {
      lexer.pushSlice(litStart, pos);
      if (src.charCodeAt(pos + 1) !== Char.Newline) lexer.pushPart({ type: 'Escaped', span: [pos, pos + 2], value: src[pos + 1]! });
      unquoted = false;
      pos += 2;
      litStart = pos;
    } else if (c === Char.SingleQuote) {
      const after = skipQuoted(src, pos, to);
      lexer.pushSlice(litStart, pos);
      const close = after < 0 ? to : after - 1;
      lexer.pushPart({ type: 'SingleQuoted', span: [pos, Math.min(close + 1, to)], value: src.slice(pos + 1, close) });
      unquoted = false;
      pos = close + 1;
      litStart = pos;
    } else if (c === Char.DoubleQuote) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanDoubleQuoted(lexer));
      unquoted = false;
      pos = lexer.pos;
      litStart = pos;
    } else if (c === Char.Dollar && lexer.dollarExpands(pos, false, to)) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanDollar(lexer, false));
      pos = lexer.pos;
      litStart = pos;
    } else if ((c === Char.Less || c === Char.Greater) && pos + 1 < to && src.charCodeAt(pos + 1) === Char.LeftParen && lexer.dialect.processSubstitution) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanProcessSubstitution(lexer));
      pos = lexer.pos;
      litStart = pos;
    } else if (c === Char.Backquote) {
      lexer.pushSlice(litStart, pos);
      lexer.pos = pos;
      lexer.pushPart(scanBackquote(lexer, false));
      pos = lexer.pos;
      litStart = pos;
    } else pos++;
  }
  const last = Math.min(pos, to);
  lexer.pushSlice(litStart, last);
  lexer.pos = saved;
  const parts = lexer.takeParts(base);
  const only = parts.length === 1 ? parts[0]!.span : null;
  return { type: 'Word', span: only !== null && only[0] === from && only[1] === to ? only : [from, to], parts, unquoted };
}

/** `<(…)`, `>(…)`, zsh `=(…)`; pos at the operator. */
export function scanProcessSubstitution(lexer: LexerState): ProcessSubstitution {
  const start = lexer.pos;
  const cached = lexer.processSubstitutions.get(start);
  if (cached) {
    lexer.pos = cached.span[1];
    return cached;
  }
  const c = lexer.src.charCodeAt(start);
  const operator = c === Char.Less ? '<' : c === Char.Greater ? '>' : '=';
  lexer.enter(start);
  lexer.pos = start + 2;
  const outerFallback = lexer.arithmeticFallback;
  // `<(((…` is scanned by bash the way `$(((…` is
  lexer.arithmeticFallback = lexer.code(start + 2) === Char.LeftParen && lexer.code(start + 3) === Char.LeftParen;
  lexer.insideProcessSubstitution++;
  const body = lexer.nestedParser.parseUntilCloseParen(start);
  lexer.insideProcessSubstitution--;
  lexer.arithmeticFallback = outerFallback;
  lexer.leave();
  const part: ProcessSubstitution = { type: 'ProcessSubstitution', span: [start, lexer.pos], operator, body };
  lexer.processSubstitutions.set(start, part);
  return part;
}

/** `for ((…))`: null when no `((` follows (after blanks); else its three clauses, or why they cannot be read. */
export function readArithmeticFor(lexer: LexerState): ArithmeticForClauses | null {
  let i = lexer.pos;
  while (i < lexer.end && isBlank(lexer.src.charCodeAt(i))) i++;
  if (lexer.src.charCodeAt(i) !== Char.LeftParen || lexer.src.charCodeAt(i + 1) !== Char.LeftParen) return null;
  lexer.pos = i;
  if (lexer.next(LexMode.CommandPosition) !== Token.ArithmeticCommand) return { ok: false, message: 'unterminated `for ((`: close it with `))`', span: [i,
    lexer.end] };
  const whole = lexer.arithmetic!;
  const semicolons = arithmeticForSemicolons(whole.text);
  if (semicolons === null) return { ok: false, message: '`for ((…))` needs three expressions separated by `;`', span: whole.span };
  const [a, b] = semicolons;
  return { ok: true, init: clause(whole, 0, a), test: clause(whole, a + 1, b), update: clause(whole, b + 1, whole.text.length) };
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

function parameter(name: string, span: Span): ParameterExpansion {
  return {
    type: 'ParameterExpansion', span, name, braced: false, length: false, indirect: false,
    flags: null, nested: null, index: null, operator: null, operand: null, replacement: null, invalid: null,
  };
}
