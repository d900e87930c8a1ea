// The protected set (SPEC §3): in the tree, `.git` at its root and at each
// submodule path of `.gitmodules`, the git directory a `.git` file points
// to, and the harness settings at the root; in the home directory, the
// harnesses', ssh's, gpg's, cloud and shell settings; plus configured extras.
// Any path with a component named `.git` is protected as well.

import type { FileSystem } from './fs.js';
import { isInsideOrEqual, joinToCwd, normalizeLexically } from './path-text.js';

export const treeRootNames = ['.claude', '.codex', '.gemini', '.mcp.json'];

export const homeNames = [
  '.claude', '.claude.json', '.codex', '.gemini', '.ssh', '.gnupg', '.aws', '.config/treeward', '.config/git', '.gitconfig',
  '.bashrc', '.bash_aliases', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin', '.zlogout',
];

export interface ProtectedSet {
  /** Absolute, normalised paths that are protected with everything below them. */
  paths: string[];
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
  for (const name of treeRootNames) paths.add(normalizeLexically(joinToCwd(name, tree)));
  for (const name of homeNames) paths.add(normalizeLexically(joinToCwd(name, home)));
  for (const extra of extras) {
    const expanded = extra === '~' ? home : extra.startsWith('~/') ? joinToCwd(extra.slice(2), home) : extra;
    if (expanded.startsWith('/')) paths.add(normalizeLexically(expanded));
    else paths.add(normalizeLexically(joinToCwd(expanded, tree)));
  }
  return { paths: [...paths] };
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

/** The protected path that `path` is or lies under (or a `.git` component), else null. */
export function protectedOwner(path: string, set: ProtectedSet): string | null {
  if (path.startsWith('/')) {
    // the set's paths are normal already: normalise this one once, not once per protected path
    const normal = normalizeLexically(path);
    for (const p of set.paths) if (normal === p || p === '/' || (normal.startsWith(p) && normal.charCodeAt(p.length) === 47)) return p;
  }
  const parts = path.split('/');
  const git = parts.indexOf('.git');
  if (git >= 0) return parts.slice(0, git + 1).join('/') || '/';
  return null;
}

/** Protected paths lying strictly below `dir`. */
export function protectedBelow(dir: string, set: ProtectedSet): string[] {
  return set.paths.filter((p) => p !== dir && isInsideOrEqual(p, dir));
}
