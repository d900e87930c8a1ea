// Word evaluation: is a word fixed, and to which strings? A fixed word
// expands, as the dialect would, to fields of known text; a glob field keeps
// which of its characters are quoted (and so literal); anything the line does
// not fix (a parameter it does not fix, a substitution, `~user`) is unfixed.

import { budgets } from '../../budgets.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Span, Word, WordPart } from '../../syntax/ast.js';
import { quoteRemovedLiteral } from '../../syntax/word-text.js';
import type { Unfixed } from './facts.js';
import { evaluateArithmetic } from './arithmetic.js';
import { trailingQualifier } from './zsh-qualifiers.js';

/** A run of a field's text, and whether the shell reads it quoted (a quoted `*` is literal). */
export interface Chunk {
  text: string;
  quoted: boolean;
}

/** One field the word expands to. */
export interface Field {
  /** The text after quote removal. */
  text: string;
  chunks: Chunk[];
  /** It holds an unquoted `*`, `?`, `[…]` (or an extended glob) the shell will match against names. */
  glob: boolean;
  /** zsh's `(D)` qualifier: the glob matches dot entries whatever the options say. */
  dots?: boolean;
  /** Under nullglob or zsh's `(N)` qualifier: when nothing matches, the field is no word at all (dialect row globsMayExpandToNothing). */
  mayVanish?: true;
  /**
   * The field is one of the glob's matches, already expanded (`"$f"` of `for f in *.json`): a pattern for the judging
   * even where the shell would not expand one (sh's redirection target), since the name it stands for is a match.
   */
  isMatch?: true;
}

export type WordValue =
  | { kind: 'fixed'; fields: Field[] }
  /** `why`: a fact (core/facts.ts), worded by rules/reasons.ts; `span`: the part that is not fixed. */
  | { kind: 'unfixed'; why: Unfixed; span: Span };

/** What the line has fixed, as the walk knows it at this point. */
export interface WordContext {
  dialect: Dialect;
  /** Fixed parameters: name to value (HOME and PWD included). */
  parameters: ReadonlyMap<string, string>;
  /** The home directory, for `~` (the line's own HOME when it sets one); null when it sets HOME to a value it does not fix. */
  home: string | null;
  /** The current directory when it is known (for `~+`). */
  cwd: string | null;
  /** Field splitting no longer follows the default IFS (`IFS=` in the line). */
  splittingChanged: boolean;
  /** Loop variables over a glob (`for f in docs/*.json`): each value is one of the glob's matches. */
  globParameters?: ReadonlyMap<string, Field>;
}

/** Stands for the PATH the line inherited, in a PATH value read for where it finds programs (walk/parameters.ts `pathIsSafe`). */
export const inheritedPath = '\u0000inherited';

/**
 * Returned from inside an evaluation to end it: the word is not fixed. Returned, not thrown: a line
 * of many words the line does not fix paid a throw and its unwinding for each (issue 18 item 2).
 */
class NotFixed {
  constructor(readonly why: Unfixed, readonly span: Span) {}
}

/** Fields, or why the word is not fixed. */
type Expanded = FieldChunks[] | NotFixed;

/** Whether a value is past the expansion budget: a too-complex line, not merely an unknown word. */
export function pastExpansionBudget(value: WordValue): boolean {
  return value.kind === 'unfixed' && value.why.source === 'expansion-budget';
}

