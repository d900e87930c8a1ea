// Structural agreement with bash's own parse trees. The Parable corpus
// (../shared/corpus/parser/parable-tests.jsonl) carries, for each snippet bash
// accepts, `bash_oracle_sexp`: the tree a patched bash 5.3 ("bash-oracle",
// Parable's tools/bash-oracle/bash-oracle.patch, dump_ast.c) printed for it.
//
// That format, as dump_ast.c writes it:
//   (command (word "w")… (redirect "op" "target")…)   a simple command; assignments are words
//   (pipe a b) (and a b) (or a b) (semi a b) (background a [b])   binary connections
//   (negation x) (time x) (time -p x)                wrappers for `!` and `time`
//   (subshell x) (brace-group x) (function "name" body) (coproc "NAME" x)
//   (if test then [else]) — `elif` is a nested if in the else slot
//   (while test body) (until test body) (for (word "v") (in (word …)…) body) (select …)
//   (arith-for (init (word …)) (test (word …)) (step (word …)) body) (arith (word "text"))
//   (case (word "w") (pattern ((word "p")…) body)…)
//   (cond (cond-and l r) | (cond-or l r) | (cond-unary "op" t) | (cond-binary "op" l r)
//         | (cond-expr x) | (cond-term "text"))
//   ()  a missing command (an empty case arm)
// Words are printed with `"`, `\`, newline and tab escaped; redirect targets,
// here-document bodies, cond terms and operators, function and coproc names
// are printed raw (`"%s"`), so they may hold unescaped quotes and newlines.
// A redirect prints its operator and its target; the source fd is not shown.
// `>&N`/`<&N` print N bare; `>&-`/`<&-` print as `">&-" 0`. A here-document
// prints its body, not its delimiter. A compound command's redirects follow
// its closing parenthesis, as siblings. `a |& b` is stored as `a 2>&1 | b`.
// `!` inside `[[ ]]` is a flag the dump does not show; `case` terminators and
// `;`-versus-newline are not shown either. `$(…)` is reprinted from the parsed
// command (`$(a |& b)` comes back as `$(a 2>&1 | b)`), `$'…'` is decoded and
// single-quoted, `$"…"` loses its `$`, `a=(…)` is rejoined with single spaces.
// bash escapes \x01 and \x7f in words with a \x01 (CTLESC). In the corpus the
// \x7f bytes are lost, invalid UTF-8 shows as U+FFFD, `\r`, `\v`, `\f` and
// \x1c–\x1e show as `\n` (Python's splitlines), and `\` newline is gone from
// quoted here-document bodies too. normText/oracleText undo what they can.
//
// Both trees are reduced to a skeleton (a small s-expression of its own) that
// keeps only what the dump shows, and the skeletons are compared.

import type {
  AndOr, Arithmetic, Command, Pipeline, Redirect, Script, SimpleCommand, Statement, TestExpression, Word,
} from '../../src/index.js';

// ---------------------------------------------------------------------------
// A tolerant reader for the oracle's s-expressions.

export type SNode =
  | { kind: 'list'; items: SNode[] }
  | { kind: 'atom'; value: string }
  | { kind: 'str'; value: string };

export class SexpError extends Error {}

/** How a string in a given slot is printed: escaped (words) or raw, ended by `")` or by `" (`. */
type StrMode = 'escaped' | 'raw-last' | 'raw-before-list' | 'raw-op';

function stringMode(head: string | undefined, index: number): StrMode {
  switch (head) {
    case 'redirect':
      return index === 1 ? 'raw-op' : 'raw-last';
    case 'cond-term':
      return 'raw-last';
    case 'cond-unary':
    case 'cond-binary':
      return 'raw-op';
    case 'function':
    case 'coproc':
      return 'raw-before-list';
    default:
      return 'escaped';
  }
}

/** Whether what follows a raw string closed at `end` (the closing quote) looks like the rest of a tree. */
function plausibleAfterLast(text: string, end: number): boolean {
  // the string is the last item of its list: `")`, more closes, then a sibling or the end
  let i = end + 1;
  if (text[i] !== ')') return false;
  while (text[i] === ')') i++;
  if (i >= text.length) return true;
  if (text[i] !== ' ' && text[i] !== '\n') return false;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n')) i++;
  return i >= text.length || text[i] === '(';
}

/** A raw string whose end was guessed: where it starts and how many ends were possible. */
export interface RawChoice {
  at: number;
  n: number;
}

/**
 * Reads the whole dump: a sequence of top-level trees. Throws SexpError on text
 * it cannot read. A raw string may end at several quotes; `picks` says which
 * candidate to take where (default: the first), and `log` records each guess,
 * so that a caller can backtrack.
 */
