// Words in command mode: an unquoted word up to a blank or an operator,
// with the parts inside it (quotes, `$…`, backquotes, extended globs,
// process substitutions) read by the module that owns each, and the facts
// the parser asks of a word it holds (is it an assignment, an array's key).

import type { Glob, Word, WordPart } from '../syntax/ast.js';
import { Char, isDigit, isNameChar, isNameStart } from './chars.js';
import { closingBracket, skipQuoted } from './skim.js';
import { LexMode } from './tokens.js';
import type { LexerState } from './state.js';
import { scanDollar, scanProcessSubstitution } from './dollar.js';
import { scanBackquote, scanDoubleQuoted } from './quotes.js';

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

/** The characters scanWord's switch reads (every other one only extends the word), by code below 128. */
const wordSpecial = new Uint8Array(128);
for (const c of [
  Char.Space, Char.Tab, Char.Newline, Char.Semi, Char.Amp, Char.Pipe, Char.LeftParen, Char.RightParen, Char.Less, Char.Greater,
  Char.Backslash, Char.SingleQuote, Char.DoubleQuote, Char.Backquote, Char.Dollar, Char.LeftBrace, Char.Star, Char.Question,
  Char.Tilde, Char.RightBrace, Char.Equals, Char.LeftBracket,
]) wordSpecial[c] = 1;

/**
 * A plain word: text up to a blank, `;` or `&` (or the end) with none of the
 * characters scanWord's switch reads (a `=` past the first character is
 * plain: only a leading one is zsh's `=cmd`). Most words are, and a 1 MB line
 * holds many: they are read without the state a word with parts needs.
 * Null when the word at `start` is not plain.
 */
function plainWord(lexer: LexerState, start: number): Word | null {
  const src = lexer.src;
  const end = lexer.end;
  let pos = start;
  for (; pos < end; pos++) {
    const c = src.charCodeAt(pos);
    if (c < 128 && wordSpecial[c] === 1 && !(c === Char.Equals && pos > start)) break;
  }
  if (pos === start) return null;
  if (pos < end) {
    const c = src.charCodeAt(pos);
    if (c !== Char.Space && c !== Char.Tab && c !== Char.Newline && c !== Char.Semi && c !== Char.Amp) return null;
  }
  lexer.pos = pos;
  lexer.wordExpands = false;
  const literal: WordPart = { type: 'Literal', span: [start, pos], value: src.slice(start, pos) };
  return { type: 'Word', span: literal.span, parts: [literal], unquoted: true };
}

/**
 * An unquoted word in command mode, starting at `pos`. Ends at a blank or
 * an operator character, as the dialect reads them. One function, not a
 * step per character class: this is the lexer's hottest loop, and the split
 * into steps measured 5 to 30% slower on long lines (issue 11's closing
 * note); the plain words most lines are made of take plainWord's path.
 */
