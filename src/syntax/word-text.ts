// The text of a word, in the few forms code asks for. Each answers from the
// word's parts alone (one also needs the source, for text kept as written),
// so the lexer, the parser and the approver share one copy of each.

import type { Word, WordPart } from './ast.js';

/**
 * The text of a word that is one wholly unquoted literal (plain text and
 * glob characters, no quote, escape or expansion), else null. Only such a
 * word can be a reserved word, an operator inside `[[ ]]` or a function name.
 */
export function unquotedLiteral(word: Word): string | null {
  if (!word.unquoted) return null;
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal') text += part.value;
    else if (part.type === 'Glob') text += part.pattern;
    else return null;
  }
  return text;
}

/**
 * The value of a word made only of literal and quoted text, after quote
 * removal (`'a'"b"\c` is `abc`), else null: any expansion, glob, tilde or
 * brace in it makes its value something the line computes.
 */
export function quoteRemovedLiteral(word: Word): string | null {
  let text = '';
  for (const part of word.parts) {
    switch (part.type) {
      case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
        text += part.value;
        break;
      case 'DoubleQuoted':
      case 'LocaleQuoted':
        for (const inner of part.parts) {
          if (inner.type !== 'Literal' && inner.type !== 'Escaped') return null;
          text += inner.value;
        }
        break;
      default:
        return null;
    }
  }
  return text;
}

/**
 * The literal and quoted text a word starts with, after quote removal, up to
 * its first expansion (`"ext::$CMD"` is `ext::`), and whether that text is
 * the whole word.
 */
export function leadingText(word: Word): { text: string; whole: boolean } {
  const text: string[] = [];
  const whole = collectLeadingText(word.parts, text);
  return { text: text.join(''), whole };
}

function collectLeadingText(parts: readonly WordPart[], text: string[]): boolean {
  for (const part of parts) {
    switch (part.type) {
      case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
        text.push(part.value);
        break;
      case 'DoubleQuoted': case 'LocaleQuoted':
        if (!collectLeadingText(part.parts, text)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/**
 * A word after quote removal alone, every expansion kept as it is written in
 * `source`: what the shells compare a here-document's lines with (`<<"E$x"`
 * ends at a line `E$x`). Inside double quotes a backslash is removed only
 * before `$`, `` ` ``, `"` and `\`.
 */
export function quoteRemovedText(word: Word, source: string): string {
  let text = '';
  for (const part of word.parts) {
    switch (part.type) {
      case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
        text += part.value;
        break;
      case 'DoubleQuoted':
      case 'LocaleQuoted': {
        const inner = source.slice(part.span[0] + (part.type === 'LocaleQuoted' ? 2 : 1), part.span[1] - 1);
        text += inner.replace(/\\([$`"\\])/g, '$1');
        break;
      }
      default:
        text += source.slice(part.span[0], part.span[1]);
    }
  }
  return text;
}
