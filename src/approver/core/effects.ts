// What the walk finds a line doing, kept with everything the rules need to
// judge it: the word and its value, the directories it may be read in, and
// what earlier parts of the line did.

import type { Span, Word } from '../../syntax/ast.js';
import type { CodeFact, Complexity, GitProblem, InlineFinding } from './facts.js';
import type { PackDenyId } from './types.js';
import type { WordValue } from './words.js';

/** Where a command runs: the possible current directories, or null when the line leaves it unknown. */
export type Directories = readonly string[] | null;

/** A path operand of a removal or a write. */
export interface Target {
  span: Span;
  /** The word, when the target is one (absent for synthetic targets such as git's own directory). */
  word?: Word;
  value: WordValue;
  /** The directories a relative target is read in. */
  dirs: Directories;
  /** An earlier part of the line wrote or removed a file. */
  wroteBefore: boolean;
  /**
   * What earlier commands of the line made that can change what a glob here
   * lists (SPEC §3). Earlier, not the same: every word of a command is
   * expanded before the command runs, so `rm -rf node_modules *.log` globs
   * before it removes anything; and only a command that can make a link or a
   * directory counts, not `touch` or `> f` (issue 16).
   */
  madeBeforeCommand: MadeBefore;
  /** The paths (absolute, as written) that an earlier part linked, moved or copied into place. */
  placedBefore: readonly PlacedPath[];
  /** How many of `placedBefore` came before an earlier part placed a path the line does not fix (null: none did). */
  placedUnknownAt: number | null;
  /**
   * Absolute directories (as written) an earlier extraction wrote its members into: each name directly in one may be a
   * link the archive holds, so a path below such a name is not fixed (issue 13 item 5); the name itself is (rm removes a link).
   */
  extractedBefore?: readonly string[];
  /** Globs may match names starting with a dot here (dotglob, `(D)`, configured `globDots`). */
  globDots: boolean;
  /** An option changed how globs and parameters expand: no glob here is fixed. */
  expansionChanged: boolean;
  /** `nocaseglob` is on here: globs match names whatever their case (issue 12). */
  globCaseless?: boolean;
  /** `shopt -u globskipdots`: a glob spelling a leading dot may match `.` and `..` here (issue 12). */
  globDotDot?: boolean;
  /** The program (or `>`) that acts on it, for the reason sentence. */
  by: string;
}

/**
 * A path an earlier part of the line put in place (`ln`, `mv`, `cp`): it may
 * now be a link, so later paths through it are not fixed. `copies`: what
 * landed there is a copy (or the moved entry) of these sources, absolute as
 * written, which nothing earlier in the line placed or extracted; when the fs
 * says each is a regular file (or a directory holding no link), no link
 * landed (issue 16), and the path counts as the rest of the fs does.
 */
export interface PlacedPath {
  path: string;
  copies?: readonly string[];
  /** `ln -s`: what landed is a symbolic link (an archive made of it holds a link there). */
  symlink?: true;
  /** A link member of an archive the line made and extracted (walk/archives.ts). */
  member?: true;
  /** `cp` without `-R`, `-P`, `-d`: it follows a link it copies, so what landed is a regular file (cp(1); coreutils 9.1 run). */
  regularFile?: true;
}

/**
 * What earlier commands made that a glob's listing may meet (walk/line-facts.ts), each at the path (absolute, as
 * written, normalised) at or below which it made it, or null where that is not known (a target the line does not
 * fix, or one below a link the line made): links (`ln`, `tar -x`, `git clone`, a write whose row does not say),
 * copies and moves whose sources decide (no link lands when each is a regular file, issue 16), and directories.
 */
export interface MadeBefore {
  /** Where an earlier command may have planted a link, or made entries it does not fix. */
  links: readonly MadePath[];
  /** `cp`, `mv`: what landed is each source itself or its copy (absolute, as written), a link unless the fs shows a regular file. */
  copies: readonly (MadePath & { sources: readonly string[] })[];
  /** Real directories earlier commands made (`mkdir`). */
  directories: readonly MadePath[];
}

/** Something an earlier command (`by`) made at or below `path` (null: a place the line does not fix). */
export interface MadePath {
  by: string;
  path: string | null;
}

/** The maker of a `MadeBefore` entry when the action names no program (a `place` of inline code's `os.symlink`). */
export const unnamedMaker = 'an earlier command';

export interface Removal extends Target {
  kind: 'removal';
  /** rm -r, rmdir -p: a directory and everything below it. */
  recursive: boolean;
  /** find -delete, git clean: what lies below the target, never the target itself. */
  belowOnly: boolean;
  /** For a find that deletes: the tests that choose what it deletes, when treeward can read them. */
  findFilter?: FindFilter;
  /** The removal follows the target's last component (a trailing `/`, or `shred` of a link). */
  followLast?: boolean;
  /**
   * git clean: what git lists below the target, which is never what lies in
   * a `.git` directory; the target is read as a glob of its directory, so
   * one outside the tree is not fixed.
   */
  skipsGitDirectory?: true;
}

