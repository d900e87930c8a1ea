// Helpers for the parser's table-driven unit tests: a compact outline of a
// syntax tree, so that each expectation reads like the spec, and a runner for
// tables of `[dialects, input, expected]` cases.
//
// Outline notation (see outline() below):
//   statements   `A; B`, a background statement `A &`, and-or `A && B || C`,
//                pipelines `A | B`, `A |& B`, `! A`, `time A`
//   commands     Simple(assign:[a=1] echo hi >f)   words as their source text,
//                redirections as fd/{var}, operator and target (`2>&1`,
//                `{fd}>f`, here-documents `<<EOF«body⏎»`); newlines and
//                tabs in source text and values are drawn `⏎` and `⇥`
//                Subshell(…) Group(…) If(cond:[…] then:[…] elif:[…] then:[…] else:[…])
//                While(cond:[…] do:[…]) Until(…) For(i in:[a b] do:[…]) Select(…)
//                ArithFor(init;test;update do:[…]) Case(x in:[a|b) […] ;; …])
//                Func(f body:Group(…)) Func(function f …) Test(…) ArithCmd(text)
//                Coproc(NAME body) Repeat(N do:[…]) Always(try:[…] always:[…])
//   word parts   Lit(a) Esc(x) SQ(a) DQ(…) AnsiC(decoded) Locale(…) Param(x)
//                Param{x :- Lit(d)} Cmd(…) Backq(…) Arith(text) Proc(<…) Glob(*)
//                Brace{a,b} Tilde(~user) EqCmd(=name)
//
// Every accepted case is also checked for sane spans: inside the source,
// ordered, and nested inside the node that holds them.
//
// To confirm the expected verdicts against the real shells, run the tables
// with TREEWARD_RECORD_CASES=FILE (each case appends one JSON line
// `{"dialect","src","accepts"}` to FILE), then
// `node test/parser/confirm-with-shells.mjs FILE`.

import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ParseError, parse, type Arithmetic, type Command, type DialectName, type Redirect, type Script, type Span,
  type Statement, type TestExpression, type Word, type WordPart,
} from '../../src/index.js';

export const all: DialectName[] = ['bash', 'sh', 'zsh'];

/** Dialects written as one string: `'bash zsh'`, or `'all'`. */
export type Dialects = string;

export function dialectList(d: Dialects): DialectName[] {
  if (d === 'all') return all;
  const list = d.split(/\s+/).filter(Boolean);
  for (const x of list) if (x !== 'bash' && x !== 'sh' && x !== 'zsh') throw new Error(`bad dialect ${x}`);
  return list as DialectName[];
}

// ------------------------------------------------------------------ outline

/** The outline of a whole script (or any statement list). */
export function outline(tree: Script | Statement[], src: string): string {
  return list(Array.isArray(tree) ? tree : tree.body, src);
}

/** Source text, with newlines and tabs drawn as `⏎` and `⇥` so that outlines stay on one line. */
function text(src: string, span: Span): string {
  return show(src.slice(span[0], span[1]));
}

export function show(s: string): string {
  return s.replace(/\n/g, '⏎').replace(/\t/g, '⇥');
}

function list(body: Statement[], src: string): string {
  return body.map((s) => statement(s, src)).join('; ');
}

function bracketed(body: Statement[] | null, src: string): string {
  return body === null ? 'null' : `[${list(body, src)}]`;
}

function statement(s: Statement, src: string): string {
  const { pipelines, operators } = s.andOr;
  let out = '';
  pipelines.forEach((p, i) => {
    if (i > 0) out += ` ${operators[i - 1]} `;
    let one = p.commands.map((c, j) => (j > 0 ? ` ${p.operators[j - 1]} ` : '') + command(c, src)).join('');
    if (p.negated) one = p.commands.length > 0 ? `! ${one}` : '!';
    if (p.timed) one = p.commands.length > 0 || p.negated ? `time ${one}` : 'time';
    out += one;
  });
  return s.background ? `${out} &` : out;
}

export function redirect(r: Redirect, src: string): string {
  const target = text(src, r.target.span);
  // a space only where the target would run into the operator: `> >(cat)`
  const head = (r.fdVariable !== null ? `{${r.fdVariable}}` : r.fd !== null ? String(r.fd) : '') + r.operator + (/^[<>]/.test(target) ? ' ' : '') + target;
  if (!r.heredoc) return head;
  const h = r.heredoc;
  return `${head}«${text(src, h.body.span)}»${h.terminated ? '' : ' unterminated'}`;
}