export function scanWord(lexer: LexerState, mode: LexMode): Word {
  const plain = plainWord(lexer, lexer.pos);
  if (plain !== null) return plain;
  const dialect = lexer.dialect;
  const src = lexer.src;
  const end = lexer.end;
  const start = lexer.pos;
  const base = lexer.partTop; // this word's parts are pushed above it
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
          lexer.pushLiteral(litFrom, litStart, from, literal);
          literal = '';
          lexer.pos = from;
          lexer.pushPart(scanExtglob(lexer, from === pos));
          pos = lexer.pos;
          litStart = litFrom = pos;
          continue;
        }
        if (dialect.extglob && pos === start && mode & LexMode.CasePattern) break loop;
        if (mode & LexMode.AssignmentAllowed && dialect.arrays && pos > start && src.charCodeAt(pos - 1) === Char.Equals && lexer.partTop === base &&
          isAssignmentPrefix(lexer, start, pos, LexMode.CommandPosition)) {
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
          lexer.pushLiteral(litFrom, litStart, pos, literal);
          literal = '';
          lexer.pos = pos;
          lexer.pushPart(scanProcessSubstitution(lexer));
          pos = lexer.pos;
          litStart = litFrom = pos;
          continue;
        }
        if (c === Char.Less && dialect.zshGlobParens) {
          const globEnd = numericGlobEnd(lexer, pos);
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
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        litStart = litFrom = pos;
        const next = pos + 1;
        if (next >= end) {
          // A final backslash: bash and dash keep it, zsh drops it.
          lexer.pushPart({ type: 'Escaped', span: [pos, next], value: dialect.trailingBackslashDropped ? '' : '\\' });
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
        lexer.pushPart({ type: 'Escaped', span: [pos, next + width], value: src.slice(next, next + width) });
        unquoted = false;
        pos = next + width;
        litStart = litFrom = pos;
        continue;
      }
      case Char.SingleQuote: {
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        litStart = litFrom = pos;
        const close = src.indexOf("'", pos + 1);
        if (close < 0 || close >= end) lexer.error('unterminated single quote: add the closing `\'`', pos);
        lexer.pushPart({ type: 'SingleQuoted', span: [pos, close + 1], value: src.slice(pos + 1, close) });
        unquoted = false;
        pos = close + 1;
        litStart = litFrom = pos;
        continue;
      }
      case Char.DoubleQuote:
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        lexer.pos = pos;
        lexer.pushPart(scanDoubleQuoted(lexer));
        unquoted = false;
        pos = lexer.pos;
        litStart = litFrom = pos;
        continue;
      case Char.Backquote:
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        lexer.pos = pos;
        lexer.pushPart(scanBackquote(lexer, false));
        pos = lexer.pos;
        litStart = litFrom = pos;
        continue;
      case Char.Dollar: {
        if (!lexer.dollarExpands(pos, false)) { pos++; continue; }
        lexer.pushLiteral(litFrom, litStart, pos, literal);
        literal = '';
        lexer.pos = pos;
        const part = scanDollar(lexer, false);
        if (part.type === 'AnsiCQuoted' || part.type === 'LocaleQuoted') unquoted = false;
        lexer.pushPart(part);
        pos = lexer.pos;
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
        else if (dialect.splitTrailingCloseBrace && pos > start && endsWordAt(lexer, pos + 1, parenDepth) &&
          !isAssignmentPrefix(lexer, start, pos, mode) && !precededByBackslash(src, pos)) {
          // zsh: an unmatched `}` at the end of a word is a close brace of its own.
          break loop;
        }
        pos++;
        continue;
      case Char.Equals:
        if (dialect.equalsSubstitution && pos === start && lexer.code(pos + 1) === Char.LeftParen) {
          lexer.pos = pos;
          lexer.pushPart(scanProcessSubstitution(lexer));
          pos = lexer.pos;
          litStart = litFrom = pos;
          continue;
        }
        if (pos === start) expands = true; // zsh `=cmd`
        pos++;
        continue;
      case Char.LeftBracket:
        expands = true;
        if (dialect.arrays && ((mode & LexMode.CommandPosition && pos > start && isNameRun(lexer, start, pos)) ||
          (mode & LexMode.ArrayElement && pos === start && dialect.subscriptRunsToBracket))) {
          // `name[subscript]=` as a prefix assignment: the subscript may hold blanks.
          const close = subscriptEnd(lexer, pos);
          if (close > 0 && (dialect.subscriptRunsToBracket || lexer.code(close) === Char.Equals || (lexer.code(close) === Char.Plus &&
            lexer.code(close + 1) === Char.Equals))) {
            pos = close;
            continue;
          }
          if (close < 0 && dialect.subscriptRunsToBracket) lexer.error('unterminated subscript: bash reads `[` here up to its `]`', pos, lexer.end);
        }
        pos++;
        continue;
      default:
        pos++;
        continue;
    }
  }
  // zsh ends a word inside an open `(` at the end of the input or at `;&<>`; bash's regex must close.
  if (parenDepth > 0 && !dialect.zshGlobParens) lexer.error('unmatched `(` in a word: close it or quote it', start, pos);
  lexer.pushLiteral(litFrom, litStart, pos, literal);
  lexer.pos = pos;
  if (pos === start) lexer.error('expected a word', start);
  if (lexer.partTop === base) {
    // only line continuations: an empty word cannot come from them
    lexer.pushPart({ type: 'Literal', span: [start, pos], value: '' });
  }
  const parts = lexer.takeParts(base);
  lexer.wordExpands = expands;
  // the parser splits an expanding word's parts (parser/word-parts.ts)
  if (expands) return { type: 'Word', span: [start, pos], parts, unquoted };
  // A word that is one literal shares its span with it: most words are, and a 1 MB line holds many.
  const only = parts.length === 1 ? parts[0]!.span : null;
  return { type: 'Word', span: only !== null && only[0] === start && only[1] === pos ? only : [start, pos], parts, unquoted };
}

