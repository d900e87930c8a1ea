// Word parts: the unquoted literal text of a finished word split into what
// the shell expands (a tilde prefix, brace expansions, globs).

import type { BraceExpansion, Span, WordPart } from '../syntax/ast.js';
import type { Dialect } from '../syntax/dialect.js';
import { Char, isNameChar, isNameStart } from '../lexer/chars.js';

/**
 * Split the unquoted literal text of a finished word into the parts the
 * shell expands: a tilde prefix, brace expansions (bash, zsh), and globs.
 */
export function finishWordParts(parts: WordPart[], dialect: Dialect): WordPart[] {
  let out = parts;
  const first = out[0];
  if (first && first.type === 'Literal') {
    if (first.value.startsWith('~')) out = splitTildes(out, dialect, false);
    else if (dialect.tildeAfterEqualsInArguments && first.value.includes('=')) out = splitAssignmentLikeTildes(out, dialect);
    else if (dialect.equalsCommandPath && first.value.length > 1 && first.value.startsWith('=')) {
      const name = first.value.slice(1).split('/')[0]!;
      if (isUserName(name)) {
        const rest = first.value.slice(1 + name.length);
        const at = first.span[0];
        const head: WordPart = { type: 'EqualsCommandPath', span: [at, at + 1 + name.length], name };
        out = rest ? [head, { type: 'Literal', span: [at + 1 + name.length, first.span[1]], value: rest }, ...out.slice(1)] : [head, ...out.slice(1)];
      }
    }
  }
  if (dialect.braceExpansion) out = splitBraces(out, dialect.braceRangesOfAnyCharacter);
  return splitGlobs(out, dialect.zshGlobParens);
}

/**
 * Tilde prefixes in `parts`: at the start, and with `afterColons` after each
 * unquoted `:` (assignment values: `PATH=~/a:~/b`). A prefix runs to the next
 * unquoted `/` or `:`; it must be unquoted, except that zsh also expands
 * `~"/x"`.
 */
export function splitTildes(parts: WordPart[], dialect: Dialect, afterColons: boolean): WordPart[] {
  const out: WordPart[] = [];
  let atStart = true; // at the start of the value, or right after an unquoted `:`
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (p.type !== 'Literal' || p.span[1] - p.span[0] !== p.value.length) {
      out.push(p);
      atStart = false;
      continue;
    }
    const v = p.value;
    const base = p.span[0];
    let litStart = 0;
    let i = 0;
    while (i <= v.length) {
      if (atStart && v[i] === '~') {
        let end = i + 1;
        while (end < v.length && v[end] !== '/' && !(afterColons && v[end] === ':')) end++;
        const user = v.slice(i + 1, end);
        const endsPrefix = end < v.length || k === parts.length - 1 || dialect.tildeBeforeQuotes;
        const validUser = user === '' || (isUserName(user) && user !== '-' && user.charCodeAt(0) !== Char.Plus) || ((user === '+' || user === '-') &&
          dialect.tildePlusMinus);
        if (endsPrefix && validUser) {
          if (i > litStart) out.push({ type: 'Literal', span: [base + litStart, base + i], value: v.slice(litStart, i) });
          out.push({ type: 'Tilde', span: [base + i, base + end], user });
          litStart = i = end;
        }
      }
      if (i >= v.length) break;
      atStart = afterColons && v[i] === ':';
      i++;
    }
    if (litStart < v.length) out.push({ type: 'Literal', span: [base + litStart, base + v.length], value: v.slice(litStart) });
  }
  return out;
}

/** bash expands tildes after `=` (and `:`) in any word that starts like an assignment: `echo x=~/y`. */
function splitAssignmentLikeTildes(parts: WordPart[], dialect: Dialect): WordPart[] {
  const first = parts[0];
  if (!first || first.type !== 'Literal' || first.span[1] - first.span[0] !== first.value.length) return parts;
  let cut = 0;
  while (cut < first.value.length && isNameChar(first.value.charCodeAt(cut))) cut++;
  if (cut === 0 || !isNameStart(first.value.charCodeAt(0)) || first.value.charCodeAt(cut) !== Char.Equals) return parts;
  cut++;
  if (!parts.some((p) => p.type === 'Literal' && p.value.includes('~'))) return parts;
  const head: WordPart = { type: 'Literal', span: [first.span[0], first.span[0] + cut], value: first.value.slice(0, cut) };
  const rest: WordPart[] = cut < first.value.length ? [{ type: 'Literal', span: [first.span[0] + cut, first.span[1]], value: first.value.slice(cut) }] : [];
  return [head, ...splitTildes([...rest, ...parts.slice(1)], dialect, true)];
}

function isUserName(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!(isNameChar(c) || c === Char.Dot || c === Char.Plus || c === Char.Minus)) return false;
  }
  return true;
}

function hasGlobCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === Char.Star || c === Char.Question || c === Char.LeftBracket) return true;
  }
  return false;
}

