// The readings of a target the rules judge (SPEC §3 "Reading a path"): each
// field of a fixed target, in each directory it may be read in, as written
// and as resolved through its links (core/path-reading.ts `readPath`); and
// the tests the rules share on them.

import type { Target } from '../core/effects.js';
import { directoryEntries, insideInBothReadings, type PathReading, readPath, type Resolution, resolveThroughLinks } from '../core/path-reading.js';
import { endsAsDirectory, isInside, isInsideOrEqual, joinPath, joinToCwd, normalizeLexically } from '../core/path-text.js';
import type { Field } from '../core/words.js';
import { type JudgeContext, LookupsExhausted } from './context.js';

export interface Reading {
  /** The field's text as written in the line. */
  text: string;
  /** Absolute, lexically normalised. */
  written: string;
  /** Through symlinks; null when it cannot be resolved (loop, error). */
  resolved: string | null;
  resolution: Resolution;
  /** The line's text ended in `/` or `/.`. */
  trailingSlash: boolean;
  /** Both readings, as core/path-reading.ts `readPath` returned them. */
  both: PathReading;
}

/** `text` read from `dir`; `followLast`: its last name is followed when it is a link (always, when it ends in `/` or `/.`). */
export function read(text: string, dir: string, ctx: JudgeContext, followLast: boolean): Reading {
  const both = readPath(text, dir, ctx.fs, { removal: !followLast, budget: ctx.budget });
  const { written, resolved } = both;
  if (!resolved.ok && resolved.reason === 'budget') throw new LookupsExhausted();
  return { text, written: written.path, resolved: resolved.ok ? resolved.path : null, resolution: resolved, trailingSlash: written.trailingSlash, both };
}

/** Every reading of a fixed, non-glob target: each field in each directory it may be read in. */
export function readings(target: Target, ctx: JudgeContext, followLast: boolean): Reading[] {
  if (target.value.kind !== 'fixed') return [];
  const out: Reading[] = [];
  for (const field of target.value.fields) {
    if (!readsLiterally(target, field, ctx)) continue;
    if (field.text.startsWith('/')) out.push(read(field.text, '/', ctx, followLast));
    else for (const dir of target.dirs ?? []) out.push(read(field.text, dir, ctx, followLast));
  }
  return out;
}

/** The readings of one field of a target. */
export function fieldReadings(target: Target, field: Field, ctx: JudgeContext, followLast: boolean): Reading[] {
  return readings({ ...target, value: { kind: 'fixed', fields: [field] } }, ctx, followLast);
}

/** The fields of a target the shell matches as globs. */
export function globFields(target: Target, ctx: JudgeContext): Field[] {
  return target.value.kind === 'fixed' ? target.value.fields.filter((f) => !readsLiterally(target, f, ctx)) : [];
}

/** A field the shell uses as written: no glob in it, or a redirection target in sh, which never globs one. */
export function readsLiterally(target: Target, field: Field, ctx: JudgeContext): boolean {
  return !field.glob || ('redirection' in target && target.redirection === true && !ctx.dialect.globsRedirectionTargets && !field.isMatch);
}

/** The tree, the run dirs and the temp dirs: where removals may land. */
export function allowedDirs(ctx: JudgeContext): string[] {
  return [ctx.tree, ...ctx.runDirs, ...ctx.tempDirs];
}

/** Inside (or at) the tree, a run dir or a temp dir both as written and through its links (each reading may be in a different one). */
export function insideAllowedBoth(reading: Reading, ctx: JudgeContext): boolean {
  return insideInBothReadings(reading.both, allowedDirs(ctx));
}

/** Inside (or at) the working tree both as written and through its links. */
export function insideTreeBoth(reading: Reading, ctx: JudgeContext): boolean {
  return insideInBothReadings(reading.both, ctx.tree);
}

/** Whether something stands at `path` (unreadable: assumed to). */
export function exists(path: string, ctx: JudgeContext): boolean {
  const { resolved } = readPath(path, '/', ctx.fs, { removal: true, budget: ctx.budget });
  if (!resolved.ok && resolved.reason === 'budget') throw new LookupsExhausted();
  return !resolved.ok || resolved.existing; // unreadable: assume it is there
}

/**
 * The earlier-placed path a target passes through (or ends at with `/`, or
 * ends at when `followsLast`: a write opens what a link there points to), if
 * any: `{ path: null }` where the line placed a path it does not fix first.
 * A copy or move of sources the fs shows hold no link placed none (issue 16).
 */
export function placedOnPath(target: Target, field: Field, ctx: JudgeContext, followsLast = false): { path: string | null; extracted?: true } | null {
  const extracted = target.extractedBefore ?? [];
  if (target.placedBefore.length === 0 && target.placedUnknownAt === null && extracted.length === 0) return null;
  for (const dir of field.text.startsWith('/') ? ['/'] : target.dirs ?? []) {
    const written = normalizeLexically(joinToCwd(field.text, dir));
    const trailing = endsAsDirectory(field.text);
    // below a name an extraction put in its directory: that name may be a link the archive holds
    for (const root of extracted) {
      if (!isInside(written, root)) continue;
      const below = (root === '/' ? written.slice(1) : written.slice(root.length + 1)).split('/');
      if (below.length >= 2 || (trailing && below.length === 1)) return { path: joinPath(root, below[0]!), extracted: true };
    }
    const placed = target.placedBefore;
    for (let k = 0; k <= placed.length; k++) {
      // where the line placed a path it does not fix, every later path through a directory is suspect
      if (k === target.placedUnknownAt && field.text.includes('/')) return { path: null };
      if (k === placed.length) break;
      const p = normalizeLexically(placed[k]!.path);
      if (!isInside(written, p) && !((trailing || followsLast) && written === p)) continue;
      // a copy that follows links lands a regular file: nothing passes through it, and what it opens is that file
      if (placed[k]!.regularFile || placed[k]!.copies?.every((source) => holdsNoLink(source, ctx))) continue;
      return placed[k]!.member ? { path: p, extracted: true } : { path: p };
    }
  }
  return null;
}

