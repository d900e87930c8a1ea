// A user's shell may start with glob options from its startup files (a
// `setopt globdots` in ~/.zshrc makes `*` match `.git`): read them for the
// options that change matching. Which files: the dialect's in the home
// directory, or in `$ZDOTDIR` when the inherited environment sets it, and the
// files `BASH_ENV` and `ENV` name; each followed through the files it
// sources (`source F`, `. F`), bounded (issue 13 item 8).

import { budgets } from '../../budgets.js';
import type { Dialect } from '../../syntax/dialect.js';
import { FsError, type FileSystem } from './fs.js';
import { joinToCwd, normalizeLexically } from './path-text.js';

/** Whether the startup files the harness's shell runs turn on dot globbing (dotglob, globdots, GLOBIGNORE). */
export function startupGlobDots(home: string, dialect: Dialect, fs: FileSystem, env: Readonly<Record<string, string | undefined>> = {}): boolean {
  const directoryVariable = dialect.startupDirectoryVariable;
  const directory = (directoryVariable !== null && env[directoryVariable]) || home;
  const names = [
    ...dialect.startupFiles.map((name) => joinToCwd(name, directory)),
    ...dialect.startupFileVariables.flatMap((variable) => (env[variable] ? [joinToCwd(expandHome(env[variable]!, home, directory), home)] : [])),
  ];
  const seen = new Set<string>();
  const queue = names.map((path) => ({ path, depth: 0 }));
  while (queue.length > 0) {
    const { path, depth } = queue.shift()!;
    const key = normalizeLexically(path);
    if (seen.has(key)) continue;
    seen.add(key);
    // past the bounds, what the rest would set is not known: assume the worst
    if (seen.size > budgets.maxStartupFiles || depth > budgets.maxStartupDepth) return true;
    let text: string | null = null;
    try {
      text = fs.readFile ? fs.readFile(key) : null;
    } catch (error) {
      if (!(error instanceof FsError)) throw error;
      return true; // unreadable: assume the worst
    }
    if (text === null) continue;
    if (turnsOnDotGlob(text)) return true;
    for (const sourced of sourcedFiles(text, home, directory)) queue.push({ path: sourced, depth: depth + 1 });
  }
  return false;
}

/** `~/x`, `$HOME/x`, `${HOME}/x`, `$ZDOTDIR/x` as the file they name. */
function expandHome(text: string, home: string, directory: string): string {
  return text.replace(/^~(?=\/|$)/, home).replace(/^\$\{?HOME\}?(?=\/|$)/, home).replace(/^\$\{?ZDOTDIR\}?(?=\/|$)/, directory);
}

/**
 * The files a startup file sources by a path treeward can fix: `source F` or `. F` at the start of
 * a command (after `;`, `&&`, `||`, `then`, `do`), quotes stripped, `~`, `$HOME` and `$ZDOTDIR`
 * expanded; a relative path is read from the home directory, where the harness's shell starts its
 * startup files. A path holding any other expansion is not followed: what it names is not fixed.
 */
export function sourcedFiles(text: string, home: string, directory: string = home): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    for (const segment of line.split(/;|&&|\|\||#/)) {
      const m = /^\s*(?:(?:if|then|do|else|elif|!)\s+)*(?:source|\.)\s+(\S+)/.exec(segment);
      if (!m) continue;
      // a quoted path with blanks in it is more than this word: not read
      if (/^["']/.test(m[1]!) && !/^(["']).*\1$/.test(m[1]!)) continue;
      const word = m[1]!.replace(/^(["'])(.*)\1$/, '$2');
      const path = expandHome(word, home, directory);
      if (/[$`*?[\]{}]/.test(path)) continue;
      out.push(joinToCwd(path, home));
    }
  }
  return out;
}

/**
 * Whether a startup file's text turns dot globbing on: `shopt [-opts] -s …
 * dotglob`, `set`/`setopt … globdots`, `set -o globdots`, zsh's negated
 * spellings (`unsetopt noglobdots`, `set +o noglobdots`) and its letter
 * (`set -4`, `setopt -4`), the names in any case and with underscores
 * anywhere (zsh ignores both: `setopt G_l_O_b_dots`), or GLOBIGNORE set at
 * the start of a line. Read generously (a mention in a comment counts),
 * since assuming dot globbing only refuses more. Line by line, each test
 * linear in its line: the file is read at every verdict and may be 1 MiB,
 * and a regular expression over the whole text that can restart at every
 * line (or every `set`) would take minutes on one of blank lines.
 */
export function turnsOnDotGlob(text: string): boolean {
  for (const line of text.split('\n')) {
    if (/^\s*(export\s+)?GLOBIGNORE=/.test(line)) return true;
    if (/\bset\s+-o\s+glob_?dots\b/i.test(line)) return true;
    for (const segment of line.split(/[;#]/)) {
      if (shoptSetsDotglob(segment)) return true;
      // `set` or `setopt`, and `globdots` somewhere after it: the first `set` leaves the most text after it
      const set = /\bset(opt)?\s+/i.exec(segment);
      if (set && /\bglob_?dots\b/i.test(segment.slice(set.index + set[0].length))) return true;
      if (zshTurnsOnGlobDots(segment)) return true;
    }
  }
  return false;
}

/** zsh's spellings the two tests above do not read: underscores anywhere, `unsetopt`/`+o` of `noglobdots`, the letter `-4`. */
function zshTurnsOnGlobDots(segment: string): boolean {
  const m = /\b(unsetopt|setopt|set)\s+(.*)$/i.exec(segment);
  if (!m) return false;
  const off = m[1]!.toLowerCase() === 'unsetopt';
  let previous = '';
  for (const word of m[2]!.split(/\s+/)) {
    const name = word.replace(/_/g, '').toLowerCase();
    // `set +o noglobdots` and `unsetopt noglobdots` turn it on; `setopt -4`, `set -4` (GLOB_DOTS's letter in zsh(1) OPTIONS)
    if (!off && /^-\w*4/.test(word)) return true;
    if (name === (off || previous === '+o' ? 'noglobdots' : 'globdots')) return true;
    previous = word;
  }
  return false;
}

/** `shopt`, options among which `-s`, then `dotglob` somewhere after that `-s`, in one command. */
function shoptSetsDotglob(segment: string): boolean {
  const shopt = /\bshopt\s+/g;
  for (let m = shopt.exec(segment); m !== null; m = shopt.exec(segment)) {
    const option = /(-\w+)\s+/y;
    option.lastIndex = m.index + m[0].length;
    for (let o = option.exec(segment); o !== null; o = option.exec(segment)) {
      if (o[1] === '-s') return /\bdotglob\b/.test(segment.slice(option.lastIndex));
    }
  }
  return false;
}
