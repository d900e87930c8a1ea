// A tokenizer of Ruby for the inline-code reader (ruby.ts): names (with
// their `@`, `@@`, `$` sigils and `?`/`!` suffixes), numbers, operators,
// strings in every quote ('…', "…" with `#{}` read as code, `%q %Q %w %W %i
// %I %x %r %s` with any delimiter, here-documents `<<~X <<-X <<X`), symbols,
// regular expressions told from division, comments (`#`, `=begin`/`=end`)
// dropped, and `__END__` ending the code. Then two passes give the shared
// walk (reading.ts) the shape it reads: `do … end` blocks become `{ … }`,
// and a call without parentheses (`system "ls"`, `File.delete "a", "b"`)
// gets them. Backquotes and `%x` become a call of the name `` ` ``, so a
// command is a call like any other. Where Ruby itself decides by whether a
// name is a local variable (`x /2/`, `x <<X`, `x %w`), and the two readings
// differ in what is code, it throws a TokenError: the code is refused,
// never misread. Linear in the text, bounded by the token and nesting budgets.

import { maxNesting, maxTokens, readOperator, type Token, TokenError } from './tokens.js';

/** Ruby's names have no `$` inside (a `$` starts a global's name only). */
const isNameStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isNameChar = (c: string) => /[A-Za-z0-9_\u0080-\uffff]/.test(c);

/** A Ruby token: `sp` when whitespace stands before it (Ruby reads `foo -1` and `foo - 1` apart). */
export interface RubyToken extends Token {
  sp?: boolean;
}

const operators = [
  '**=', '<=>', '===', '...', '<<=', '>>=', '&&=', '||=', '==', '!=', '=~', '!~', '>=', '<=', '&&', '||', '<<', '>>', '**',
  '+=', '-=', '*=', '/=', '%=', '|=', '&=', '^=', '::', '..', '=>', '->', '&.',
];

const keywords = new Set(`BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in module next nil not or
  redo rescue retry return self super then true undef unless until when while yield __FILE__ __LINE__ __ENCODING__ __method__`.trim().split(/\s+/));

/** Keywords after which an expression starts (a `/` is a regular expression, `<<X` a here-document). */
const beforeExpression = new Set(`and begin case do else elsif ensure if in not or rescue return then unless until when while yield defined?
  break next`.trim().split(/\s+/));

const simpleEscapes: Record<string, string> = {
  n: '\n', t: '\t', r: '\r', s: ' ', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v', '0': '\0', '\n': '', '\\': '\\', '"': '"', "'": "'", '#': '#',
};

const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}', '<': '>' };

interface Counter { n: number }

interface Heredoc {
  /** The token whose value the body fills in. */
  token: RubyToken;
  id: string;
  squiggly: boolean;
  dash: boolean;
  interpolates: boolean;
}

interface State {
  code: string;
  counter: Counter;
  depth: number;
  /** Names assigned anywhere in the program: where Ruby reads them as local variables, `x /2/` is division. */
  locals: ReadonlySet<string>;
}

/** The tokens of a Ruby program, with `do … end` as braces and parentheses around calls written without them. */
export function tokenizeRuby(code: string): Token[] {
  let start = 0;
  if (code.startsWith('#!')) while (start < code.length && code[start] !== '\n') start++;
  const state: State = { code, counter: { n: 0 }, depth: 0, locals: assignedNames(code) };
  if (/^=begin(\s|$)/.test(code.slice(start, start + 7))) start = skipEmbeddedDoc(code, start);
  const tokens = scan(state, start, false).tokens;
  return commandCalls(doBlocks(tokens), state.locals);
}

