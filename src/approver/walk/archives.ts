// Archives the line itself makes (issue 13 item 5): `tar -cf a.tar LIST` or
// `zip -r a.zip LIST`, each name of LIST a literal path whose state treeward
// knows (the fs as the line found it, bounded, and what the line wrote or
// linked since), is read for the members it holds: their names as the maker
// writes them and whether each is a link. A later extraction of that same
// archive then writes exactly those members (walk/commands.ts), and only a
// link member counts as placed by the line. Anything unknown about the
// archive (it stood there before the line, something may have written it
// since, an option changes what it holds) leaves it unread, and the
// extraction is read as any archive's: every name in the directory may be a link.

import type { Span } from '../../syntax/span.js';
import type { Action } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import type { Directories, Effect } from '../core/effects.js';
import { matchesDotOrDotDot, matchesName, splitGlob } from '../core/glob.js';
import { isInsideOrEqual, joinPath, normalizeLexically, rawComponents } from '../core/path-text.js';
import { type LineFacts, type Member, type MemberKind, nested } from './line-facts.js';
import type { WalkState } from './state.js';

/** Entries one archive may hold for treeward to list them (the bound of the cp/mv walk of sources, rules/readings.ts): past it, it is unread. */
const listedEntries = 256;

type Making = Extract<Action, { kind: 'archive' }>;

/**
 * `tar -c`, `zip`: remember what the archive holds, read in each directory
 * the shell may be in. Another reading of the same command (GNU's and BSD's)
 * adds to what the first found; an archive that stood there before the line,
 * or that the line touched before this command, is not read.
 */
export function recordArchive(w: WalkState, making: Making, dirs: Directories, span: Span, command: number, glob: GlobReading): void {
  const text = making.arg.text;
  if (text === null) return; // the write of an unfixed archive leaves every archive unread (`stillHolds`)
  for (const dir of dirs ?? [null]) {
    if (dir === null && !text.startsWith('/')) return;
    const path = normalizeLexically(dir === null ? text : joinPath(dir, text));
    const earlier = w.facts.archives.get(path);
    const sameCommand = earlier !== undefined && earlier.command === command && earlier.span[0] === span[0] && earlier.span[1] === span[1];
    const listed = dir === null || making.sources === null || standsBefore(w, path, command) ? null : listSources(w, making, dir, glob);
    let members = listed?.members ?? null;
    let plainNames = listed?.plain ?? false;
    if (sameCommand) {
      members = earlier.members === null || members === null ? null : [...earlier.members, ...members];
      plainNames &&= earlier.plainNames;
    }
    w.facts.archives.set(path, { members, plainNames, span, command, end: w.effects.length, placedCount: w.facts.placed.length });
  }
}

/**
 * The members an extraction of `archive` writes, when the line made it and
 * nothing since may have changed it: in a loop the extraction may read the
 * archive of another pass, so there it is unread.
 */
export function madeMembers(w: WalkState, archive: Argument, dirs: Directories, strip = 0): Member[] | null {
  const text = archive.text;
  if (text === null || w.loopDepth > 0) return null;
  const places = text.startsWith('/') ? [normalizeLexically(text)] : dirs?.map((dir) => normalizeLexically(joinPath(dir, text)));
  if (!places) return null;
  const out: Member[] = [];
  for (const path of places) {
    const made = w.facts.archives.get(path);
    if (!made?.members || !stillHolds(w, path, made.end, made.placedCount)) return null;
    // GNU tar and bsdtar count `.` and empty components of a stored name each their own way (both run, 1.34 and 3.6.2): only plain names are read
    if (strip > 0 && !made.plainNames) return null;
    for (const m of made.members) {
      const parts = m.name === '' ? [] : m.name.split('/');
      // `--strip-components=N`: a member of N components or fewer is not extracted; a link keeps its target (only hard links' are stripped)
      if (strip > 0 && parts.length <= strip) continue;
      const name = parts.slice(strip).join('/');
      if (!out.some((o) => o.name === name && o.kind === m.kind)) out.push({ name, kind: m.kind });
    }
  }
  return out;
}

/**
 * Whether something stood at the archive's path before the command that
 * makes it: in the fs, or written, removed or placed by the line (a maker
 * that fails to write leaves that one; `zip` adds to it). unzip(1) reads
 * NAME.zip or NAME.ZIP when NAME is missing, so those must be absent too.
 */
function standsBefore(w: WalkState, path: string, command: number): boolean {
  const kinds = [path, `${path}.zip`, `${path}.ZIP`].map((p) => entryKind(w, p));
  if (kinds.some((kind) => kind !== null)) return true;
  if (w.facts.placedAround(path) || w.loopDepth > 0) return true;
  return w.effects.slice(0, command).some((e) => touches(e, [path, `${path}.zip`, `${path}.ZIP`]));
}

