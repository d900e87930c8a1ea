// A tokenizer of Perl for the inline-code reader (perl.ts): barewords
// (`File::Path::rmtree`), variables with their sigils (`$x`, `@a`, `%h`,
// `$#a`, `$_`, `$^I`, `${^NAME}`), numbers, operators, strings in every
// quote ('…', "…", q qq qw with any delimiter, here-documents <<"X" <<'X'
// <<X <<~X), regular expressions (m// qr// s/// tr/// y///, a bare /…/ told
// from division), `<FH>` and `<*.c>`, comments, POD (`=pod` … `=cut`) and
// `__END__`/`__DATA__` dropped. Backquotes and qx become a call of the name
// `` ` ``, qw a parenthesized list, so a command is a call like any other.
// Code inside a string (`@{[ … ]}`, `${\ … }`, a subscript of an
// interpolated variable, the replacement of s///e) is kept as nested token
// lists, so a call there is read too. Where Perl decides by what a bareword
// is (`foo /x/` is a match or a division), and the two readings differ in
// what is code, it throws a TokenError: the code is refused, never misread.

import { maxNesting, maxTokens, readOperator, type Token, TokenError } from './tokens.js';

export interface PerlToken extends Token {
  /** `s///ee` or a regular expression with `(?{ … })`: code built from a string, which treeward does not read. */
  evalsString?: true;
}

const operators = [
  '<<=', '>>=', '**=', '||=', '//=', '&&=', '<=>', '...', '->', '=>', '==', '!=', '<=', '>=', '=~', '!~', '++', '--', '**', '.=', '+=', '-=',
  '*=', '/=', 'x=', '&&', '||', '//', '::', '..', '<<', '>>', '|=', '&=', '^=', '%=',
];

/** Builtins that take no argument: a `/` after one divides. */
const noArguments = new Set(['time', 'times', 'wait', 'wantarray', 'getppid', 'fork', '__LINE__', '__FILE__', '__PACKAGE__']);
/** Barewords after which an expression starts (a `/` is a match). */
const beforeExpression = new Set(`split grep map join push unshift return and or not xor if unless while until print say die warn eq ne lt gt le ge
  cmp x when`.trim().split(/\s+/));

/** Brackets open at once past which the code is not read (the reader's walk recurses into them). */
const maxBrackets = 64;

const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };
const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', a: '\x07', e: '\x1b', '0': '\0' };

interface State {
  code: string;
  count: { n: number };
  depth: number;
}

/** The tokens of a Perl program. */
export function tokenizePerl(code: string): Token[] {
  return scan({ code, count: { n: 0 }, depth: 0 }, code);
}