/** Names written as assignment targets or block parameters (`x = …`, `x += …`, `|x, y|`, `for x in`): the local variables. */
function assignedNames(code: string): Set<string> {
  const out = new Set<string>();
  for (const m of code.matchAll(/(?<![\w@$.:])([a-z_][\w]*)\s*(?:[-+*/%|&^]|\*\*|<<|>>|\|\||&&)?=(?![=~>])/g)) out.add(m[1]!);
  for (const m of code.matchAll(/\|([^|\n]*)\|/g)) for (const n of m[1]!.matchAll(/[a-z_]\w*/g)) out.add(n[0]);
  for (const m of code.matchAll(/\bfor\s+([a-z_]\w*)/g)) out.add(m[1]!);
  for (const m of code.matchAll(/\bdef[ \t]+[\w.]+[ \t]*\(?([^)\n]*)/g)) for (const n of m[1]!.matchAll(/[a-z_]\w*/g)) out.add(n[0]);
  return out;
}

function push(tokens: RubyToken[], token: RubyToken, counter: Counter): void {
  if (++counter.n > maxTokens) throw new TokenError('past the token budget');
  tokens.push(token);
}

/** Whether the token ends a value: after it, `/` divides and `<<` shifts. */
function endsValue(t: RubyToken | undefined): boolean {
  if (!t) return false;
  if (t.k === 'num' || t.k === 'str') return true;
  if (t.k === 'name') return !beforeExpression.has(t.t) || t.t === 'self' || t.t === 'end';
  return t.t === ')' || t.t === ']' || t.t === '}';
}

/**
 * At `i`, after `prev`, with whitespace before (`sp`) and none after: does a literal start (`/re/`, `%w[…]`, `<<X`, `?c`)?
 * After a value it does not; after a method name it does (an argument); after a local variable it would not, so there the
 * two readings differ and the code is refused.
 */
function literalStarts(s: State, prev: RubyToken | undefined, sp: boolean, i: number, what: string): boolean {
  if (!endsValue(prev)) return true;
  if (prev!.k !== 'name' || !sp || /\s/.test(s.code[i + 1] ?? ' ')) return false;
  const name = prev!.t;
  if (/^[@$]/.test(name) || keywords.has(name)) return false;
  if (s.locals.has(name) || /^[A-Z]/.test(name)) throw new TokenError(`\`${name} ${what}\`, which Ruby reads by whether \`${name}\` is a local variable`);
  return true;
}

