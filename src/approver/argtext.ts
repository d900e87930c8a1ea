// Small helpers the program readers share: arguments derived from other
// words, the fixed text a word starts with, and sh quoting.

import type { Span, Word, WordPart } from '../syntax/ast.js';
import type { Effect } from './effects.js';
import type { Argument, ReadOption } from './options.js';
import type { Action } from './programs.js';

/** A synthetic fixed argument standing for a path or word derived from another argument. */
export function derivedArgument(from: Argument, text: string): Argument {
  return { word: from.word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

export function unfixedArgument(from: Argument, reason: string): Argument {
  return { word: from.word, value: { kind: 'unfixed', reason, span: from.word.span }, text: null };
}

/** An option's value as an argument of its own (attached values are sliced out of their word). */
export function valueArgument(option: ReadOption): Argument {
  if (!option.attached) return option.arg;
  if (option.value === null) return unfixedArgument(option.arg, 'the option value is not fixed');
  return derivedArgument(option.arg, option.value);
}

export function dynamicAction(span: Span, reason: string): Action {
  return { kind: 'effect', effect: { kind: 'dynamic-code', span, reason } };
}

export function effectAction(effect: Effect): Action {
  return { kind: 'effect', effect };
}

/**
 * The text a word starts with before anything the line does not fix
 * (`"ext::$CMD"` → `ext::`), and whether that is the whole word.
 */
export function leadingText(word: Word): { text: string; whole: boolean } {
  let text = '';
  const walk = (parts: readonly WordPart[]): boolean => {
    for (const part of parts) {
      switch (part.type) {
        case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
          text += part.value;
          break;
        case 'DoubleQuoted': case 'LocaleQuoted':
          if (!walk(part.parts)) return false;
          break;
        default:
          return false;
      }
    }
    return true;
  };
  const whole = walk(word.parts);
  return { text, whole };
}

/** One word quoted for sh (`'…'`, a `'` written `'\''`). */
export function shQuote(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