/** Split unquoted `*`, `?`, `[…]` out of literal parts into Glob parts. */
function splitGlobs(parts: WordPart[], zshGroups = false): WordPart[] {
  let out: WordPart[] | null = null;
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    if (p.type === 'BraceExpansion' && p.alternatives) {
      p.alternatives = p.alternatives.map((a) => splitGlobs(a, zshGroups));
    }
    if (p.type !== 'Literal' || !(hasGlobCharacter(p.value) || (zshGroups && (p.value.includes('(') || p.value.includes('<'))))) {
      if (out) out.push(p);
      continue;
    }
    if (!out) out = parts.slice(0, k);
    const v = p.value;
    const base = p.span[0];
    // Only exact when the literal's span matches its value (no line continuations inside).
    const exact = p.span[1] - p.span[0] === v.length;
    let litStart = 0;
    let i = 0;
    let ends: Int32Array | undefined;
    const pushLit = (to: number) => {
      if (to > litStart) out!.push({ type: 'Literal', span: exact ? [base + litStart, base + to] : p.span, value: v.slice(litStart, to) });
    };
    while (i < v.length) {
      const c = v.charCodeAt(i);
      if (c === Char.Star || c === Char.Question) {
        pushLit(i);
        let j = i + 1;
        while (j < v.length && (v.charCodeAt(j) === Char.Star || v.charCodeAt(j) === Char.Question)) j++;
        out.push({ type: 'Glob', span: exact ? [base + i, base + j] : p.span, pattern: v.slice(i, j) });
        i = litStart = j;
      } else if (c === Char.LeftBracket) {
        ends ??= bracketScanEnds(v);
        const close = bracketEnd(v, i, ends);
        if (close < 0) { i++; continue; }
        pushLit(i);
        out.push({ type: 'Glob', span: exact ? [base + i, base + close + 1] : p.span, pattern: v.slice(i, close + 1) });
        i = litStart = close + 1;
      } else if (zshGroups && (c === Char.LeftParen || (c === Char.Less && /^<\d*-\d*>/.test(v.slice(i))))) {
        // zsh: a group or qualifier `(…)` (to its matching `)`, or the end), a numeric glob `<1-5>`
        let j = i + 1;
        if (c === Char.Less) j = v.indexOf('>', i) + 1;
        else for (let depth = 1; j < v.length && depth > 0; j++) depth += v[j] === '(' ? 1 : v[j] === ')' ? -1 : 0;
        pushLit(i);
        out.push({ type: 'Glob', span: exact ? [base + i, base + j] : p.span, pattern: v.slice(i, j) });
        i = litStart = j;
      } else i++;
    }
    pushLit(v.length);
  }
  return out ?? parts;
}

/** The `]` closing a bracket expression opened at `open`, or -1 (`ends` from bracketScanEnds). */
function bracketEnd(v: string, open: number, ends: Int32Array): number {
  let i = open + 1;
  if (v[i] === '!' || v[i] === '^') i++;
  if (v[i] === ']') i++;
  return i < v.length ? ends[i]! : -1;
}

/**
 * For each offset of `v`, where a bracket expression's scan from there
 * ends: at the first `]`, skipping `[:…:]`, `[.….]`, `[=…=]` (-1 when
 * none closes). One pass from the end, so a glob of many `[` that never
 * close costs no more than one that does.
 */
function bracketScanEnds(v: string): Int32Array {
  const n = v.length;
  const ends = new Int32Array(n + 1);
  ends[n] = -1;
  // the nearest `:]`, `.]`, `=]` at or after i + 2
  let colon = -1;
  let dot = -1;
  let equals = -1;
  for (let i = n - 1; i >= 0; i--) {
    if (i + 3 < n && v.charCodeAt(i + 3) === Char.RightBracket) {
      const t = v.charCodeAt(i + 2);
      if (t === Char.Colon) colon = i + 2;
      else if (t === Char.Dot) dot = i + 2;
      else if (t === Char.Equals) equals = i + 2;
    }
    const c = v.charCodeAt(i);
    if (c === Char.RightBracket) ends[i] = i;
    else if (c === Char.LeftBracket && i + 1 < n) {
      const k = v.charCodeAt(i + 1);
      const term = k === Char.Colon ? colon : k === Char.Dot ? dot : k === Char.Equals ? equals : -2;
      ends[i] = term === -2 ? ends[i + 1]! : term < 0 ? -1 : ends[term + 2]!;
    } else ends[i] = ends[i + 1]!;
  }
  return ends;
}

/**
 * Find `{a,b}` and `{x..y}` groups made of unquoted literal braces and
 * commas. A group may span quoted parts: `{a,"b c"}` is two alternatives.
 *
 * Linear in the word (times the depth of groups read, at most 32): each `{`
 * knows its matching `}` and its own commas from one pass, so no scan
 * starts again at every `{` (a word of 10,000 `{` stays cheap).
 */