/** Tokens from `start`: to the end, or (inside `#{…}`) to its closing `}`. */
function scan(s: State, start: number, inInterpolation: boolean): { tokens: RubyToken[]; end: number } {
  if (s.depth > maxNesting) throw new TokenError('strings nested too deep');
  const { code, counter } = s;
  const tokens: RubyToken[] = [];
  const open: string[] = [];
  const heredocs: Heredoc[] = [];
  let newline = false;
  let space = false;
  let i = start;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\n') {
      newline = true;
      space = true;
      i++;
      if (heredocs.length) i = readHeredocBodies(s, heredocs.splice(0), i);
      if (code.startsWith('=begin', i) && /^=begin(\s|$)/.test(code.slice(i, i + 7))) i = skipEmbeddedDoc(code, i);
      if (/^__END__(\r?\n|$)/.test(code.slice(i, i + 9))) break;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') { space = true; i++; continue; }
    if (c === '\\' && (code[i + 1] === '\n' || (code[i + 1] === '\r' && code[i + 2] === '\n'))) { space = true; i += code[i + 1] === '\n' ? 2 : 3; continue; }
    if (c === '#') { while (i < code.length && code[i] !== '\n') i++; continue; }
    const prev = tokens[tokens.length - 1];
    const flags: Partial<RubyToken> = { ...(newline ? { nl: true } : {}), ...(space ? { sp: true } : {}) };
    const sp = space || newline;
    newline = false;
    space = false;
    // the token itself is pushed: a here-document's body fills it in at the next line
    const add = (token: RubyToken) => push(tokens, Object.assign(token, flags), counter);
    if (c === '}' && inInterpolation && open.length === 0) {
      if (heredocs.length) throw new TokenError('a here-document inside `#{…}`');
      return { tokens, end: i };
    }
    if (c === "'" || c === '"' || c === '`') {
      const read = readDelimited(s, i + 1, c, c, c !== "'", c === "'" ? 'single' : 'double');
      const token: RubyToken = { k: 'str', t: code.slice(i, read.end), v: read.value, ...(read.nested.length ? { nested: read.nested } : {}) };
      i = read.end;
      if (c === '`') { command(tokens, token, flags, counter); continue; }
      add(token);
      if (code[i] === ':' && code[i + 1] !== ':') { push(tokens, { k: 'op', t: 'label:' }, counter); i++; }
      continue;
    }
    if (c === '%' && /^[qQwWiIxrs]?[^\w\s]/.test(code.slice(i + 1, i + 3)) && !(code[i + 1] === '=' && endsValue(prev)) && literalStarts(s, prev, sp, i, '%')) {
      i = percentLiteral(s, i, tokens, flags);
      continue;
    }
    if (c === '<' && code[i + 1] === '<' && /^<<[~-]?(["'`]|[A-Za-z_])/.test(code.slice(i, i + 4)) && literalStarts(s, prev, sp, i + 1, '<<')) {
      const doc = heredocStart(code, i);
      heredocs.push(doc);
      if (doc.command) command(tokens, doc.token, flags, counter);
      else add(doc.token);
      i += doc.token.t.length;
      continue;
    }
    if (c === '/' && literalStarts(s, prev, sp, i, '/')) {
      const read = readDelimited(s, i + 1, '/', '/', true, 'regexp');
      let end = read.end;
      while (/[a-z]/.test(code[end] ?? '')) end++;
      add({ k: 'str', t: code.slice(i, end), v: null, ...(read.nested.length ? { nested: read.nested } : {}) });
      i = end;
      continue;
    }
    if (c === '?' && /^\?(\\.|[^\s\\])(?![\w])/.test(code.slice(i, i + 4)) && !endsValue(prev)) {
      const len = code[i + 1] === '\\' ? 3 : 2;
      add({ k: 'str', t: code.slice(i, i + len), v: len === 2 ? code[i + 1]! : null });
      i += len;
      continue;
    }
    const sym = c === ':' ? symbol(s, i, prev, sp) : null;
    if (sym) {
      add(sym.token);
      i = sym.end;
      continue;
    }
    if (isNameStart(c) || ((c === '@' || c === '$') && (isNameStart(code[i + 1] ?? '') || code[i + 1] === '@'))) {
      let j = i;
      while (code[j] === '@' || code[j] === '$') j++;
      while (j < code.length && isNameChar(code[j]!)) j++;
      // `foo?`, `save!`: part of a method's name, unless `!=`, `?=`… or a ternary `x ?a : b`
      if ((code[j] === '?' || code[j] === '!') && code[j + 1] !== '=' && !/^[@$]/.test(c) && !(code[j] === '?' && /\w/.test(code[j + 1] ?? ''))) j++;
      const name = code.slice(i, j);
      add({ k: 'name', t: name });
      i = j;
      // a label, `key: value` (not `A::B`, not a ternary's `a ? b : c`, whose `:` has a space before it)
      if (code[i] === ':' && code[i + 1] !== ':' && !/^[@$]/.test(name) && !(prev?.k === 'op' && prev.t === '?')) {
        push(tokens, { k: 'op', t: 'label:' }, counter);
        i++;
      }
      continue;
    }
    const simple = numberOrGlobal(code, i, prev);
    if (simple) {
      add(simple);
      i += Math.max(1, simple.t.length);
      continue;
    }
    if ('([{'.includes(c)) open.push(c);
    if (')]}'.includes(c)) {
      const top = open.pop();
      if (!top || '([{'.indexOf(top) !== ')]}'.indexOf(c)) throw new TokenError(`an unmatched \`${c}\``);
    }
    if (!/[-+*/%&|^~<>=!?.,:;()[\]{}]/.test(c)) throw new TokenError(`the character \`${c}\``);
    let op = readOperator(code, i, operators);
    i += op.length;
    // `A::B` is a member as `A.B` is; `&.` is `?.`; a leading `::Foo` is the top-level Foo
    if (op === '::') {
      if (!endsValue(prev) || sp) continue;
      op = '.';
    }
    if (op === '&.') op = '?.';
    add({ k: 'op', t: op });
  }
  if (heredocs.length) throw new TokenError(`a here-document \`${heredocs[0]!.id}\` without a body`);
  if (inInterpolation) throw new TokenError('a `#{` that does not close');
  if (open.length) throw new TokenError('a bracket that does not close');
  return { tokens, end: i };
}

/** A symbol at `i` (`:name`, `:"text"`, `:+`): a `num` token `:name` (never a path or a command); with `#{…}` it has no fixed name. */
function symbol(s: State, i: number, prev: RubyToken | undefined, sp: boolean): { token: RubyToken; end: number } | null {
  const code = s.code;
  if (code[i + 1] === '"' || code[i + 1] === "'") {
    const read = readDelimited(s, i + 2, code[i + 1]!, code[i + 1]!, code[i + 1] === '"', code[i + 1] === '"' ? 'double' : 'single');
    const token: RubyToken = read.value === null ? { k: 'str', t: code.slice(i, read.end), v: null, ...(read.nested.length ? { nested: read.nested } : {}) }
      : { k: 'num', t: `:${read.value}` };
    return { token, end: read.end };
  }
  if (code[i + 1] !== ':' && (isNameStart(code[i + 1] ?? '') || /[@$]/.test(code[i + 1] ?? '')) && !(prev?.k === 'name' && !sp)) {
    let j = i + 1;
    while (/[@$]/.test(code[j] ?? '')) j++;
    while (j < code.length && isNameChar(code[j]!)) j++;
    if (/[?!=]/.test(code[j] ?? '') && !/[=~>]/.test(code[j + 1] ?? '')) j++;
    return { token: { k: 'num', t: code.slice(i, j) }, end: j };
  }
  const m = /^:(\[\]=?|<=>|===?|=~|!=|![~]?|\*\*|[-+]@|<<|>>|<=|>=|[-+*/%<>&|^~])/.exec(code.slice(i, i + 5));
  if (m && !endsValue(prev)) return { token: { k: 'num', t: m[0] }, end: i + m[0].length };
  return null;
}

/** `<<~ID`, `<<-'ID'`, `<<"ID"`, `` <<~`ID` `` at `i`: its token (the body fills it in at the next line). */
function heredocStart(code: string, i: number): Heredoc & { command: boolean } {
  const m = /^<<([~-]?)(?:(["'`])(.*?)\2|([A-Za-z_]\w*))/.exec(code.slice(i, i + 256));
  if (!m) throw new TokenError('a here-document whose name does not close');
  const token: RubyToken = { k: 'str', t: m[0], v: null };
  return { token, id: m[3] ?? m[4]!, squiggly: m[1] === '~', dash: m[1] === '-', interpolates: m[2] !== "'", command: m[2] === '`' };
}

/** A number, or a special global (`$0`, `$:`, `$-I`) at `i`, or null. */
function numberOrGlobal(code: string, i: number, prev: RubyToken | undefined): RubyToken | null {
  const c = code[i]!;
  if (c === '$' && /[0-9!@&`'+~=/\\,;.<>_*$?:"-]/.test(code[i + 1] ?? '')) {
    return { k: 'name', t: /^\$(-[0-9A-Za-z_]|[0-9]+|.)/.exec(code.slice(i, i + 8))![0] };
  }
  if (!(/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? '') && !endsValue(prev)))) return null;
  const m = /^(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO]?[0-7_]+|(\d[\d_]*)(\.\d[\d_]*)?([eE][+-]?\d[\d_]*)?)(r|i|ri)?/.exec(code.slice(i, i + 200))!;
  return { k: 'num', t: m[0] };
}

/** `` `cmd` `` and `%x(cmd)`: a call of the name `` ` `` with the command string as its argument. */
function command(tokens: RubyToken[], str: RubyToken, flags: Partial<RubyToken>, counter: Counter): void {
  push(tokens, { k: 'name', t: '`', ...flags }, counter);
  push(tokens, { k: 'op', t: '(' }, counter);
  push(tokens, str, counter);
  push(tokens, { k: 'op', t: ')' }, counter);
}

function skipEmbeddedDoc(code: string, i: number): number {
  const m = /\n=end(?:[ \t][^\n]*)?(?:\n|$)/.exec(code.slice(i));
  if (!m) throw new TokenError('an `=begin` without `=end`');
  return i + m.index + m[0].length;
}

/** `%q(…)`, `%w[…]`, `%x{…}`, `%r|…|`, `%(…)`: the literal from `%`, its tokens pushed; the index after it. */
function percentLiteral(s: State, i: number, tokens: RubyToken[], flags: Partial<RubyToken>): number {
  const code = s.code;
  const type = /[qQwWiIxrs]/.test(code[i + 1]!) ? code[i + 1]! : 'Q';
  const at = type === 'Q' && code[i + 1] !== 'Q' ? i + 1 : i + 2;
  const delim = code[at]!;
  const close = pairs[delim] ?? delim;
  const interpolates = 'QWIxr'.includes(type);
  const read = readDelimited(s, at + 1, delim, close, interpolates, type === 'r' ? 'regexp' : type === 'q' || type === 'w' || type === 'i' || type === 's'
    ? 'percent' : 'double');
  let end = read.end;
  if (type === 'r') while (/[a-z]/.test(s.code[end] ?? '')) end++;
  const text = code.slice(i, end);
  const nested = read.nested.length ? { nested: read.nested } : {};
  if (type === 'x') {
    command(tokens, { k: 'str', t: text, v: read.value, ...nested }, flags, s.counter);
    return end;
  }
  if ('wWiI'.includes(type)) {
    // a list of words: `[` 'a' `,` 'b' `]`; a word with `#{…}` has no fixed value
    push(tokens, { k: 'op', t: '[', ...flags }, s.counter);
    const words = read.raw.split(/[ \t\n\r\f\v]+/).filter((w) => w !== '');
    words.forEach((w, k) => {
      if (k > 0) push(tokens, { k: 'op', t: ',' }, s.counter);
      const value = interpolates && /#[{@$]/.test(w) ? null : w.replace(/\\(.)/g, '$1');
      push(tokens, value !== null && 'iI'.includes(type) ? { k: 'num', t: `:${value}` } : { k: 'str', t: w, v: value }, s.counter);
    });
    for (const n of read.nested) { push(tokens, { k: 'op', t: ',' }, s.counter); push(tokens, { k: 'str', t: '#{}', v: null, nested: [n] }, s.counter); }
    push(tokens, { k: 'op', t: ']' }, s.counter);
    return end;
  }
  push(tokens, { k: 'str', t: text, v: type === 'r' ? null : read.value, ...nested, ...flags }, s.counter);
  return end;
}

type Quoting = 'single' | 'double' | 'percent' | 'regexp';

/**
 * A literal's text from `i` to its closing delimiter (bracket delimiters nest): its value when it is one fixed text,
 * the raw text, and the code of each `#{…}`.
 */
function readDelimited(s: State, i: number, openDelim: string, close: string, interpolates: boolean, quoting: Quoting):
  { end: number; value: string | null; raw: string; nested: Token[][] } {
  const code = s.code;
  let j = i;
  let value: string | null = '';
  let level = 0;
  const nested: Token[][] = [];
  const start = i;
  while (true) {
    const c = code[j];
    if (c === undefined) throw new TokenError(`a string that does not close (\`${close}\`)`);
    if (c === close && level === 0) return { end: j + 1, value, raw: code.slice(start, j), nested };
    if (c === close) level--;
    else if (c === openDelim && openDelim !== close) level++;
    if (c === '\\') {
      const next = code[j + 1] ?? '';
      if (quoting === 'single' || quoting === 'percent') {
        value = value === null ? null : value + (next === '\\' || next === openDelim || next === close ? next : `\\${next}`);
      } else if (quoting === 'regexp') value = null;
      else {
        const e = readEscape(code, j);
        value = value === null || e.text === null ? null : value + e.text;
        j += e.length;
        continue;
      }
      j += 2;
      continue;
    }
    if (interpolates && c === '#' && code[j + 1] === '{') {
      s.depth++;
      const inner = scan(s, j + 2, true);
      s.depth--;
      nested.push(inner.tokens);
      value = null;
      j = inner.end + 1;
      continue;
    }
    // `#@x`, `#$x`: a variable's value
    if (interpolates && c === '#' && /[@$]/.test(code[j + 1] ?? '') && /[A-Za-z_@]/.test(code[j + 2] ?? '')) value = null;
    if (value !== null) value += c;
    j++;
  }
}

/** A double-quoted escape at `j` (a backslash): the text, or null where treeward does not decode it, and its length. */
function readEscape(code: string, j: number): { text: string | null; length: number } {
  const next = code[j + 1] ?? '';
  if (next in simpleEscapes && !(next === '0' && /[0-7]/.test(code[j + 2] ?? ''))) return { text: simpleEscapes[next]!, length: 2 };
  const hex = /^x([0-9a-fA-F]{1,2})/.exec(code.slice(j + 1, j + 4));
  if (hex) return { text: String.fromCharCode(parseInt(hex[1]!, 16)), length: 1 + hex[0].length };
  const unicode = /^u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]{1,6})\})/.exec(code.slice(j + 1, j + 10));
  if (unicode) {
    const point = parseInt(unicode[1] ?? unicode[2]!, 16);
    return { text: point <= 0x10ffff ? String.fromCodePoint(point) : null, length: 1 + unicode[0].length };
  }
  if (/[0-7xuMCc]/.test(next)) return { text: null, length: 2 };
  return { text: next, length: 2 };
}

/** The bodies of the here-documents a line opened, from `i` (the start of the next line): the index after the last. */
function readHeredocBodies(s: State, docs: Heredoc[], i: number): number {
  const code = s.code;
  let j = i;
  for (const doc of docs) {
    const lines: string[] = [];
    while (true) {
      if (j >= code.length) throw new TokenError(`a here-document \`${doc.id}\` that does not end`);
      const nl = code.indexOf('\n', j);
      const end = nl < 0 ? code.length : nl;
      const line = code.slice(j, end).replace(/\r$/, '');
      j = nl < 0 ? code.length : nl + 1;
      if ((doc.squiggly || doc.dash ? line.trim() : line) === doc.id) break;
      lines.push(line);
    }
    let body = lines.map((l) => `${l}\n`).join('');
    if (doc.squiggly) {
      const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0]);
      // tabs count to the next multiple of 8 in Ruby's dedent: not decoded here, so the value is not fixed
      if (indents.some((x) => x.includes('\t'))) { doc.token.v = null; continue; }
      const cut = Math.min(...indents.map((x) => x.length), Infinity);
      body = lines.map((l) => `${l.slice(Math.min(cut, /^[ ]*/.exec(l)![0].length))}\n`).join('');
    }
    if (doc.interpolates) {
      const read = readDelimited({ ...s, code: `${body}\u0000` }, 0, '\u0000', '\u0000', true, 'double');
      doc.token.v = read.value;
      if (read.nested.length) doc.token.nested = read.nested;
    } else doc.token.v = body;
  }
  return j;
}

// ---------------------------------------------------------------- do … end as braces

/** Keywords that open a construct closed by `end` (`if`, `unless`, `while`, `until` only where they start an expression). */
const openers = new Set(['def', 'class', 'module', 'begin', 'case', 'if', 'unless', 'while', 'until', 'for', 'do']);

function startsExpression(tokens: RubyToken[], i: number): boolean {
  const t = tokens[i]!;
  const prev = tokens[i - 1];
  if (!prev || t.nl || prev.t === ';') return true;
  if (prev.k === 'op') return !(prev.t === ')' || prev.t === ']' || prev.t === '}');
  return prev.k === 'name' && ['then', 'else', 'do', 'and', 'or', 'not', 'begin', 'when', 'in', 'elsif'].includes(prev.t);
}

/** `do |x| … end` after a call is a block, read as `{ |x| … }`; a loop's `do` (`while c do`) is not. Unbalanced `end`s are refused. */
function doBlocks(tokens: RubyToken[]): RubyToken[] {
  const stack: { index: number; loop: boolean; line: boolean }[] = [];
  const out = tokens.slice();
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const top = stack[stack.length - 1];
    if (top && top.line && (t.nl || out[i - 1]?.t === ';')) top.line = false;
    if (t.k !== 'name' || out[i - 1]?.t === '.' || out[i - 1]?.t === '?.' || out[i + 1]?.t === 'label:') continue;
    if (t.t === 'do') {
      if (top?.loop && top.line) { top.line = false; continue; }
      stack.push({ index: i, loop: false, line: false });
      out[i] = { ...t, k: 'op', t: '{' };
      continue;
    }
    if (t.t === 'end') {
      const opened = stack.pop();
      if (!opened) throw new TokenError('an `end` that closes nothing');
      if (out[opened.index]!.t === '{') out[i] = { ...t, k: 'op', t: '}' };
      continue;
    }
    if (!openers.has(t.t)) continue;
    if (['if', 'unless', 'while', 'until'].includes(t.t) && !startsExpression(out, i)) continue;
    // `def name(args) = expr`: an endless method
    if (t.t === 'def' && endlessDef(out, i)) continue;
    stack.push({ index: i, loop: ['while', 'until', 'for'].includes(t.t), line: true });
  }
  if (stack.length) throw new TokenError(`a \`${tokens[stack[stack.length - 1]!.index]!.t}\` without its \`end\``);
  return out;
}

