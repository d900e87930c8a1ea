// Reading a path (SPEC §3 "Reading a path", seed 0618): the one resolution
// every containment test uses. A path has two readings: **as written** (made
// absolute against the current directory and normalised lexically) and **as
// resolved** (walked component by component through the fs seam, following
// symlinks, bounded against loops and by a shared lookup budget). Inside
// means inside in both.
//
// Everything here is a pure function of POSIX path strings and the
// `FileSystem` seam: no node `fs`, no `path.resolve` (which reads
// process.cwd()).

import { budgets } from '../../budgets.js';
import { FsError, type EntryKind, type FileSystem } from './fs.js';
import { endsAsDirectory, isAbsolute, isInside, isInsideOrEqual, joinToCwd, normalizeLexically, rawComponents } from './path-text.js';

/** The kernel's bound on symlinks followed in one lookup (Linux MAXSYMLINKS): the 41st hop is ELOOP. */
export const maxLinkHops = 40;



/**
 * A lookup budget shared by every resolution a line makes: each call into the
 * seam (lstat, readlink, readdir) spends one. A lookup is made only while
 * `remaining` is above 0, so a budget of N allows exactly N lookups.
 */
export interface LookupBudget {
  remaining: number;
}

/** A fresh budget of `lookups` seam calls. */
export function lookupBudget(lookups: number = budgets.maxLookups): LookupBudget {
  return { remaining: lookups };
}

// ---------------------------------------------------------------------------
// As written

/** A path as written: absolute, normalised lexically. */
export interface WrittenPath {
  /** Absolute and normalised: no `.`, `..`, `//` or trailing `/` (except the root itself). */
  path: string;
  /** The original ended in `/` or `/.` (or was `.`): its last name is read as a directory and followed. */
  trailingSlash: boolean;
}

/** The path as written: absolute against `cwd` (which must be absolute), normalised lexically. */
export function writtenPath(path: string, cwd: string): WrittenPath {
  const joined = joinToCwd(path, cwd);
  return { path: normalizeLexically(joined), trailingSlash: endsAsDirectory(path) };
}

// ---------------------------------------------------------------------------
// As resolved

export type Resolution =
  | {
      ok: true;
      /** Absolute and normalised; free of symlinks where it exists (bar an unfollowed last name). */
      path: string;
      /** The whole resolved path exists. */
      existing: boolean;
      /** What stands at `path` (a `symlink` only when the last name was not followed); null when absent. */
      finalKind: EntryKind | null;
    }
  | {
      ok: false;
      /** `loop`: more than 40 symlinks; `budget`: the lookup budget ran out; `error`: the seam failed. */
      reason: 'loop' | 'budget' | 'error';
      detail: string;
    };

export type ResolutionFailure = Extract<Resolution, { ok: false }>;

export interface ResolveOptions {
  /** Follow a symlink in the last name. A path ending in `/` or `/.` always follows. */
  followLast: boolean;
  /** The line's shared lookup budget; spent here. */
  budget: LookupBudget;
}

class Stop extends Error {
  constructor(readonly failure: ResolutionFailure) {
    super(failure.detail);
  }
}