export function readSexps(text: string, picks: Map<number, number> = new Map(), log: RawChoice[] = []): SNode[] {
  let pos = 0;
  const skipSpace = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };

  const readEscaped = (): string => {
    // pos at the opening quote
    let out = '';
    let i = pos + 1;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\' && i + 1 < text.length) {
        const c = text[i + 1]!;
        out += c === 'n' ? '\n' : c === 't' ? '\t' : c;
        i += 2;
      } else {
        out += text[i];
        i++;
      }
    }
    if (i >= text.length) throw new SexpError(`unterminated string at ${pos}`);
    pos = i + 1;
    return out;
  };

  const readRaw = (mode: Exclude<StrMode, 'escaped'>, heredoc: boolean): string => {
    const start = pos + 1;
    let candidates: number[] = [];
    for (let i = start; i < text.length; i++) {
      if (text[i] !== '"') continue;
      if (mode === 'raw-op') {
        candidates.push(i);
        break;
      }
      if (mode === 'raw-last' ? plausibleAfterLast(text, i) : text[i + 1] === ' ' && text[i + 2] === '(') candidates.push(i);
    }
    if (candidates.length === 0) throw new SexpError(`unterminated raw string at ${pos}`);
    if (heredoc) {
      // a here-document body ends with a newline (or is empty): try those ends first
      const good = (c: number) => c === start || text[c - 1] === '\n';
      candidates = [...candidates.filter(good), ...candidates.filter((c) => !good(c))];
    }
    const pick = picks.get(start) ?? 0;
    log.push({ at: start, n: candidates.length });
    const end = candidates[Math.min(pick, candidates.length - 1)]!;
    pos = end + 1;
    return text.slice(start, end);
  };

  const readList = (): SNode => {
    pos++; // (
    const items: SNode[] = [];
    while (true) {
      skipSpace();
      if (pos >= text.length) throw new SexpError('unbalanced parentheses');
      const c = text[pos]!;
      if (c === ')') {
        pos++;
        return { kind: 'list', items };
      }
      if (c === '(') {
        items.push(readList());
      } else if (c === '"') {
        const head = items[0]?.kind === 'atom' ? items[0].value : undefined;
        const mode = stringMode(head, items.length);
        if (mode === 'escaped') {
          items.push({ kind: 'str', value: readEscaped() });
        } else {
          const op = items[1]?.kind === 'str' ? items[1].value : '';
          items.push({ kind: 'str', value: readRaw(mode, head === 'redirect' && (op === '<<' || op === '<<-')) });
        }
      } else {
        const start = pos;
        while (pos < text.length && !/[\s()"]/.test(text[pos]!)) pos++;
        items.push({ kind: 'atom', value: text.slice(start, pos) });
      }
    }
  };

  const out: SNode[] = [];
  while (true) {
    skipSpace();
    if (pos >= text.length) return out;
    if (text[pos] !== '(') throw new SexpError(`expected ( at ${pos}`);
    out.push(readList());
  }
}

// ---------------------------------------------------------------------------
// The skeleton: a small s-expression. Strings are source text (printed quoted),
// lists have a head.

export type Sk = string | { h: string; c: Sk[] };

const node = (h: string, ...c: Sk[]): Sk => ({ h, c });

/** Marks a `$(…)`/`<(…)`/`>(…)` whose text the oracle reprints: it matches any text. */
export const HOLE = '\u2026';

export function printSk(sk: Sk): string {
  if (typeof sk === 'string') return JSON.stringify(sk);
  return sk.c.length === 0 ? `(${sk.h})` : `(${sk.h} ${sk.c.map(printSk).join(' ')})`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patternCache = new Map<string, RegExp>();

/** Text equality, where treeward's `$(…)` holes match any substitution text in bash's. */
function textMatches(tw: string, bash: string): boolean {
  if (!tw.includes(HOLE)) return tw === bash;
  let re = patternCache.get(tw);
  if (!re) {
    const parts = tw.split(HOLE).map(escapeRegExp);
    re = new RegExp(`^${parts.join('[\\s\\S]*')}$`);
    patternCache.set(tw, re);
  }
  return re.test(bash);
}

/** Compares a treeward skeleton with an oracle skeleton. */
export function skMatches(tw: Sk, bash: Sk): boolean {
  if (typeof tw === 'string' || typeof bash === 'string') {
    return typeof tw === 'string' && typeof bash === 'string' && textMatches(tw, bash);
  }
  if (tw.h !== bash.h || tw.c.length !== bash.c.length) return false;
  return tw.c.every((c, i) => skMatches(c, bash.c[i]!));
}

/**
 * Where two skeletons first differ: the smallest pair of corresponding nodes
 * whose heads and sizes agree but whose children differ (or, where they do
 * not agree, the pair itself), with the path of heads down to it.
 */
export function firstDifference(tw: Sk, bash: Sk, path: string[] = []): { path: string[]; tw: Sk; bash: Sk } | null {
  if (skMatches(tw, bash)) return null;
  if (typeof tw === 'string' || typeof bash === 'string' || tw.h !== bash.h || tw.c.length !== bash.c.length) {
    return { path, tw, bash };
  }
  for (let i = 0; i < tw.c.length; i++) {
    const a = tw.c[i]!;
    const b = bash.c[i]!;
    if (skMatches(a, b)) continue;
    if (typeof a === 'string' || typeof b === 'string') return { path, tw, bash };
    return firstDifference(a, b, [...path, `${tw.h}[${i}]`]);
  }
  return { path, tw, bash };
}

/** Line breaks that the corpus (Python's `splitlines`) turned into `\n` in the dumps. */
const LINE_BREAKS = /\r\n|[\r\v\f\x1c-\x1e\x85\u2028\u2029]/g;

/**
 * Normalises text on both sides: the corpus's line-break artifact; DEL
 * (bash's CTLNUL, which the corpus dumps lost); `\` newline, a line
 * continuation (bash removes it, and its dump also drops it from quoted
 * here-documents); blanks in compound assignments.
 */
export function normText(s: string): string {
  let t = s.replace(LINE_BREAKS, '\n').replace(/\x7f/g, '');
  if (t.includes('\\\n')) t = t.replace(/\\([\s\S])/g, (m, c: string) => (c === '\n' ? '' : m));
  return compoundAssignmentNorm(t);
}

/**
 * bash escapes CTLESC (\x01) and CTLNUL (\x7f) in word text with a CTLESC,
 * except right after a backslash outside single quotes: undo that.
 */
function oracleText(s: string): string {
  if (!s.includes('\x01')) return normText(s);
  let out = '';
  let single = false;
  let double = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\x01') {
      out += s[i + 1] ?? '';
      i++;
    } else if (c === '\\' && !single) {
      out += s.slice(i, i + 2);
      i++;
    } else {
      if (c === "'" && !double) single = !single;
      else if (c === '"' && !single) double = !double;
      out += c;
    }
  }
  return normText(out);
}

