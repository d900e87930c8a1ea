// What zsh refuses when it expands `${…}` and `$[…]`: zsh parses these
// lazily, so a malformed one is not a syntax error but fails the whole line
// when zsh reaches it ("bad substitution", "unrecognized modifier",
// "bad pattern", "bad math expression"). treeward records the reason on the
// node; the parser reports it where `zsh -n` does (see parser.ts), and the
// approver refuses any line that holds one.

import { closingBracket, skipQuoted } from './skim.js';

const modifierLetters = new Set(['a', 'A', 'c', 'e', 'h', 'l', 'p', 'P', 'q', 'Q', 'r', 't', 'u', '&']);

function isZshNameStart(c: string): boolean {
  return /[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80;
}

function isZshNameChar(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c) || c.charCodeAt(0) >= 0x80;
}

/** The index after the bracket closing the one at `i` (`open` is `(`, `[` or `{`), or -1. */
function skipBalanced(s: string, i: number, open: string, close: string): number {
  const at = closingBracket(s, i, open.charCodeAt(0), close.charCodeAt(0), s.length);
  return at < 0 ? -1 : at + 1;
}

/**
 * Why zsh would refuse `${BODY}` (BODY after any `(flags)`), or null. The
 * messages are zsh's own.
 */
export function zshParameterProblem(text: string, hasFlags = false): string | null {
  const body = text.replace(/\\\n/g, ''); // line continuations vanish
  let i = 0;
  const n = body.length;
  let prefixed = hasFlags;
  // prefixes: `^`, `=`, `~` (each maybe doubled), `+`, `%`, and `#` for a length
  for (;;) {
    const c = body[i];
    if ((c === '^' || c === '=' || c === '~' || c === '%') && i + 1 < n) {
      i++;
      if (body[i] === c) i++;
      prefixed = true;
    } else if (c === '+' && i + 1 < n && (isZshNameStart(body[i + 1]!) || body[i + 1] === '$')) i++;
    else if (c === '#' && i + 1 < n && !/^[-=?+:%/#]/.test(body.slice(i + 1, i + 2))) i++;
    else if (c === '#' && (body[i + 1] === '-' || body[i + 1] === '?') && i + 2 < n) return 'bad substitution';
    else break;
  }
  if (i >= n) return null;
  const c = body[i]!;
  if (c === '"' && prefixed) {
    // `${(f)"$(cmd)"}`, `${="…"}`: after flags or a prefix, a quoted word may stand for the name
    let k = i + 1;
    while (k < n && body[k] !== '"') k += body[k] === '\\' ? 2 : 1;
    if (k >= n) return 'bad substitution';
    i = k + 1;
  } else if (c === '$' && (body[i + 1] === '{' || body[i + 1] === '(')) {
    const end = body[i + 1] === '{' ? skipBalanced(body, i + 1, '{', '}') : skipBalanced(body, i + 1, '(', ')');
    if (end < 0) return 'bad substitution';
    i = end;
  } else if (isZshNameStart(c)) {
    while (i < n && isZshNameChar(body[i]!)) i++;
  } else if (/[0-9]/.test(c)) {
    while (i < n && /[0-9]/.test(body[i]!)) i++;
    if (i < n && isZshNameChar(body[i]!)) return 'bad substitution';
  } else if ('@*#?-$!%'.includes(c)) {
    i++;
  } else if (c === ':' || c === '[') {
    // `${:-word}` and `${[…]}`: an empty name
  } else return 'bad substitution';
  while (i < n && body[i] === '[') {
    const end = skipBalanced(body, i, '[', ']');
    if (end < 0) return 'bad substitution';
    i = end;
  }
  if (i >= n) return null;
  const op = body[i]!;
  const rest = body.slice(i + 1);
  switch (op) {
    case '-': case '=': case '?': case '+':
      return null;
    case '#': case '%':
      return patternProblem(rest.startsWith(op) ? rest.slice(1) : rest);
    case '/': {
      const pattern = rest.startsWith('/') || rest.startsWith('#') || rest.startsWith('%') ? rest.slice(1) : rest;
      const slash = unquotedIndexOf(pattern, '/');
      return patternProblem(slash < 0 ? pattern : pattern.slice(0, slash));
    }
    case ':':
      return colonProblem(rest);
    default:
      return 'bad substitution';
  }
}

/** `${name:…}`: an operator, modifiers, or an offset and length. */
function colonProblem(rest: string): string | null {
  const c = rest[0];
  if (c === undefined) return 'unrecognized modifier';
  if ('-=?+|*^/'.includes(c)) return null;
  if (c === ':' && rest[1] === '=') return null; // `${name::=word}`
  if (c === '#') return patternProblem(rest.slice(1));
  if (/[A-Za-z&]/.test(c)) {
    let i = 0;
    for (;;) {
      let m = rest[i];
      if (m === undefined) return null;
      // prefixes: `g` (global `s`/`&`), `f` (repeat), `w`/`W` (per word), `F:n:` (repeat n times)
      while (m === 'g' || m === 'f' || m === 'w' || m === 'W' || m === 'F') {
        if (m === 'F') {
          const delim = rest[i + 1];
          if (delim === undefined) return 'unrecognized modifier';
          const closer = ({ '(': ')', '[': ']', '{': '}', '<': '>' } as Record<string, string>)[delim] ?? delim;
          const close = rest.indexOf(closer, i + 2);
          if (close < 0) return 'unrecognized modifier';
          i = close + 1;
        } else i++;
        m = rest[i];
        if (m === undefined) return 'unrecognized modifier';
      }
      if (m === 's') {
        const delim = rest[i + 1];
        if (delim === undefined) return 'unrecognized modifier';
        const second = indexOfUnescaped(rest, delim, i + 2);
        if (second < 0) return null;
        const third = indexOfUnescaped(rest, delim, second + 1);
        i = third < 0 ? rest.length : third + 1;
      } else if (modifierLetters.has(m)) {
        i++;
        while (i < rest.length && /[0-9]/.test(rest[i]!)) i++; // `:h2`, `:t3`
      } else return `unrecognized modifier \`${m}'`;
      if (i >= rest.length) return null;
      if (rest[i] !== ':') return 'unrecognized modifier';
      i++;
    }
  }
  // an offset and perhaps a length: `${name:offset:length}`; zsh splits at the first `:`
  const colon = topLevelColon(rest);
  const offset = colon < 0 ? rest : rest.slice(0, colon);
  const problem = arithmeticProblem(offset);
  if (problem) return problem;
  if (colon < 0) return null;
  const length = rest.slice(colon + 1);
  if (length.trim() === '' && offset.trim() !== '') return 'unrecognized modifier';
  return arithmeticProblem(length);
}

function indexOfUnescaped(s: string, ch: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === ch) return i;
  }
  return -1;
}