/** Evaluate a word as a command argument (quote removal, tilde, braces, fixed parameters, globs). */
export function evaluateWord(word: Word, context: WordContext): WordValue {
  const only = plainLiteral(word, context);
  if (only !== null) {
    // one plain literal, the most common word: its one field, as finishField makes it, without the general expansion's arrays (issue 18 item 2)
    const chunks: Chunk[] = only ? [{ text: only, quoted: false }] : [];
    return { kind: 'fixed', fields: [{ text: only, chunks, glob: hasGlobCharacters(chunks) }] };
  }
  const match = globMatchParameter(word.parts.length === 1 ? word.parts[0]! : null, context);
  if (match) return { kind: 'fixed', fields: [{ ...match, chunks: [...match.chunks], isMatch: true }] };
  let parts: readonly WordPart[] = word.parts;
  let dots = false;
  const qualifier = context.dialect.zshGlobParens ? trailingQualifier(parts) : null;
  if (qualifier) {
    if (!qualifier.readable) return unfixed(new NotFixed({ source: 'glob-qualifier', text: qualifier.text }, word.span));
    parts = parts.slice(0, qualifier.start);
    dots = qualifier.dots;
  }
  parts = optionParts(parts, context);
  let expanded = expandParts(parts, context, false);
  if (expanded instanceof NotFixed) return unfixed(expanded);
  // brace expansion comes before tilde expansion: `{~,x}/y` is `~/y` and `x/y`, and `~/y` is then the home's
  if (parts[0]?.type === 'BraceExpansion') {
    const tilded: FieldChunks[] = [];
    for (const field of expanded) {
      const after = tildeAfterBraces(field, context, parts[0].span);
      if (after instanceof NotFixed) return unfixed(after);
      tilded.push(after);
    }
    expanded = tilded;
  }
  const fields = expanded.map(finishField);
  if (dots) for (const field of fields) if (field.glob) field.dots = true;
  // `(N)` makes even a word without a wildcard a pattern that may match nothing
  if (qualifier?.nullGlob) for (const field of fields) field.mayVanish = true;
  else if (context.dialect.globsMayExpandToNothing) for (const field of fields) if (field.glob) field.mayVanish = true;
  return { kind: 'fixed', fields };
}

/**
 * `"$f"` alone, where a `for` over a glob set `f`: the word is one of the glob's matches, exactly as the glob's own
 * word would be (`for f in docs/*.json; do sed -i … "$f"; done` is `sed -i … docs/*.json`, judged once per match).
 * Only the whole word: `"$f.bak"` or `"$f/x"` name paths the glob does not match (through a matched link, anything), and
 * an unquoted `$f` is split and globbed again in bash and sh (zsh does neither, unless globsubst).
 */
function globMatchParameter(only: WordPart | null, context: WordContext): Field | null {
  if (!context.globParameters || only === null) return null;
  let part: WordPart = only;
  if (part.type === 'DoubleQuoted') {
    if (part.parts.length !== 1) return null;
    part = part.parts[0]!;
  } else if (context.dialect.splitsUnquotedParameters || context.dialect.globSubstitution) return null;
  if (part.type !== 'ParameterExpansion') return null;
  const plain = isPlainParameter(part);
  return plain ? context.globParameters.get(part.name) ?? null : null;
}

/**
 * The text of a word that is one plain literal, read where no option of the dialect makes a literal more than
 * one field or a pattern (zsh's braceccl, magic_equal_subst, ksh's glob operators); else null. Such a word
 * expands to exactly its one field.
 */
export function plainLiteral(word: Word, context: WordContext): string | null {
  const { dialect } = context;
  const only = word.parts.length === 1 ? word.parts[0]! : null;
  if (only?.type !== 'Literal' || dialect.braceCharacterClass || dialect.magicEqualSubst || dialect.extendedGlobOperators) return null;
  return only.value;
}

/** `$x` or `${x}` with nothing done to it: no operator, index, length, indirection, flags or nesting. */
function isPlainParameter(part: WordPart & { type: 'ParameterExpansion' }): boolean {
  return part.operator === null && part.index === null && !part.length && !part.indirect && part.flags === null
    && part.zshPrefix === undefined && part.nested === null && part.invalid === null;
}

function unfixed(why: NotFixed): WordValue {
  return { kind: 'unfixed', why: why.why, span: why.span };
}



/**
 * The word's parts as options the line set read them (issue 12): zsh's
 * `braceccl` makes a `{…}` with no comma a brace of its characters, and
 * `magicequalsubst` expands a `~` after the first `=` of an argument.
 */
