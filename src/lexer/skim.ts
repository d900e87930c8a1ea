// The one raw look-ahead: where an escape, a quoted string or a bracketed
// run ends in source text, found without reading what is inside. The lexer
// skims ahead only where the shells themselves first find a closing
// character and then read what lies before it (the `]` of a subscript, the
// `)` of an extended glob or of arithmetic, the `}` of `${…}`); what lies
// between is then read for real. Oils and mvdan/sh need no such look-ahead
// because their modes decide; treeward keeps the one it needs here, in one
// copy, tested against the real scanner (test/parser/skim.test.ts).
//
// Every function takes the text, where to start and where this scan must
// stop (`end`, exclusive), and answers an index or -1 when what it skips does
// not close before `end`.

import { Char } from './chars.js';

/**
 * At a `\`, `'` or `"` in unquoted text: the index after the escaped
 * character or the quoted string, or -1 when the string does not close.
 * Inside `"…"` a backslash escapes the next character; inside `'…'` nothing.
 */
export function skipQuoted(text: string, at: number, end: number): number {
  const c = text.charCodeAt(at);
  if (c === Char.Backslash) return at + 2;
  if (c === Char.SingleQuote) {
    const close = text.indexOf("'", at + 1);
    return close < 0 || close >= end ? -1 : close + 1;
  }
  return skipDoubleQuoted(text, at, end);
}

/** At a `"`: the index after its closing `"`, or -1. */
export function skipDoubleQuoted(text: string, at: number, end: number): number {
  let i = at + 1;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === Char.DoubleQuote) return i + 1;
    if (c === Char.Backslash) i++;
    i++;
  }
  return -1;
}

/** At a `` ` ``: the index after its closing backquote (a backslash escapes the next character), or -1. */
export function skipBackquoted(text: string, at: number, end: number): number {
  let i = at + 1;
  while (i < end && text.charCodeAt(i) !== Char.Backquote) i += text.charCodeAt(i) === Char.Backslash ? 2 : 1;
  return i >= end ? -1 : i + 1;
}

/** At the `'` of `$'…'`: the index after its closing `'` (where `\'` does not close), or -1. */
export function skipAnsiCQuoted(text: string, at: number, end: number): number {
  let i = at + 1;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === Char.SingleQuote) return i + 1;
    if (c === Char.Backslash) i++;
    i++;
  }
  return -1;
}

/**
 * At an opening bracket `open` (`[`, `(`, `{`): the index of the `close`
 * that closes it, counting the brackets nested inside and skipping escapes
 * and quoted strings, or -1.
 */
export function closingBracket(text: string, at: number, open: number, close: number, end: number): number {
  let depth = 0;
  let i = at;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c === open) depth++;
    else if (c === close) {
      if (--depth === 0) return i;
    } else if (c === Char.Backslash || c === Char.SingleQuote || c === Char.DoubleQuote) {
      i = skipQuoted(text, i, end);
      if (i < 0) return -1;
      continue;
    }
    i++;
  }
  return -1;
}
