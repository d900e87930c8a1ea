// A tokenizer of JavaScript and TypeScript for the inline-code reader
// (javascript.ts): names, numbers, operators, strings (their value read),
// template literals whose `${…}` are tokenized as code, regular expressions
// told from division by the token before them, comments dropped. Where a
// `/` after `}` could start either, and the two readings would differ in
// what is code, it throws a TokenError: the code is refused, never misread.
// Linear in the text, and bounded by the token and nesting budgets.

import { isNameChar, isNameStart, maxNesting, maxTokens, readOperator, type Token, TokenError } from './tokens.js';

const operators = [
  '>>>=', '...', '===', '!==', '**=', '<<=', '>>=', '>>>', '&&=', '||=', '??=',
  '=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '<<', '>>',
];

/** Names after which a `/` starts a regular expression. */
const beforeExpression = new Set([
  'return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await', 'extends',
]);

const simpleEscapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\n': '' };

interface Counter { n: number }

/** The tokens of a JavaScript or TypeScript program. */
export function tokenizeJavascript(code: string): Token[] {
  let start = 0;
  if (code.startsWith('#!')) while (start < code.length && code[start] !== '\n') start++;
  return scan(code, start, 0, false, { n: 0 }).tokens;
}

function push(tokens: Token[], token: Token, counter: Counter): void {
  if (++counter.n > maxTokens) throw new TokenError('past the token budget');
  tokens.push(token);
}

/** Tokens from `start`: to the end, or (inside `${…}`) to its closing `}`. */
function scan(code: string, start: number, depth: number, inTemplate: boolean, counter: Counter): { tokens: Token[]; end: number } {
  if (depth > maxNesting) throw new TokenError('templates nested too deep');
  const tokens: Token[] = [];
  /** For each open bracket: whether a `)` closing it ends an `if`/`while`/`for`/`with` head (a `/` after it starts a regular expression). */
  const open: { c: string; head: boolean }[] = [];
  let afterHead = false;
  let newline = false;
  let i = start;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n' || c === '\u2028' || c === '\u2029') { newline = true; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (code.startsWith('//', i)) { while (i < code.length && code[i] !== '\n') i++; continue; }
    if (code.startsWith('/*', i)) {
      const end = code.indexOf('*/', i + 2);
      if (end < 0) throw new TokenError('a comment that does not close');
      if (code.slice(i, end).includes('\n')) newline = true;
      i = end + 2;
      continue;
    }
    const nl = newline;
    newline = false;
    const flag = nl ? { nl } : {};
    const prev = tokens[tokens.length - 1];
    const wasHead = afterHead;
    afterHead = false;
    if (c === "'" || c === '"') {
      const read = readQuoted(code, i);
      push(tokens, { k: 'str', t: code.slice(i, read.end), v: read.value, ...flag }, counter);
      i = read.end;
      continue;
    }
    if (c === '`') {
      const read = readTemplate(code, i, depth, counter);
      push(tokens, { k: 'str', t: code.slice(i, read.end), v: read.value, ...(read.nested.length ? { nested: read.nested } : {}), ...flag }, counter);
      i = read.end;
      continue;
    }
    if (isNameStart(c) || (c === '#' && isNameStart(code[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < code.length && isNameChar(code[j]!)) j++;
      push(tokens, { k: 'name', t: code.slice(i, j), ...flag }, counter);
      i = j;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? ''))) {
      const m = /^(0[xXoObB][0-9a-fA-F_]+n?|(\d[\d_]*)?\.?[\d_]*([eE][+-]?\d[\d_]*)?n?)/.exec(code.slice(i, i + 200))!;
      push(tokens, { k: 'num', t: m[0], ...flag }, counter);
      i += Math.max(1, m[0].length);
      continue;
    }
    if (c === '/' && startsRegex(prev, wasHead, code, i)) {
      const end = readRegex(code, i);
      push(tokens, { k: 'str', t: code.slice(i, end), v: null, ...flag }, counter);
      i = end;
      continue;
    }
    if (c === '}' && inTemplate && open.length === 0) return { tokens, end: i };
    if ('([{'.includes(c)) {
      const head = c === '(' && prev?.k === 'name' && ['if', 'while', 'for', 'with'].includes(prev.t) && tokens[tokens.length - 2]?.t !== '.';
      open.push({ c, head });
    }
    if (')]}'.includes(c)) {
      const top = open.pop();
      if (!top || '([{'.indexOf(top.c) !== ')]}'.indexOf(c)) throw new TokenError(`an unmatched \`${c}\``);
      afterHead = top.head;
    }
    if (!/[-+*/%&|^~<>=!?.,:;()[\]{}@]/.test(c)) throw new TokenError(`the character \`${c}\``);
    const op = readOperator(code, i, operators);
    push(tokens, { k: 'op', t: op, ...flag }, counter);
    i += op.length;
  }
  if (inTemplate) throw new TokenError('a `${` that does not close');
  if (open.length) throw new TokenError('a bracket that does not close');
  return { tokens, end: i };
}