/** Whether the character at `i` ends a word (a blank, an operator, the end). */
export function endsWordAt(lexer: LexerState, i: number, parenDepth: number): boolean {
  if (i >= lexer.end) return true;
  const c = lexer.src.charCodeAt(i);
  if (parenDepth > 0) return false;
  return c === Char.Space || c === Char.Tab || c === Char.Newline || c === Char.Semi || c === Char.Amp ||
    c === Char.Pipe || c === Char.Less || c === Char.Greater || c === Char.LeftParen || c === Char.RightParen;
}

/** zsh keeps a trailing `}` in `name=…}` read as an assignment. */
export function isAssignmentPrefix(lexer: LexerState, start: number, pos: number, mode: LexMode): boolean {
  if (!(mode & LexMode.CommandPosition)) return false;
  let i = start;
  if (!isNameStart(lexer.code(i))) return false;
  while (i < pos && isNameChar(lexer.code(i))) i++;
  if (lexer.code(i) === Char.LeftBracket) {
    const close = subscriptEnd(lexer, i);
    if (close < 0) return false;
    i = close;
  }
  if (lexer.code(i) === Char.Plus) i++;
  return lexer.code(i) === Char.Equals && i < pos;
}

export function isNameRun(lexer: LexerState, start: number, end: number): boolean {
  if (!isNameStart(lexer.code(start))) return false;
  for (let i = start + 1; i < end; i++) if (!isNameChar(lexer.src.charCodeAt(i))) return false;
  return true;
}

/** The index after the `]` closing a subscript opened at `open`, or -1. */
export function subscriptEnd(lexer: LexerState, open: number): number {
  const close = closingBracket(lexer.src, open, Char.LeftBracket, Char.RightBracket, lexer.end);
  return close < 0 ? -1 : close + 1;
}

/** bash's `@(…)`, `*(…)`, `+(…)`, `?(…)`, `!(…)`; pos at the prefix character (or at `(` when the prefix ended an expansion). */
export function scanExtglob(lexer: LexerState, atParen = false): Glob {
  const start = lexer.pos;
  let depth = 0;
  let i = atParen ? start : start + 1;
  while (i < lexer.end) {
    const c = lexer.src.charCodeAt(i);
    if (c === Char.LeftParen) depth++;
    else if (c === Char.RightParen) {
      if (--depth === 0) {
        lexer.pos = i + 1;
        return { type: 'Glob', span: [start, i + 1], pattern: lexer.src.slice(start, i + 1) };
      }
    } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote) {
      const after = skipQuoted(lexer.src, i, lexer.end);
      if (after < 0) break;
      i = after;
      continue;
    } else if (c === Char.Dollar && lexer.code(i + 1) === Char.LeftParen) {
      // a substitution inside the pattern: read it properly to find its end
      lexer.pos = i;
      scanDollar(lexer, false);
      i = lexer.pos;
      continue;
    }
    i++;
  }
  lexer.error('unterminated extended glob: close the `(`', start, i);
}