function optionParts(parts: readonly WordPart[], context: WordContext): readonly WordPart[] {
  const { dialect } = context;
  if (!dialect.braceCharacterClass && !dialect.magicEqualSubst) return parts;
  const out: WordPart[] = [];
  parts.forEach((part, i) => {
    if (part.type !== 'Literal') {
      out.push(part);
      return;
    }
    let value = part.value;
    if (dialect.magicEqualSubst && i === 0) {
      const m = /^([^=~]+=)~(?=\/|$)/.exec(value);
      if (m) {
        out.push({ ...part, value: m[1]! }, { type: 'Tilde', span: part.span, user: '' } as WordPart);
        value = value.slice(m[0].length);
      }
    }
    if (!dialect.braceCharacterClass) {
      if (value) out.push({ ...part, value });
      return;
    }
    for (const piece of value.split(/(\{[^{},]+\})/)) {
      if (!piece) continue;
      const members = piece.startsWith('{') && piece.endsWith('}') && piece.length > 2 ? characterClass(piece.slice(1, -1)) : null;
      if (members === null) out.push({ ...part, value: piece });
      else out.push({ type: 'BraceExpansion', span: part.span, sequence: null, alternatives: members.map((c) => [{ ...part, value: c }]) } as WordPart);
    }
  });
  return out;
}

/** zsh `braceccl`: the characters of `{…}` (`a-c` a range), each once, in order of their codes. */
function characterClass(body: string): string[] {
  const chars = new Set<number>();
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const [a, b] = [body.charCodeAt(i), body.charCodeAt(i + 2)];
      for (let c = Math.min(a, b); c <= Math.max(a, b) && chars.size <= budgets.maxFields; c++) chars.add(c);
      i += 2;
    } else chars.add(body.charCodeAt(i));
  }
  return [...chars].sort((a, b) => a - b).map((c) => String.fromCharCode(c));
}

/** A field a leading brace made: an unquoted `~` now at its start is a tilde prefix, up to the first `/`. */
function tildeAfterBraces(chunks: FieldChunks, context: WordContext, span: Span): FieldChunks | NotFixed {
  const field = mergeChunks(chunks);
  const first = field[0];
  if (!first || first.quoted || !first.text.startsWith('~')) return field;
  const slash = first.text.indexOf('/');
  // a prefix that runs on into quoted text is no tilde prefix; treeward does not follow it
  if (slash === -1 && field.length > 1) return new NotFixed({ source: 'user-home', user: first.text.slice(1) }, span);
  const user = first.text.slice(1, slash === -1 ? undefined : slash);
  const rest = slash === -1 ? '' : first.text.slice(slash);
  let home: string | null;
  if (user === '') home = context.home;
  else if (user === '+' && context.dialect.tildePlusMinus) home = context.cwd;
  else return new NotFixed({ source: 'user-home', user }, span);
  if (home === null) return new NotFixed({ source: 'home' }, span);
  return [{ text: home, quoted: true }, ...(rest ? [{ text: rest, quoted: false }] : []), ...field.slice(1)];
}

/** The text of a word when it is plain literal and quoted text (no expansion at all), else null (syntax/word-text.ts). */
export const literalWord: (word: Word) => string | null = quoteRemovedLiteral;

/** A field under construction: its chunks so far. */
type FieldChunks = Chunk[];

function finishField(chunks: FieldChunks): Field {
  if (chunks.length === 1) {
    // the usual field, one chunk: no joining, one copy (issue 18 item 2: allocation per field)
    const only = chunks[0]!;
    const merged = only.text ? [{ text: only.text, quoted: only.quoted }] : [];
    return { text: only.text, chunks: merged, glob: hasGlobCharacters(merged) };
  }
  let text = '';
  for (const chunk of chunks) text += chunk.text;
  const merged = mergeChunks(chunks);
  return { text, chunks: merged, glob: hasGlobCharacters(merged) };
}

function mergeChunks(chunks: FieldChunks): Chunk[] {
  const out: Chunk[] = [];
  for (const chunk of chunks) {
    if (!chunk.text) continue;
    const last = out[out.length - 1];
    if (last && last.quoted === chunk.quoted) last.text += chunk.text;
    else out.push({ text: chunk.text, quoted: chunk.quoted });
  }
  return out;
}

/**
 * Whether a field holds an unquoted `*`, `?`, or a `[` that opens a bracket
 * expression: one closed by a later `]` (a `]` right after `[` or `[!` is a
 * member), so `[ -f x ]` and `a[` stay words while `[ab]` matches names. A
 * `]` that is quoted still closes it, as in bash (`["a"]` matches `a`).
 */