function scan(s: State, code: string): PerlToken[] {
  if (s.depth > maxNesting) throw new TokenError('strings nested too deep');
  const tokens: PerlToken[] = [];
  const heredocs: { token: PerlToken; id: string; indent: boolean; interpolates: boolean }[] = [];
  const open: string[] = [];
  let i = 0;
  let lineStart = true;
  const add = (t: PerlToken) => {
    if (++s.count.n > maxTokens) throw new TokenError('past the token budget');
    tokens.push(t);
  };
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n') {
      i++;
      lineStart = true;
      if (heredocs.length) i = heredocBodies(s, code, heredocs.splice(0), i);
      continue;
    }
    if (/\s/.test(c)) { i++; continue; }
    const atStatement = tokens.length === 0 || tokens[tokens.length - 1]!.t === ';';
    if (lineStart && c === '=' && /^=[A-Za-z]/.test(code.slice(i, i + 2)) && atStatement) {
      // POD: from a line that starts with `=word` where a statement may start, to the line `=cut` (perl reads
      // `my $x\n=pod …` as an assignment, confirmed with perl 5.36: there it is code, and read as code)
      const m = /\n=cut\b[^\n]*(\n|$)/.exec(code.slice(i));
      i = m ? i + m.index + m[0].length : code.length;
      continue;
    }
    if (lineStart && /^__(END|DATA)__\b/.test(code.slice(i, i + 8))) break;
    lineStart = false;
    if (c === '#') { while (i < code.length && code[i] !== '\n') i++; continue; }
    const prev = tokens[tokens.length - 1];
    const value = endsValue(prev);
    if (c === "'" || c === '"' || c === '`') {
      const read = delimited(s, code, i + 1, c, c);
      const token = stringToken(s, code.slice(i, read.end), read.body, c !== "'", c === "'" ? 'single' : 'double');
      i = read.end;
      if (c === '`') command(add, token);
      else add(token);
      continue;
    }
    if (c === '<' && code[i + 1] === '<' && /^<<(~?)(["'`]|[A-Za-z_]|\\[A-Za-z_])/.test(code.slice(i, i + 4)) && !value) {
      const m = /^<<(~?)(?:"([^"\n]*)"|'([^'\n]*)'|`([^`\n]*)`|\\?([A-Za-z_]\w*))/.exec(code.slice(i, i + 260));
      if (!m) throw new TokenError('a here-document whose name does not close');
      const token: PerlToken = { k: 'str', t: m[0], v: null };
      const interpolates = m[3] === undefined && !m[0].includes('\\');
      heredocs.push({ token, id: m[2] ?? m[3] ?? m[4] ?? m[5]!, indent: m[1] === '~', interpolates });
      if (m[4] !== undefined) command(add, token);
      else add(token);
      i += m[0].length;
      continue;
    }
    if (c === '<' && !value && /^<(\$?\w*|[^\s<>=;()]*)>/.test(code.slice(i, i + 200))) {
      const m = /^<(\$?\w*|[^\s<>=;()]*)>/.exec(code.slice(i, i + 200))!;
      add({ k: 'str', t: m[0], v: null });
      i += m[0].length;
      continue;
    }
    if (c === '/' && startsMatch(prev, value)) {
      i = quoteLike(s, code, i, 'm', i, add);
      continue;
    }
    if (c === '$' || c === '@' || c === '%' || c === '&' || c === '*') {
      const v = variable(code, i, value);
      if (v) { add({ k: 'name', t: v }); i += v.length; continue; }
    }
    if (/[A-Za-z_]/.test(c) || (c === ':' && code[i + 1] === ':' && /[A-Za-z_]/.test(code[i + 2] ?? ''))) {
      i = word(s, code, i, prev, add);
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? '') && !value)) {
      const m = /^(0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*(\.(?!\.)[\d_]*)?([eE][+-]?\d+)?|\.\d[\d_]*([eE][+-]?\d+)?)/.exec(code.slice(i, i + 100))!;
      add({ k: 'num', t: m[0] });
      i += m[0].length;
      continue;
    }
    if ('([{'.includes(c) && open.push(c) > maxBrackets) throw new TokenError('brackets nested too deep');
    if (')]}'.includes(c)) {
      const top = open.pop();
      if (!top || '([{'.indexOf(top) !== ')]}'.indexOf(c)) throw new TokenError(`an unmatched \`${c}\``);
    }
    if (!/[-+*/%&|^~<>=!?.,:;()[\]{}\\]/.test(c)) throw new TokenError(`the character \`${c}\``);
    const op = readOperator(code, i, operators);
    add({ k: 'op', t: op });
    i += op.length;
  }
  if (heredocs.length) throw new TokenError(`a here-document \`${heredocs[0]!.id}\` without a body`);
  if (open.length) throw new TokenError('a bracket that does not close');
  return tokens;
}

