// What a program does, as its row in the program table reads it from its
// command line: the vocabulary between approver/programs/ (which reads
// programs) and approver/walk/ (which turns actions into effects, in order,
// with the shell state they change).

import type { Span } from '../../syntax/ast.js';
import type { Dialect, DialectName } from '../../syntax/dialect.js';
import type { Argument, Listing } from './arguments.js';
import type { Directories, Effect, FindFilter } from './effects.js';
import type { CodeFact, GitProblem } from './facts.js';
import type { OptionTable, ParsedOptions, PlatformName, Userland } from './options.js';
import type { InlineCodePolicy } from './types.js';
import type { WordContext } from './words.js';

/** What a program's row may know about the shell and the line at the point the program runs. */
export interface ProgramContext {
  dialect: Dialect;
  /** Whose tools run the line (ApproveOptions `platform`); absent: not known, and a row with a BSD reading is read both ways. */
  platform?: PlatformName;
  home: string;
  tempDir: string;
  /** The environment the line inherits. */
  env: Readonly<Record<string, string | undefined>>;
  /** Names given to the command: by the line (exported or bare, before it, through `env`), to their fixed text or null. */
  environment: ReadonlyMap<string, string | null>;
  /** The command's stdin is a pipe from an earlier command. */
  fedByPipe: boolean;
  /**
   * POSIXLY_CORRECT may be in the command's environment (inherited, given by the line, or after a change treeward does not
   * follow): GNU getopt then stops at the first operand, so a GNU program is also read that way (programs/invocation.ts).
   */
  posixlyCorrect?: boolean;
  agentNames: ReadonlySet<string>;
  wrappers: ReadonlySet<string>;
  inlineCode: InlineCodePolicy;
  wordContext: WordContext;
  dirs: Directories;
  writtenBefore: () => boolean;
  /**
   * A file's text as it stands before the line runs (an absolute path, through the fs seam and its size
   * budget): 'absent' when nothing readable as a file is there, 'unreadable' when reading it failed.
   * Absent from a context that has no filesystem (the file is then unknown).
   */
  readText?: (path: string) => { text: string } | 'absent' | 'unreadable';
  /** When the line wrote this file's content earlier: its literal text, or null when not known. */
  contentOf: (path: string) => { literal: string | null } | null;
  /**
   * Every file whose content the line wrote so far (absolute, normalised), with its literal text; `unknown`: it wrote to a target it does not fix;
   * `unknownBelow`: directories an unread extraction or a recursive copy or move wrote into, any file below which may hold content nobody read;
   * `copiedInto`: those a copy or move wrote.
   */
  written: () => {
    files: readonly { path: string; literal: string | null }[]; unknown: boolean; unknownBelow?: readonly string[]; copiedInto?: readonly string[];
  };
  parameterFixed: (name: string) => boolean;
  /** A shell parameter as the line leaves it here: its fixed text, `unfixed` when the line sets it otherwise, undefined when the line does not set it. */
  parameter?: (name: string) => { text: string } | 'unfixed' | undefined;
  /** The command's stdin is a here-document or here-string with this fixed text. */
  stdinText?: string | null;
  /** The command's stdin is this file, which the line wrote with text it does not fix (stdinText is then null). */
  stdinFile?: string;
  /** The command's stdin is the listing of a program treeward reads (`grep -rl x src | …`). */
  stdinListing?: Listing;
}

/**
 * One name an archive is made from: the word, and the directory the maker reads it in (`tar -c -C DIR NAME`: the
 * member is `NAME`, read from `DIR/NAME`; the text of DIR, relative to the shell's directory or absolute), else the shell's.
 */
export interface ArchiveSource {
  arg: Argument;
  from?: string;
}

/** Where `cd` goes: a path, `$HOME`, somewhere treeward cannot know, or back to where `pushd` left (`popd`). */
/** Where `cd` goes; `previous`: `cd -`, the directory before the line's last change (OLDPWD). */
export type CdTarget = { path: string } | 'home' | 'unknown' | 'pop' | 'previous';