/** Nothing after the archive was made may have written, removed or placed anything at or above it, nor run a program treeward does not read. */
function stillHolds(w: WalkState, path: string, end: number, placedCount: number): boolean {
  const f = w.facts;
  if (f.namesUnknown || f.unknownContent || f.placedUnknownAt !== null) return false;
  if (f.placed.slice(placedCount).some((p) => nested(normalizeLexically(p.path), path))) return false;
  return !w.effects.slice(end).some((e) => touches(e, [path, `${path}.zip`, `${path}.ZIP`]));
}

/** A write or removal that may reach one of `paths` (absolute): at, above or below it, or through a word the line does not fix. */
function touches(e: Effect, paths: readonly string[]): boolean {
  if (e.kind !== 'write' && e.kind !== 'removal') return false;
  if (e.value.kind !== 'fixed') return true;
  return e.value.fields.some((field) => {
    if (field.glob) return true;
    const places = field.text.startsWith('/') ? ['/'] : e.dirs;
    return places === null || places.some((dir) => paths.some((p) => nested(p, normalizeLexically(joinPath(dir, field.text)))));
  });
}

function entryKind(w: WalkState, path: string): ReturnType<NonNullable<WalkState['options']['entryKind']>> {
  return w.options.entryKind ? w.options.entryKind(path) : 'unreadable';
}

/** How the shell matches a glob among the sources: dot names (dotglob, `(D)`), case (nocaseglob). */
export interface GlobReading {
  dots: boolean;
  caseless: boolean;
}

/**
 * The members the sources name, read in `dir` (or in a source's `-C`
 * directory below it), and whether each is stored under the name treeward
 * gives it; null when one of them is not read.
 */
function listSources(w: WalkState, making: Making, dir: string, glob: GlobReading): { members: Member[]; plain: boolean } | null {
  const f = w.facts;
  if (f.namesUnknown || f.unknownContent || f.placedUnknownAt !== null) return null;
  const out: Member[] = [];
  let plain = true;
  for (const source of making.sources!) {
    const texts = sourceTexts(w, source.arg, dir, glob);
    if (texts === null) return null;
    const base = source.from === undefined ? dir : joinPath(dir, source.from);
    for (const text of texts) {
      // `..` is resolved by the kernel (physically) and stripped by tar from the name: neither is read here; bsdtar's `@a.tar` copies another archive
      if (text === '' || text.startsWith('@') || rawComponents(text).includes('..')) return null;
      const path = normalizeLexically(joinPath(base, text));
      // the name as tar and zip store it: a leading `/` dropped (GNU tar 1.34: "Removing leading `/' from member names"), `.` names left out
      const name = rawComponents(text).filter((c) => c !== '.').join('/');
      if (name !== text) plain = false;
      const entries = sourceEntries(w, path, text.endsWith('/'), making.links);
      if (entries === null) return null;
      for (const [at, kind] of entries) addMember(out, at === path ? name : joinRelative(name, at.slice(path === '/' ? 1 : path.length + 1)), kind);
      if (out.length > listedEntries) return null;
    }
  }
  return { members: out, plain };
}

/** A member, and the directories above it, which are made as it lands (`tar -cf a.tar d/sub` extracts `out/d` too). */
function addMember(out: Member[], member: string, kind: MemberKind): void {
  const parts = member.split('/');
  for (let k = 1; k < parts.length; k++) {
    const above = parts.slice(0, k).join('/');
    if (!out.some((m) => m.name === above)) out.push({ name: above, kind: 'directory' });
  }
  out.push({ name: member, kind });
}

/**
 * The names one source word gives the maker: its text, or the names its
 * glob matches, which the shell lists in its own directory (not in tar's
 * `-C` one) before the maker runs: the fs's names there and the names the
 * line made there (one that did not land is a member that is not written,
 * which reads more, never less). Null when they cannot be listed: a
 * wildcard in a directory part, a pattern that can match `.` or `..`, names
 * the line made there that it does not fix, an extended or zsh pattern, a
 * match that starts with `-`.
 */