function topLevelColon(s: string): number {
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ':' && depth === 0) return i;
  }
  return -1;
}

function unquotedIndexOf(s: string, ch: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' || c === "'" || c === '"') {
      const after = skipQuoted(s, i, s.length);
      if (after < 0) return -1;
      i = after - 1;
    } else if (c === '$' && (s[i + 1] === '{' || s[i + 1] === '(')) {
      const end = s[i + 1] === '{' ? skipBalanced(s, i + 1, '{', '}') : skipBalanced(s, i + 1, '(', ')');
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === ch) return i;
  }
  return -1;
}

/** A pattern with an unclosed `[` is zsh's "bad pattern". */
function patternProblem(pattern: string): string | null {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' || c === "'" || c === '"') {
      const after = skipQuoted(pattern, i, pattern.length);
      if (after < 0) return null;
      i = after - 1;
      continue;
    }
    if (c === '$' && (pattern[i + 1] === '{' || pattern[i + 1] === '(')) {
      const end = pattern[i + 1] === '{' ? skipBalanced(pattern, i + 1, '{', '}') : skipBalanced(pattern, i + 1, '(', ')');
      if (end < 0) return null;
      i = end - 1;
      continue;
    }
    if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '!' || pattern[j] === '^') j++;
      while (j < pattern.length && pattern[j] !== ']') {
        if (pattern[j] === '[' && pattern[j + 1] === ':') {
          const end = pattern.indexOf(':]', j + 2);
          if (end < 0) return `bad pattern: ${pattern.slice(i)}`;
          j = end + 2;
          continue;
        }
        j++;
      }
      if (j >= pattern.length) return `bad pattern: ${pattern.slice(i)}`;
      i = j;
    }
  }
  return null;
}

// ------------------------------------------------------------------ arithmetic

const binaryPrecedence: Record<string, number> = {
  ',': 1,
  '=': 2, '+=': 2, '-=': 2, '*=': 2, '/=': 2, '%=': 2, '**=': 2, '&=': 2, '|=': 2, '^=': 2, '<<=': 2, '>>=': 2, '&&=': 2, '||=': 2, '^^=': 2,
  '?': 3,
  '||': 4, '^^': 4,
  '&&': 5,
  '|': 6,
  '^': 7,
  '&': 8,
  '==': 9, '!=': 9,
  '<': 10, '>': 10, '<=': 10, '>=': 10,
  '<<': 11, '>>': 11,
  '+': 12, '-': 12,
  '*': 13, '/': 13, '%': 13,
  '**': 14,
};

const operatorsLongestFirst = Object.keys(binaryPrecedence).concat(['++', '--', '!', '~', '(', ')', ':']).sort((a, b) => b.length - a.length);