/** A bareword at `i` (`File::Path::rmtree`), or a quote-like operator (`q qq qw qx m qr s tr y`) and its literal: the index after it. */
function word(s: State, code: string, i: number, prev: PerlToken | undefined, add: (t: PerlToken) => void): number {
  const m = /^(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:::)?/.exec(code.slice(i, i + 512))!;
  const name = m[0];
  const after = code.slice(i + name.length, i + name.length + 256);
  // `s => 1`, `$h{s}`, `->s`, the file test `-s $f`: a name, not a quote
  const keyed = /^[ \t]*=>/.test(after) || (prev?.t === '{' && /^[ \t]*\}/.test(after)) || prev?.t === '->' || (prev?.t === '-' && code[i - 1] === '-');
  if (/^(q|qq|qw|qx|m|qr|s|tr|y)$/.test(name) && !keyed && /^[^\w\s,;)=]|^=[^>=~]/.test(after.replace(/^\s*/, ''))) {
    let at = i + name.length;
    while (/\s/.test(code[at] ?? '')) at++;
    if (code[at] === '#' && at > i + name.length) throw new TokenError(`\`${name}\` with a comment before its delimiter`);
    return quoteLike(s, code, i, name, at, add);
  }
  add({ k: 'name', t: name });
  return i + name.length;
}

/** Whether the token ends a value: after it `/` divides, `<` compares, `%` and `&` are operators. */
function endsValue(t: PerlToken | undefined): boolean {
  if (!t) return false;
  if (t.k === 'num' || t.k === 'str') return true;
  if (t.k === 'name') return /^[$@%&*]/.test(t.t) || noArguments.has(t.t);
  return t.t === ')' || t.t === ']' || t.t === '}';
}

/** A `/` starts a match after an operator or a list operator; after a bareword Perl decides by what the word is, and so treeward refuses. */
function startsMatch(prev: PerlToken | undefined, value: boolean): boolean {
  if (value) return false;
  if (prev?.k === 'name' && !beforeExpression.has(prev.t)) throw new TokenError(`\`${prev.t} /\`, which Perl reads by what \`${prev.t}\` is`);
  return true;
}

