// Where the hook judges a line and pins it (SPEC §1 "Where the line runs"):
// the request's directory when it lies in the tree as written and as resolved
// through links, else the tree.

import { realpathSync, statSync } from 'node:fs';

/**
 * Where the line is pinned (`pin`) and where the harness runs it without the
 * rewrite (`request`). The request's directory is used when it lies in the
 * tree as written and as resolved through links (the tree's own spelling, as
 * the harness gave it, is read as the tree); otherwise the line is judged from
 * the tree and pinned there.
 */
export function placeLine(requestDir: string, treeAsGiven: string, tree: string): { pin: string; request: string } {
  const written = isInsideOrEqual(requestDir, treeAsGiven) && treeAsGiven !== tree ? tree + requestDir.slice(treeAsGiven.length) : requestDir;
  if (isInsideOrEqual(written, tree)) {
    const resolved = realDirectory(requestDir);
    if (resolved !== null && isInsideOrEqual(resolved, tree)) return { pin: written, request: written };
  }
  return { pin: tree, request: requestDir };
}

/** `path` is `dir` or lies below it, at a path boundary (both absolute and normalised). */
export function isInsideOrEqual(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir === '/' ? '/' : `${dir}/`);
}

/** The directory resolved through its links, or null when it is not a directory. */
export function realDirectory(path: string): string | null {
  try {
    const real = realpathSync.native(path);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}