type MathToken = { kind: 'operand' | 'op' | 'illegal' | 'end'; text: string; at: number };

function tokenizeMath(s: string): MathToken[] {
  const out: MathToken[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === '\t' || c === '\n') { i++; continue; }
    const start = i;
    if (/[0-9.]/.test(c)) {
      i++;
      while (i < s.length && /[0-9A-Za-z_.#]/.test(s[i]!)) i++;
      out.push({ kind: 'operand', text: s.slice(start, i), at: start });
      continue;
    }
    if (isZshNameStart(c)) {
      while (i < s.length && isZshNameChar(s[i]!)) i++;
      while (s[i] === '[') {
        const end = skipBalanced(s, i, '[', ']');
        if (end < 0) { i = s.length; break; }
        i = end;
      }
      out.push({ kind: 'operand', text: s.slice(start, i), at: start });
      continue;
    }
    if (c === '$') {
      const n = s[i + 1];
      let end: number;
      if (n === '{') end = skipBalanced(s, i + 1, '{', '}');
      else if (n === '(') end = skipBalanced(s, i + 1, '(', ')');
      else if (n === '[') end = skipBalanced(s, i + 1, '[', ']');
      else {
        end = i + 1;
        if (n !== undefined && isZshNameStart(n)) while (end < s.length && isZshNameChar(s[end]!)) end++;
        else if (n !== undefined) end++;
      }
      i = end < 0 ? s.length : end;
      out.push({ kind: 'operand', text: s.slice(start, i), at: start });
      continue;
    }
    if (c === '#' && s[i + 1] === '#' && i + 2 < s.length) {
      // `##c`: the character code of c
      i += 3;
      out.push({ kind: 'operand', text: s.slice(start, i), at: start });
      continue;
    }
    const op = operatorsLongestFirst.find((o) => s.startsWith(o, i));
    if (op) {
      i += op.length;
      out.push({ kind: 'op', text: op, at: start });
      continue;
    }
    out.push({ kind: 'illegal', text: c, at: start });
    i++;
  }
  out.push({ kind: 'end', text: '', at: s.length });
  return out;
}

/** Why zsh's arithmetic would refuse `text`, or null. */
export function arithmeticProblem(text: string): string | null {
  if (text.trim() === '') return null;
  const tokens = tokenizeMath(text);
  let k = 0;
  const rest = (t: MathToken) => text.slice(t.at);
  class MathError extends Error {}
  const fail = (message: string): never => { throw new MathError(message); };
  const operandExpected = (t: MathToken): never => {
    if (t.kind === 'end') fail('bad math expression: operand expected at end of string');
    if (t.kind === 'illegal') fail(`bad math expression: illegal character: ${t.text}`);
    return fail(`bad math expression: operand expected at \`${rest(t)}'`);
  };
  const primary = (): void => {
    const t = tokens[k]!;
    if (t.kind === 'operand') { k++; return; }
    if (t.kind === 'op' && (t.text === '+' || t.text === '-' || t.text === '!' || t.text === '~' || t.text === '++' || t.text === '--')) {
      k++;
      primary();
      return;
    }
    if (t.kind === 'op' && t.text === '(') {
      k++;
      expression(0);
      const close = tokens[k]!;
      if (close.kind === 'illegal') fail(`bad math expression: illegal character: ${close.text}`);
      if (close.text !== ')') fail("bad math expression: ')' expected");
      k++;
      return;
    }
    operandExpected(t);
  };
  const expression = (min: number): void => {
    primary();
    for (;;) {
      let t = tokens[k]!;
      while (t.kind === 'op' && (t.text === '++' || t.text === '--')) t = tokens[++k]!;
      if (t.kind === 'end') return;
      if (t.kind === 'illegal') fail(`bad math expression: illegal character: ${t.text}`);
      if (t.kind === 'operand') fail(`bad math expression: operator expected at \`${rest(t)}'`);
      const precedence = binaryPrecedence[t.text];
      if (precedence === undefined) return; // `)` or `:` closes an outer construct
      if (precedence < min) return;
      k++;
      if (t.text === '?') {
        expression(0);
        const colon = tokens[k]!;
        if (colon.text !== ':') fail("bad math expression: ':' expected");
        k++;
        expression(precedence);
        continue;
      }
      const rightAssociative = precedence === 2 || t.text === '**';
      expression(rightAssociative ? precedence : precedence + 1);
    }
  };
  try {
    expression(0);
    const t = tokens[k]!;
    if (t.kind === 'end') return null;
    if (t.kind === 'illegal') return `bad math expression: illegal character: ${t.text}`;
    if (t.text === ')') return "bad math expression: ')' expected";
    return `bad math expression: operator expected at \`${rest(t)}'`;
  } catch (error) {
    if (error instanceof MathError) return error.message;
    throw error;
  }
}