/**
 * bash rejoins the elements of a compound assignment word (`a=( x  y )`,
 * also after `declare`, `local`, `let`) with single spaces: collapse unquoted
 * blanks inside the outer parentheses.
 */
export function compoundAssignmentNorm(s: string): string {
  const m = /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=\(/.exec(s);
  if (!m || !s.endsWith(')')) return s;
  const body = s.slice(m[0].length, -1);
  let out = '';
  let depth = 0;
  let blank = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (depth === 0 && /[ \t\n]/.test(c)) {
      blank = true;
      continue;
    }
    if (blank && out !== '') out += ' ';
    blank = false;
    if (c === '\\') {
      out += body.slice(i, i + 2);
      i++;
    } else if (c === "'" && depth === 0) {
      const j = body.indexOf("'", i + 1);
      const end = j < 0 ? body.length : j + 1;
      out += body.slice(i, end);
      i = end - 1;
    } else if (c === '"' && depth === 0) {
      let j = i + 1;
      while (j < body.length && body[j] !== '"') j += body[j] === '\\' ? 2 : 1;
      out += body.slice(i, j + 1);
      i = j;
    } else {
      if (c === '(' || c === '{' || c === '[') depth++;
      else if ((c === ')' || c === '}' || c === ']') && depth > 0) depth--;
      out += c;
    }
  }
  return `${m[0]}${out})`;
}

// Skeleton shapes, shared by both sides:
//   (seq item…)                     a list; an item is (bg x) when backgrounded
//   (andor p1 "&&" p2 "||" p3)      only when there is more than one pipeline
//   (pipeline [!] [time] c1 c2…)    only when there is more than one command or a flag
//   (cmd "word"… (redir op target)…)
//   (subshell seq redir…) (group seq redir…) (if seq seq [else] redir…) (while|until seq seq redir…)
//   (for|select "var" (in "w"…) seq redir…) (arith-for "init" "test" "step" seq redir…)
//   (case "w" (arm (pats "p"…) seq)… redir…) (function "name" body) (coproc "NAME" body redir…)
//   (cond expr redir…) with (and x y…) (or x y…) (unary op "t") (binary op "l" "r") (group x)
//   (arith "text" redir…)
//   (none)                          an empty case arm

function seq(items: Sk[]): Sk {
  return node('seq', ...items);
}

function andOr(pipelines: Sk[], operators: string[]): Sk {
  if (pipelines.length === 1) return pipelines[0]!;
  const c: Sk[] = [pipelines[0]!];
  operators.forEach((op, i) => c.push(op, pipelines[i + 1]!));
  return node('andor', ...c);
}

