// What the whole line has done so far, across its subshells: whether it
// wrote or removed a file (which could have made a directory a link), what
// it put in place (`ln`, `mv`, `cp`), and which files' content it wrote, with
// the text where it is a literal (a script it then runs is read as that text).

import type { Argument } from '../core/arguments.js';
import type { Directories } from '../core/effects.js';
import { joinPath, normalizeLexically } from '../core/path-text.js';

export class LineFacts {
  /** An earlier part of the line wrote or removed a file. */
  wrote = false;
  /**
   * `wrote` as it was when the simple command being walked began, after its
   * words' substitutions ran and before its redirections and its program:
   * what the command's own globs see. Null outside a simple command.
   */
  wroteAtCommand: boolean | null = null;
  /** Absolute paths (as written) an earlier part linked, moved or copied into place. */
  readonly placed: string[] = [];
  /** How many of `placed` came before the line first placed a path it does not fix (null: it has not). */
  placedUnknownAt: number | null = null;
  /** Files whose content the line wrote (as written, normalised): the literal text when known. */
  readonly contents = new Map<string, string | null>();
  /** The line wrote content to a target it does not fix. */
  unknownContent = false;

  /** Remember that the line wrote a file's content (and the text, when it is a literal). */
  noteContent(arg: Argument, dirs: Directories, literal: string | null): void {
    if (isHarmlessDevice(arg)) return;
    if (arg.text === null || (dirs === null && !arg.text.startsWith('/'))) {
      this.unknownContent = true;
      return;
    }
    for (const dir of arg.text.startsWith('/') ? ['/'] : dirs!) this.contents.set(normalizeLexically(joinPath(dir, arg.text)), literal);
  }

  /** Whether (and with what text) the line wrote the file a program is about to run. */
  contentOf(text: string, dirs: Directories): { literal: string | null } | null {
    const places = text.startsWith('/') ? ['/'] : dirs;
    if (places === null) return this.contents.size > 0 || this.unknownContent ? { literal: null } : null;
    let found: { literal: string | null } | null = null;
    for (const dir of places) {
      const key = normalizeLexically(joinPath(dir, text));
      if (this.contents.has(key)) {
        const literal = this.contents.get(key)!;
        if (found && found.literal !== literal) return { literal: null };
        found = { literal };
      }
    }
    if (!found && this.unknownContent) return { literal: null };
    return found;
  }

  /** Every file whose content the line wrote, and whether it wrote to a target it does not fix. */
  written(): { files: { path: string; literal: string | null }[]; unknown: boolean } {
    return { files: [...this.contents].map(([path, literal]) => ({ path, literal })), unknown: this.unknownContent };
  }

  /** ln, mv, cp -s/-l: what they put in place may be a link, so later paths through it are not fixed. */
  place(arg: Argument, where: Directories): void {
    if (arg.text === null || where === null) {
      // something unknown was placed: every later path through a directory is suspect
      this.placedUnknownAt ??= this.placed.length;
      return;
    }
    for (const d of where) this.placed.push(joinPath(d, arg.text));
  }
}

/** Devices whose writes change nothing on disk. */
const harmlessDevices = new Set(['/dev/null', '/dev/tty', '/dev/stdout', '/dev/stderr', '/dev/stdin']);

/** Writes to these devices change nothing on disk. */
export function isHarmlessDevice(arg: Argument): boolean {
  return arg.text !== null && (harmlessDevices.has(arg.text) || /^\/dev\/fd\/[0-2]$/.test(arg.text));
}