/** `{name}` immediately followed by `<` or `>`: returns the index after `}`, or 0. */
export function fdVariableEnd(lexer: LexerState, start: number): number {
  let i = start + 1;
  if (!isNameStart(lexer.code(i))) return 0;
  while (isNameChar(lexer.code(i))) i++;
  if (lexer.code(i) === Char.LeftBracket && lexer.dialect.subscriptRunsToBracket) {
    // bash: `{a[0]}>` stores the fd in an array element
    const close = subscriptEnd(lexer, i);
    if (close < 0) return 0;
    i = close;
  }
  if (lexer.code(i) !== Char.RightBrace) return 0;
  const after = lexer.code(i + 1);
  if (after !== Char.Less && after !== Char.Greater) return 0;
  if (lexer.code(i + 2) === Char.LeftParen && lexer.dialect.processSubstitution) return 0;
  return i + 1;
}

/** zsh's numeric glob `<N-M>` (either number may be missing): its end, or 0. */
export function numericGlobEnd(lexer: LexerState, start: number): number {
  let i = start + 1;
  while (isDigit(lexer.code(i))) i++;
  if (lexer.code(i) !== Char.Minus) return 0;
  i++;
  while (isDigit(lexer.code(i))) i++;
  return lexer.code(i) === Char.Greater ? i + 1 : 0;
}

/** `name=`, `name+=`, `name[sub]=` at the start of a word read in assignment position, or null. */
export function assignmentAt(lexer: LexerState, word: Word): AssignmentShape | null {
  const dialect = lexer.dialect;
  const first = word.parts[0];
  // The name must be unquoted literal text at the start of the word.
  if (!first || first.type !== 'Literal' || first.span[1] - first.span[0] !== first.value.length) return null;
  const src = lexer.src;
  const wordEnd = word.span[1];
  let i = word.span[0];
  // the name's characters tested in line: this runs on the first word of every command
  const c0 = src.charCodeAt(i);
  if (!((c0 >= Char.UpperA && c0 <= Char.UpperZ) || (c0 >= Char.LowerA && c0 <= Char.LowerZ) || c0 === Char.Underscore)) return null;
  for (;;) {
    const c = src.charCodeAt(i);
    if (i < wordEnd && ((c >= Char.UpperA && c <= Char.UpperZ) || (c >= Char.LowerA && c <= Char.LowerZ) || c === Char.Underscore || (c >= Char.Digit0 &&
      c <= Char.Digit9))) i++;
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
export function declarationArrayAt(lexer: LexerState, word: Word): boolean {
  if (lexer.src.charCodeAt(word.span[1]) !== Char.LeftParen) return false;
  const first = word.parts[0];
  if (!first || first.type !== 'Literal' || !word.unquoted) return false;
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?(\+?)=$/.exec(lexer.src.slice(word.span[0], word.span[1]));
  return m !== null && (m[3] === '' || lexer.dialect.appendAssignment);
}

/** An array element `[key]=value`: where its key's `]` and its value are, or null. */
export function arrayElementKey(lexer: LexerState, word: Word): { keyClose: number; valueStart: number } | null {
  const first = word.parts[0];
  const src = lexer.src;
  if (!first || (first.type !== 'Literal' && first.type !== 'Glob') || src.charCodeAt(word.span[0]) !== Char.LeftBracket) return null;
  const close = closingBracket(src, word.span[0], Char.LeftBracket, Char.RightBracket, word.span[1]);
  if (close <= 0 || src.charCodeAt(close + 1) !== Char.Equals) return null;
  const valueStart = src.charCodeAt(close + 2) === Char.Plus ? close + 3 : close + 2;
  return { keyClose: close, valueStart };
}

/** Whether the character at `offset` lies in an unquoted literal part of the word. */
function isUnquotedLiteralAt(word: Word, offset: number): boolean {
  for (const p of word.parts) {
    if (offset >= p.span[0] && offset < p.span[1]) return p.type === 'Literal' || p.type === 'Glob';
  }
  return false;
}

function precededByBackslash(src: string, i: number): boolean {
  let n = 0;
  while (i - 1 - n >= 0 && src.charCodeAt(i - 1 - n) === Char.Backslash) n++;
  return n % 2 === 1;
}

function charWidth(src: string, i: number): number {
  const c = src.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < src.length ? 2 : 1;
}