function pipeline(negated: boolean, timed: boolean, commands: Sk[]): Sk {
  if (!negated && !timed && commands.length === 1) return commands[0]!;
  const flags: Sk[] = [];
  if (negated) flags.push('!');
  if (timed) flags.push('time');
  return node('pipeline', ...flags, ...commands);
}

/** `a && b && c` and `a && (b && c)` are the same list: flatten runs of one operator. */
function logical(op: 'and' | 'or', left: Sk, right: Sk): Sk {
  const c: Sk[] = [];
  for (const side of [left, right]) {
    if (typeof side !== 'string' && side.h === op) c.push(...side.c);
    else c.push(side);
  }
  return node(op, ...c);
}

function arithText(s: string): string {
  const t = s.trim();
  return t === '' ? '1' : t;
}

// ---------------------------------------------------------------------------
// The oracle's tree → skeleton.

export class OracleShapeError extends Error {}

const head = (n: SNode): string => (n.kind === 'list' && n.items[0]?.kind === 'atom' ? n.items[0].value : '');

function args(n: SNode): SNode[] {
  if (n.kind !== 'list') throw new OracleShapeError(`expected a list, got ${n.kind}`);
  return n.items.slice(1);
}

function str(n: SNode | undefined): string {
  if (n && (n.kind === 'str' || n.kind === 'atom')) return n.value;
  throw new OracleShapeError(`expected a string, got ${n ? n.kind : 'nothing'}`);
}

function wordOf(n: SNode | undefined): string {
  if (n && head(n) === 'word') return oracleText(str(args(n)[0]));
  throw new OracleShapeError('expected (word …)');
}

/** A command node with the redirect siblings that dump_command printed after it. */
interface OracleCommand {
  node: SNode;
  redirects: SNode[];
}

/** Groups a list of sibling nodes: a (redirect …) after a non-word node belongs to it. */
function withRedirects(nodes: SNode[]): OracleCommand[] {
  const out: OracleCommand[] = [];
  for (const n of nodes) {
    if (head(n) === 'redirect' && out.length > 0) out[out.length - 1]!.redirects.push(n);
    else out.push({ node: n, redirects: [] });
  }
  return out;
}

function oracleRedirect(n: SNode): Sk {
  const [op, target] = args(n);
  const opText = str(op);
  if (target === undefined) return node('redir', opText);
  return node('redir', opText, target.kind === 'atom' ? `fd ${target.value}` : oracleText(str(target)));
}

/** The commands of a list, flattened out of bash's binary `semi`/`background` nodes. */
function oracleItems(c: OracleCommand): Sk[] {
  const h = head(c.node);
  if ((h === 'semi' || h === 'newline' || h === 'background') && c.redirects.length === 0) {
    const parts = withRedirects(args(c.node));
    if (parts.length === 0 || parts.length > 2) throw new OracleShapeError(`${h} with ${parts.length} parts`);
    const first = oracleItems(parts[0]!);
    if (h === 'background') {
      const last = first[first.length - 1]!;
      first[first.length - 1] = typeof last !== 'string' && last.h === 'bg' ? last : node('bg', last);
    }
    return parts.length === 2 ? [...first, ...oracleItems(parts[1]!)] : first;
  }
  return [oracleAndOr(c)];
}

function oracleSeq(c: OracleCommand | undefined): Sk {
  if (!c || (c.node.kind === 'list' && c.node.items.length === 0)) return seq([]);
  return seq(oracleItems(c));
}

function oracleAndOr(c: OracleCommand): Sk {
  const pipelines: Sk[] = [];
  const operators: string[] = [];
  const walk = (x: OracleCommand) => {
    const h = head(x.node);
    if ((h === 'and' || h === 'or') && x.redirects.length === 0) {
      const parts = withRedirects(args(x.node));
      if (parts.length !== 2) throw new OracleShapeError(`${h} with ${parts.length} parts`);
      walk(parts[0]!);
      operators.push(h === 'and' ? '&&' : '||');
      walk(parts[1]!);
    } else {
      pipelines.push(oraclePipeline(x));
    }
  };
  walk(c);
  return andOr(pipelines, operators);
}

function oraclePipeline(c: OracleCommand): Sk {
  let negated = false;
  let timed = false;
  const commands: Sk[] = [];
  const walk = (x: OracleCommand) => {
    const h = head(x.node);
    if ((h === 'negation' || h === 'time') && x.redirects.length === 0) {
      if (h === 'negation') negated = !negated;
      else timed = true;
      const inner = withRedirects(args(x.node).filter((a) => a.kind !== 'atom'));
      if (inner.length !== 1) throw new OracleShapeError(`${h} with ${inner.length} parts`);
      walk(inner[0]!);
    } else if (h === 'pipe' && x.redirects.length === 0) {
      for (const part of withRedirects(args(x.node))) walk(part);
    } else {
      commands.push(oracleCommand(x));
    }
  };
  walk(c);
  return pipeline(negated, timed, commands);
}