function redirects(rs: Redirect[], src: string): string {
  return rs.map((r) => ' ' + redirect(r, src)).join('');
}

export function command(c: Command, src: string): string {
  const rd = redirects(c.redirects, src);
  switch (c.type) {
    case 'SimpleCommand': {
      const items: string[] = [];
      if (c.assignments.length > 0) items.push(`assign:[${c.assignments.map((a) => text(src, a.span)).join(' ')}]`);
      for (const w of c.words) items.push(text(src, w.span));
      for (const r of c.redirects) items.push(redirect(r, src));
      return `Simple(${items.join(' ')})`;
    }
    case 'Subshell': return `Subshell(${list(c.body, src)})${rd}`;
    case 'BraceGroup': return `Group(${list(c.body, src)})${rd}`;
    case 'If': {
      const clauses = c.clauses.map((cl, i) => `${i === 0 ? 'cond' : 'elif'}:${bracketed(cl.condition, src)} then:${bracketed(cl.body, src)}`);
      if (c.elseBody) clauses.push(`else:${bracketed(c.elseBody, src)}`);
      return `If(${clauses.join(' ')})${rd}`;
    }
    case 'While': return `${c.until ? 'Until' : 'While'}(cond:${bracketed(c.condition, src)} do:${bracketed(c.body, src)})${rd}`;
    case 'For': {
      const vars = c.variables.map((v) => v.name).join(' ');
      const items = c.items === null ? '' : ` in:[${c.items.map((w) => text(src, w.span)).join(' ')}]`;
      return `${c.select ? 'Select' : 'For'}(${vars}${items} do:${bracketed(c.body, src)})${rd}`;
    }
    case 'ArithFor': return `ArithFor(${c.init.text};${c.test.text};${c.update.text} do:${bracketed(c.body, src)})${rd}`;
    case 'Case': {
      const items = c.items.map((it) => `${it.patterns.map((p) => text(src, p.span)).join('|')}) ${bracketed(it.body, src)}${it.terminator ? ' ' + it.terminator : ''}`);
      return `Case(${text(src, c.subject.span)} in:[${items.join(', ')}])${rd}`;
    }
    case 'FunctionDefinition': {
      const names = c.names.map((w) => text(src, w.span)).join(' ');
      const head = [c.keyword ? 'function' : '', names].filter(Boolean).join(' ');
      const args = c.args.length > 0 ? ` args:[${c.args.map((w) => text(src, w.span)).join(' ')}]` : '';
      return `Func(${head ? head + ' ' : ''}body:${command(c.body, src)}${args})${rd}`;
    }
    case 'Test': return `Test(${testExpr(c.expression, src)})${rd}`;
    case 'ArithmeticCommand': return `ArithCmd(${c.expression.text})${rd}`;
    case 'Coproc': return `Coproc(${c.name !== null ? c.name + ' ' : ''}${command(c.body, src)})${rd}`;
    case 'Repeat': return `Repeat(${text(src, c.count.span)} do:${bracketed(c.body, src)})${rd}`;
    case 'Always': return `Always(try:${bracketed(c.body, src)} always:${bracketed(c.always, src)})${rd}`;
  }
}

function testExpr(e: TestExpression, src: string): string {
  switch (e.type) {
    case 'TestWord': return text(src, e.word.span);
    case 'TestUnary': return `${e.operator} ${text(src, e.operand.span)}`;
    case 'TestBinary': return `${text(src, e.left.span)} ${e.operator} ${text(src, e.right.span)}`;
    case 'TestNot': return `Not(${testExpr(e.operand, src)})`;
    case 'TestLogical': return `${e.operator === '&&' ? 'And' : 'Or'}(${testExpr(e.left, src)}, ${testExpr(e.right, src)})`;
    case 'TestGroup': return `Paren(${testExpr(e.inner, src)})`;
  }
}

/** The outline of a word's parts, space-separated. */
export function parts(ps: WordPart[], src: string): string {
  return ps.map((p) => part(p, src)).join(' ');
}

function wordParts(w: Word | null, src: string): string {
  return w === null ? '' : parts(w.parts, src);
}

