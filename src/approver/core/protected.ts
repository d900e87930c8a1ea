// The protected set (SPEC §3): in the tree, `.git` at its root and at each
// submodule path of `.gitmodules`, the git directory a `.git` file points
// to, and the harness settings at the root; in the home directory, the
// harnesses', ssh's, gpg's, cloud and shell settings; plus configured extras.
// Any path with a component named `.git` is protected as well. Names are
// compared as every filesystem reads them (core/names.ts, issue 14 item 1).

import { FsError, type FileSystem } from './fs.js';
import { foldPath, foldsToItself, sameName } from './names.js';
import { joinToCwd, normalizeLexically } from './path-text.js';

export const treeRootNames = ['.claude', '.codex', '.gemini', '.mcp.json'];

export const homeNames = [
  '.claude', '.claude.json', '.codex', '.gemini', '.ssh', '.gnupg', '.aws', '.config/treeward', '.config/git', '.gitconfig',
  '.bashrc', '.bash_aliases', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.zlogout',
];

export interface ProtectedSet {
  /** Absolute, normalised paths that are protected with everything below them. */
  paths: string[];
  /** Each path's key (core/names.ts `foldPath`), index for index. */
  keys: string[];
  /**
   * Each key's first index in `keys`, built on first use: an owner is found by the path's ancestors, not by every key.
   * With `fixed`, only of the keys before `fixed.start`.
   */
  byKey?: Map<string, number>;
  /** The set's paths from `start` on are the fixed paths for its settings, whose keys' first indices (from `start`) are `byKey`, shared by every verdict. */
  fixed?: { start: number; byKey: ReadonlyMap<string, number> };
  /** The existing protected paths by identity (`device:inode` to path), read when first needed (`protectedIdentities`). */
  identities?: Map<string, string>;
  /** Files a few levels below the protected directories by identity, read when a write meets a file with several names. */
  fileIdentities?: Map<string, string>;
}

/** Build the protected set for a tree; reads `.gitmodules` and `.git` files through the seam. */
export function protectedSet(tree: string, home: string, extras: readonly string[], fs: FileSystem): ProtectedSet {
  const paths = new Set<string>();
  const addGit = (dir: string) => {
    const git = normalizeLexically(joinToCwd('.git', dir));
    paths.add(git);
    // a `.git` file (worktree, submodule) points at the real git directory
    const pointer = readSmall(fs, git);
    const target = pointer === null ? null : lineValue(pointer, /^gitdir:([\s\S]*)$/);
    if (target !== null) paths.add(normalizeLexically(joinToCwd(target, dir)));
  };
  addGit(tree);
  const modules = readSmall(fs, joinToCwd('.gitmodules', tree));
  if (modules !== null) {
    for (const line of modules.split('\n')) {
      const path = lineValue(line, /^\s*path\s*=([\s\S]*)$/);
      if (path === null) continue;
      if (path.startsWith('/') || path.split('/').includes('..')) continue;
      addGit(normalizeLexically(joinToCwd(path, tree)));
    }
  }
  // the git paths first, then the names that need no read, in the order they always had (the owner a rule names is the first match)
  const list = [...paths];
  const keys = list.map(foldPath);
  const fixed = fixedPaths(tree, home, extras);
  const start = list.length;
  for (let i = 0; i < fixed.paths.length; i++) {
    const path = fixed.paths[i]!;
    if (paths.has(path)) continue;
    list.push(path);
    keys.push(fixed.keys[i]!);
  }
  // the fixed paths' index is shared when they all follow the git paths, as they do unless a `.git` file points at one of them
  const whole = list.length - start === fixed.paths.length;
  return whole ? { paths: list, keys, fixed: { start, byKey: fixed.byKey } } : { paths: list, keys };
}

/** The protected paths that need no read of the tree (its harness settings, the home's, the configured extras), with their keys. */
interface FixedPaths {
  tree: string;
  home: string;
  extras: readonly string[];
  paths: readonly string[];
  keys: readonly string[];
  /** Each key's first index in `keys`. */
  byKey: ReadonlyMap<string, number>;
}

/**
 * The last fixed part worked out, for the tree, home and extras it was made from: a process judges line after
 * line for the same settings, and normalising and folding some thirty paths was a tenth of a short line's
 * verdict (issue 18 item 3). It holds text only, no answer of the filesystem, so it is never stale.
 */