function endlessDef(tokens: RubyToken[], i: number): boolean {
  let j = i + 1;
  while (tokens[j] && (tokens[j]!.k === 'name' || tokens[j]!.t === '.') && !tokens[j]!.nl) j++;
  if (tokens[j]?.t === '(') {
    let depth = 0;
    for (; j < tokens.length; j++) {
      if (tokens[j]!.t === '(') depth++;
      if (tokens[j]!.t === ')' && --depth === 0) { j++; break; }
    }
  }
  // `def name=(v)` is a setter, not an endless method
  return tokens[j]?.t === '=' && !tokens[j]!.nl && !(tokens[j + 1]?.t === '(' && !tokens[j + 1]!.sp);
}

// ---------------------------------------------------------------- calls without parentheses

/** Keywords that end a call's arguments written without parentheses (`system "ls" if x`, `foo a do … end`). */
const endArguments = new Set(['if', 'unless', 'while', 'until', 'rescue', 'and', 'or', 'then', 'end', 'do', 'in']);
/** Operators after which a line goes on (`a +\n b`, `foo a,\n b`). */
const continuing = new Set([',', '+', '-', '*', '/', '%', '||', '&&', '=', '==', '.', '?.', '(', '[', '{', '|', '&', '=>', '<<', 'label:', '?', ':']);