/** Whether the `/` at `i` starts a regular expression, by the token before it; after `}` both readings must agree on what is code. */
function startsRegex(prev: Token | undefined, afterHead: boolean, code: string, i: number): boolean {
  if (!prev) return true;
  if (prev.k === 'num' || prev.k === 'str') return false;
  if (prev.k === 'name') return beforeExpression.has(prev.t);
  if (prev.t === ')') return afterHead;
  if (prev.t === ']' || prev.t === '++' || prev.t === '--') return false;
  if (prev.t === '}') {
    // only the rest of the line can differ; a line past 4096 characters is not read (the check stays linear)
    const line = code.slice(i, i + 4097).split('\n')[0]!;
    if (line.length > 4096) throw new TokenError('a `/` after `}` on a line too long to read');
    if (/['"`]|\/\*|\/\//.test(line.slice(1))) throw new TokenError('a `/` after `}` that may start a regular expression');
    return false;
  }
  return true;
}

function readRegex(code: string, i: number): number {
  let j = i + 1;
  let inClass = false;
  while (true) {
    const c = code[j];
    if (c === undefined || c === '\n') throw new TokenError('a regular expression that does not close');
    if (c === '\\') { j += 2; continue; }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) break;
    j++;
  }
  j++;
  while (j < code.length && isNameChar(code[j]!)) j++;
  return j;
}

/** An escape at `j` (a backslash): the text it stands for, or null where treeward does not decode it, and its length. */
function readEscape(code: string, j: number): { text: string | null; length: number } {
  const next = code[j + 1] ?? '';
  if (next === '\r' && code[j + 2] === '\n') return { text: '', length: 3 };
  if (next in simpleEscapes && !(next === '0' && /[0-9]/.test(code[j + 2] ?? ''))) return { text: simpleEscapes[next]!, length: 2 };
  const hex = /^x([0-9a-fA-F]{2})/.exec(code.slice(j + 1, j + 4));
  if (hex) return { text: String.fromCharCode(parseInt(hex[1]!, 16)), length: 4 };
  const unicode = /^u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]{1,6})\})/.exec(code.slice(j + 1, j + 10));
  if (unicode) {
    const point = parseInt(unicode[1] ?? unicode[2]!, 16);
    return { text: point <= 0x10ffff ? String.fromCodePoint(point) : null, length: 1 + unicode[0].length };
  }
  if (/[0-9xu]/.test(next)) return { text: null, length: 2 };
  return { text: next, length: 2 };
}

function readQuoted(code: string, i: number): { end: number; value: string | null } {
  const q = code[i]!;
  let j = i + 1;
  let value: string | null = '';
  while (true) {
    const c = code[j];
    if (c === undefined || c === '\n') throw new TokenError('a string that does not close');
    if (c === q) return { end: j + 1, value };
    if (c === '\\') {
      const e = readEscape(code, j);
      value = value === null || e.text === null ? null : value + e.text;
      j += e.length;
      continue;
    }
    if (value !== null) value += c;
    j++;
  }
}

function readTemplate(code: string, i: number, depth: number, counter: Counter): { end: number; value: string | null; nested: Token[][] } {
  let j = i + 1;
  let value: string | null = '';
  const nested: Token[][] = [];
  while (true) {
    const c = code[j];
    if (c === undefined) throw new TokenError('a template literal that does not close');
    if (c === '`') return { end: j + 1, value, nested };
    if (c === '\\') {
      const e = readEscape(code, j);
      value = value === null || e.text === null ? null : value + e.text;
      j += e.length;
      continue;
    }
    if (c === '$' && code[j + 1] === '{') {
      const inner = scan(code, j + 2, depth + 1, true, counter);
      nested.push(inner.tokens);
      value = null;
      j = inner.end + 1;
      continue;
    }
    if (value !== null) value += c === '\r' ? '' : c;
    j++;
  }
}
