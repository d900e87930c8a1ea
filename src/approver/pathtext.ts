// Path text without a filesystem: joining and lexical normalising.

/** `dir/target`, or `target` when it is absolute. The join is raw: `..` stays, so resolving it stays physical. */
export function joinPath(dir: string, target: string): string {
  if (target.startsWith('/')) return target;
  if (target === '' || target === '.') return dir;
  return dir.endsWith('/') ? dir + target : dir + '/' + target;
}

/** Lexical normalising: `.`, `..` and repeated slashes resolved as text (the path "as written"). */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return '/' + parts.join('/');
}

/** Whether `path` is `dir` or lies under it (both normalised absolute paths). */
export function isWithin(path: string, dir: string): boolean {
  if (dir === '/') return true;
  return path === dir || path.startsWith(dir + '/');
}

export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const i = trimmed.lastIndexOf('/');
  return i < 0 ? trimmed : trimmed.slice(i + 1);
}