function sourceTexts(w: WalkState, arg: Argument, dir: string, glob: GlobReading): string[] | null {
  const field = arg.value.kind === 'fixed' && arg.value.fields.length === 1 ? arg.value.fields[0]! : null;
  if (field === null || arg.listed) return null;
  if (!field.glob) return arg.text === null ? null : [arg.text];
  if (field.chunks.some((c) => !c.quoted && /[()|#~^<>@!+]/.test(c.text)) || field.mayVanish) return null;
  const pattern = splitGlob(field.chunks);
  if (pattern.wildcardInDirectory || rawComponents(pattern.directory).includes('..') || matchesDotOrDotDot(pattern.last)) return null;
  const listedIn = normalizeLexically(joinPath(dir, pattern.directory || '.'));
  const made = w.facts.namesMadeIn(listedIn);
  const standing = w.options.listNames ? w.options.listNames(listedIn) : 'unreadable';
  if (made === null || standing === 'unreadable') return null;
  const names = [...new Set([...standing, ...made])].filter((name) => matchesName(pattern.last, name, glob.dots || field.dots === true, glob.caseless));
  // a match starting with `-` is an option to the maker (walk/option-globs.ts), whose place among the names depends on the locale's order
  if (names.length > listedEntries || (pattern.directory === '' && names.some((name) => name.startsWith('-')))) return null;
  return names.sort().map((name) => (pattern.directory === '' ? name : joinPath(pattern.directory, name)));
}

function joinRelative(base: string, rest: string): string {
  return base === '' ? rest : `${base}/${rest}`;
}

/**
 * What the maker stores for one source (absolute): the fs's entries at and
 * below it, and the names the line made there since (a name written, not
 * placed, is no link unless a link stood there: a write through a link
 * leaves it; a name `ln -s` made is a link). Null where something there is
 * not read: a link the maker follows (zip without `-y`, a trailing `/`), a
 * path the line placed otherwise, an extraction's, anything past the bound.
 */
function sourceEntries(w: WalkState, path: string, trailingSlash: boolean, mode: Making['links']): Map<string, MemberKind> | null {
  const f = w.facts;
  const entries = new Map<string, MemberKind>();
  if (f.extracted.some((root) => nested(root, path))) return null;
  const placed = f.placed.filter((p) => nested(normalizeLexically(p.path), path));
  if (placed.length > 0) {
    // `ln -s T path`: a link where nothing stood, and nothing else the line made below it. ln's reading places
    // `path/T` too, for a directory standing there (a line-made one): both are read as links, which is the most cautious
    const placedLinks = placed.map((p) => normalizeLexically(p.path));
    const made = madeAtOrBelow(f, path);
    if (mode === 'followed' || trailingSlash || !placed.every((p) => p.symlink === true) || !placedLinks.includes(path)) return null;
    if (placedLinks.some((p) => !isInsideOrEqual(p, path)) || entryKind(w, path) !== null || made.some((m) => !placedLinks.includes(m))) return null;
    if (f.namesUnknownBelow.some((root) => !placedLinks.includes(root) && nested(root, path))) return null;
    for (const link of [...new Set(placedLinks)].sort((a, b) => a.length - b.length)) entries.set(link, 'link');
    return entries;
  }
  if (f.namesUnknownBelow.some((root) => nested(root, path))) return null;
  const kind = entryKind(w, path);
  if (kind === 'unreadable' || kind === 'other') return null;
  if (kind === 'symlink') {
    if (mode === 'followed' || trailingSlash) return null;
    entries.set(path, 'link');
  } else if (kind === 'file') entries.set(path, 'file');
  else if (kind === 'directory' && !walkDirectory(w, path, entries, mode)) return null;
  for (const made of madeAtOrBelow(f, path)) {
    if (!entries.has(made)) {
      const there = entryKind(w, made);
      if (there === 'unreadable' || there === 'other' || (there === 'symlink' && mode === 'followed')) return null;
      entries.set(made, there === 'symlink' ? 'link' : there === 'directory' ? 'directory' : 'file');
    }
    // the directories it was made in, from the source down, are directories (or the links the fs holds there)
    for (let up = parentOf(made); isInsideOrEqual(up, path) && up !== made; up = parentOf(up)) {
      if (entries.get(up) !== 'link') entries.set(up, 'directory');
      if (up === path || up === '/') break;
    }
    if (entries.size > listedEntries) return null;
  }
  return entries;
}

/** A directory's entries below it, breadth first, each by what the fs holds (parents followed, the last name not). */
function walkDirectory(w: WalkState, root: string, entries: Map<string, MemberKind>, links: Making['links']): boolean {
  entries.set(root, 'directory');
  const queue = [root];
  while (queue.length > 0) {
    const dir = queue.shift()!;
    const names = w.options.listNames ? w.options.listNames(dir) : 'unreadable';
    if (names === 'unreadable') return false;
    for (const name of names) {
      const path = joinPath(dir, name);
      const kind = entryKind(w, path);
      if (kind === 'unreadable' || kind === 'other' || kind === null || (kind === 'symlink' && links === 'followed')) return false;
      entries.set(path, kind === 'symlink' ? 'link' : kind);
      if (kind === 'directory') queue.push(path);
      if (entries.size > listedEntries) return false;
    }
  }
  return true;
}

/** The names the line made (wrote or placed) at or below `path`, absolute. */
function madeAtOrBelow(f: LineFacts, path: string): string[] {
  const out: string[] = [];
  for (const [parent, names] of f.madeNames) {
    if (!isInsideOrEqual(parent, path) && parent !== parentOf(path)) continue;
    for (const name of names) {
      const full = joinPath(parent, name);
      if (isInsideOrEqual(full, path)) out.push(full);
    }
  }
  return out.sort((a, b) => a.length - b.length);
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

