// The shared shape of the inline-code readers (python.ts, javascript.ts):
// what a reading of inline code finds (facts, never sentences), the values
// the reader follows through a program (modules, their functions, fixed
// strings and paths), and the expression walk both languages use. A
// language gives the walk its names, members and calls; every token of the
// program is visited, so a call nested anywhere is read.

import type { InlineUnread } from '../../core/facts.js';
import { type Token, TokenError } from './tokens.js';
import { budgets } from '../../../budgets.js';

const maxNesting = budgets.maxNesting;

/** What inline code does that the approver judges as the shell's targets and commands are judged. */
export type InlineTouch =
  | { kind: 'write'; path: string; api: string; recursive?: boolean; content?: boolean; destination?: boolean; hardLinkSource?: boolean; fresh?: boolean }
  | { kind: 'remove'; path: string; api: string; recursive: boolean }
  /** A link, or a file moved or copied, lands here: later paths through it are not fixed. */
  | { kind: 'place'; path: string; api: string }
  | { kind: 'argv'; argv: string[]; api: string }
  /** A command string run by `sh -c`. */
  | { kind: 'shell'; command: string; api: string }
  /** `exec(open(F).read())`: the code of the file F runs, as `python F` would run it. */
  | { kind: 'script'; path: string; api: string }
  /**
   * `import NAME`, `require('./x')`: a module the interpreter finds by name, which runs when the line wrote it (programs/loading.ts);
   * `dirs`, the directories the code itself put first on the search (perl's `use lib`).
   */
  | { kind: 'module'; name: string; api: string; dirs?: string[] };

/** What the reader could not read: the API (or construct) and what about it. */
export interface InlineProblem {
  api: string;
  what: InlineUnread;
  /** For `syntax`: the tokenizer's message. */
  detail?: string;
}

export interface InlineReading {
  touches: InlineTouch[];
  problem: InlineProblem | null;
}

export type Value =
  /** A module or object whose members the language's table knows (`os`, `fs`, `Deno`). */
  | { k: 'mod'; name: string }
  /** A function (or member) by its qualified name: `os.remove`, `fs.rmSync`, `open`; `*.unlink` on a receiver not known. */
  | { k: 'fn'; name: string; self?: Value }
  /** `joined`: built by `+` from literals, not one literal (getattr reads only a literal name). */
  | { k: 'str'; s: string; joined?: true }
  /** A `pathlib` path with a fixed text. */
  | { k: 'path'; s: string }
  | { k: 'list'; items: Value[] }
  /** A dict or object literal, its entries when every key is fixed. */
  | { k: 'obj'; entries: Map<string, Value> | null }
  | { k: 'num'; t: string }
  | { k: 'const'; t: string }
  /** An object the table knows to be harmless (a file opened by a judged call, `subprocess.PIPE`). */
  | { k: 'handle'; what?: string }
  /** `tempfile.TemporaryDirectory()`: its name is a fresh directory in the temp dir. */
  | { k: 'tempdir'; s: string }
  | { k: 'unknown' };

export const unknown: Value = { k: 'unknown' };

export interface Arg {
  name: string | null;
  value: Value;
  /** `*args`, `**kw`, `...xs` */
  spread?: boolean;
}

/** What a language gives the walk. */
export interface Language {
  /** The value of a name the program did not bind (builtins, globals), or undefined. */
  global(name: string, r: Reader): Value | undefined;
  member(object: Value, name: string, r: Reader): Value;
  call(callee: Value, args: Arg[], r: Reader): Value;
  /** Names that are not values (keywords): the walk steps over them. */
  keywords: ReadonlySet<string>;
  /** A statement the language reads itself (imports, declarations) at token `i`: the index after it, or null. */
  statement(i: number, r: Reader): number | null;
  /** Values that must not be used other than by calling them or reading their members (they would escape the reading). */
  escapes(value: Value): string | null;
  /** A function whose arguments may be modules and writing functions, which it reads itself (`getattr(os, 'remove')`). */
  takesValues(callee: Value): boolean;
  /** A line break ends a call's callee (Python, where a break inside brackets is not marked); JavaScript reads on. */
  newlineEnds: boolean;
  /** A string after a value is a tagged template (JavaScript). */
  taggedTemplates: boolean;
  /** A trailer of the language's own at token `j` after `value` (Ruby's block `{ |f| … }`): the value and the index after it, or null. */
  trailer?(value: Value, j: number, r: Reader): { value: Value; next: number } | null;
}

