// What the whole line has done so far, across its subshells: whether it
// wrote or removed a file, what it made that a later glob may meet (a link,
// a directory), what it put in place (`ln`, `mv`, `cp`), and which files'
// content it wrote, with the text where it is a literal (a script it then
// runs is read as that text).

import type { Span } from '../../syntax/span.js';
import type { Argument } from '../core/arguments.js';
import type { Directories, MadeBefore, MadePath, PlacedPath } from '../core/effects.js';
import { isInside, isInsideOrEqual, joinPath, normalizeLexically } from '../core/path-text.js';

/** What an archive member is: tar and zip store a link as a link (zip with `-y`), a directory as an entry of its own. */
export type MemberKind = 'file' | 'directory' | 'link';

/** One member of an archive the line made: its name relative to where it is extracted (normalised; `` is that directory). */
export interface Member {
  name: string;
  kind: MemberKind;
}

/**
 * An archive the line made (walk/archives.ts): what it holds (null: not listed), the command that made it
 * (its span, and how many effects the line had when that command began: the readings of one command add to
 * one archive), and how many effects and placements the line had once it was made (what came later may have changed it).
 */
export interface MadeArchive {
  members: readonly Member[] | null;
  /** Every member is stored under the name treeward gives it (no `./`, `//` or leading `/`): `--strip-components` counts its components alone. */
  plainNames: boolean;
  span: Span;
  command: number;
  end: number;
  placedCount: number;
}

export class LineFacts {
  /** An earlier part of the line wrote or removed a file. */
  wrote = false;
  /** What the line made so far that a later glob may meet (core/effects.ts `MadeBefore`); grown by `madeLink`, `madeCopies`, `madeDirectory`. */
  private readonly linksMade: MadePath[] = [];
  private readonly copiesMade: (MadePath & { sources: readonly string[] })[] = [];
  private readonly directoriesMade: MadePath[] = [];
  /** The last `madeSoFar()`, made again only once what was made grew (it only grows). */
  private madeCopy: MadeBefore = nothingMade;
  /**
   * `madeSoFar()` as it was when the simple command being walked began, after
   * its words' substitutions ran and before its redirections and its program:
   * what the command's own globs see. Null outside a simple command.
   */
  madeAtCommand: MadeBefore | null = null;
  /** The paths (absolute, as written) an earlier part linked, moved or copied into place. */
  readonly placed: PlacedPath[] = [];
  /** A copy of `placed` as it stands, for the targets that follow: made again only once `placed` grew (it only grows). */
  private placedCopy: readonly PlacedPath[] = [];
  placedSoFar(): readonly PlacedPath[] {
    if (this.placedCopy.length !== this.placed.length) this.placedCopy = [...this.placed];
    return this.placedCopy;
  }
  /** How many of `placed` came before the line first placed a path it does not fix (null: it has not). */
  placedUnknownAt: number | null = null;
  /** Absolute directories (as written, normalised) an extraction wrote members into, whose names may be links the archive holds. */
  readonly extracted: string[] = [];
  /** Files whose content the line wrote (as written, normalised): the literal text when known. */
  readonly contents = new Map<string, string | null>();
  /** The line wrote content to a target it does not fix. */
  unknownContent = false;
  /**
   * Directories (absolute, normalised) an extraction treeward did not read wrote into: every file at or below
   * one may hold content nobody judged (`tar -xf unread.tar -C out && sh out/x.sh` runs what the archive held).
   */
  readonly contentUnknownBelow: string[] = [];
  /** Those of them a recursive copy or move wrote (`cp -r a.txt b.txt` is most often one file: see programs/loading.ts `writtenSource`). */
  readonly copiedInto: string[] = [];
  /** Names the line made (wrote, placed), by the absolute directory they stand in (as written, normalised). */
  readonly madeNames = new Map<string, Set<string>>();
  /** Directories (absolute, normalised) below which the line may have made names it does not fix: a recursive write, an extraction, a placed link. */
  readonly namesUnknownBelow: string[] = [];
  /** The line may have made names anywhere: a target it does not fix, a program treeward does not read. */
  namesUnknown = false;
  /** Archives the line made (absolute, normalised), with what each holds when treeward listed it (walk/archives.ts). */
  readonly archives = new Map<string, MadeArchive>();