function oracleCond(n: SNode): Sk {
  const a = args(n);
  switch (head(n)) {
    case 'cond-and':
      return logical('and', oracleCond(a[0]!), oracleCond(a[1]!));
    case 'cond-or':
      return logical('or', oracleCond(a[0]!), oracleCond(a[1]!));
    case 'cond-unary':
      return node('unary', str(a[0]), oracleCond(a[1]!));
    case 'cond-binary':
      return node('binary', str(a[0]), oracleCond(a[1]!), oracleCond(a[2]!));
    case 'cond-expr':
      return node('group', oracleCond(a[0]!));
    case 'cond-term':
      return oracleText(str(a[0]));
    default:
      throw new OracleShapeError(`unexpected ${head(n)} in [[ ]]`);
  }
}

function oracleCommand(c: OracleCommand): Sk {
  const n = c.node;
  const redirs = c.redirects.map(oracleRedirect);
  if (n.kind === 'list' && n.items.length === 0) return node('none');
  const h = head(n);
  const a = args(n);
  const kids = () => withRedirects(a.filter((x) => x.kind === 'list'));
  switch (h) {
    case 'command': {
      const words = a.filter((x) => head(x) === 'word').map((x) => wordOf(x));
      const own = a.filter((x) => head(x) === 'redirect').map(oracleRedirect);
      return node('cmd', ...words, ...own, ...redirs);
    }
    case 'subshell':
    case 'brace-group': {
      const k = kids();
      return node(h === 'subshell' ? 'subshell' : 'group', oracleSeq(k[0]), ...redirs);
    }
    case 'if': {
      const k = kids();
      if (k.length < 2 || k.length > 3) throw new OracleShapeError(`if with ${k.length} parts`);
      const parts: Sk[] = [oracleSeq(k[0]), oracleSeq(k[1])];
      if (k[2]) parts.push(oracleSeq(k[2]));
      return node('if', ...parts, ...redirs);
    }
    case 'while':
    case 'until': {
      const k = kids();
      return node(h, oracleSeq(k[0]), oracleSeq(k[1]), ...redirs);
    }
    case 'for':
    case 'select': {
      const inList = a.find((x) => head(x) === 'in');
      const body = withRedirects(a.filter((x) => x.kind === 'list' && head(x) !== 'word' && head(x) !== 'in'));
      const items = inList ? args(inList).map((x) => wordOf(x)) : [];
      return node(h, wordOf(a[0]), node('in', ...items), oracleSeq(body[0]), ...redirs);
    }
    case 'arith-for': {
      const part = (name: string) => {
        const p = a.find((x) => head(x) === name);
        return arithText(p ? args(p).map((x) => wordOf(x)).join(' ') : '');
      };
      const body = withRedirects(a.filter((x) => x.kind === 'list' && !['init', 'test', 'step'].includes(head(x))));
      return node('arith-for', part('init'), part('test'), part('step'), oracleSeq(body[0]), ...redirs);
    }
    case 'arith':
      return node('arith', a.map((x) => wordOf(x)).join(' ').trim(), ...redirs);
    case 'case': {
      const arms = a.filter((x) => head(x) === 'pattern').map((p) => {
        const [pats, ...rest] = args(p);
        const patterns = pats && pats.kind === 'list' ? pats.items.map((x) => wordOf(x)) : [];
        return node('arm', node('pats', ...patterns), oracleSeq(withRedirects(rest)[0]));
      });
      return node('case', wordOf(a[0]), ...arms, ...redirs);
    }
    case 'function': {
      const body = withRedirects(a.slice(1));
      if (body.length !== 1) throw new OracleShapeError(`function with ${body.length} bodies`);
      return node('function', str(a[0]), oracleCommand(body[0]!), ...redirs);
    }
    case 'coproc': {
      const name = a[0]?.kind === 'str' ? a[0].value : 'COPROC';
      const body = withRedirects(a.filter((x) => x.kind === 'list'));
      if (body.length !== 1) throw new OracleShapeError(`coproc with ${body.length} bodies`);
      return node('coproc', name, oracleCommand(body[0]!), ...redirs);
    }
    case 'cond':
      return node('cond', oracleCond(a[0]!), ...redirs);
    case 'semi':
    case 'newline':
    case 'background':
    case 'and':
    case 'or':
    case 'pipe':
    case 'negation':
    case 'time':
      // a list where a command stands: only when a connection carries redirects
      return node('list', oracleSeq({ node: n, redirects: [] }), ...redirs);
    default:
      throw new OracleShapeError(`unknown node (${h})`);
  }
}

/**
 * The oracle's dump → skeleton (a `seq` of the top-level commands). Where a raw
 * string could end at more than one quote, the reading that gives a
 * well-formed tree wins (depth-first, first candidates first).
 */