/** A variable at `i` (`$x`, `$::x`, `@{`, `$#a`, `$^W`, `${^NAME}`, `$$`, `&name`), or null where the sigil is an operator. */
function variable(code: string, i: number, afterValue: boolean): string | null {
  const c = code[i]!;
  const rest = code.slice(i, i + 300);
  if (c === '%' || c === '&' || c === '*') {
    if (afterValue) return null;
    const m = /^[%&*](?:\$*(?:::)?[A-Za-z_]\w*(?:::\w+)*|\$+|\^\w|[!+-](?![\w$]))/.exec(rest);
    if (c === '&' && m && m[0] === '&') return null;
    return m && m[0].length > 1 ? m[0] : null;
  }
  const m = /^(?:\$#|[$@])(?:\$*(?:::)?[A-Za-z_]\w*(?:::\w+)*(?:::)?|\$*\{\^\w+\}|\^\w|\d+|\$(?![\w{$:])|[^\s\w{$#])/.exec(rest)
    ?? /^(?:\$#|[$@])\$*(?=[{$])/.exec(rest);
  if (!m || m[0] === '@' && !/^@[\w:{$]/.test(rest)) return c === '$' || c === '@' ? (m?.[0] ?? c) : null;
  return m[0];
}

/** `` `cmd` `` and `qx(cmd)`: a call of the name `` ` `` with the command string as its argument. */
function command(add: (t: PerlToken) => void, str: PerlToken): void {
  add({ k: 'name', t: '`' });
  add({ k: 'op', t: '(' });
  add(str);
  add({ k: 'op', t: ')' });
}

/** A literal from its opening delimiter (bracket delimiters nest): its end and its raw body. */
function delimited(_s: State, code: string, i: number, openDelim: string, close: string): { end: number; body: string } {
  let level = 0;
  for (let j = i; j < code.length; j++) {
    const c = code[j]!;
    if (c === '\\') { j++; continue; }
    if (c === close && level === 0) return { end: j + 1, body: code.slice(i, j) };
    if (c === close) level--;
    else if (c === openDelim && openDelim !== close) level++;
  }
  throw new TokenError(`a string that does not close (\`${close}\`)`);
}

type Quoting = 'single' | 'double' | 'regexp';

/** A string token from its raw body: its value when fixed, and the code in its interpolations. */
function stringToken(s: State, text: string, body: string, interpolates: boolean, quoting: Quoting, delim = ''): PerlToken {
  if (quoting === 'regexp' && /\(\*?\?\??\{/.test(body)) return { k: 'str', t: text, v: null, evalsString: true };
  if (!interpolates) {
    const v = quoting === 'regexp' ? null : body.replace(/\\([\\'])/g, '$1').replace(delim && delim !== "'" ? new RegExp(`\\\\(\\${delim})`, 'g') : /$^/, '$1');
    return { k: 'str', t: text, v };
  }
  const nested = interpolatedCode(s, body);
  const token: PerlToken = { k: 'str', t: text, v: quoting === 'regexp' ? null : decode(body), ...(nested.length ? { nested } : {}) };
  return token;
}

/** A double-quoted body's value, or null when it interpolates a variable or has an escape treeward does not decode. */
export function decode(body: string): string | null {
  let out = '';
  for (let j = 0; j < body.length; j++) {
    const c = body[j]!;
    if (c === '$' && j + 1 < body.length) return null;
    if (c === '@' && /[\w:{$]/.test(body[j + 1] ?? '')) return null;
    if (c !== '\\') { out += c; continue; }
    const n = body[j + 1] ?? '';
    j++;
    if (n in escapes && !(n === '0' && /[0-7]/.test(body[j + 1] ?? ''))) out += escapes[n];
    else if (n === 'x') {
      const m = /^([0-9a-fA-F]{1,2})/.exec(body.slice(j + 1));
      if (!m) return null;
      out += String.fromCharCode(parseInt(m[1]!, 16));
      j += m[1]!.length;
    } else if (/[A-Za-z0-9]/.test(n)) return null;
    else out += n;
  }
  return out;
}

/**
 * The code an interpolating string runs: `@{[ … ]}`, `${\ … }`, `${ … }` blocks, and the subscripts of interpolated
 * variables (`$h{…}`, `$a[…]`, `->{…}`, `->[…]`), each tokenized as Perl (a bareword key is a string there too).
 */
function interpolatedCode(s: State, body: string): Token[][] {
  const out: Token[][] = [];
  for (let j = 0; j < body.length; j++) {
    const c = body[j]!;
    if (c === '\\') { j++; continue; }
    if (c !== '$' && c !== '@') continue;
    let k = j + 1;
    if (body[k] === '{') {
      const end = closing(body, k);
      const inner = body.slice(k + 1, end);
      if (!/^\s*\^?\w+\s*$/.test(inner)) out.push(nestedScan(s, inner));
      k = end + 1;
    } else {
      const m = /^\$*(?:::)?\w+(?:::\w+)*/.exec(body.slice(k));
      if (!m) continue;
      k += m[0].length;
    }
    // subscripts, and `->` before them
    while (k < body.length) {
      const arrow = body.startsWith('->', k) && /[[{]/.test(body[k + 2] ?? '') ? 2 : 0;
      const open = body[k + arrow];
      if (open !== '[' && open !== '{') break;
      const end = closing(body, k + arrow);
      const inside = body.slice(k + arrow + 1, end);
      // `$h{key}`: a bareword key is a string, not code
      if (!(open === '{' && /^\s*-?\w+\s*$/.test(inside))) out.push(nestedScan(s, inside));
      k = end + 1;
    }
    j = k - 1;
  }
  return out;
}

function nestedScan(s: State, code: string): Token[] {
  s.depth++;
  try {
    return scan(s, code);
  } finally {
    s.depth--;
  }
}

/** The index of the bracket that closes the one at `k` (backslashes escape), or a TokenError. */
function closing(text: string, k: number): number {
  const open = text[k]!;
  const close = pairs[open]!;
  let level = 0;
  for (let j = k; j < text.length; j++) {
    if (text[j] === '\\') { j++; continue; }
    if (text[j] === open) level++;
    if (text[j] === close && --level === 0) return j;
  }
  throw new TokenError(`a \`${open}\` that does not close in a string`);
}

/** `q qq qw qx m qr s tr y` (or a bare `/…/` as `m`) from `start`, its delimiter at `at`: its tokens added; the index after it. */
function quoteLike(s: State, code: string, start: number, word: string, at: number, add: (t: PerlToken) => void): number {
  const delim = code[at]!;
  const close = pairs[delim] ?? delim;
  const first = delimited(s, code, at + 1, delim, close);
  let end = first.end;
  let second: { end: number; body: string } | null = null;
  if (word === 's' || word === 'tr' || word === 'y') {
    let k = end;
    if (close !== delim) while (/\s/.test(code[k] ?? '')) k++;
    const d2 = close !== delim ? code[k]! : delim;
    if (d2 === undefined) throw new TokenError(`\`${word}\` without its replacement`);
    second = delimited(s, code, close !== delim ? k + 1 : end, d2, pairs[d2] ?? d2);
    end = second.end;
  }
  const flags = /^[a-z]*/.exec(code.slice(end))![0];
  end += flags.length;
  const text = code.slice(start, end);
  const single = delim === "'";
  if (word === 'q') add(stringToken(s, text, first.body, false, 'single', delim));
  else if (word === 'qq') add(stringToken(s, text, first.body, true, 'double', delim));
  else if (word === 'qx') command(add, stringToken(s, text, first.body, !single, single ? 'single' : 'double', delim));
  else if (word === 'qw') {
    add({ k: 'op', t: '(' });
    first.body.split(/\s+/).filter((w) => w !== '').forEach((w, n) => {
      if (n > 0) add({ k: 'op', t: ',' });
      add({ k: 'str', t: w, v: w.replace(/\\(.)/g, '$1') });
    });
    add({ k: 'op', t: ')' });
  } else if (word === 'tr' || word === 'y') add({ k: 'str', t: text, v: null });
  else {
    const token = stringToken(s, text, first.body, !single, 'regexp');
    if (word === 's' && second) {
      const e = (flags.match(/e/g) ?? []).length;
      if (e >= 2) token.evalsString = true;
      // s///e: the replacement is Perl code, run for each match
      const replacement = e >= 1 ? [nestedScan(s, second.body)] : single ? [] : interpolatedCode(s, second.body);
      if (replacement.length) token.nested = [...(token.nested ?? []), ...replacement];
    }
    add(token);
  }
  return end;
}

/** The bodies of the here-documents a line opened, from `i` (the start of the next line): the index after the last. */
function heredocBodies(s: State, code: string, docs: { token: PerlToken; id: string; indent: boolean; interpolates: boolean }[], i: number): number {
  let j = i;
  for (const doc of docs) {
    const lines: string[] = [];
    while (true) {
      if (j >= code.length) throw new TokenError(`a here-document \`${doc.id}\` that does not end`);
      const nl = code.indexOf('\n', j);
      const end = nl < 0 ? code.length : nl;
      const line = code.slice(j, end);
      j = nl < 0 ? code.length : nl + 1;
      if ((doc.indent ? line.trim() : line) === doc.id) break;
      lines.push(line);
    }
    let body = lines.map((l) => `${l}\n`).join('');
    if (doc.indent) {
      const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
      const cut = Math.min(...indents, Infinity);
      body = lines.map((l) => `${l.slice(Math.min(cut, /^[ \t]*/.exec(l)![0].length))}\n`).join('');
    }
    if (doc.interpolates) {
      const nested = interpolatedCode(s, body);
      doc.token.v = decode(body);
      if (nested.length) doc.token.nested = nested;
    } else doc.token.v = body;
  }
  return j;
}
