// A tokenizer of Python 3 for the inline-code reader (python.ts): names,
// numbers, operators, strings in every prefix and quote (their value read
// when it is one fixed text), f-strings whose fields are tokenized as code,
// comments dropped, and statement ends marked. Linear in the text; past the
// token or nesting budget, or on text Python would not tokenize, it throws
// a TokenError and the code is refused.

import { isNameChar, isNameStart, maxNesting, maxTokens, readOperator, type Token, TokenError } from './tokens.js';

const operators = [
  '**=', '//=', '>>=', '<<=', '...', '->', ':=', '**', '//', '<<', '>>', '<=', '>=', '==', '!=',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@=',
];

const simpleEscapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', v: '\v', '\n': '' };

interface Scan {
  tokens: Token[];
  end: number;
}

/** The tokens of a Python program. */
export function tokenizePython(code: string): Token[] {
  const counter = { n: 0 };
  return scan(code, 0, 0, false, counter).tokens;
}

function push(tokens: Token[], token: Token, counter: { n: number }): void {
  if (++counter.n > maxTokens) throw new TokenError('past the token budget');
  tokens.push(token);
}

/** Tokens from `start` to the end, or (in an f-string field) to the `}`, `!` or `:` that ends the field's expression. */
function scan(code: string, start: number, depth: number, inField: boolean, counter: { n: number }): Scan {
  if (depth > maxNesting) throw new TokenError('strings nested too deep');
  const tokens: Token[] = [];
  let brackets = 0;
  let lineStart = true;
  let i = start;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n') {
      if (brackets === 0) lineStart = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') { i++; continue; }
    if (c === '\\' && code[i + 1] === '\n') { i += 2; continue; }
    if (c === '\\' && code[i + 1] === '\r' && code[i + 2] === '\n') { i += 3; continue; }
    if (c === '#') {
      if (inField) throw new TokenError('a comment in an f-string field');
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (inField && brackets === 0 && (c === '}' || (c === '!' && code[i + 1] !== '=') || c === ':')) return { tokens, end: i };
    const nl = lineStart && brackets === 0;
    lineStart = false;
    const prefix = /^([rRbBuUfF]{1,2})?(['"])/.exec(code.slice(i, i + 3));
    if (prefix && (prefix[1] === undefined || /^(r|u|b|f|br|rb|fr|rf)$/i.test(prefix[1]))) {
      const read = readString(code, i + (prefix[1]?.length ?? 0), (prefix[1] ?? '').toLowerCase(), depth, counter);
      push(tokens, { k: 'str', t: code.slice(i, read.end), v: read.value, ...(read.nested.length ? { nested: read.nested } : {}), ...(nl ? { nl } : {}) },
        counter);
      i = read.end;
      continue;
    }
    if (isNameStart(c) && c !== '$') {
      let j = i + 1;
      while (j < code.length && isNameChar(code[j]!) && code[j] !== '$') j++;
      push(tokens, { k: 'name', t: code.slice(i, j), ...(nl ? { nl } : {}) }, counter);
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? ''))) {
      const m = /^(0[xXoObB][0-9a-fA-F_]+|(\d[\d_]*)?\.?[\d_]*([eE][+-]?\d[\d_]*)?[jJ]?)/.exec(code.slice(i, i + 200))!;
      push(tokens, { k: 'num', t: m[0], ...(nl ? { nl } : {}) }, counter);
      i += Math.max(1, m[0].length);
      continue;
    }
    if ('([{'.includes(c)) brackets++;
    if (')]}'.includes(c)) {
      if (brackets === 0) throw new TokenError(`an unmatched \`${c}\``);
      brackets--;
    }
    if (!/[-+*/%@&|^~<>=!.,:;()[\]{}]/.test(c)) throw new TokenError(`the character \`${c}\``);
    const op = readOperator(code, i, operators);
    push(tokens, { k: 'op', t: op, ...(nl ? { nl } : {}) }, counter);
    i += op.length;
  }
  if (inField) throw new TokenError('an f-string field that does not close');
  if (brackets !== 0) throw new TokenError('a bracket that does not close');
  return { tokens, end: i };
}

interface StringRead {
  end: number;
  value: string | null;
  nested: Token[][];
}

/** A string literal whose quote starts at `i`: its end, its value (null for an f-string with fields or an escape not read), its fields' code. */
function readString(code: string, i: number, prefix: string, depth: number, counter: { n: number }): StringRead {
  const q = code[i]!;
  const triple = code.startsWith(q.repeat(3), i);
  const quote = triple ? q.repeat(3) : q;
  const raw = prefix.includes('r');
  const f = prefix.includes('f');
  let j = i + quote.length;
  let value: string | null = '';
  const nested: Token[][] = [];
  while (true) {
    if (j >= code.length) throw new TokenError('a string that does not close');
    const c = code[j]!;
    if (code.startsWith(quote, j)) return { end: j + quote.length, value, nested };
    if (c === '\n' && !triple) throw new TokenError('a line break in a string');
    if (c === '\\') {
      const next = code[j + 1] ?? '';
      if (raw) { if (value !== null) value += c + next; }
      else if (value !== null) value = escape(code, j, value);
      j += next === '' ? 1 : escapeLength(code, j, raw);
      continue;
    }
    if (f && (c === '{' || c === '}')) {
      if (code[j + 1] === c) { if (value !== null) value += c; j += 2; continue; }
      if (c === '}') throw new TokenError('a single `}` in an f-string');
      j = readField(code, j + 1, depth, counter, nested);
      value = null;
      continue;
    }
    if (value !== null) value += c;
    j++;
  }
}

/** An f-string field from after its `{`: the expression's tokens into `nested`, then `!r`, a format spec (fields of its own), and the `}`. */
function readField(code: string, start: number, depth: number, counter: { n: number }, nested: Token[][]): number {
  const expression = scan(code, start, depth + 1, true, counter);
  nested.push(expression.tokens);
  let j = expression.end;
  if (code[j] === '!') {
    j++;
    while (j < code.length && /[a-z]/.test(code[j]!)) j++;
  }
  if (code[j] === ':') {
    j++;
    while (j < code.length && code[j] !== '}') {
      if (code[j] === '{') j = readField(code, j + 1, depth + 1, counter, nested);
      else if (code[j] === '\n' || code[j] === '"' || code[j] === "'") throw new TokenError('a format spec treeward does not read');
      else j++;
    }
  }
  if (code[j] !== '}') throw new TokenError('an f-string field that does not close');
  return j + 1;
}

function escapeLength(code: string, j: number, raw: boolean): number {
  if (raw) return 2;
  const next = code[j + 1]!;
  if (next === '\r' && code[j + 2] === '\n') return 3;
  return 2;
}

/** `value` with the escape at `j` read into it (the length is escapeLength's); escapes treeward does not decode make the value unknown. */
function escape(code: string, j: number, value: string): string | null {
  const next = code[j + 1]!;
  if (next in simpleEscapes) return value + simpleEscapes[next]!;
  if (/[0-7xuUN]/.test(next)) return null;
  return value + '\\' + next;
}