/** Whether the token at `j` starts an argument of a call written as `name arg`. */
function startsArgument(tokens: RubyToken[], j: number): boolean {
  const t = tokens[j];
  if (!t || t.nl || !t.sp) return false;
  if (t.k === 'str' || t.k === 'num') return true;
  if (t.k === 'name') return !endArguments.has(t.t);
  const after = tokens[j + 1];
  const glued = after !== undefined && !after.sp && !after.nl;
  if (t.t === '[' || t.t === '(' || t.t === '->' || t.t === '!') return true;
  return ['-', '*', '&', '**', '::', '.'].includes(t.t) && glued && t.t !== '.';
}

/** Where a call's arguments written without parentheses end: a line break, `;`, a closing bracket, a block, a modifier. */
function argumentsEnd(tokens: RubyToken[], j: number): number {
  let depth = 0;
  let k = j;
  for (; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (k > j && t.nl && depth === 0 && !continuing.has(tokens[k - 1]!.t)) break;
    if (t.k === 'op' && '([{'.includes(t.t)) {
      if (depth === 0 && t.t === '{' && k > j && endsValue(tokens[k - 1])) break;
      depth++;
    } else if (t.k === 'op' && ')]}'.includes(t.t)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (t.t === ';' || (t.k === 'name' && endArguments.has(t.t)))) break;
  }
  return k;
}

