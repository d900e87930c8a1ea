// A user's shell may start with glob options from its startup files (a
// `setopt globdots` in ~/.zshrc makes `*` match `.git`): read them for the
// options that change matching.

import type { Dialect } from '../../syntax/dialect.js';
import { FsError, type FileSystem } from './fs.js';
import { joinToCwd } from './path-text.js';

/** Whether the dialect's startup files in `home` turn on dot globbing (dotglob, globdots, GLOBIGNORE). */
export function startupGlobDots(home: string, dialect: Dialect, fs: FileSystem): boolean {
  for (const name of dialect.startupFiles) {
    let text: string | null = null;
    try {
      text = fs.readFile ? fs.readFile(joinToCwd(name, home)) : null;
    } catch (error) {
      if (!(error instanceof FsError)) throw error;
      return true; // unreadable: assume the worst
    }
    if (text !== null && turnsOnDotGlob(text)) return true;
  }
  return false;
}

/**
 * Whether a startup file's text turns dot globbing on: `shopt [-opts] -s …
 * dotglob`, `set`/`setopt … globdots`, `set -o globdots`, or GLOBIGNORE set
 * at the start of a line. Read generously (a mention in a comment counts),
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
    }
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