export class ReadingStopped extends Error {}

export interface Anchors {
  home: string;
  tempDir: string;
}

/** One reading of one program: the tokens, the names it binds, what it touches and the first thing it could not read. */
export class Reader {
  readonly env = new Map<string, Value>();
  readonly touches: InlineTouch[] = [];
  problem: InlineProblem | null = null;
  private fresh = 0;

  constructor(
    public tokens: Token[], readonly lang: Language, readonly anchors: Anchors,
    /** How many times each name is bound anywhere in the program: only a name bound once keeps a fixed value. */
    readonly bindings: ReadonlyMap<string, number>,
  ) {}

  refuse(api: string, what: InlineProblem['what'], detail?: string): never {
    this.problem ??= { api, what, ...(detail !== undefined ? { detail } : {}) };
    throw new ReadingStopped();
  }

  touch(t: InlineTouch): void {
    this.touches.push(t);
  }

  /** A fresh directory's path in the temp dir (or in `dir`), as a fixed text: the name is random, the place is known. */
  freshPath(dir?: string): string {
    return `${(dir ?? this.anchors.tempDir).replace(/\/+$/, '')}/tmp.treeward-fresh-${++this.fresh}`;
  }

  /** Bind a name: modules and functions always (a later rebinding only makes the reading refuse more); fixed values only for a name bound once. */
  bind(name: string, value: Value): void {
    const dangerous = value.k === 'mod' || value.k === 'fn';
    if (dangerous || (this.bindings.get(name) ?? 0) === 1) {
      if (!(this.env.get(name)?.k === 'mod' || this.env.get(name)?.k === 'fn')) this.env.set(name, value);
    }
  }

  at(i: number): Token | undefined {
    return this.tokens[i];
  }

  is(i: number, text: string): boolean {
    const t = this.tokens[i];
    return t !== undefined && (t.k === 'op' || t.k === 'name') && t.t === text;
  }

  /** Read the whole program (or a nested token list, an f-string's field or a `${…}`, in the same names). */
  readAll(tokens: Token[] = this.tokens): void {
    const outer = this.tokens;
    this.tokens = tokens;
    try {
      let i = 0;
      while (i < tokens.length) {
        const next = this.lang.statement(i, this);
        if (next !== null) { i = Math.max(next, i + 1); continue; }
        i = this.expression(i, new Set()).next;
        if (i < tokens.length && !this.startsPrimary(i)) i++;
      }
    } finally {
      this.tokens = outer;
    }
  }

  /** Brackets and calls open at once: past the budget the code is not read (the walk is recursive). */
  private depth = 0;

  private enter(): void {
    if (++this.depth > maxNesting) this.refuse('the code', 'syntax', 'brackets nested too deep');
  }

  startsPrimary(i: number): boolean {
    const t = this.tokens[i];
    if (!t) return false;
    if (t.k === 'name') return !this.lang.keywords.has(t.t);
    if (t.k === 'op') return t.t === '(' || t.t === '[' || t.t === '{';
    return true;
  }

  /**
   * An expression from `i`, up to a `,`, a closing bracket, or one of `stops`
   * at its own depth: its value when it is one value, or strings joined by
   * `+`, or a path joined by `/`; every primary in it is read either way.
   */
  expression(i: number, stops: ReadonlySet<string>, binding = false): { value: Value; next: number } {
    const values: Value[] = [];
    const ops: string[] = [];
    let j = i;
    while (j < this.tokens.length) {
      const t = this.tokens[j]!;
      if (t.k === 'op' && (t.t === ',' || t.t === ')' || t.t === ']' || t.t === '}')) break;
      if ((t.k === 'op' || t.k === 'name') && stops.has(t.t)) break;
      if (j > i && t.nl && stops.has('\n')) break;
      if (this.startsPrimary(j)) {
        if (values.length > ops.length) ops.push(' ');
        const p = this.primary(j);
        values.push(p.value);
        j = p.next;
        continue;
      }
      const next = this.lang.statement(j, this);
      if (next !== null) { ops.push(' '); j = Math.max(next, j + 1); continue; }
      ops.push(t.t);
      j++;
    }
    // a module or a writing function may be bound to a name (which the reading then follows), never passed on or combined
    if (!(binding && values.length === 1 && ops.length === 0)) {
      for (const v of values) {
        const escape = this.lang.escapes(v);
        if (escape !== null) this.refuse(escape, 'value');
      }
    }
    return { value: this.combine(values, ops), next: j };
  }

