// zsh glob qualifiers: a word ending in a parenthesised list without `|`
// (`*(D)`, `build/*(.om)`, `x(#q/)`) filters or rewrites what the glob
// matches. Most qualifiers only narrow the match, which leaves the judgement
// of the glob as it is; `D` widens it to dot entries; `e:…:` and `+cmd` run
// code for every name; `P`, `:h` and their kin rewrite the words. treeward
// reads the narrowing ones, `D` and `N`, and nothing else.

import type { WordPart } from '../../syntax/ast.js';

export interface Qualifier {
  /** Index of the part where the qualifier list starts. */
  start: number;
  /** The list as written, parentheses included. */
  text: string;
  /** Every qualifier in it is one treeward reads. */
  readable: boolean;
  /** `D`: the glob matches dot entries too. */
  dots: boolean;
  /** `N`: the pattern expands to no word when nothing matches (zshexpn "Glob Qualifiers"). */
  nullGlob?: boolean;
  /** `e:…:` or `+cmd`: zsh runs code for every name (or the list could not be read and holds an `e` or `+`). */
  runsCode: boolean;
}

/** The text a part contributes to a glob's source; null for an expansion, whose text is not known here. */
function partSource(part: WordPart): string | null {
  switch (part.type) {
    case 'Glob': return part.pattern;
    case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted': return part.value;
    case 'DoubleQuoted': {
      let text = '';
      for (const inner of part.parts) {
        if (inner.type !== 'Literal' && inner.type !== 'Escaped') return null;
        text += inner.value;
      }
      return text;
    }
    default: return null;
  }
}

/** The qualifier list ending a zsh word, or null when the word does not end in one. */
export function trailingQualifier(parts: readonly WordPart[]): Qualifier | null {
  let start = -1;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    if (part.type === 'Glob' && part.pattern.startsWith('(')) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  let text = '';
  for (let i = start; i < parts.length; i++) {
    const source = partSource(parts[i]!);
    if (source === null) return { start, text: text + '…', readable: false, dots: false, runsCode: true };
    text += source;
  }
  if (!text.endsWith(')')) return null;
  // the opening parenthesis must close at the very end, with no alternation at its top level
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0 && i !== text.length - 1) return null;
    } else if (c === '|' && depth === 1) return null;
  }
  return readQualifiers(start, text);
}

const narrowing = new Set('/F.@=p*rwxAIERWXsStT^-MNDn');

function readQualifiers(start: number, text: string): Qualifier {
  let inner = text.slice(1, -1);
  if (inner.startsWith('#q')) inner = inner.slice(2);
  const result: Qualifier = { start, text, readable: true, dots: false, runsCode: false };
  let i = 0;
  const number = (at: number): number => {
    let j = at;
    if (inner[j] === '+' || inner[j] === '-') j++;
    const digits = j;
    while (j < inner.length && inner[j]! >= '0' && inner[j]! <= '9') j++;
    return j > digits ? j : -1;
  };
  while (i < inner.length) {
    const c = inner[i]!;
    if (c === 'e' || c === '+') {
      result.runsCode = true;
      result.readable = false;
      return result;
    }
    if (c === 'D') result.dots = true;
    if (c === 'N') result.nullGlob = true;
    if (narrowing.has(c)) { i++; continue; }
    if (c === '%') { i += inner[i + 1] === 'b' || inner[i + 1] === 'c' ? 2 : 1; continue; }
    if ((c === 'o' || c === 'O') && 'nLlamcdN'.includes(inner[i + 1] ?? '')) { i += 2; continue; }
    if (c === 'L' || c === 'a' || c === 'm' || c === 'c') {
      let j = i + 1;
      if ((c === 'L' ? 'kKmMpP' : 'Mwhms').includes(inner[j] ?? '') && inner[j] !== undefined) j++;
      const end = number(j);
      if (end > 0) { i = end; continue; }
    }
    if (c === '[') {
      const close = inner.indexOf(']', i);
      if (close > 0 && /^-?\d+(,-?\d+)?$/.test(inner.slice(i + 1, close))) { i = close + 1; continue; }
    }
    // a modifier, `P`, an id, a mode, or anything else: not read
    result.readable = false;
    result.runsCode = /[e+]/.test(inner.slice(i));
    return result;
  }
  return result;
}