export function hasGlobCharacters(chunks: readonly Chunk[]): boolean {
  // an unquoted `*` or `?` anywhere is a glob, and without an unquoted `[` nothing else can be: most fields are read
  // without building their text twice (issue 18 item 2)
  let bracket = false;
  for (const chunk of chunks) {
    if (chunk.quoted) continue;
    const t = chunk.text;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 42 || c === 63) return true;
      if (c === 91) bracket = true;
    }
  }
  if (!bracket) return false;
  let text = '';
  let unquoted = '';
  for (const chunk of chunks) {
    text += chunk.text;
    unquoted += (chunk.quoted ? '\u0000' : '\u0001').repeat(chunk.text.length);
  }
  for (let i = 0; i < text.length; i++) {
    if (unquoted.charCodeAt(i) !== 1) continue;
    const c = text[i];
    if (c === '*' || c === '?') return true;
    if (c === '[') {
      let first = i + 1;
      if (text[first] === '!' || text[first] === '^') first++;
      if (text.indexOf(']', first + 1) !== -1) return true;
    }
  }
  return false;
}

/** Cartesian product of field lists, within the field budget. */
function product(left: FieldChunks[], right: FieldChunks[], span: Span): Expanded {
  if (left.length * right.length > budgets.maxFields) return new NotFixed({ source: 'expansion-budget', sequence: null }, span);
  if (right.length === 1) {
    // the usual case, one more part of one field: appended in place (the left fields are this expansion's own arrays),
    // since copying each field at every part is quadratic in the parts of a word (30,000 `?/` took seconds)
    for (const a of left) for (const chunk of right[0]!) a.push(chunk);
    return left;
  }
  const out: FieldChunks[] = [];
  for (const a of left) for (const b of right) out.push([...a, ...b]);
  return out;
}

/** The part after an unbraced parameter opens a subscript in zsh (`$s[1]`, `$s[2,5]`): dialect row unbracedParameterSubscripts. */
function startsWithBracket(part: WordPart | undefined): boolean {
  if (part?.type === 'Glob') return part.pattern.startsWith('[');
  return part?.type === 'Literal' && part.value.startsWith('[');
}

/**
 * Expand parts into fields. `quoted` is true inside double quotes, where
 * nothing is split, globbed or brace-expanded.
 */
function expandParts(parts: readonly WordPart[], context: WordContext, quoted: boolean): Expanded {
  let fields: FieldChunks[] = [[]];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const after = parts[i + 1];
    const modifier = part.type === 'ParameterExpansion' && !part.braced && after?.type === 'Literal' && /^:[A-Za-z&]/.test(after.value);
    if (context.dialect.unbracedParameterModifiers && modifier) {
      return new NotFixed({ source: 'zsh-modifier', name: part.name, modifier: after.value.slice(0, 2) }, part.span);
    }
    if (context.dialect.unbracedParameterSubscripts && part.type === 'ParameterExpansion' && !part.braced && startsWithBracket(after)) {
      return new NotFixed({ source: 'parameter', name: part.name, braced: false }, part.span);
    }
    const expanded = expandPart(part, context, quoted);
    if (expanded instanceof NotFixed) return expanded;
    // a parameter split into several fields joins the text around it field by field; read only when it stands alone
    if (part.type === 'ParameterExpansion' && expanded.length > 1 && parts.length > 1) {
      return new NotFixed({ source: 'split-parameter', name: part.name }, part.span);
    }
    const joined = product(fields, expanded, part.span);
    if (joined instanceof NotFixed) return joined;
    fields = joined;
  }
  return fields;
}