export function oracleSkeleton(sexp: string): Sk {
  const picks = new Map<number, number>();
  for (let attempt = 0; ; attempt++) {
    const log: RawChoice[] = [];
    try {
      const items: Sk[] = [];
      for (const c of withRedirects(readSexps(sexp, picks, log))) items.push(...oracleItems(c));
      return seq(items);
    } catch (error) {
      if (!(error instanceof SexpError || error instanceof OracleShapeError) || attempt >= 500) throw error;
      let k = log.length - 1;
      while (k >= 0 && (picks.get(log[k]!.at) ?? 0) + 1 >= log[k]!.n) k--;
      if (k < 0) throw error;
      for (const d of log.slice(k + 1)) picks.delete(d.at);
      picks.set(log[k]!.at, (picks.get(log[k]!.at) ?? 0) + 1);
    }
  }
}

// ---------------------------------------------------------------------------
// treeward's tree → skeleton.

type AnyNode = { type: string; span: [number, number] };

/** Where a rewritten node sits: inside `"…"`, and in which `${…}`. */
interface Rewrite {
  node: AnyNode;
  inDoubleQuotes: boolean;
  /** The innermost `${…}` around it: where its text starts (after `${`). */
  expansion: { start: number } | null;
}

const rewrittenTypes = new Set(['CommandSubstitution', 'ProcessSubstitution', 'AnsiCQuoted', 'LocaleQuoted', 'ParameterExpansion']);