/** One thing a program does; the walk performs a program's actions in order. */
export type Action =
  /** `rm x`, `rmdir -p a/b`, `mv x y` (the source), `find d -delete` (below `d`). */
  | {
      kind: 'remove'; arg: Argument; recursive: boolean; belowOnly?: boolean; findFilter?: FindFilter; followLast?: boolean; dirs?: Directories; by: string;
      /** git clean: it never removes what lies in a `.git` directory (core/effects.ts `Removal`). */
      skipsGitDirectory?: true;
    }
  /** `cp a b` (b), `touch f`, `sed -i s/x/y/ f`, `tar -xf a.tgz -C out` (out, an extraction). */
  | {
      kind: 'write'; arg: Argument; recursive?: boolean; extraction?: boolean; hardLinkSource?: boolean; dirs?: Directories; by: string;
      /** false: the file's text stays what it was (`touch`, `mkdir`, `chmod`). */
      content?: boolean;
      destination?: boolean;
      /**
       * What the write can make at its target, for the globs after it (issue 16): `file`, a regular file at most (`touch`,
       * `tee`); `directory`, a real directory (`mkdir`); `placed`, what the command's own `place` action says landed (`cp`,
       * `mv`, `ln`). Absent: anything, a link included (`git clone`, `tar -x`).
       */
      makes?: 'file' | 'directory' | 'placed';
      /** mktemp: a new entry under a random name, which cannot have put a link in a later path's way. */
      fresh?: boolean;
      /**
       * A word handed to a program the table does not read (programs/unknown.ts):
       * it may be written, so a protected path is refused; nothing else about it is known or assumed.
       */
      handed?: true;
      /**
       * An extraction's archive, when the row reads the members it writes by the names the archive holds (no option
       * renames, filters in or runs anything): if the line made it from content treeward lists (`archive` below), the
       * walk writes those members instead of the whole directory (walk/archives.ts).
       */
      archive?: Argument;
      /** `tar -x --strip-components=N` of that archive: each member loses its first N components, and one with no more is not written. */
      stripComponents?: number;
    }
  /**
   * `ln -s t x`, `mv a x`, `cp a x`: what lands at `x` may be a link, so later paths through it are not fixed.
   * `copies`: what lands is a copy of these sources, or the moved source itself (`cp` without `-s`/`-l`, `mv`):
   * no link when each is a regular file or a directory holding none (the walk and the rules decide, issue 16).
   */
  | {
      kind: 'place'; arg: Argument; dirs?: Directories; copies?: readonly Argument[]; symlink?: true;
      /** The program, for a later glob's reason. */
      by?: string;
      /** `cp` without `-R`, `-P`, `-d`, `-s`, `-l`: it follows a link it copies, so what lands is a regular file whatever the sources. */
      regularFile?: true;
    }
  /**
   * `tar -cf a.tar LIST`, `zip -r a.zip LIST`: the archive the line makes at `arg`, holding what each of `sources`
   * names as the line stands here (walk/archives.ts lists it); null sources: an option makes what it holds unread.
   * `links`: whether the maker stores a link as a link (tar, `zip -y`) or follows it (zip).
   */
  | { kind: 'archive'; arg: Argument; sources: readonly ArchiveSource[] | null; links: 'kept' | 'followed' }
  /** `nohup CMD …`, `env X=1 CMD …`, `xargs CMD`, `find … -exec CMD {} ;`: a command run by a program. */
  | { kind: 'run'; argv: Argument[]; environment?: [string, string][]; subshell?: boolean; dirs?: Directories; noFunctions?: boolean }
  /** `bash -c 'CODE'`, `eval CODE`, `trap CODE EXIT`, a heredoc fed to `sh`: code given as text, read in its dialect. */
  | {
      kind: 'shell-code'; code: string; span: Span; dialect: DialectName; dirs?: Directories; subshell?: boolean; deferred?: true;
      /** The shell first runs startup files treeward does not read (another user's, `su -c`): a glob may match dot names. */
      startupUnread?: true;
      /**
       * The same text read in these dialects too, each from where the line stands (alternatives, not steps:
       * the user's shell, which `su -c` runs it in, may be any of them); only with `subshell`.
       */
      alsoIn?: readonly DialectName[];
    }
  /** `source FILE` of a file treeward does not read: after it, where the shell is and what it has set are unknown. */
  | { kind: 'unknown-shell-state'; what: string }
  /** `export NAME=value` and kin: names set to values (null when not fixed), judged by what the name means. */
  | { kind: 'variables'; assignments: { name: string; value: string | null; span: Span; pathValue?: string | null }[] }
  /** `cd DIR`, `pushd DIR`, `popd`. */
  | { kind: 'cd'; to: CdTarget; push?: boolean }
  /** An effect the program has whatever the walk knows (`claude …`, `python -c CODE`, `crontab f`). */
  | { kind: 'effect'; effect: Effect }
  /** `git -c core.pager=CMD …`, `GIT_SSH_COMMAND=CMD git …`: a setting whose value git runs as a command. */
  | { kind: 'git-setting'; span: Span; setting: string; command: string | null; problem: GitProblem | null; dirs: Directories }
  /** `shopt -s dotglob`, `setopt globsubst`, `set -f`: options that change how later words expand. */
  | { kind: 'set-options'; globDots?: boolean; expansionChanged?: boolean; cdableVars?: boolean; rows?: OptionRows }
  /** `alias NAME=VALUE`. */
  | { kind: 'alias'; names: string[] }
  /** `declare -i NAME`, `integer NAME`: later assignments to NAME are evaluated as arithmetic. */
  | { kind: 'integer'; names: string[] }
  /** zsh `hash NAME=PATH`: NAME runs another program from now on. */
  | { kind: 'hash'; names: string[] }
  /** `read x`, `unset x`, `declare x`: names whose values the line no longer fixes. */
  | { kind: 'forget-parameters'; names: string[] };

