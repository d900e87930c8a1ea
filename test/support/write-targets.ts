// The files a line's syntax tree says it writes through redirections, for
// comparison with what a real shell was seen to write (test/shells/live.test.ts).
//
// Every `Redirect` anywhere in the tree counts: in statements, compound
// command bodies, command and process substitutions, here-document bodies and
// parameter-expansion operands, and in function definitions the line calls. An operator that opens its
// target for writing contributes the target's path; input operators (`<`,
// `<<`, `<<-`, `<<<`, `<&`) and fd duplications (`>&N`, `>&-`) do not. The
// dialect's run-time rules that the tree leaves to its reader are applied here:
//   - sh: `>&word` with a non-numeric word is a run-time error ("Bad fd
//     number"): nothing is written; redirection targets are never globbed.
//   - bash: `>&word` and `1>&word` write word (as `&>word`); `N>&word` for
//     another N is an "ambiguous redirect": nothing is written. zsh writes it.
//   - bash: a glob target is written when it matches exactly one name, taken
//     literally when it matches none, and refused (nothing) for several.
//   - zsh: a glob target writes every match (MULTIOS), nothing when none match.
//   - zsh MULTIOS (`> a > b`) and bash's `> a > b` both create every target,
//     so every target counts.
//   - a brace expansion in a target: bash refuses several words ("ambiguous
//     redirect"), zsh writes each.
//   - `> >(cmd)` (and zsh `> =(cmd)`) writes to a pipe or a temp file of the
//     shell's; the substitution's own body is walked like any other.
//   - a target in a directory the layout does not hold fails to open.
// Paths are resolved physically through the layout's symlinks and reported as
// the runner reports them: relative to the work dir (`f`, `../outside/x`).

import path from 'node:path';
import type { DialectName, Redirect, Script, Word, WordPart } from '../../src/index.js';
import { IN_HOME, IN_OUTSIDE, IN_WORK, type Layout } from './shells.js';

export interface WriteTargets {
  /** Paths written: relative to the work dir in /lab, absolute elsewhere in /tmp (writes outside /tmp, which the runner cannot see, are left out), sorted. */
  paths: string[];
  /** Redirect targets this helper cannot evaluate statically (parameter expansions, substitutions, …). */
  unresolved: string[];
}

const INPUT_OPERATORS = new Set(['<', '<<', '<<-', '<<<', '<&']);

/** Names run as commands anywhere in the tree (the literal first word of each simple command). */
function invokedNames(node: unknown, out = new Set<string>()): Set<string> {
  if (node === null || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const x of node) invokedNames(x, out);
    return out;
  }
  const n = node as { type?: unknown; words?: Word[] };
  if (n.type === 'SimpleCommand' && n.words && n.words.length > 0) {
    const v = wordValue(n.words[0]!);
    if (!v.dynamic && v.texts.length === 1) out.add(v.texts[0]!);
  }
  for (const [k, v] of Object.entries(node)) if (k !== 'span' && k !== 'nameSpan') invokedNames(v, out);
  return out;
}

/**
 * Collect every Redirect in the tree, in source order. A function definition
 * (with its own redirections) counts only when the line calls one of its names
 * (or, zsh's anonymous `() { … }`, always: it runs at once).
 */
export function redirectsOf(node: unknown, out: Redirect[] = [], called: Set<string> = invokedNames(node)): Redirect[] {
  if (node === null || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const x of node) redirectsOf(x, out, called);
    return out;
  }
  const n = node as { type?: unknown; names?: Word[] };
  if (n.type === 'FunctionDefinition' && n.names && n.names.length > 0) {
    const names = n.names.map((w) => wordValue(w).texts.join(' '));
    if (!names.some((x) => called.has(x))) return out;
  }
  if (n.type === 'Redirect') out.push(node as Redirect);
  for (const [k, v] of Object.entries(node)) if (k !== 'span' && k !== 'nameSpan') redirectsOf(v, out, called);
  return out;
}