function splitBraces(parts: WordPart[], anyCharacterRanges: boolean): WordPart[] {
  let n = 0;
  let opens = false;
  let closes = false;
  for (const p of parts) {
    if (p.type !== 'Literal') n++;
    else {
      n += p.value.length;
      if (!opens && p.value.includes('{')) opens = true;
      if (!closes && p.value.includes('}')) closes = true;
    }
  }
  // a group needs an unquoted `}` as well: a lone `{` (the brace group's own word) is left as it is, without the tables below
  if (!opens || !closes) return parts;
  // Items: one per character of the literals (`flat` holds them, a part stands as a NUL), one per other part.
  const whole: (WordPart | undefined)[] = new Array<WordPart | undefined>(n);
  const at = new Int32Array(n); // the source offset of each item
  const pieces: string[] = [];
  let k = 0;
  for (const p of parts) {
    if (p.type === 'Literal') {
      const exact = p.span[1] - p.span[0] === p.value.length;
      pieces.push(p.value);
      for (let i = 0; i < p.value.length; i++) at[k++] = exact ? p.span[0] + i : p.span[0];
    } else {
      pieces.push('\0');
      whole[k] = p;
      at[k++] = p.span[0];
    }
  }
  const flat = pieces.join('');
  const isChar = (i: number, c: number) => whole[i] === undefined && flat.charCodeAt(i) === c;
  // Each `{`'s matching `}` (-1: none) and its first top-level comma; each comma's next one in the same group.
  const close = new Int32Array(n).fill(-1);
  const firstComma = new Int32Array(n).fill(-1);
  const nextComma = new Int32Array(n).fill(-1);
  const lastComma = new Int32Array(n).fill(-1);
  const open: number[] = [];
  for (let i = 0; i < n; i++) {
    if (whole[i] !== undefined) continue;
    const c = flat.charCodeAt(i);
    if (c === Char.LeftBrace) open.push(i);
    else if (c === Char.RightBrace) {
      if (open.length > 0) close[open.pop()!] = i;
    } else if (c === Char.Comma && open.length > 0) {
      const g = open[open.length - 1]!;
      if (firstComma[g] < 0) firstComma[g] = i;
      else nextComma[lastComma[g]] = i;
      lastComma[g] = i;
    }
  }
  const out = toParts(0, n, 0);
  return out.some((p) => p.type === 'BraceExpansion') ? out : parts;

  function toParts(from: number, to: number, depth: number): WordPart[] {
    const result: WordPart[] = [];
    let run = -1; // where the current run of characters started
    const flushText = (end: number) => {
      if (run >= 0 && end > run) result.push({ type: 'Literal', span: [at[run]!, at[end - 1]! + 1], value: flat.slice(run, end) });
      run = -1;
    };
    let i = from;
    while (i < to) {
      const group = depth < 32 ? findGroup(i, to, depth) : null;
      if (group) {
        flushText(i);
        result.push(group);
        i = close[i]! + 1;
        continue;
      }
      const part = whole[i];
      if (part === undefined) {
        if (run < 0) run = i;
      } else {
        flushText(i);
        result.push(part);
      }
      i++;
    }
    flushText(to);
    return result;
  }

  function findGroup(i: number, limit: number, depth: number): BraceExpansion | null {
    if (!isChar(i, Char.LeftBrace)) return null;
    const end = close[i]!;
    if (end < 0 || end >= limit) return null;
    const span: Span = [at[i]!, at[end]! + 1];
    if (firstComma[i] >= 0) {
      const alternatives: WordPart[][] = [];
      let from = i + 1;
      for (let c = firstComma[i]!; c >= 0; c = nextComma[c]!) {
        alternatives.push(toParts(from, c, depth + 1));
        from = c + 1;
      }
      alternatives.push(toParts(from, end, depth + 1));
      return { type: 'BraceExpansion', span, alternatives, sequence: null };
    }
    // zsh: `{x..y}` of any two single characters is a range of character codes
    if (anyCharacterRanges && end - i === 5 && flat.slice(i + 2, i + 4) === '..' && whole[i + 1] === undefined && whole[i + 4] === undefined) {
      const [start, last] = [flat[i + 1]!, flat[i + 4]!];
      if (!/[\d-]/.test(start + last)) return { type: 'BraceExpansion', span, alternatives: null, sequence: { start, end: last, step: null } };
    }
    // a sequence {a..b[..c]}: only literal characters inside (stop at the first that cannot be one)
    for (let j = i + 1; j < end; j++) {
      const c = flat.charCodeAt(j);
      if (whole[j] !== undefined || !(isNameChar(c) || c === Char.Dot || c === Char.Minus)) return null;
    }
    const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(flat.slice(i + 1, end));
    if (!m) return null;
    return { type: 'BraceExpansion', span, alternatives: null, sequence: { start: m[1]!, end: m[2]!, step: m[3] ?? null } };
  }
}