function expandPart(part: WordPart, context: WordContext, quoted: boolean): Expanded {
  switch (part.type) {
    case 'Literal':
      // zsh `extendedglob`: `#`, `^` and `~` are glob operators, which treeward does not expand
      if (!quoted && context.dialect.extendedGlobOperators && /[#^~]/.test(part.value)) {
        return new NotFixed({ source: 'shell-option', option: 'extendedglob' }, part.span);
      }
      return [[{ text: part.value, quoted }]];
    case 'Escaped':
    case 'SingleQuoted':
      return [[{ text: part.value, quoted: true }]];
    case 'AnsiCQuoted':
      return [[{ text: part.value, quoted: true }]];
    case 'DoubleQuoted':
    case 'LocaleQuoted': {
      const inner = expandParts(part.parts, context, true);
      if (inner instanceof NotFixed) return inner;
      // inside double quotes every chunk is quoted and there is exactly one field
      return inner.map((f) => f.map((c) => ({ text: c.text, quoted: true })));
    }
    case 'Glob':
      if (quoted) return [[{ text: part.pattern, quoted: true }]];
      if (context.dialect.extendedGlobOperators && /[#^~]/.test(part.pattern)) {
        return new NotFixed({ source: 'shell-option', option: 'extendedglob' }, part.span);
      }
      if (!isSimpleGlob(part.pattern)) {
        // zsh's groups without extendedglob: `.g(i)t`, `(a|b)` match what any of their spellings match
        const spellings = context.dialect.zshGlobParens ? zshGroupSpellings(part.pattern) : null;
        if (spellings === null) return new NotFixed({ source: 'pattern', pattern: part.pattern }, part.span);
        return spellings.map((text) => [{ text, quoted: false }]);
      }
      return [[{ text: part.pattern, quoted: false }]];
    case 'BraceExpansion':
      return expandBraces(part, context, quoted);
    case 'Tilde': {
      if (part.user === '') {
        if (context.home === null) return new NotFixed({ source: 'home' }, part.span);
        return [[{ text: context.home, quoted: true }]];
      }
      if (part.user === '+' && context.cwd !== null) return [[{ text: context.cwd, quoted: true }]];
      // `~-` is OLDPWD: the directory before the line's last cd, when the walk knows it
      if (part.user === '-' && context.parameters.has('OLDPWD')) return [[{ text: context.parameters.get('OLDPWD')!, quoted: true }]];
      return new NotFixed({ source: 'user-home', user: part.user }, part.span);
    }
    case 'ParameterExpansion':
      return expandParameter(part, context, quoted);
    case 'CommandSubstitution':
      return new NotFixed({ source: 'substitution' }, part.span);
    case 'ProcessSubstitution':
      return new NotFixed({ source: 'process-substitution' }, part.span);
    case 'ArithmeticExpansion': {
      // over digits and names the line fixed to integers: the digits it expands to (core/arithmetic.ts, issue 16)
      const digits = evaluateArithmetic(part, (name) => context.parameters.get(name));
      // unquoted, it is split by IFS, which may hold a digit or `-` once the line changed it
      if (digits === null || (!quoted && context.splittingChanged)) return new NotFixed({ source: 'arithmetic' }, part.span);
      return [[{ text: digits, quoted: true }]];
    }
    case 'EqualsCommandPath':
      return new NotFixed({ source: 'command-path', name: part.name }, part.span);
  }
}

/**
 * A zsh pattern's groups `(a|b)` spelled out: every pattern one choice in
 * each group gives (`.g(i)t` is `.git`; `(.git|x)` is `.git` and `x`), or
 * null where the groups are not plain (a `/` or a `(` left over, an
 * unclosed group, past the field budget). Each spelling still matches what
 * the group's choice matches, so the fields cover every name the pattern can.
 */
function zshGroupSpellings(pattern: string): string[] | null {
  const open = pattern.indexOf('(');
  if (open === -1) return pattern.includes(')') ? null : [pattern];
  let depth = 0;
  const cuts: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length && close === -1; i++) {
    const c = pattern[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) close = i;
    else if (c === '|' && depth === 1) cuts.push(i);
    else if (c === '/') return null;
  }
  if (close === -1) return null;
  const bounds = [open, ...cuts, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length; k++) {
    const inner = zshGroupSpellings(pattern.slice(0, open) + pattern.slice(bounds[k]! + 1, bounds[k + 1]) + pattern.slice(close + 1));
    if (inner === null) return null;
    out.push(...inner);
    if (out.length > budgets.maxFields) return null;
  }
  return out;
}

/** `*`, `?` and bracket expressions only: extended globs and zsh's groups are not read. */
function isSimpleGlob(pattern: string): boolean {
  return !pattern.includes('(');
}

function expandBraces(part: WordPart & { type: 'BraceExpansion' }, context: WordContext, quoted: boolean): Expanded {
  if (part.sequence) {
    const { start, end, step } = part.sequence;
    const numeric = /^-?\d+$/.test(start) && /^-?\d+$/.test(end);
    const out: FieldChunks[] = [];
    if (numeric) {
      const a = Number(start);
      const b = Number(end);
      let s = step ? Math.abs(Number(step)) || 1 : 1;
      const count = Math.floor(Math.abs(b - a) / s) + 1;
      if (count > budgets.maxFields) return new NotFixed({ source: 'expansion-budget', sequence: `{${start}..${end}}` }, part.span);
      s = a <= b ? s : -s;
      const width = (start.startsWith('0') && start.length > 1) || (end.startsWith('0') && end.length > 1) ? Math.max(start.length, end.length) : 0;
      for (let i = 0, v = a; i < count; i++, v += s) out.push([{ text: width ? String(v).padStart(width, '0') : String(v), quoted }]);
      return out;
    }
    const a = start.charCodeAt(0);
    const b = end.charCodeAt(0);
    const s = step ? Math.abs(Number(step)) || 1 : 1;
    for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? s : -s) out.push([{ text: String.fromCharCode(v), quoted }]);
    return out;
  }
  const out: FieldChunks[] = [];
  for (const alternative of part.alternatives ?? []) {
    const fields = expandParts(alternative, context, quoted);
    if (fields instanceof NotFixed) return fields;
    for (const field of fields) {
      out.push(field);
      if (out.length > budgets.maxFields) return new NotFixed({ source: 'expansion-budget', sequence: null }, part.span);
    }
  }
  return out;
}

