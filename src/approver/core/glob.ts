// Matching a glob field against names, as the shell does: unquoted `*`, `?`,
// `[…]` are wildcards, quoted text is literal, and a name starting with `.`
// matches only a pattern that spells the dot (unless the line turned on
// dot globbing).

import type { Chunk } from './words.js';

export interface GlobPath {
  /** The directory part before the component holding the first wildcard, as text ('' for the current directory). */
  directory: string;
  /** The last component's chunks (the one with wildcards). */
  last: Chunk[];
  /** A wildcard stands before the last component, or the pattern ends in `/`. */
  wildcardInDirectory: boolean;
}

/** Split a glob field at its last `/`: the directory part must be free of wildcards. */
export function splitGlob(chunks: readonly Chunk[]): GlobPath {
  // flatten to characters with their quoting
  const chars: { c: string; quoted: boolean }[] = [];
  for (const chunk of chunks) for (const c of chunk.text) chars.push({ c, quoted: chunk.quoted });
  let lastSlash = -1;
  for (let i = 0; i < chars.length; i++) if (chars[i]!.c === '/') lastSlash = i;
  const endsInSlash = chars.length > 0 && chars[chars.length - 1]!.c === '/';
  let wildcardInDirectory = endsInSlash;
  for (let i = 0; i < lastSlash; i++) if (!chars[i]!.quoted && isWildcard(chars, i)) wildcardInDirectory = true;
  const directory = chars.slice(0, Math.max(lastSlash, 0)).map((x) => x.c).join('') || (lastSlash === 0 ? '/' : '');
  const last: Chunk[] = [];
  for (const x of chars.slice(lastSlash + 1)) {
    const previous = last[last.length - 1];
    if (previous && previous.quoted === x.quoted) previous.text += x.c;
    else last.push({ text: x.c, quoted: x.quoted });
  }
  return { directory, last, wildcardInDirectory };
}

function isWildcard(chars: { c: string; quoted: boolean }[], i: number): boolean {
  const c = chars[i]!.c;
  if (c === '*' || c === '?') return true;
  if (c === '[') {
    for (let j = i + 1; j < chars.length; j++) if (chars[j]!.c === ']' && j > i + 1) return true;
  }
  return false;
}

/** One element of a compiled pattern: a literal character, `?`, `*`, or a bracket expression (a one-character class). */
type Token = { kind: 'char'; c: string } | { kind: 'any' } | { kind: 'star' } | { kind: 'class'; re: RegExp };

/**
 * A component's pattern as tokens. Matched by `matchTokens`, not as one
 * regular expression: `*a*a*a…b` as a backtracking regex takes time
 * exponential in its stars against a name of many `a` (a file the line may
 * have made), while the matcher below is at most pattern × name.
 */
function componentTokens(chunks: readonly Chunk[], caseless: boolean): Token[] {
  const tokens: Token[] = [];
  const literal = (c: string) => tokens.push({ kind: 'char', c: caseless ? c.toLowerCase() : c });
  for (const chunk of chunks) {
    if (chunk.quoted) {
      for (const c of chunk.text) literal(c);
      continue;
    }
    const t = chunk.text;
    for (let i = 0; i < t.length; i++) {
      const c = t[i]!;
      if (c === '*') {
        if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
      } else if (c === '?') tokens.push({ kind: 'any' });
      else if (c === '[') {
        let j = i + 1;
        if (t[j] === '!' || t[j] === '^') j++;
        if (t[j] === ']') j++;
        while (j < t.length && t[j] !== ']') j++;
        if (j >= t.length) {
          literal('[');
          continue;
        }
        let body = t.slice(i + 1, j);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        // a `]` first in the class is one of its characters (`[!][h]it` matches `.git`'s `g`); a regular expression
        // reads `[^]` as any character, so it is escaped (explore seed 1410125340)
        const lead = body.startsWith(']') ? '\\]' : '';
        if (lead) body = body.slice(1);
        // one character against one class: a regular expression that cannot backtrack
        const source = '[' + (negated ? '^' : '') + lead + body.replace(/\\/g, '\\\\').replace(/\[:(\w+):\]/g, (_m, cls: string) => posixClass(cls)) + ']';
        tokens.push({ kind: 'class', re: new RegExp('^' + source + '$', caseless ? 'i' : '') });
        i = j;
      } else literal(c);
    }
  }
  return tokens;
}