interface Evaluated {
  /** The word's values: one, or several after brace expansion. */
  texts: string[];
  /** An unquoted glob (a `Glob` part) stands in the word. */
  globbed: boolean;
  /** Something only the run can tell (a parameter, a substitution, …). */
  dynamic: boolean;
  /** The word is a process substitution alone: the redirection goes to a pipe, not a file. */
  pipe: boolean;
}

const cross = (a: string[], b: string[]) => a.flatMap((x) => b.map((y) => x + y));

function evalParts(parts: WordPart[]): Evaluated {
  let texts = [''];
  let globbed = false;
  let dynamic = false;
  const add = (t: string) => { texts = texts.map((x) => x + t); };
  for (const p of parts) {
    switch (p.type) {
      case 'Literal':
      case 'Escaped':
      case 'SingleQuoted':
      case 'AnsiCQuoted':
        add(p.value);
        break;
      case 'DoubleQuoted':
      case 'LocaleQuoted': {
        const inner = evalParts(p.parts);
        texts = cross(texts, inner.texts);
        dynamic ||= inner.dynamic;
        break;
      }
      case 'Glob':
        add(p.pattern);
        globbed = true;
        break;
      case 'Tilde': {
        // Wherever the tree puts a tilde, the shell expands it (bash also after `=`).
        const home: Record<string, string> = { '': IN_HOME, '+': IN_WORK, lab: IN_HOME, root: '/root' };
        const v = home[p.user];
        if (v !== undefined) add(v);
        else dynamic = true;
        break;
      }
      case 'BraceExpansion': {
        const alts: string[] = [];
        if (p.alternatives) {
          for (const alt of p.alternatives) {
            const e = evalParts(alt);
            alts.push(...e.texts);
            globbed ||= e.globbed;
            dynamic ||= e.dynamic;
          }
        } else if (p.sequence && /^-?\d+$/.test(p.sequence.start) && /^-?\d+$/.test(p.sequence.end)) {
          const a = Number(p.sequence.start);
          const b = Number(p.sequence.end);
          const step = Math.abs(Number(p.sequence.step ?? 1)) || 1;
          for (let n = a; a <= b ? n <= b : n >= b; n += a <= b ? step : -step) alts.push(String(n));
        } else dynamic = true;
        texts = cross(texts, alts);
        break;
      }
      default:
        dynamic = true;
    }
  }
  const pipe = parts.length === 1 && parts[0]!.type === 'ProcessSubstitution';
  return { texts, globbed, dynamic, pipe };
}

export function wordValue(w: Word): Evaluated {
  return evalParts(w.parts);
}

/** Absolute sandbox paths of everything the layout holds, and its symlinks. */
function layoutIndex(layout: Layout | undefined) {
  const names = new Set<string>();
  const dirs = new Set<string>(['/tmp', '/lab', IN_WORK, IN_HOME, IN_OUTSIDE]);
  const links = new Map<string, string>();
  const bases: [keyof Layout, string][] = [['work', IN_WORK], ['home', IN_HOME], ['outside', IN_OUTSIDE]];
  for (const [area, base] of bases) {
    for (const [key, v] of Object.entries(layout?.[area] ?? {})) {
      const rel = key.replace(/\/+$/, '');
      const parts = rel.split('/');
      for (let i = 1; i <= parts.length; i++) names.add(`${base}/${parts.slice(0, i).join('/')}`);
      for (let i = 1; i < parts.length; i++) dirs.add(`${base}/${parts.slice(0, i).join('/')}`);
      if (key.endsWith('/') || v === null || (typeof v === 'object' && !('symlink' in v) && !('content' in v))) dirs.add(`${base}/${rel}`);
      if (v && typeof v === 'object' && 'symlink' in v) {
        links.set(`${base}/${rel}`, v.symlink.replace(/@WORK/g, IN_WORK).replace(/@HOME/g, IN_HOME).replace(/@OUTSIDE/g, IN_OUTSIDE));
      }
    }
  }
  return { names, dirs, links };
}