/** Parameters the shell always sets to one or more digits. */
const digitParameters = new Set(['$', 'PPID', 'RANDOM']);

function expandParameter(part: WordPart & { type: 'ParameterExpansion' }, context: WordContext, quoted: boolean): Expanded {
  const plain = isPlainParameter(part);
  const value = context.parameters.get(part.name);
  // `$$`, `$PPID` and `$RANDOM` expand to digits only (issue 16): whatever the value, the name the shell makes of them stays in the
  // directory it names, is never `..` nor a protected name, so it is read as a name of its own, spelled as the line spells it.
  // `$!` may expand to nothing (no job in the background yet): it stays unfixed.
  if (plain && value === undefined && digitParameters.has(part.name)) return [[{ text: part.braced ? `\${${part.name}}` : `$${part.name}`, quoted: true }]];
  if (!plain || value === undefined) {
    return new NotFixed({ source: 'parameter', name: part.name, braced: part.braced }, part.span);
  }
  // zsh neither splits nor globs an unquoted parameter; bash and sh do both.
  if (quoted) return [[{ text: value, quoted: true }]];
  // zsh `globsubst`: the value is a pattern; treeward does not read it as one
  if (context.dialect.globSubstitution) return new NotFixed({ source: 'shell-option', option: 'globsubst' }, part.span);
  if (!context.dialect.splitsUnquotedParameters) return [[{ text: value, quoted: true }]];
  if (context.splittingChanged) return new NotFixed({ source: 'changed-ifs', name: part.name }, part.span);
  const words = value.split(/[ \t\n]+/).filter((w) => w !== '');
  if (words.length === 0) return [[]];
  if (words.length === 1 && /^[ \t\n]|[ \t\n]$/.test(value) === false) return [[{ text: words[0]!, quoted: false }]];
  // Split fields: only a value with no leading/trailing blanks joins the text around it simply;
  // anything else is read field by field.
  return words.map((w) => [{ text: w, quoted: false }]);
}

/**
 * The text a word starts with before anything the line does not fix
 * (`"ext::$CMD"` → `ext::`), and whether that is the whole word.
 */
export function leadingText(word: Word): { text: string; whole: boolean } {
  let text = '';
  const walk = (parts: readonly WordPart[]): boolean => {
    for (const part of parts) {
      switch (part.type) {
        case 'Literal': case 'Escaped': case 'SingleQuoted': case 'AnsiCQuoted':
          text += part.value;
          break;
        case 'DoubleQuoted': case 'LocaleQuoted':
          if (!walk(part.parts)) return false;
          break;
        default:
          return false;
      }
    }
    return true;
  };
  const whole = walk(word.parts);
  return { text, whole };
}