/** What an earlier command made that a glob may meet: a link, or a directory at a path (null: one the line does not fix). */
export type MadeAround = { by: string; what: 'link' | 'directory'; path: string | null };

/**
 * What an earlier command of the line made that a glob whose fixed directory part is `directory` may meet (SPEC §3
 * removal-unfixed-target, narrowed by issue 16), if anything: a link, or a copy or move of a source the fs does not
 * show to be a regular file (what landed may be a link), or a directory, made at, above or below the glob's directory,
 * as written or through the links the fs holds. Where that directory is reached through a link standing in the fs
 * (or `..`), the way to it is not only its own names, so any link the line made may lie in it.
 */
export function madeAroundGlob(target: Target, directory: string, ctx: JudgeContext): MadeAround | null {
  const made = target.madeBeforeCommand;
  const links = [...made.links, ...made.copies.filter((copy) => !copy.sources.every((source) => isRegularFile(source, ctx)))];
  if (links.length === 0 && made.directories.length === 0) return null;
  const dirs = directory.startsWith('/') ? ['/'] : target.dirs;
  const first = links[0] ?? made.directories[0]!;
  if (dirs === null) return { by: first.by, what: links.length > 0 ? 'link' : 'directory', path: first.path };
  for (const dir of dirs) {
    const glob = read(directory || '.', dir, ctx, true);
    // a made path around the glob's directory, as written or where the fs puts its parent (what the line made there is not read)
    const around = (path: string) => [path, read(path, '/', ctx, false).resolved].some((p) =>
      p !== null && (nestedPaths(p, glob.written) || (glob.resolved !== null && nestedPaths(p, glob.resolved))));
    if (links.length > 0 && (/(^|\/)\.\.(\/|$)/.test(directory) || reachedThroughLink(glob.written, ctx))) return { ...links[0]!, what: 'link' };
    for (const link of links) if (link.path === null || around(link.path)) return { ...link, what: 'link' };
    for (const made of target.madeBeforeCommand.directories) if (made.path === null || around(made.path)) return { ...made, what: 'directory' };
  }
  return null;
}

function nestedPaths(a: string, b: string): boolean {
  return isInsideOrEqual(a, b) || isInsideOrEqual(b, a);
}

/** Some directory on the way to `path` (absolute, normalised) is a link in the fs, or cannot be read. */
function reachedThroughLink(path: string, ctx: JudgeContext): boolean {
  const names = path.split('/').filter(Boolean);
  for (let i = 1; i <= names.length; i++) {
    const at = resolveThroughLinks(`/${names.slice(0, i).join('/')}`, ctx.fs, { followLast: false, budget: ctx.budget });
    if (!at.ok) {
      if (at.reason === 'budget') throw new LookupsExhausted();
      return true;
    }
    if (at.finalKind === 'symlink') return true;
    if (!at.existing) return false; // nothing stands there: what the line makes there is a made path around the glob
  }
  return false;
}

/** What stands at `source` (absolute) is a regular file, its last name not followed: a copy or move of it lands no link (cp(1), mv(1)). */
function isRegularFile(source: string, ctx: JudgeContext): boolean {
  const at = resolveThroughLinks(source, ctx.fs, { followLast: false, budget: ctx.budget });
  return at.ok && at.existing && at.finalKind === 'file';
}

/** Entries a directory copied or moved may hold for treeward to read them all (past it, it may hold a link). */
const linklessWalkEntries = 256;

/**
 * What stands at `source` (absolute) is a regular file, or a directory with
 * no link (nor anything but files and directories) anywhere below it, by a
 * bounded walk: a copy or move of it lands no link (cp(1), mv(1): a copy of a
 * regular file is a regular file; `cp -r` and `mv` carry a directory's links
 * along). Its parents are followed, its last name is not. Anything unread is
 * taken to be a link.
 */
export function holdsNoLink(source: string, ctx: JudgeContext): boolean {
  // once per line and source: the line's lookup budget is the key, as it is the line's own
  let known = linklessKnown.get(ctx.budget);
  if (!known) linklessKnown.set(ctx.budget, (known = new Map()));
  let answer = known.get(source);
  if (answer === undefined) known.set(source, (answer = walkHoldsNoLink(source, ctx)));
  return answer;
}

const linklessKnown = new WeakMap<object, Map<string, boolean>>();

function walkHoldsNoLink(source: string, ctx: JudgeContext): boolean {
  const at = resolveThroughLinks(source, ctx.fs, { followLast: false, budget: ctx.budget });
  if (!at.ok || !at.existing) return false;
  if (at.finalKind === 'file') return true;
  if (at.finalKind !== 'directory') return false;
  const todo = [at.path];
  let seen = 0;
  for (let dir = todo.pop(); dir !== undefined; dir = todo.pop()) {
    const entries = directoryEntries(dir, ctx.fs, ctx.budget);
    if (!entries.ok || !entries.isDirectory) return false;
    for (const name of entries.names) {
      if (++seen > linklessWalkEntries || !(ctx.budget.remaining > 0)) return false;
      const path = dir === '/' ? `/${name}` : `${dir}/${name}`;
      ctx.budget.remaining -= 1;
      let kind;
      try {
        kind = ctx.fs.lstat(path);
      } catch {
        return false;
      }
      if (kind === 'directory') todo.push(path);
      else if (kind !== 'file') return false;
    }
  }
  return true;
}