/** Resolve symlinks of the layout along an absolute path (physically, as the kernel does). */
function physical(abs: string, links: Map<string, string>): string {
  let p = path.posix.normalize(abs);
  for (let guard = 0; guard < 40; guard++) {
    const parts = p.split('/');
    let changed = false;
    for (let i = 2; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const t = links.get(prefix);
      if (t !== undefined) {
        const base = t.startsWith('/') ? t : path.posix.join(path.posix.dirname(prefix), t);
        p = path.posix.normalize([base, ...parts.slice(i)].join('/'));
        changed = true;
        break;
      }
    }
    if (!changed) break;
  }
  return p;
}

function relToWork(abs: string): string {
  if (abs === IN_WORK) return '.';
  if (abs.startsWith(IN_WORK + '/')) return abs.slice(IN_WORK.length + 1);
  if (abs.startsWith('/lab/')) return path.posix.relative(IN_WORK, abs);
  return abs;
}

function globRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const j = pattern.indexOf(']', i + 2);
      if (j < 0) { re += '\\['; continue; }
      let cls = pattern.slice(i + 1, j);
      if (cls.startsWith('!') || cls.startsWith('^')) cls = '^' + cls.slice(1);
      re += `[${cls.replace(/\\/g, '\\\\')}]`;
      i = j;
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Every file the tree says the line writes, under `dialect`'s run-time rules. */
export function writeTargets(script: Script, dialect: DialectName | 'bash-posix', layout?: Layout): WriteTargets {
  // bash in POSIX mode: bash's rules, but a redirection target is not globbed (dialect.ts globsRedirectionTargets)
  const bashLike = dialect === 'bash' || dialect === 'bash-posix';
  const { names, dirs, links } = layoutIndex(layout);
  const paths = new Set<string>();
  const unresolved: string[] = [];
  // The open fails (nothing written) unless the target's directory exists.
  const add = (abs: string) => {
    const p = physical(abs, links);
    if ((p.startsWith('/tmp/') || p.startsWith('/lab/')) && !dirs.has(path.posix.dirname(p))) return;
    paths.add(relToWork(p));
  };
  for (const r of redirectsOf(script)) {
    if (INPUT_OPERATORS.has(r.operator)) continue;
    const v = wordValue(r.target);
    const shown = `${r.operator} ${JSON.stringify(v.texts.join(' '))}`;
    if (v.pipe) continue; // `> >(cmd)`, zsh `> =(cmd)`: a pipe or the shell's temp file; the body is walked on its own
    if (r.operator === '>&') {
      if (!v.dynamic && v.texts.length === 1 && (/^\d+$/.test(v.texts[0]!) || v.texts[0] === '-')) continue; // fd duplication / close
      if (dialect === 'sh') continue; // dash: "Bad fd number" at run time, nothing written
      if (bashLike && r.fd !== null && r.fd !== 1) continue; // bash: `2>&f` is an "ambiguous redirect"
    }
    if (v.dynamic) { unresolved.push(shown); continue; }
    // Brace expansion: bash refuses a target of several words (ambiguous
    // redirect); zsh writes each (MULTIOS).
    if (v.texts.length > 1 && bashLike) continue;
    for (const text of v.texts) {
      const abs = path.posix.normalize(text.startsWith('/') ? text : `${IN_WORK}/${text}`);
      if (v.globbed && dialect !== 'sh' && dialect !== 'bash-posix') {
        const dir = path.posix.dirname(abs);
        const base = path.posix.basename(abs);
        if (/[*?[]/.test(dir)) { unresolved.push(`${shown} (glob in a directory)`); continue; }
        const re = globRegex(base);
        const matches = [...names].filter((n) => path.posix.dirname(n) === dir)
          .filter((n) => { const b = path.posix.basename(n); return re.test(b) && (!b.startsWith('.') || base.startsWith('.')); })
          .sort();
        let chosen: string[];
        if (dialect === 'zsh') chosen = matches; // none: "no matches found", nothing written
        else chosen = matches.length === 0 ? [abs] : matches.length === 1 ? matches : []; // bash: ambiguous redirect
        for (const m of chosen) add(m);
        continue;
      }
      add(abs);
    }
  }
  // The runner sees only /tmp (the scratch tree and the shells' temp dir).
  return { paths: [...paths].filter((x) => !x.startsWith('/') || x.startsWith('/tmp/')).sort(), unresolved };
}
