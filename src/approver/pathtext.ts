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

// Text helpers that scan once. The regular expressions they replace (`/\/+$/`,
// `/[?#].*$/`, `/\[.*\]$/`) are tried again at each character of a run, which
// is quadratic on a word of 1 MiB of slashes (a `cp a b////…x` took minutes).

/** `path` without its trailing slashes. */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47) end--;
  return end === path.length ? path : path.slice(0, end);
}

/** `text` up to the first of `chars`, or all of it. */
export function beforeFirst(text: string, chars: string): string {
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i]!)) return text.slice(0, i);
  return text;
}

/** A package name without a trailing `[extras]` group (`aider-chat[playwright]`). */
export function withoutExtras(name: string): string {
  if (!name.endsWith(']')) return name;
  const open = name.indexOf('[');
  return open >= 0 && open < name.length - 1 ? name.slice(0, open) : name;
}

export function baseName(path: string): string {
  const trimmed = trimTrailingSlashes(path);
  const i = trimmed.lastIndexOf('/');
  return i < 0 ? trimmed : trimmed.slice(i + 1);
}