/** The nodes under `root` whose text bash rewrites, outermost first, with their context. */
function findRewrites(root: unknown, src: string): Rewrite[] {
  const out: Rewrite[] = [];
  const walk = (x: unknown, inDoubleQuotes: boolean, expansion: Rewrite['expansion']) => {
    if (Array.isArray(x)) {
      for (const y of x) walk(y, inDoubleQuotes, expansion);
      return;
    }
    if (!x || typeof x !== 'object') return;
    const n = x as AnyNode & Record<string, unknown>;
    const children = (dq: boolean, pe: Rewrite['expansion']) => {
      for (const [k, v] of Object.entries(n)) if (k !== 'span' && v && typeof v === 'object') walk(v, dq, pe);
    };
    if (n.type === 'ParameterExpansion') {
      // bash 5.3's `${ list; }` and `${| list; }` (funsubs) are reprinted like `$(…)`
      if (/^\$\{[ \t\n|]/.test(src.slice(n.span[0], n.span[0] + 3))) out.push({ node: n, inDoubleQuotes, expansion });
      else children(inDoubleQuotes, { start: n.span[0] + 2 });
      return;
    }
    if (typeof n.type === 'string' && rewrittenTypes.has(n.type)) {
      out.push({ node: n, inDoubleQuotes, expansion });
      return;
    }
    children(inDoubleQuotes || n.type === 'DoubleQuoted', expansion);
  };
  walk(root, false, null);
  return out.sort((a, b) => a.node.span[0] - b.node.span[0]);
}

/** bash's sh_single_quote: `'…'`, with each `'` written `'\''`; a lone `'` is `\'`. */
function singleQuote(s: string): string {
  if (s === "'") return "\\'";
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** bash's sh_backslash_quote_for_double_quotes. */
function backslashForDoubleQuotes(s: string): string {
  return s.replace(/[$`"\\]/g, '\\$&');
}

/**
 * treeward keeps the bytes of `\xHH` and `\NNN` escapes as the code points
 * U+0080–U+00FF; bash keeps bytes, and the corpus shows them decoded as UTF-8
 * (an invalid byte as U+FFFD). Left alone where the text has `\u` escapes or
 * the code points stand literally in the source.
 */
function ansiBytesAsUtf8(value: string, raw: string): string {
  if (!/[\u0080-\u00ff]/.test(value) || /\\[uU]/.test(raw)) return value;
  const bytes: number[] = [];
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x80 && cp <= 0xff && !raw.includes(ch)) bytes.push(cp);
    else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
}

/**
 * bash's dolbrace_state (parse.y, parse_matched_pair) after reading `text`,
 * the part of a `${…}` before a `$'…'`: `quote` after a pattern operator.
 */
function dolbraceState(text: string): 'param' | 'op' | 'word' | 'quote' {
  let state: 'param' | 'op' | 'word' | 'quote' = 'param';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (state === 'param' && i > 0 && '%#/^,'.includes(ch)) state = 'quote';
    else if (state === 'param' && '#%^,~:-=?+/'.includes(ch)) state = 'op';
    else if (state === 'op' && !'#%^,~:-=?+/'.includes(ch)) state = 'word';
  }
  return state;
}

/** The text bash keeps for `$'…'`, by where it stands (parse.y, parse_matched_pair). */
function ansiText(r: Rewrite, src: string): string {
  const n = r.node as AnyNode & { value: string };
  const raw = src.slice(n.span[0], n.span[1]);
  // bash's strings stop at a NUL
  const value = ansiBytesAsUtf8(n.value.split('\0')[0]!, raw);
  if (!r.inDoubleQuotes || !r.expansion) return singleQuote(value);
  // inside "${…}": single-quoted after a pattern operator, backslash-quoted elsewhere
  const quoted = dolbraceState(src.slice(r.expansion.start, n.span[0])) === 'quote';
  return quoted ? singleQuote(value) : backslashForDoubleQuotes(value);
}

/** Whether `s` ends in an unescaped backslash. */
const oddTrailingBackslash = (s: string) => /(^|[^\\])(\\\\)*\\$/.test(s);

/**
 * The text bash keeps for a word: the source, with `$(…)`, `<(…)` and
 * `${ …; }` as holes (bash reprints them), `$'…'` decoded and quoted as bash
 * does, `$"…"` without `$`.
 */
function sourceText(root: unknown, span: [number, number], src: string): string {
  let out = '';
  let at = span[0];
  for (const r of findRewrites(root, src)) {
    const n = r.node;
    if (n.span[0] < at || n.span[1] > span[1]) continue;
    out += src.slice(at, n.span[0]);
    const text = src.slice(n.span[0], n.span[1]);
    switch (n.type) {
      case 'CommandSubstitution':
        out += (n as unknown as { backquote: boolean }).backquote ? text : `$(${HOLE})`;
        break;
      case 'ProcessSubstitution':
        out += `${text[0]}(${HOLE})`;
        break;
      case 'ParameterExpansion':
        out += text[2] === '|' ? `\${|${HOLE}}` : `\${ ${HOLE}}`;
        break;
      case 'AnsiCQuoted':
        out += ansiText(r, src);
        break;
      case 'LocaleQuoted':
        out += text.slice(1);
        break;
    }
    at = n.span[1];
  }
  out += src.slice(at, span[1]);
  // a backslash at the very end of the input: bash keeps it doubled
  if (span[1] === src.length && oddTrailingBackslash(out)) out += '\\';
  return twNorm(out);
}

/** treeward-side text: the shared normalisation, plus an artifact of the corpus's `src` field (mojibake U+FFFD). */
function twNorm(s: string): string {
  return normText(s.replace(/ï¿½/g, '\uFFFD'));
}

function wordText(w: Word, src: string): string {
  return sourceText(w, w.span, src);
}

function assignmentText(a: SimpleCommand['assignments'][number], src: string): string {
  if (!a.array) return sourceText(a, a.span, src);
  // bash rejoins a compound assignment's elements with single spaces
  const open = src.indexOf('(', a.index ? a.index.span[1] : a.nameSpan[1]);
  const prefix = sourceText({ index: a.index }, [a.span[0], open + 1], src);
  return `${prefix}${a.array.map((e) => sourceText(e, e.span, src)).join(' ')})`;
}

function arithmeticText(x: Arithmetic, src: string): string {
  return sourceText(x, x.span, src);
}

const INT_MAX = 2 ** 31 - 1;

function twRedirect(r: Redirect, src: string): Sk {
  if (r.heredoc) {
    const [start, end] = r.heredoc.body.span;
    let body = src.slice(start, end);
    if (end === src.length && oddTrailingBackslash(body)) body += '\\';
    // bash ends each body line it read with a newline, even the last one at the end of the input
    else if (body !== '' && !body.endsWith('\n')) body += '\n';
    body = twNorm(body);
    if (r.heredoc.stripTabs) body = body.replace(/^\t+/gm, '');
    return node('redir', r.operator, body);
  }
  const text = wordText(r.target, src);
  if (r.operator === '>&' || r.operator === '<&') {
    if (text === '-') return node('redir', '>&-', 'fd 0');
    const isFd = (t: string) => /^[0-9]+$/.test(t) && Number(t) <= INT_MAX;
    if (isFd(text)) return node('redir', r.operator, `fd ${Number(text)}`);
    // `>&word-` moves rather than duplicates: bash drops the `-` (make_redirection)
    if (text.length > 1 && text.endsWith('-')) {
      const moved = text.slice(0, -1);
      return node('redir', r.operator, isFd(moved) ? `fd ${Number(moved)}` : moved);
    }
  }
  return node('redir', r.operator, text);
}

function twSeq(body: Statement[], src: string): Sk {
  return seq(body.map((s) => (s.background ? node('bg', twAndOr(s.andOr, src)) : twAndOr(s.andOr, src))));
}

function twAndOr(a: AndOr, src: string): Sk {
  return andOr(a.pipelines.map((p) => twPipeline(p, src)), a.operators);
}

function twPipeline(p: Pipeline, src: string): Sk {
  const commands = p.commands.map((c, i) => {
    // `a |& b` is `a 2>&1 | b` to bash
    const extra = p.operators[i] === '|&' ? [node('redir', '>&', 'fd 1')] : [];
    return twCommand(c, src, extra);
  });
  // `time` alone times an empty command
  if (commands.length === 0) commands.push(node('cmd'));
  return pipeline(p.negated, p.timed, commands);
}

function twTest(e: TestExpression, src: string): Sk {
  switch (e.type) {
    case 'TestWord':
      return node('unary', '-n', wordText(e.word, src));
    case 'TestUnary':
      return node('unary', e.operator, wordText(e.operand, src));
    case 'TestBinary':
      return node('binary', e.operator, wordText(e.left, src), wordText(e.right, src));
    case 'TestNot':
      // bash keeps `!` as a flag the dump does not print
      return twTest(e.operand, src);
    case 'TestLogical':
      return logical(e.operator === '&&' ? 'and' : 'or', twTest(e.left, src), twTest(e.right, src));
    case 'TestGroup':
      return node('group', twTest(e.inner, src));
  }
}

function twCommand(c: Command, src: string, extraRedirects: Sk[] = []): Sk {
  const redirs = (rs: Redirect[]) => [...rs.map((r) => twRedirect(r, src)), ...extraRedirects];
  switch (c.type) {
    case 'SimpleCommand': {
      const words = [
        ...c.assignments.map((a) => ({ start: a.span[0], text: assignmentText(a, src) })),
        ...c.words.map((w) => ({ start: w.span[0], text: wordText(w, src) })),
      ].sort((x, y) => x.start - y.start);
      return node('cmd', ...words.map((w) => w.text), ...redirs(c.redirects));
    }
    case 'Subshell':
      return node('subshell', twSeq(c.body, src), ...redirs(c.redirects));
    case 'BraceGroup':
      return node('group', twSeq(c.body, src), ...redirs(c.redirects));
    case 'If': {
      // elif is an if in the else slot
      let tail: Sk | null = c.elseBody ? twSeq(c.elseBody, src) : null;
      for (let i = c.clauses.length - 1; i >= 1; i--) {
        const clause = c.clauses[i]!;
        const parts = [twSeq(clause.condition, src), twSeq(clause.body, src)];
        if (tail) parts.push(tail);
        tail = seq([node('if', ...parts)]);
      }
      const first = c.clauses[0]!;
      const parts = [twSeq(first.condition, src), twSeq(first.body, src)];
      if (tail) parts.push(tail);
      return node('if', ...parts, ...redirs(c.redirects));
    }
    case 'While':
      return node(c.until ? 'until' : 'while', twSeq(c.condition, src), twSeq(c.body, src), ...redirs(c.redirects));
    case 'For': {
      const items = c.items ? c.items.map((w) => wordText(w, src)) : ['"$@"'];
      // bash reprints a `$(…)` even here (`for $( )i`)
      const variable = c.variables.map((v) => v.name.replace(/\$\([^()]*\)/g, `$(${HOLE})`)).join(' ');
      return node(c.select ? 'select' : 'for', variable, node('in', ...items), twSeq(c.body, src), ...redirs(c.redirects));
    }
    case 'ArithFor':
      return node(
        'arith-for',
        arithText(arithmeticText(c.init, src)),
        arithText(arithmeticText(c.test, src)),
        arithText(arithmeticText(c.update, src)),
        twSeq(c.body, src),
        ...redirs(c.redirects),
      );
    case 'Case':
      return node(
        'case',
        wordText(c.subject, src),
        ...c.items.map((item) => node('arm', node('pats', ...item.patterns.map((p) => wordText(p, src))), twSeq(item.body, src))),
        ...redirs(c.redirects),
      );
    case 'FunctionDefinition': {
      // bash hangs a definition's redirects on its body
      const name = c.names.map((n) => src.slice(n.span[0], n.span[1])).join(' ');
      const body = twCommand(c.body, src, [...c.redirects.map((r) => twRedirect(r, src)), ...extraRedirects]);
      return node('function', name, body);
    }
    case 'Test':
      return node('cond', twTest(c.expression, src), ...redirs(c.redirects));
    case 'ArithmeticCommand':
      return node('arith', arithmeticText(c.expression, src).trim(), ...redirs(c.redirects));
    case 'Coproc':
      return node('coproc', c.name ?? 'COPROC', twCommand(c.body, src), ...redirs(c.redirects));
    case 'Repeat':
    case 'Always':
      return node(`zsh-${c.type}`);
  }
}

/** treeward's tree → skeleton. */
export function treewardSkeleton(script: Script, src: string): Sk {
  return twSeq(script.body, src);
}