  private combine(values: Value[], ops: string[]): Value {
    if (values.length === 1 && ops.length === 0) return values[0]!;
    // an arrow function, a `function` or a `lambda`: a callback, not a value the calls read
    if (ops.some((o) => o === '=>' || o === 'function' || o === 'lambda')) return { k: 'handle', what: 'function' };
    if (values.length === 0 || ops.length !== values.length - 1) return unknown;
    if (ops.every((o) => o === '+') &&
      values.every((v) => v.k === 'str')) return { k: 'str', s: values.map((v) => (v as { s: string }).s).join(''), joined: true };
    if (ops.every((o) => o === '/') && values[0]!.k === 'path' && values.slice(1).every((v) => v.k === 'str' || v.k === 'path')) {
      return { k: 'path', s: values.slice(1).reduce((a, v) => joinPath(a, (v as { s: string }).s), (values[0] as { s: string }).s) };
    }
    return unknown;
  }

  /** A primary and its trailers: `.name`, `(args)`, `[index]`, a tagged template. */
  primary(i: number): { value: Value; next: number } {
    const t = this.tokens[i]!;
    let value: Value;
    let j = i + 1;
    if (t.k === 'name') value = this.env.get(t.t) ?? this.lang.global(t.t, this) ?? unknown;
    else if (t.k === 'str') {
      for (const code of t.nested ?? []) this.readAll(code);
      value = t.v === null || t.v === undefined ? unknown : { k: 'str', s: t.v };
    }
    else if (t.k === 'num') value = { k: 'num', t: t.t };
    else {
      const group = this.group(i);
      value = group.value;
      j = group.next;
    }
    while (j < this.tokens.length) {
      const n = this.tokens[j]!;
      if (n.k === 'op' && (n.t === '.' || n.t === '?.') && this.tokens[j + 1]?.k === 'name') {
        value = this.lang.member(value, this.tokens[j + 1]!.t, this);
        j += 2;
      }
      else if (n.k === 'op' && n.t === '?.' && (this.is(j + 1, '(') || this.is(j + 1, '['))) j++;
      else if (n.k === 'op' && n.t === '(' && !(n.nl && this.lang.newlineEnds)) {
        const args = this.args(j, this.lang.takesValues(value));
        value = this.lang.call(value, args.args, this);
        j = args.next;
      }
      else if (n.k === 'op' && n.t === '[' && !(n.nl && this.lang.newlineEnds)) {
        const index = this.expression(j + 1, new Set([':']));
        let k = index.next;
        while (k < this.tokens.length && !this.is(k, ']')) k = this.expression(k + 1, new Set([':'])).next;
        // `fs['rmSync']`: a name given as one string literal is that member; a computed one (`fs['rm' + 'Sync']`, `fs[k]`) is not read
        const literal = index.value.k === 'str' && this.tokens[j + 1]?.k === 'str' && k === j + 2;
        value = literal && value.k !== 'list' ? this.lang.member(value, (index.value as { s: string }).s, this) : this.subscript(value);
        j = k + 1;
      }
      else if (n.k === 'str' && this.lang.taggedTemplates && value.k !== 'str') {
        for (const code of n.nested ?? []) this.readAll(code);
        value = this.lang.call(value, [{ name: null, value: n.v == null ? unknown : { k: 'str', s: n.v } }], this);
        j++;
      }
      else {
        const own = this.lang.trailer?.(value, j, this) ?? null;
        if (own === null) break;
        ({ value, next: j } = own);
      }
    }
    return { value, next: j };
  }

  private subscript(value: Value): Value {
    const escape = this.lang.escapes(value);
    if (escape !== null) this.refuse(escape, 'name');
    return unknown;
  }

  /** `(…)`, `[…]` or `{…}` from its opening bracket: a list, an object of fixed keys, or one parenthesized value. */
  group(i: number): { value: Value; next: number } {
    this.enter();
    try {
      return this.groupInside(i);
    } finally {
      this.depth--;
    }
  }

