// A user's shell may start with glob options from its startup files (a
// `setopt globdots` in ~/.zshrc makes `*` match `.git`): read them for the
// options that change matching.

import type { Dialect } from '../lexer/dialect.js';
import { FsError, type FileSystem } from './fs.js';
import { joinToCwd } from './paths.js';

const startupFiles: Record<string, string[]> = {
  zsh: ['.zshenv', '.zshrc'],
  bash: ['.bashrc'],
  sh: [],
};

/** Whether the dialect's startup files in `home` turn on dot globbing (dotglob, globdots, GLOBIGNORE). */
export function startupGlobDots(home: string, dialect: Dialect, fs: FileSystem): boolean {
  for (const name of startupFiles[dialect.name] ?? []) {
    let text: string | null = null;
    try {
      text = fs.readFile ? fs.readFile(joinToCwd(name, home)) : null;
    } catch (error) {
      if (!(error instanceof FsError)) throw error;
      return true; // unreadable: assume the worst
    }
    if (text === null) continue;
    if (/\bshopt\s+(-\w+\s+)*-s\s+[^\n;#]*\bdotglob\b/.test(text)) return true;
    if (/\bset(opt)?\s+[^\n;#]*\b(glob_?dots|GLOB_?DOTS)\b/i.test(text)) return true;
    if (/\bset\s+-o\s+(glob_?dots)\b/i.test(text)) return true;
    if (/^\s*(export\s+)?GLOBIGNORE=/m.test(text)) return true;
  }
  return false;
}