function describe(error: unknown): string {
  if (error instanceof FsError) return `${error.code} at ${error.path}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Walk `absPath` from the root through the seam, following symlinks.
 *
 * - A symlink is replaced by its target: absolute, or relative to the link's
 *   own (already resolved) directory; a target is always followed to its end.
 * - `..` is physical: once a prefix is resolved it holds no symlinks, so its
 *   parent is the parent of what the link pointed to.
 * - A name that does not exist (or stands below a non-directory) ends the
 *   lookups: what follows is appended lexically, since nothing below a missing
 *   entry can be a link. A `..` that climbs back out of the missing part
 *   resumes the walk, reading it as `mkdir -p` would once the missing
 *   directories exist.
 * - With `followLast: false` the original last name is not followed, unless
 *   the path ends in `/` or `/.`.
 *
 * Never throws: a seam failure (EACCES, ELOOP, EIO, or anything else thrown)
 * is `error`; more than 40 hops is `loop`; an empty budget is `budget`. Each
 * path is looked up at most once per call, so a seam that changes its answer
 * mid-walk still yields one consistent reading.
 */
export function resolveThroughLinks(absPath: string, fs: FileSystem, options: ResolveOptions): Resolution {
  try {
    return walk(absPath, fs, options);
  } catch (error) {
    if (error instanceof Stop) return error.failure;
    return { ok: false, reason: 'error', detail: describe(error) };
  }
}

function walk(absPath: string, fs: FileSystem, { followLast, budget }: ResolveOptions): Resolution {
  if (!isAbsolute(absPath)) {
    return { ok: false, reason: 'error', detail: `not an absolute path: ${JSON.stringify(absPath)}` };
  }

  const kinds = new Map<string, EntryKind | null>();
  const targets = new Map<string, string | null>();
  const spend = (what: string, path: string): void => {
    if (!(budget.remaining > 0)) {
      throw new Stop({ ok: false, reason: 'budget', detail: `lookup budget exhausted at ${what} ${path}` });
    }
    budget.remaining -= 1;
  };
  const lstat = (path: string): EntryKind | null => {
    if (kinds.has(path)) return kinds.get(path) ?? null;
    spend('lstat', path);
    const kind = fs.lstat(path);
    kinds.set(path, kind);
    return kind;
  };
  const readlink = (path: string): string | null => {
    if (targets.has(path)) return targets.get(path) ?? null;
    spend('readlink', path);
    const target = fs.readlink(path);
    targets.set(path, target);
    return target;
  };

  const parts = rawComponents(absPath);
  const lastIsName = parts.length > 0 && parts[parts.length - 1] !== '.' && parts[parts.length - 1] !== '..';
  const keepLast = !followLast && lastIsName && !absPath.endsWith('/');
  // The steps still to walk, next one last (a stack, so a link's target is pushed in front cheaply).
  // Names, not objects: the original last name is the stack's bottom (a link's names go on top, and no link is followed once
  // it is popped with keepLast), so the name popped that empties the stack is the one not to follow (issue 18 item 2).
  const todo: string[] = parts.reverse();

  /**
   * The resolved, existing, symlink-free prefix, as text (`` for the root, else `/a/b`): a name is added or
   * dropped at its end, not joined again from every name at each step (issue 18 item 2).
   */
  let resolved = '';
  /** Names below the first missing entry, appended lexically. */
  const missing: string[] = [];
  /** What stands at `resolved` (the root is a directory). */
  let kind: EntryKind = 'directory';
  let hops = 0;

  for (let name = todo.pop(); name !== undefined; name = todo.pop()) {
    const noFollow = keepLast && todo.length === 0;
    if (name === '.') continue;
    if (name === '..') {
      if (missing.length > 0) missing.pop();
      else if (resolved !== '') {
        resolved = resolved.slice(0, resolved.lastIndexOf('/'));
        kind = 'directory';
      }
      continue;
    }
    if (missing.length > 0 || kind !== 'directory') {
      // Below a missing entry or below a file: nothing here exists (ENOENT / ENOTDIR).
      missing.push(name);
      continue;
    }

    const here = `${resolved}/${name}`;
    const found = lstat(here);
    if (found === null) {
      missing.push(name);
      continue;
    }
    if (found !== 'symlink' || noFollow) {
      resolved = here;
      kind = found;
      continue;
    }

    hops += 1;
    if (hops > maxLinkHops) {
      return { ok: false, reason: 'loop', detail: `more than ${maxLinkHops} symlinks followed at ${here}` };
    }
    const target = readlink(here);
    if (target === null) {
      return { ok: false, reason: 'error', detail: `${here} changed while it was read (no longer a symlink)` };
    }
    if (target === '') {
      return { ok: false, reason: 'error', detail: `${here} is a symlink with an empty target` };
    }
    if (isAbsolute(target)) resolved = '';
    kind = 'directory';
    // The target's names, walked before what followed the link, all of them followed.
    const targetSteps = rawComponents(target);
    for (let i = targetSteps.length - 1; i >= 0; i -= 1) todo.push(targetSteps[i]!);
  }

  const existing = missing.length === 0;
  return {
    ok: true,
    path: missing.length > 0 ? `${resolved}/${missing.join('/')}` : resolved || '/',
    existing,
    finalKind: existing ? kind : null,
  };
}

// ---------------------------------------------------------------------------
// Both readings

export interface PathReading {
  written: WrittenPath;
  resolved: Resolution;
}

export interface ReadPathOptions {
  /** The path is a removal target: its last name is not followed (unless it ends in `/` or `/.`). */
  removal: boolean;
  budget: LookupBudget;
}

/** Both readings of `path` from `cwd` (absolute). */
export function readPath(path: string, cwd: string, fs: FileSystem, { removal, budget }: ReadPathOptions): PathReading {
  const written = writtenPath(path, cwd);
  const resolved = resolveThroughLinks(joinToCwd(path, cwd), fs, { followLast: !removal, budget });
  return { written, resolved };
}

export interface InsideOptions {
  /** Also count a reading equal to one of the directories (default true). */
  orEqual?: boolean;
}

/**
 * The path lies inside (or at) one of `dirs` as written AND as resolved. Each
 * reading may lie in a different one of `dirs` (a link from the tree into the
 * temp dir is inside "the tree, the run dirs or the temp dir"). A resolution
 * that failed is not inside.
 */
export function insideInBothReadings(
  reading: PathReading,
  dirs: string | readonly string[],
  { orEqual = true }: InsideOptions = {},
): boolean {
  if (!reading.resolved.ok) return false;
  const list = typeof dirs === 'string' ? [dirs] : dirs;
  const test = orEqual ? isInsideOrEqual : isInside;
  const within = (path: string): boolean => list.some((dir) => test(path, dir));
  return within(reading.written.path) && within(reading.resolved.path);
}

// ---------------------------------------------------------------------------
// Directory entries

export type DirectoryEntries =
  | {
      ok: true;
      /** A readable directory stands at the path (readdir follows a final symlink, as the shell's glob does). */
      isDirectory: boolean;
      /** Its names, sorted, without `.` and `..`; empty when it is not a directory. */
      names: string[];
    }
  | { ok: false; reason: 'budget' | 'error'; detail: string };

/** The names in `dir` through the seam, for glob checks. One lookup of the budget; never throws. */
export function directoryEntries(dir: string, fs: FileSystem, budget: LookupBudget): DirectoryEntries {
  if (!isAbsolute(dir)) return { ok: false, reason: 'error', detail: `not an absolute path: ${JSON.stringify(dir)}` };
  if (!(budget.remaining > 0)) {
    return { ok: false, reason: 'budget', detail: `lookup budget exhausted at readdir ${dir}` };
  }
  budget.remaining -= 1;
  try {
    const names = fs.readdir(dir);
    if (names === null) return { ok: true, isDirectory: false, names: [] };
    const clean = names.filter((n) => n !== '.' && n !== '..' && n !== '' && !n.includes('/'));
    return { ok: true, isDirectory: true, names: [...new Set(clean)].sort() };
  } catch (error) {
    return { ok: false, reason: 'error', detail: describe(error) };
  }
}