/** `name arg, …` as `name(arg, …)`; a label `key:` as `key =` in arguments and `key :` in a hash. */
function commandCalls(tokens: RubyToken[], locals: ReadonlySet<string>): Token[] {
  const out: RubyToken[] = [];
  const closeAt: number[] = [];
  const brackets: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const prev = tokens[i - 1];
    const callee = t.k === 'name' && !(keywords.has(t.t) && !['defined?', 'yield', 'super'].includes(t.t)) && !/^[@$]/.test(t.t) && !/^[A-Z]/.test(t.t);
    const method = callee && (prev?.t === '.' || prev?.t === '?.' || !locals.has(t.t));
    out.push(t);
    if (t.k === 'op' && '([{'.includes(t.t)) brackets.push(t.t);
    if (t.k === 'op' && ')]}'.includes(t.t)) brackets.pop();
    if (t.t === 'label:') out[out.length - 1] = { ...t, t: brackets[brackets.length - 1] === '{' ? ':' : '=' };
    if (method && !['def', 'alias', 'undef'].includes(prev?.t ?? '') && startsArgument(tokens, i + 1)) {
      out.push({ k: 'op', t: '(' });
      brackets.push('(');
      closeAt.push(argumentsEnd(tokens, i + 1));
    }
    // `x.name` is a call in Ruby, with or without parentheses: `Dir.pwd`, `path.rmtree`
    else if (t.k === 'name' && (prev?.t === '.' || prev?.t === '?.') && /^[a-z_]/.test(t.t) && !(tokens[i + 1]?.t === '(' && !tokens[i + 1]!.sp) &&
      tokens[i + 1]?.t !== '=') {
      out.push({ k: 'op', t: '(' }, { k: 'op', t: ')' });
    }
    while (closeAt.length && closeAt[closeAt.length - 1] === i + 1) {
      closeAt.pop();
      brackets.pop();
      out.push({ k: 'op', t: ')' });
    }
  }
  return statementEnds(out);
}

/** A `;` before each line that starts a statement (not inside `(…)` or `[…]`, not after an operator), so the walk sees where each begins. */
function statementEnds(tokens: RubyToken[]): Token[] {
  const out: RubyToken[] = [];
  const brackets: string[] = [];
  for (const [i, t] of tokens.entries()) {
    const inside = brackets[brackets.length - 1];
    if (i > 0 && t.nl && inside !== '(' && inside !== '[' && !continuing.has(tokens[i - 1]!.t) && tokens[i - 1]!.t !== ';' && t.t !== '.' &&
      t.t !== '?.') out.push({ k: 'op', t: ';' });
    if (t.k === 'op' && '([{'.includes(t.t)) brackets.push(t.t);
    if (t.k === 'op' && ')]}'.includes(t.t)) brackets.pop();
    out.push(t);
  }
  return out;
}