/**
 * What a deleting `find` selects: the tests joined by `-a` to the deleting
 * action. A protected path is kept out when the tests cannot match it or
 * anything below it.
 */
export interface FindFilter {
  /** `-name`/`-iname` patterns every deleted entry's name must match. */
  names: { pattern: string; caseless: boolean }[];
  /** `-path`/`-ipath`/`-wholename` patterns every deleted entry's path must match. */
  paths: { pattern: string; caseless: boolean }[];
  /** `-prune`d entries (and so everything below them) are never reached. */
  prunes: { pattern: string; caseless: boolean; byPath: boolean }[];
  maxDepth: number | null;
  /** The action removes whole directories (`-exec rm -r {}`), not single entries. */
  removesDirectories: boolean;
}

export interface Write extends Target {
  kind: 'write';
  /** chmod -R, chown -R, cp -r into it: everything below too. */
  recursive: boolean;
  /** tar -x / unzip into a directory. */
  extraction: boolean;
  /** A redirection (bash and zsh glob its target). */
  redirection: boolean;
  /** A hard link whose source this is (`ln src dst`, `cp -l`): protected sources are refused. */
  hardLinkSource: boolean;
  /** A copy or move destination: when it is a directory already, what lands is the name inside it, judged as a write of its own. */
  destination?: boolean;
  /** The write lands on entries another program lists below this target (`grep -rl x src | xargs sed -i`). */
  below?: ListedBelow;
  /** A word handed to a program treeward does not read: judged only against the protected set (programs/unknown.ts). */
  handed?: true;
}

/** How the entries below a write's target are narrowed. */
export interface ListedBelow {
  /** The lister's own tests; null where none is read. */
  filter: FindFilter | null;
  /** `git ls-files` never lists what lies in a `.git` directory. */
  skipsGitDirectories: boolean;
}

export interface AgentLaunch {
  kind: 'agent';
  span: Span;
  name: string;
  /** Flags that turn the harness's own checks off. */
  checksOff: string[];
  /** Settings variables the same command sets (CLAUDE_CONFIG_DIR, …). */
  settings: string[];
}

export interface InlineCode {
  kind: 'inline-code';
  span: Span;
  language: string;
  /** The code when known; null when it comes from stdin or is not fixed. */
  code: string | null;
  /** Why the policy refuses it (the API the code calls, or the policy itself), when it does. */
  finding: InlineFinding | null;
}

/** Code the line runs that treeward cannot judge (`dynamic-code`): the fact of core/facts.ts, at its span. */
export type RunsCode = CodeFact & { kind: 'runs-code'; span: Span };

export interface GitSetting {
  kind: 'git-setting';
  span: Span;
  /** `core.pager`, `alias.x`, `GIT_SSH_COMMAND`… */
  setting: string;
  /** Why it cannot be approved, or null when its command was read and may be judged. */
  problem: GitProblem | null;
  /** What the command the setting names does (judged by the same rules). */
  effects: Effect[];
  /** Where git runs (its `-C`, `--work-tree`, or the current directory). */
  gitDirs: Directories;
  /** An earlier part of the line wrote or removed a file. */
  wroteBefore: boolean;
}

/** `crontab FILE` (or stdin): installs a table that runs commands later. */
export interface CrontabInstall {
  kind: 'crontab';
  span: Span;
}

export interface TooComplex {
  kind: 'too-complex';
  span: Span;
  /** Which budget the line is past, or what it does that treeward does not follow. */
  past: Complexity;
}

/** The git-history pack's forms (programs/git-history.ts); `unfixed`: a word of that subcommand the line does not fix. */
export type GitHistoryForm =
  | 'push --force' | 'push --mirror' | 'push --delete' | 'push --prune' | 'push +refspec' | 'push :ref'
  | 'reset --hard' | 'clean --force' | 'checkout --force' | 'checkout -- paths' | 'checkout -B' | 'switch --discard-changes' | 'switch -C' | 'restore'
  | 'branch -D' | 'branch -M' | 'branch --force' | 'tag --delete' | 'tag --force' | 'update-ref' | 'filter-branch'
  | 'gc --prune' | 'prune' | 'reflog expire' | 'stash drop' | 'stash clear' | 'worktree remove --force'
  | { unfixed: string };

/** A git command that loses work git cannot give back (issue 17): refused only with the git-history pack on. */
export interface GitHistory {
  kind: 'git-history';
  span: Span;
  id: PackDenyId;
  form: GitHistoryForm;
}

export type Effect = Removal | Write | AgentLaunch | InlineCode | RunsCode | GitSetting | CrontabInstall | TooComplex | GitHistory;