  /**
   * Several readings of one text that are alternatives, not steps (`su -c CODE` in whichever shell the user has):
   * each starts from the facts as they stand, so that one reading's writes and placed paths are not earlier parts
   * of the next; afterwards the facts hold what any of them did. The other facts only grow more suspicious, and
   * readings of one text make the same names and contents, so they are left as the readings leave them.
   */
  alternatives(readings: readonly (() => void)[]): void {
    const start = { wrote: this.wrote, placed: this.placed.length, extracted: this.extracted.length, placedUnknownAt: this.placedUnknownAt };
    const made = { links: this.linksMade.length, copies: this.copiesMade.length, directories: this.directoriesMade.length };
    const madeBy = { links: [] as MadePath[], copies: [] as (MadePath & { sources: readonly string[] })[], directories: [] as MadePath[] };
    let wrote = start.wrote;
    let unknownPlaced = false;
    const placed: PlacedPath[] = [];
    const extracted: string[] = [];
    for (const read of readings) {
      this.wrote = start.wrote;
      this.placed.length = start.placed;
      this.extracted.length = start.extracted;
      this.placedUnknownAt = start.placedUnknownAt;
      this.placedCopy = [];
      this.linksMade.length = made.links;
      this.copiesMade.length = made.copies;
      this.directoriesMade.length = made.directories;
      this.madeCopy = nothingMade;
      read();
      madeBy.links.push(...this.linksMade.slice(made.links));
      madeBy.copies.push(...this.copiesMade.slice(made.copies));
      madeBy.directories.push(...this.directoriesMade.slice(made.directories));
      wrote ||= this.wrote;
      placed.push(...this.placed.slice(start.placed));
      extracted.push(...this.extracted.slice(start.extracted));
      unknownPlaced ||= this.placedUnknownAt !== start.placedUnknownAt;
    }
    this.wrote = wrote;
    this.placed.length = start.placed;
    this.placed.push(...placed);
    this.extracted.length = start.extracted;
    this.extracted.push(...extracted);
    this.placedCopy = [];
    this.linksMade.length = made.links;
    this.linksMade.push(...madeBy.links);
    this.copiesMade.length = made.copies;
    this.copiesMade.push(...madeBy.copies);
    this.directoriesMade.length = made.directories;
    this.directoriesMade.push(...madeBy.directories);
    this.madeCopy = nothingMade;
    // a reading placed a path it does not fix: from where the readings began, every later path is suspect
    if (unknownPlaced) this.placedUnknownAt = start.placedUnknownAt ?? start.placed;
  }

  /** What the line made so far that a later glob may meet. */
  madeSoFar(): MadeBefore {
    const copy = this.madeCopy;
    const grew = copy.links.length !== this.linksMade.length || copy.copies.length !== this.copiesMade.length;
    if (grew || copy.directories.length !== this.directoriesMade.length) {
      this.madeCopy = { links: [...this.linksMade], copies: [...this.copiesMade], directories: [...this.directoriesMade] };
    }
    return this.madeCopy;
  }

  /**
   * Where an earlier command may have put a link: a path below one is not where its text says. Earlier, not the
   * command being walked: the places one command writes are its alternatives (`ln -s t x`: x, or x/t when x is a directory).
   */
  private belowMadeLink(path: string): boolean {
    const before = this.madeAtCommand ?? this.madeSoFar();
    return [...before.links, ...before.copies].some((m) => m.path === null || isInside(path, m.path));
  }

  /**
   * `by` may have planted a link, or made entries the line does not fix, at or below `path` (absolute, normalised;
   * null: anywhere): a later glob listing around it is not fixed (SPEC §3 removal-unfixed-target). Below a link the
   * line made, the path may lead anywhere.
   */
  madeLink(by: string, path: string | null): void {
    this.linksMade.push({ by, path: path === null || this.belowMadeLink(path) ? null : path });
  }

  /** `madeLink` at each place `arg` names there. */
  madeLinksAt(arg: Argument, where: Directories, by: string): void {
    if (!placeable(arg, where)) this.madeLink(by, null);
    else for (const dir of arg.text!.startsWith('/') ? ['/'] : where!) this.madeLink(by, normalizeLexically(joinPath(dir, arg.text!)));
  }

