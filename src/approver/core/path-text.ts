// Path text without a filesystem: joining, lexical normalising, containment,
// and the small scans the readers share. What a path is "as written" (SPEC §3
// "Reading a path"); what it is through its links is path-reading.ts's.
//
// The scans are written to run once over their text: the regular expressions
// they replace (`/\/+$/`, `/[?#].*$/`, `/\[.*\]$/`) are tried again at each
// character of a run, which is quadratic on a word of 1 MiB of slashes (a
// `cp a b////…x` took minutes).

const slash = 47;
const dot = 46;

export function isAbsolute(path: string): boolean {
  return path.startsWith('/');
}

/** The names of a path, `.` and `..` kept, empty components (from `//` or a trailing `/`) dropped. */
export function rawComponents(path: string): string[] {
  return path.split('/').filter((c) => c !== '');
}

/** `dir/target`, or `target` when it is absolute. The join is raw: `..` stays, so resolving it stays physical. */
export function joinPath(dir: string, target: string): string {
  if (target.startsWith('/')) return target;
  if (target === '' || target === '.') return dir;
  return dir.endsWith('/') ? dir + target : dir + '/' + target;
}

/**
 * `path` joined to `cwd` when relative, not normalised: the text the kernel
 * walks, `..` and all. An empty path reads as `cwd` itself.
 */
export function joinToCwd(path: string, cwd: string): string {
  if (isAbsolute(path)) return path;
  if (!isAbsolute(cwd)) throw new TypeError(`the current directory must be absolute: ${JSON.stringify(cwd)}`);
  if (path === '') return cwd;
  return cwd.endsWith('/') ? cwd + path : `${cwd}/${path}`;
}

/**
 * Whether a written path ends so that its last name is followed: a trailing
 * `/`, or a final `.` component (`x/.`, `.`).
 */
export function endsAsDirectory(path: string): boolean {
  // without splitting the path into its names: past a trailing `/`, its last name is `.` only when the text ends in `/.` or is `.`
  return path.endsWith('/') || path === '.' || path.endsWith('/.');
}

/** Lexical normalisation of an absolute path: `.` dropped, `..` pops (and stays at the root), `//` collapsed. */
export function normalizeLexically(absPath: string): string {
  // most paths the approver compares are normal already: return them as they are, without splitting
  if (isNormal(absPath)) return absPath;
  const out: string[] = [];
  for (const c of rawComponents(absPath)) {
    if (c === '.') continue;
    if (c === '..') out.pop();
    else out.push(c);
  }
  return '/' + out.join('/');
}

/** Whether normalizeLexically would return `absPath` unchanged: absolute, no empty, `.` or `..` component, no trailing `/`. */
function isNormal(absPath: string): boolean {
  if (absPath.charCodeAt(0) !== slash) return false;
  if (absPath.length === 1) return true;
  if (absPath.charCodeAt(absPath.length - 1) === slash) return false;
  for (let i = 0; i < absPath.length; i++) {
    if (absPath.charCodeAt(i) !== slash) continue;
    // the component after this `/`: empty, `.` or `..`?
    const a = absPath.charCodeAt(i + 1);
    if (a === slash) return false;
    if (a === dot) {
      const b = absPath.charCodeAt(i + 2);
      if (Number.isNaN(b) || b === slash) return false;
      if (b === dot) {
        const c = absPath.charCodeAt(i + 3);
        if (Number.isNaN(c) || c === slash) return false;
      }
    }
  }
  return true;
}

/** `path` lies strictly below `dir`, lexically (both absolute; normalised here). `/a/bc` is not inside `/a/b`. */
export function isInside(path: string, dir: string): boolean {
  if (!isAbsolute(path) || !isAbsolute(dir)) return false;
  const p = normalizeLexically(path);
  const d = normalizeLexically(dir);
  if (p === d) return false;
  return d === '/' || p.startsWith(d + '/');
}

/** `path` is `dir` or lies below it, lexically. */
export function isInsideOrEqual(path: string, dir: string): boolean {
  if (!isAbsolute(path) || !isAbsolute(dir)) return false;
  const p = normalizeLexically(path);
  const d = normalizeLexically(dir);
  return p === d || d === '/' || p.startsWith(d + '/');
}

/** `path` without its trailing slashes. */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === slash) end--;
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