  private groupInside(i: number): { value: Value; next: number } {
    const open = this.tokens[i]!.t;
    const close = open === '(' ? ')' : open === '[' ? ']' : '}';
    const items: Value[] = [];
    let entries: Map<string, Value> | null = new Map();
    let commas = 0;
    let j = i + 1;
    while (j < this.tokens.length && !this.is(j, close)) {
      if (this.is(j, ',')) { commas++; j++; continue; }
      if (open === '{') {
        const key = this.tokens[j]!;
        const keyed = (key.k === 'name' || key.k === 'str' || key.k === 'num') && this.is(j + 1, ':');
        if (keyed) {
          const v = this.expression(j + 2, new Set([';']));
          if (entries && (key.k !== 'str' || typeof key.v === 'string')) entries.set(key.k === 'str' ? key.v! : key.t, v.value);
          else entries = null;
          j = v.next;
          continue;
        }
        if (key.k === 'name' && (this.is(j + 1, ',') || this.is(j + 1, close))) {
          entries?.set(key.t, this.primary(j).value);
          j++;
          continue;
        }
        entries = null;
      }
      const e = this.expression(j, new Set([';']));
      items.push(e.value);
      j = e.next;
      if (j < this.tokens.length && !this.is(j, ',') && !this.is(j, close)) j++;
    }
    const next = j + 1;
    if (open === '{') return { value: { k: 'obj', entries }, next };
    if (open === '(' && commas === 0 && items.length === 1) return { value: items[0]!, next };
    return { value: { k: 'list', items }, next };
  }

  /** A call's arguments from its `(`: positional, named (`k=v`), spread. */
  args(i: number, takesValues = false): { args: Arg[]; next: number } {
    this.enter();
    try {
      return this.argsInside(i, takesValues);
    } finally {
      this.depth--;
    }
  }

  private argsInside(i: number, takesValues: boolean): { args: Arg[]; next: number } {
    const args: Arg[] = [];
    let j = i + 1;
    while (j < this.tokens.length && !this.is(j, ')')) {
      if (this.is(j, ',')) { j++; continue; }
      let name: string | null = null;
      let spread = false;
      if (this.tokens[j]!.k === 'name' && this.is(j + 1, '=')) { name = this.tokens[j]!.t; j += 2; }
      else if (this.is(j, '*') || this.is(j, '**') || this.is(j, '...')) { spread = true; j++; }
      const e = this.expression(j, new Set([';']), takesValues);
      args.push({ name, value: e.value, ...(spread ? { spread } : {}) });
      j = e.next;
      if (j < this.tokens.length && !this.is(j, ',') && !this.is(j, ')')) j++;
    }
    return { args, next: j + 1 };
  }
}

/** `a` joined with `b` as os.path.join and path.join do: an absolute `b` starts over. */
export function joinPath(a: string, b: string): string {
  if (b.startsWith('/')) return b;
  if (a === '' || a === '.') return b;
  return a.endsWith('/') ? a + b : `${a}/${b}`;
}

/** A value's fixed text as a path, or null. */
export function pathOf(v: Value | undefined): string | null {
  if (!v) return null;
  if (v.k === 'str' || v.k === 'path') return v.s;
  return null;
}

/** The positional argument `n`, or the named one. */
export function argument(args: Arg[], n: number, name?: string): Value | undefined {
  if (name !== undefined) {
    const named = args.find((a) => a.name === name);
    if (named) return named.value;
  }
  return args.filter((a) => a.name === null && !a.spread)[n]?.value;
}

/** Stop the reading: `r` could not read `api` (a declared function, so that TypeScript narrows after it). */
export function refuse(r: Reader, api: string, what: InlineProblem['what'], detail?: string): never {
  return r.refuse(api, what, detail);
}

/**
 * What a program in one language touches: its tokens read by `lang`'s
 * table, or the problem that stopped the reading (a token the tokenizer
 * refused is a syntax problem; anything else it could not read, the
 * reader's own).
 */
export function readInline(
  code: string, anchors: Anchors, tokenize: (code: string) => Token[], lang: Language, countBindings: (tokens: Token[]) => Map<string, number>,
): InlineReading {
  const syntax = (error: TokenError): InlineReading => ({ touches: [], problem: { api: 'the code', what: 'syntax', detail: error.message } });
  let tokens: Token[];
  try {
    tokens = tokenize(code);
  } catch (error) {
    if (error instanceof TokenError) return syntax(error);
    throw error;
  }
  const r = new Reader(tokens, lang, anchors, countBindings(tokens));
  try {
    r.readAll();
  } catch (error) {
    if (error instanceof TokenError) return syntax(error);
    if (!(error instanceof ReadingStopped)) throw error;
  }
  return { touches: r.touches, problem: r.problem };
}