/**
 * Whether `tokens` match all of `text`: the usual wildcard matcher that, on a
 * mismatch, lets the last `*` take one more character, so its time is at most
 * the pattern's length times the text's. `starCrossesSlash` false: `*` and `?`
 * do not match `/` (a find `-path` pattern lets them).
 */
function matchTokens(tokens: readonly Token[], text: string, caseless: boolean, starCrossesSlash: boolean): boolean {
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = 0;
  while (s < text.length) {
    const token = tokens[p];
    const c = text[s]!;
    const matchesOne = token === undefined || token.kind === 'star' ? false
      : token.kind === 'char' ? token.c === (caseless ? c.toLowerCase() : c)
      : token.kind === 'any' ? starCrossesSlash || c !== '/'
      : token.re.test(c);
    if (matchesOne) {
      p++;
      s++;
    } else if (token?.kind === 'star') {
      starP = p++;
      starS = s;
    } else if (starP >= 0 && (starCrossesSlash || text[starS] !== '/')) {
      // the last star takes one more character
      p = starP + 1;
      s = ++starS;
    } else return false;
  }
  while (tokens[p]?.kind === 'star') p++;
  return p === tokens.length;
}

function posixClass(name: string): string {
  switch (name) {
    case 'alpha': return 'A-Za-z';
    case 'digit': return '0-9';
    case 'alnum': return 'A-Za-z0-9';
    case 'upper': return 'A-Z';
    case 'lower': return 'a-z';
    case 'space': return ' \\t\\n\\r\\f\\v';
    case 'xdigit': return '0-9A-Fa-f';
    case 'punct': return '!-\\/:-@\\[-`{-~';
    default: return '\\s\\S';
  }
}

/** Whether the pattern spells a leading dot (so it may match dot names without dotglob). */
export function spellsLeadingDot(chunks: readonly Chunk[]): boolean {
  const first = chunks.find((c) => c.text.length > 0);
  return first !== undefined && first.text.startsWith('.');
}

/**
 * Whether the component pattern matches `name` as the shell would list it;
 * `caseless`: in any case, as under bash's nocaseglob, zsh's NO_CASE_GLOB
 * or `(#i)`, and as a protected name reads on a filesystem that folds case.
 */
export function matchesName(chunks: readonly Chunk[], name: string, dots: boolean, caseless = false): boolean {
  if (name === '.' || name === '..') return false;
  if (name.startsWith('.') && !dots && !spellsLeadingDot(chunks)) return false;
  return matchTokens(componentTokens(chunks, caseless), name, caseless, false);
}

/** Whether a component pattern that spells a leading dot matches `.` or `..` where the shell lists them (dash; bash without `globskipdots`). */
export function matchesDotOrDotDot(chunks: readonly Chunk[]): boolean {
  if (!spellsLeadingDot(chunks)) return false;
  const tokens = componentTokens(chunks, false);
  return matchTokens(tokens, '.', false, false) || matchTokens(tokens, '..', false, false);
}

/** Whether a find-style pattern (`-name`) matches a name (find's `*` matches a leading dot). */
export function findPatternMatches(pattern: string, name: string, caseless: boolean): boolean {
  return matchTokens(componentTokens([{ text: pattern.replace(/\\(.)/g, '[$1]'), quoted: false }], caseless), name, caseless, false);
}

/** Whether a find `-path` pattern (where `*` crosses `/`) matches a path. */
export function findPathMatches(pattern: string, path: string, caseless: boolean): boolean {
  return matchTokens(componentTokens([{ text: pattern, quoted: false }], caseless), path, caseless, true);
}