export function part(p: WordPart, src: string): string {
  switch (p.type) {
    case 'Literal': return `Lit(${show(p.value)})`;
    case 'Escaped': return `Esc(${show(p.value)})`;
    case 'SingleQuoted': return `SQ(${show(p.value)})`;
    case 'DoubleQuoted': return `DQ(${parts(p.parts, src)})`;
    case 'AnsiCQuoted': return `AnsiC(${show(p.value)})`;
    case 'LocaleQuoted': return `Locale(${parts(p.parts, src)})`;
    case 'ParameterExpansion': {
      if (!p.braced) return `Param(${p.name})`;
      let inner = '';
      if (p.flags !== null) inner += `(${p.flags}) `;
      if (p.length) inner += '#';
      if (p.indirect) inner += '!';
      inner += p.nested ? part(p.nested, src) : p.name;
      if (p.index) inner += `[${wordParts(p.index, src)}]`;
      // an operator the shell leaves to run time (`${a b}`) is drawn `·`
      if (p.operator !== null) inner += ` ${p.operator || '·'} ${wordParts(p.operand, src)}`.trimEnd();
      if (p.replacement) inner += ` / ${wordParts(p.replacement, src)}`.trimEnd();
      if (p.invalid !== null) inner += ' invalid';
      return `Param{${inner}}`;
    }
    case 'CommandSubstitution': return `${p.backquote ? 'Backq' : 'Cmd'}(${list(p.body, src)})`;
    case 'ArithmeticExpansion': return `Arith(${p.expression.text}${p.invalid !== null ? ' invalid' : ''})`;
    case 'ProcessSubstitution': return `Proc(${p.operator}${list(p.body, src)})`;
    case 'Glob': return `Glob(${p.pattern})`;
    case 'BraceExpansion':
      if (p.sequence) return `Brace{${p.sequence.start}..${p.sequence.end}${p.sequence.step !== null ? '..' + p.sequence.step : ''}}`;
      return `Brace{${(p.alternatives ?? []).map((alt) => alt.map((x) => text(src, x.span)).join('')).join(',')}}`;
    case 'Tilde': return `Tilde(~${p.user})`;
    case 'EqualsCommandPath': return `EqCmd(=${p.name})`;
  }
}

// ------------------------------------------------------------------ finding nodes

/** Every node of the tree, depth first, in source order of the object's keys. */
export function nodes(root: unknown): { type: string; span: Span; [k: string]: unknown }[] {
  const out: { type: string; span: Span }[] = [];
  const visit = (v: unknown) => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { v.forEach(visit); return; }
    const o = v as Record<string, unknown>;
    if (typeof o.type === 'string' && Array.isArray(o.span)) out.push(o as { type: string; span: Span });
    for (const [k, child] of Object.entries(o)) if (k !== 'span' && k !== 'nameSpan') visit(child);
  };
  visit(root);
  return out as { type: string; span: Span; [k: string]: unknown }[];
}

/** The first simple command of a script (searching inside compound commands and substitutions). */
export function firstSimple(tree: Script) {
  const s = nodes(tree).find((n) => n.type === 'SimpleCommand');
  if (!s) throw new Error('no simple command');
  return s as unknown as Extract<Command, { type: 'SimpleCommand' }>;
}

// ------------------------------------------------------------------ span sanity

/**
 * Spans lie inside the source, start <= end, and a node's children lie inside
 * it: except a here-document's body, which follows its line.
 */
export function checkSpans(tree: Script, src: string): void {
  const problems: string[] = [];
  const visit = (v: unknown, parent: Span | null, path: string) => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) { v.forEach((x, i) => visit(x, parent, `${path}[${i}]`)); return; }
    const o = v as Record<string, unknown>;
    let here = parent;
    if (typeof o.type === 'string' && Array.isArray(o.span)) {
      const [s, e] = o.span as Span;
      if (!(s >= 0 && e <= src.length && s <= e)) problems.push(`${path} ${o.type} span [${s},${e}] outside [0,${src.length}]`);
      else if (parent && !(s >= parent[0] && e <= parent[1])) problems.push(`${path} ${o.type} span [${s},${e}] outside its parent [${parent[0]},${parent[1]}]`);
      here = o.span as Span;
    }
    for (const [k, child] of Object.entries(o)) {
      if (k === 'span' || k === 'nameSpan') continue;
      // a here-document's body stands after the line of its redirection
      visit(child, k === 'heredoc' ? null : here, `${path}.${k}`);
    }
  };
  visit(tree, null, 'Script');
  expect(problems, `spans of ${JSON.stringify(src)}`).toEqual([]);
}

// ------------------------------------------------------------------ running cases

const recordFile = process.env.TREEWARD_RECORD_CASES;