let lastFixed: FixedPaths | null = null;

function fixedPaths(tree: string, home: string, extras: readonly string[]): FixedPaths {
  if (lastFixed !== null && lastFixed.tree === tree && lastFixed.home === home && sameStrings(lastFixed.extras, extras)) return lastFixed;
  const paths = new Set<string>();
  for (const name of treeRootNames) paths.add(normalizeLexically(joinToCwd(name, tree)));
  for (const name of homeNames) paths.add(normalizeLexically(joinToCwd(name, home)));
  for (const extra of extras) {
    const expanded = extra === '~' ? home : extra.startsWith('~/') ? joinToCwd(extra.slice(2), home) : extra;
    if (expanded.startsWith('/')) paths.add(normalizeLexically(expanded));
    else paths.add(normalizeLexically(joinToCwd(expanded, tree)));
  }
  const list = [...paths];
  const keys = list.map(foldPath);
  lastFixed = { tree, home, extras: [...extras], paths: list, keys, byKey: firstIndices(keys, keys.length) };
  return lastFixed;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Each of the first `end` keys' first index. */
function firstIndices(keys: readonly string[], end: number): Map<string, number> {
  const byKey = new Map<string, number>();
  for (let i = 0; i < end; i++) if (!byKey.has(keys[i]!)) byKey.set(keys[i]!, i);
  return byKey;
}

/**
 * The first line of `text` that `pattern` matches, its group trimmed, or null
 * (also when empty). Line by line: the files are in the tree, the agent can
 * write them, and a pattern run over the whole text with `^\s*` in multiline
 * mode restarts at every line, which on a file of blank lines is quadratic.
 */
function lineValue(text: string, pattern: RegExp): string | null {
  for (const line of text.split('\n')) {
    const m = pattern.exec(line);
    if (m === null) continue;
    const value = m[1]!.trim();
    if (value !== '') return value;
  }
  return null;
}

/**
 * `.gitmodules` or a `.git` file. One that exists but cannot be read hides
 * which paths are protected, so its FsError reaches approve(), which denies.
 */
function readSmall(fs: FileSystem, path: string): string | null {
  return fs.readFile ? fs.readFile(path) : null;
}

/** Whether `key` (folded) is `inside` (folded) or lies under it. */
function keyInsideOrEqual(key: string, inside: string): boolean {
  return key === inside || inside === '/' || (key.startsWith(inside) && key.charCodeAt(inside.length) === 47);
}

/**
 * Whether the names of `path` (absolute, normal, as written) begin with those
 * of the protected key `inside`, each name compared as some filesystem reads
 * it (an 8.3 short name for its long one): the slow path, for a path with a `~`.
 */
function namesInsideOrEqual(path: string, inside: string): boolean {
  if (inside === '/') return true;
  const names = path.split('/');
  const wanted = inside.split('/');
  if (names.length < wanted.length) return false;
  for (let i = 1; i < wanted.length; i++) if (!sameName(names[i]!, wanted[i]!)) return false;
  return true;
}

/** The protected path that `path` is or lies under (or a `.git` component), else null; names compared as every filesystem reads them. */
export function protectedOwner(path: string, set: ProtectedSet): string | null {
  if (path.startsWith('/')) {
    // the set's paths are normal already: normalise this one once, not once per protected path
    const normal = normalizeLexically(path);
    const owner = ownerIndex(foldPath(normal), set);
    if (owner >= 0) return set.paths[owner]!;
    if (normal.includes('~')) for (let i = 0; i < set.keys.length; i++) if (namesInsideOrEqual(normal, set.keys[i]!)) return set.paths[i]!;
  }
  const parts = path.split('/');
  // a name that folds to itself is `.git` on some filesystem only as `.git` itself (names.ts): no name need be folded
  const git = foldsToItself(path) ? parts.indexOf('.git') : parts.findIndex((part) => sameName(part, '.git'));
  if (git >= 0) return parts.slice(0, git + 1).join('/') || '/';
  return null;
}

/**
 * The first index (in the set's order) of a key that is `key` or one of its
 * ancestors, or -1: what a scan of every key with keyInsideOrEqual finds,
 * by a lookup per ancestor (a verdict may ask this for thousands of words).
 */
function ownerIndex(key: string, set: ProtectedSet): number {
  const { fixed } = set;
  const byKey = (set.byKey ??= firstIndices(set.keys, fixed ? fixed.start : set.keys.length));
  // a key before the fixed paths comes first in the set's order
  const indexOf = (k: string): number | undefined => {
    const i = byKey.get(k);
    if (i !== undefined || fixed === undefined) return i;
    const j = fixed.byKey.get(k);
    return j === undefined ? undefined : fixed.start + j;
  };
  let best = indexOf('/') ?? -1;
  const consider = (k: string): void => {
    const i = indexOf(k);
    if (i !== undefined && (best < 0 || i < best)) best = i;
  };
  for (let at = key.indexOf('/', 1); at > 0; at = key.indexOf('/', at + 1)) consider(key.slice(0, at));
  consider(key);
  return best;
}

/** Protected paths lying strictly below `dir`, names compared as every filesystem reads them. */
export function protectedBelow(dir: string, set: ProtectedSet): string[] {
  const key = foldPath(dir);
  const slow = dir.includes('~');
  const out: string[] = [];
  for (let i = 0; i < set.keys.length; i++) {
    const k = set.keys[i]!;
    if (k === key) continue;
    if (keyInsideOrEqual(k, key) || (slow && shortBelow(dir, k))) out.push(set.paths[i]!);
  }
  return out;
}

/** Whether the protected key `k` lies strictly below `dir`, a path whose names may be short names (`/tree/VENDOR~1`). */
function shortBelow(dir: string, k: string): boolean {
  const names = dir.split('/');
  const wanted = k.split('/');
  if (wanted.length <= names.length) return false;
  for (let i = 1; i < names.length; i++) if (!sameName(names[i]!, wanted[i]!)) return false;
  return true;
}

/**
 * The protected paths that exist, by what they are (issue 14 item 2): device
 * and inode through the seam, so another spelling, a second mount or a link
 * of one is that path. Read once per verdict; a path the seam cannot stat is
 * left out (its name is still compared).
 */
export function protectedIdentities(set: ProtectedSet, fs: FileSystem): Map<string, string> {
  if (set.identities) return set.identities;
  const ids = new Map<string, string>();
  for (const p of set.paths) {
    const found = identityOf(fs, p);
    if (found !== null && !ids.has(found.id)) ids.set(found.id, p);
  }
  set.identities = ids;
  return ids;
}

/** How deep below a protected directory files are read by identity: `.git/config`, `.git/hooks/pre-commit`. */
const fileIdentityDepth = 2;

/**
 * Files standing in the protected directories, a few levels down, by identity:
 * what a hard link to one (`ln .git/config x`, made before the line) writes.
 * git's object store is skipped (its files are written once and never in
 * place); past `maxEntries` the rest are not read (fail open only for files
 * deeper or later than that, which the name rules still cover).
 */
export function protectedFileIdentities(set: ProtectedSet, fs: FileSystem, maxEntries = 2000): Map<string, string> {
  if (set.fileIdentities) return set.fileIdentities;
  const ids = new Map<string, string>();
  let left = maxEntries;
  const visit = (dir: string, owner: string, depth: number) => {
    let names: string[] | null = null;
    try {
      names = fs.readdir(dir);
    } catch (error) {
      if (!(error instanceof FsError)) throw error;
    }
    for (const name of names ?? []) {
      if (--left < 0) return;
      if (name === 'objects' && owner.endsWith('/.git')) continue;
      const path = `${dir}/${name}`;
      const found = identityOf(fs, path);
      if (found?.kind === 'file') ids.set(found.id, owner);
      else if (found?.kind === 'directory' && depth < fileIdentityDepth) visit(path, owner, depth + 1);
    }
  };
  for (const p of set.paths) {
    const found = identityOf(fs, p);
    if (found?.kind === 'file') ids.set(found.id, p);
    else if (found?.kind === 'directory') visit(p, p, 1);
  }
  set.fileIdentities = ids;
  return ids;
}

function identityOf(fs: FileSystem, path: string) {
  if (!fs.identity) return null;
  try {
    return fs.identity(path);
  } catch (error) {
    if (error instanceof FsError) return null;
    throw error;
  }
}