/** The rows of the dialect table an option the line sets may change (syntax/dialect.ts, `options a line may set`). */
export type OptionRows = {
  -readonly [K in 'braceCharacterClass' | 'globSubstitution' | 'extendedGlobOperators' | 'caselessGlob' | 'magicEqualSubst'
    | 'assignmentsAnywhere' | 'aliasesExpanded' | 'dotGlobMatchesDotDot' | 'splitsUnquotedParameters' | 'lastPipelineElementInShell'
    | 'globsMayExpandToNothing' | 'arraysIndexedFromZero' | 'arrayElementsJoinAdjacentText']?: Dialect[K]
};

/** Code the program runs that treeward cannot judge: the fact, at `span`. */
export function runsCode(span: Span, fact: CodeFact): Action {
  return { kind: 'effect', effect: { ...fact, kind: 'runs-code', span } };
}

export function effectAction(effect: Effect): Action {
  return { kind: 'effect', effect };
}

/** One command, as a program's row reads it. */
export interface Invocation {
  /** The program's name in the table: the last component of the command word (`/bin/rm` is `rm`). */
  name: string;
  /** The whole command line, the program's own word first. */
  args: Argument[];
  /** The words after the program's, read by the row's option table; with no table, each of them an operand. */
  line: ParsedOptions;
  /** Whose program this reading is of: GNU's, or BSD's where the row has a BSD reading and the platform may be macOS. */
  userland: Userland;
  ctx: ProgramContext;
  /** The whole command's span. */
  span: Span;
}

/**
 * A row of the program table (approver/programs/): the names it reads, its
 * options, what it does, and what the walk may ask of it besides.
 */
export interface ProgramRow {
  names: readonly string[];
  /** The options `read` gets its `line` by. */
  options?: OptionTable;
  /**
   * The program may be BSD's (macOS), whose getopt stops at the first operand
   * where GNU's permutes: on darwin it is read BSD's way, on linux GNU's, and
   * where the platform is not known both ways, the program doing what either
   * reading does (options.ts `userlandReadings`). `true`: BSD's program takes
   * GNU's options (`options`); a table: BSD's own, from its getopt string.
   * `read` gets `userland` for what else differs (sed's backup names, find's
   * leading options). A name the configuration lists as a wrapper is read as
   * one before such a row.
   */
  bsdReading?: true | OptionTable;
  /** The row reads the commands the program runs (xargs, find `-exec`): a configured wrapper of the same name does not replace it. */
  runsCommands?: true;
  read(invocation: Invocation): Action[];
  /** The row reads the startup files `BASH_ENV`, `ENV` and `ZDOTDIR` name (the shells): no other row's program may be given them. */
  readsStartupFiles?: true;
  /** A function or alias named like the program would hide what the table reads: refused. */
  shadowable?: true;
  /**
   * No option of the program writes, removes, runs code or changes which operands it reads as files: a glob that
   * may match a name like `-rf` that treeward cannot list is no reason to refuse it (walk/option-globs.ts).
   */
  optionsHarmless?: true;
  /**
   * The program, so invoked, may make names its row does not list (git checking out a commit's files): a later glob
   * cannot list what stands in its directory then (walk/option-globs.ts). `args`: the program's own word first.
   */
  makesNames?: (args: readonly Argument[]) => boolean;
  /** The program copies its stdin to its stdout and does nothing else (`cat`): a here-document through it is the text it writes. */
  copiesStdinToStdout?: true;
  /** A wrapper that hands the command it runs its own stdin and stdout (`nice cat`, `env A=1 cat`). */
  passesStdio?: true;
  /**
   * What the program prints, when its words (as literals) fix it; the walk
   * reads `x=$(PROGRAM …)` by it. `mktemp`: the path of the file it makes.
   */
  output?: (words: readonly (string | null)[], tempDir: string) => string | null;
}