function record(dialect: DialectName, src: string, accepts: boolean): void {
  if (recordFile) appendFileSync(recordFile, JSON.stringify({ dialect, src, accepts }) + '\n');
}

export interface Rejection {
  reject: true;
  /** A substring of the message. */
  message?: string;
  /** The error's span, when it matters. */
  span?: Span;
}

/** Expect a ParseError (with a message holding `message`, at `span`). */
export function rejects(message?: string, span?: Span): Rejection {
  return { reject: true, ...(message !== undefined ? { message } : {}), ...(span ? { span } : {}) };
}

export type Expected = string | Rejection | ((tree: Script, src: string) => void);

/** `[dialects, input, expected]`: an outline string, a rejection, or a function of the tree. */
export type Case = readonly [Dialects, string, Expected];

/** Parse, and fail with the error's message and span when it throws. */
export function accept(src: string, dialect: DialectName): Script {
  try {
    return parse(src, { dialect });
  } catch (error) {
    if (error instanceof ParseError) throw new Error(`${dialect} rejected ${JSON.stringify(src)}: ${error.message} at [${error.span.join(',')}]`);
    throw error;
  }
}

/** Parse expecting a ParseError, and return it. */
export function reject(src: string, dialect: DialectName): ParseError {
  let tree: Script;
  try {
    tree = parse(src, { dialect });
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error(`${dialect} accepted ${JSON.stringify(src)} as ${outline(tree, src)}`);
}

/** Check one case in one dialect. */
export function check(dialect: DialectName, src: string, expected: Expected): void {
  const wantAccept = typeof expected !== 'object';
  record(dialect, src, wantAccept);
  if (typeof expected === 'object') {
    const error = reject(src, dialect);
    const [s, e] = error.span;
    // (that the end too lies inside the source is errors.test.ts's own table)
    expect(s >= 0 && s <= e && s <= src.length, `span [${s},${e}] starts inside the source`).toBe(true);
    expect(error.message.length).toBeGreaterThan(0);
    if (expected.message !== undefined) expect(error.message).toContain(expected.message);
    if (expected.span) expect(error.span).toEqual(expected.span);
    return;
  }
  const tree = accept(src, dialect);
  checkSpans(tree, src);
  if (typeof expected === 'string') expect(outline(tree, src)).toBe(expected);
  else expected(tree, src);
}

function title(d: Dialects, src: string, expected: Expected): string {
  const verdict = typeof expected === 'object' ? ' → error' : '';
  return `${d}: ${JSON.stringify(src)}${verdict}`;
}

/** Register one test per case and dialect. */
export function table(name: string, cases: readonly Case[]): void {
  describe(name, () => {
    for (const [d, src, expected] of cases) {
      const dialects = dialectList(d);
      if (dialects.length === 1) {
        it(title(d, src, expected), () => check(dialects[0]!, src, expected));
      } else {
        it.each(dialects)(`%s: ${JSON.stringify(src).replace(/%/g, '%%')}${typeof expected === 'object' ? ' → error' : ''}`, (dialect) => check(dialect, src, expected));
      }
    }
  });
}

// ------------------------------------------------------------------ word expectations

/** Expected parts of the first argument (the second word) of the first simple command. */
export function arg(expected: string, unquoted?: boolean): (tree: Script, src: string) => void {
  return (tree, src) => {
    const w = firstSimple(tree).words[1];
    if (!w) throw new Error('no argument');
    expect(parts(w.parts, src)).toBe(expected);
    if (unquoted !== undefined) expect(w.unquoted).toBe(unquoted);
  };
}

/** Expected parts of the value of the first assignment of the first simple command. */
export function assignment(expected: string): (tree: Script, src: string) => void {
  return (tree, src) => {
    const a = firstSimple(tree).assignments[0];
    if (!a) throw new Error('no assignment');
    expect(a.array ? `(${a.array.map((e) => (e.key ? `[${parts(e.key.parts, src)}]=` : '') + parts(e.value.parts, src)).join(', ')})` : parts(a.value!.parts, src)).toBe(expected);
  };
}

/** Both an outline and a further check. */
export function both(shape: string, more: (tree: Script, src: string) => void): (tree: Script, src: string) => void {
  return (tree, src) => {
    expect(outline(tree, src)).toBe(shape);
    more(tree, src);
  };
}

/** The text of an arithmetic node, for tests that look inside one. */
export function arithText(a: Arithmetic): string {
  return a.text;
}