  /**
   * `cp`, `mv`: what landed at `path` is a copy of `sources` (absolute), or each source moved, and a link unless each is
   * a regular file (rules/readings.ts `madeAroundGlob` asks the fs). A source at or below something an earlier command
   * made is not what the fs shows, so then (or when the sources are not fixed, `null`) what landed may be a link.
   */
  madeCopies(by: string, sources: readonly string[] | null, path: string): void {
    const before = this.madeAtCommand ?? this.madeSoFar();
    const made = [...before.links, ...before.copies, ...before.directories];
    const madeThere = (source: string) => made.some((d) => d.path === null || nested(source, d.path));
    if (sources === null || sources.some(madeThere) || this.belowMadeLink(path)) this.madeLink(by, path);
    else this.copiesMade.push({ by, sources, path });
  }

  /** `mkdir`: a real directory at each place `arg` names there (null: one the line does not fix). */
  madeDirectory(arg: Argument, where: Directories, by: string): void {
    if (!placeable(arg, where)) {
      this.directoriesMade.push({ by, path: null });
      return;
    }
    for (const dir of arg.text!.startsWith('/') ? ['/'] : where!) this.directoriesMade.push({ by, path: normalizeLexically(joinPath(dir, arg.text!)) });
  }

  /** A walker of its own (a git setting's command) runs after what this line made so far. */
  inheritMade(from: LineFacts): void {
    this.linksMade.push(...from.linksMade);
    this.copiesMade.push(...from.copiesMade);
    this.directoriesMade.push(...from.directoriesMade);
  }

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
    if (places === null) return this.contents.size > 0 || this.unknownContent || this.contentUnknownBelow.length > 0 ? { literal: null } : null;
    let found: { literal: string | null } | null = null;
    for (const dir of places) {
      const key = normalizeLexically(joinPath(dir, text));
      if (this.contentUnknownBelow.some((root) => isInsideOrEqual(key, root))) return { literal: null };
      if (this.contents.has(key)) {
        const literal = this.contents.get(key)!;
        if (found && found.literal !== literal) return { literal: null };
        found = { literal };
      }
    }
    if (!found && this.unknownContent) return { literal: null };
    return found;
  }

  /** Every file whose content the line wrote, whether it wrote to a target it does not fix, and the directories below which it wrote unread files. */
  written(): { files: { path: string; literal: string | null }[]; unknown: boolean; unknownBelow: readonly string[]; copiedInto: readonly string[] } {
    return {
      files: [...this.contents].map(([path, literal]) => ({ path, literal })), unknown: this.unknownContent,
      unknownBelow: this.contentUnknownBelow, copiedInto: this.copiedInto,
    };
  }

  /**
   * ln, mv, cp: what they put in place may be a link, so later paths through it are not fixed.
   * `kind.copies`: the sources (absolute, as written) of a copy or move, when each is fixed and nothing
   * the line placed or extracted before lies at or above it (core/effects.ts `PlacedPath`); `by`: the
   * program, for a later glob's reason.
   */
  place(arg: Argument, where: Directories, kind: Omit<PlacedPath, 'path'>, by: string): void {
    this.noteName(arg, where, true);
    // what a later glob may meet: nothing new past a regular file (a copy that follows links), else what the sources decide
    const fixed = arg.text !== null && where !== null;
    const located = fixed && placeable(arg, where);
    if (!kind.regularFile && !located) this.madeLink(by, null);
    if (!fixed) {
      // something unknown was placed: every later path through a directory is suspect
      this.placedUnknownAt ??= this.placed.length;
      return;
    }
    for (const d of where!) {
      const path = joinPath(d, arg.text!);
      if (!kind.regularFile && located) {
        if (kind.copies) this.madeCopies(by, kind.copies, normalizeLexically(path));
        else this.madeLink(by, normalizeLexically(path));
      }
      this.placed.push({ path, ...kind });
    }
  }

  /**
   * `cp -r SRC DIR`, `mv SRC DIR`, `rsync -a`, `git clone URL DIR`: a recursive write puts files nobody read below
   * DIR, so running, sourcing or importing one is running content an earlier part of the line wrote (`dynamic-code`);
   * a directory the line does not fix may be anywhere, so any file may then hold it.
   */
  wroteBelow(arg: Argument, where: Directories): void {
    if (arg.text === null || (where === null && !arg.text.startsWith('/'))) {
      this.unknownContent = true;
      return;
    }
    for (const dir of arg.text.startsWith('/') ? ['/'] : where!) {
      const root = normalizeLexically(joinPath(dir, arg.text));
      this.contentUnknownBelow.push(root);
      this.copiedInto.push(root);
    }
  }

  /**
   * `tar -x -C DIR`, `unzip -d DIR`: every member may be a link, so later
   * paths below a name in DIR are not fixed (rules/readings.ts `placedOnPath`),
   * and every file below DIR may hold what the archive held (SPEC: running a
   * file an earlier part of the line wrote is `dynamic-code`); an extraction
   * into a directory the line does not fix places a path, and writes content,
   * it does not fix.
   */
  extractedInto(arg: Argument, where: Directories): void {
    if (arg.text === null || (where === null && !arg.text.startsWith('/'))) {
      this.placedUnknownAt ??= this.placed.length;
      this.unknownContent = true;
      return;
    }
    for (const dir of arg.text.startsWith('/') ? ['/'] : where!) {
      const root = normalizeLexically(joinPath(dir, arg.text));
      this.extracted.push(root);
      this.contentUnknownBelow.push(root);
    }
  }

  /**
   * A name the line made by a write or a placement, so that a later glob's
   * listing of its directory holds it; `below`: names it does not fix may
   * stand below it too (a recursive write, an extraction, a link).
   */
  noteName(arg: Argument, where: Directories, below: boolean): void {
    // a glob names what stands there already, or (matching nothing) its own text
    const texts = arg.text !== null ? [arg.text] : arg.value.kind === 'fixed' && !below ? arg.value.fields.map((f) => f.text) : null;
    if (texts === null) this.namesUnknown = true;
    else for (const text of texts) this.noteText(text, where, below);
  }

  private noteText(text: string, where: Directories, below: boolean): void {
    if (where === null && !text.startsWith('/')) {
      this.namesUnknown = true;
      return;
    }
    for (const dir of text.startsWith('/') ? ['/'] : where!) {
      const path = normalizeLexically(joinPath(dir, text));
      const slash = path.lastIndexOf('/');
      const parent = slash <= 0 ? '/' : path.slice(0, slash);
      const names = this.madeNames.get(parent) ?? new Set<string>();
      names.add(path.slice(slash + 1));
      this.madeNames.set(parent, names);
      if (below) this.namesUnknownBelow.push(path);
    }
  }

  /** The names the line may have made in `dir` (absolute, normalised); null when it may have made names there it does not fix. */
  namesMadeIn(dir: string): ReadonlySet<string> | null {
    if (this.namesUnknown) return null;
    if (this.namesUnknownBelow.some((root) => root === '/' || dir === root || dir.startsWith(`${root}/`))) return null;
    return this.madeNames.get(dir) ?? new Set();
  }

  /** Whether an earlier part of the line placed a path at, above or below `path` (absolute), or one it does not fix. */
  placedAround(path: string): boolean {
    if (this.placedUnknownAt !== null) return true;
    return this.placed.some((p) => nested(path, normalizeLexically(p.path)));
  }
}

/**
 * Whether what a command makes at `arg` stands where its text says, read in `where`: a fixed path, in known directories,
 * without `..` (the kernel takes `x/..` to the parent of where the link x leads, not to the name's own parent).
 */
function placeable(arg: Argument, where: Directories): boolean {
  if (arg.text === null || (where === null && !arg.text.startsWith('/'))) return false;
  return !/(^|\/)\.\.(\/|$)/.test(arg.text);
}

/** Nothing made yet. */
const nothingMade: MadeBefore = { links: [], copies: [], directories: [] };

/** One of two absolute paths lies at or below the other. */
export function nested(a: string, b: string): boolean {
  return isInsideOrEqual(a, b) || isInsideOrEqual(b, a);
}

/** Devices whose writes change nothing on disk. */
const harmlessDevices = new Set(['/dev/null', '/dev/tty', '/dev/stdout', '/dev/stderr', '/dev/stdin']);

/** Writes to these devices change nothing on disk. */
export function isHarmlessDevice(arg: Argument): boolean {
  return arg.text !== null && (harmlessDevices.has(arg.text) || /^\/dev\/fd\/[0-2]$/.test(arg.text));
}
