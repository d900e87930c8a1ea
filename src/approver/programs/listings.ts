// Programs that list paths for another to act on: `grep -rl old src | xargs
// sed -i …`, `find src -name '*.ts' | xargs …`, `git ls-files | xargs …`.
// What they print is not fixed, but it lies below their fixed start points
// and matches their own filters, which is enough to judge a write to it.

import { findListing, listingFilter } from './find.js';
import { type Argument, derivedArgument, type Listing } from '../core/arguments.js';
import { gitLsFilesListing } from './git.js';
import { has, optionLines, type ParsedOptions, readOptions, valuesOf } from '../core/options.js';

/** Hidden entries (and so `.git`, `.claude`…) are skipped, as rg and fd do unless told otherwise. */
const hiddenSkipped = '.*';

const grepTable = optionLines([
  '-r --recursive',
  '-R --dereference-recursive',
  '-l --files-with-matches',
  '-L --files-without-match',
  '-e --regexp=PATTERNS',
  '-f --file=FILE',
  '-m --max-count=NUM',
  '-A --after-context=NUM',
  '-B --before-context=NUM',
  '-C --context=NUM',
  '-d --directories=ACTION',
  '-D --devices=ACTION',
  '-i --ignore-case',
  '-v --invert-match',
  '-w --word-regexp',
  '-x --line-regexp',
  '-c --count',
  '-n --line-number',
  '-h --no-filename',
  '-H --with-filename',
  '-s --no-messages',
  '-q --quiet --silent',
  '-o --only-matching',
  '-E --extended-regexp',
  '-F --fixed-strings',
  '-G --basic-regexp',
  '-P --perl-regexp',
  '-z --null-data',
  '-Z --null',
  '-U',
  '-a --text',
  '-b',
  '-T',
  '   --include=GLOB',
  '   --exclude=GLOB',
  '   --exclude-dir=GLOB',
  '   --exclude-from=FILE',
  '   --label=LABEL',
  '   --color[=WHEN]',
  '   --colour[=WHEN]',
  '   --binary-files=TYPE',
  '   --no-ignore-case',
]);

/**
 * What `grep -l`/`-L` lists. GNU grep 3.8 honours POSIXLY_CORRECT (getopt_long: no permutation, measured: with it
 * `grep -l pat src -r` lists the file `-r` and skips the directory `src`), so where it may be set both readings
 * are taken and the listing is what either lists (`unionOfListings`).
 */
function grepListing(args: Argument[], posixlyCorrect: boolean): Listing | null {
  const permuted = grepLineListing(args[0]!, readOptions(args.slice(1), grepTable));
  if (!posixlyCorrect) return permuted;
  return unionOfListings(permuted, grepLineListing(args[0]!, readOptions(args.slice(1), grepTable, true)));
}

function grepLineListing(program: Argument, line: ParsedOptions): Listing | null {
  if (line.unfixedOptionLike.length > 0 || line.invalid.length > 0) return null;
  if (!has(line, 'files-with-matches', 'files-without-match')) return null;
  if (has(line, 'dereference-recursive')) return null; // follows links out of the start points
  const recursive = has(line, 'recursive') || valuesOf(line, 'directories').some((o) => o.value === 'recurse');
  const patternGiven = has(line, 'regexp', 'file');
  const paths = line.operands.slice(patternGiven ? 0 : 1);
  if (paths.length === 0 && !recursive) return null; // reads its input
  const includes = valuesOf(line, 'include');
  const excludedDirs = valuesOf(line, 'exclude-dir');
  if (includes.some((o) => o.value === null) || excludedDirs.some((o) => o.value === null)) return null;
  const prunes = excludedDirs.map((o) => o.value!);
  return {
    starts: paths.length > 0 ? paths : [derivedArgument(program, '.')],
    filters: includes.length > 0 ? includes.map((o) => listingFilter([o.value!], prunes)) : [listingFilter([], prunes)],
    recursive,
    skipsGitDirectories: false,
    by: 'grep',
    coveredRemoval: false,
  };
}

/**
 * A listing holding every entry either reading lists; null when either is not read. A start of a
 * non-recursive reading is itself an entry of the recursive one (a start is judged as a path before
 * what lies below it), so taking it recursively under the recursive reading's filters lists more,
 * never less; a non-recursive reading's filters are never applied, so only the recursive one's are kept.
 */
function unionOfListings(a: Listing | null, b: Listing | null): Listing | null {
  if (a === null || b === null) return null;
  const starts = [...a.starts];
  for (const start of b.starts) if (!starts.some((s) => s.word === start.word && s.text === start.text)) starts.push(start);
  const recursive = a.recursive || b.recursive;
  const filters = recursive ? [...(a.recursive ? a.filters : []), ...(b.recursive ? b.filters : [])] : a.filters;
  return { ...a, starts, filters, recursive, skipsGitDirectories: a.skipsGitDirectories && b.skipsGitDirectories, coveredRemoval: false };
}

const rgTable = optionLines([
  '-l --files-with-matches',
  '-L --follow',
  '-e --regexp=PATTERN',
  '-f --file=PATTERNFILE',
  '-g --glob=GLOB',
  '-t --type=TYPE',
  '-T --type-not=TYPE',
  '-u --unrestricted',
  '-H --with-filename',
  '-S --smart-case',
  '-s --case-sensitive',
  '-i --ignore-case',
  '-w --word-regexp',
  '-x --line-regexp',
  '-F --fixed-strings',
  '-m --max-count=NUM',
  '-A --after-context=NUM',
  '-B --before-context=NUM',
  '-C --context=NUM',
  '-j --threads=NUM',
  '-. --hidden',
  '   --files-without-match',
  '   --files',
  '   --iglob=GLOB',
  '   --no-hidden',
  '   --no-ignore',
  '   --null',
  '   --no-messages',
  '   --max-depth=NUM',
  '   --color=WHEN',
  '   --no-heading',
]);

function rgListing(args: Argument[]): Listing | null {
  const line = readOptions(args.slice(1), rgTable);
  if (line.unfixedOptionLike.length > 0 || line.invalid.length > 0) return null;
  const files = has(line, 'files');
  if (!files && !has(line, 'files-with-matches', 'files-without-match')) return null;
  if (has(line, 'follow')) return null;
  const hidden = has(line, 'hidden', 'unrestricted');
  const patternGiven = files || has(line, 'regexp', 'file');
  const paths = line.operands.slice(patternGiven ? 0 : 1);
  const globs = valuesOf(line, 'glob');
  if (globs.some((o) => o.value === null)) return null;
  // `-g '*.ts'` narrows; a negated or path glob is not read as narrowing
  const names = globs.map((o) => o.value!).filter((g) => !g.startsWith('!') && !g.includes('/'));
  const prunes = hidden ? [] : [hiddenSkipped];
  return {
    starts: paths.length > 0 ? paths : [derivedArgument(args[0]!, '.')],
    filters: names.length > 0 && names.length === globs.length ? names.map((n) => listingFilter([n], prunes)) : [listingFilter([], prunes)],
    recursive: true,
    skipsGitDirectories: false,
    by: 'rg',
    coveredRemoval: false,
  };
}

const fdTable = optionLines([
  '-H --hidden',
  '-I --no-ignore',
  '-u --unrestricted',
  '-L --follow',
  '-e --extension=EXT',
  '-t --type=TYPE',
  '-d --max-depth=DEPTH',
  '-E --exclude=PATTERN',
  '-g --glob',
  '-0 --print0',
  '-a --absolute-path',
  '-F --fixed-strings',
  '-s --case-sensitive',
  '-i --ignore-case',
  '-p --full-path',
]);

function fdListing(args: Argument[]): Listing | null {
  const line = readOptions(args.slice(1), fdTable);
  if (line.unfixedOptionLike.length > 0 || line.invalid.length > 0) return null;
  if (has(line, 'follow')) return null;
  const hidden = has(line, 'hidden', 'unrestricted');
  const extensions = valuesOf(line, 'extension');
  if (extensions.some((o) => o.value === null)) return null;
  const paths = line.operands.slice(1);
  const prunes = hidden ? [] : [hiddenSkipped];
  return {
    starts: paths.length > 0 ? paths : [derivedArgument(args[0]!, '.')],
    filters: extensions.length > 0 ? extensions.map((o) => listingFilter([`*.${o.value!.replace(/^\./, '')}`], prunes)) : [listingFilter([], prunes)],
    recursive: true,
    skipsGitDirectories: false,
    by: 'fd',
    coveredRemoval: false,
  };
}

/**
 * The programs whose listing on their output treeward reads, by the last name of the command word. `posixlyCorrect`:
 * POSIXLY_CORRECT may be in its environment (ProgramContext `posixlyCorrect`). Of the listers only grep's getopt
 * honours it: rg and fd are Rust programs whose argument parsers do not read it; find reads an expression, not
 * options; git's parse-options does not either (git 2.39 measured: `POSIXLY_CORRECT=1 git ls-files a.txt -s` still reads `-s`).
 */
type Producer = (args: Argument[], posixlyCorrect: boolean) => Listing | null;
const producers: Readonly<Record<string, Producer>> = {
  grep: grepListing, egrep: grepListing, fgrep: grepListing,
  rg: rgListing,
  fd: fdListing, fdfind: fdListing,
  git: gitLsFilesListing,
  find: (args) => {
    const found = findListing(args);
    return found ? { starts: found.starts, filters: [found.filter], recursive: true, skipsGitDirectories: false, by: 'find', coveredRemoval: false } : null;
  },
};

/** The row that reads what `program` (a command word's text) lists on its output, or null when treeward reads none. */
function producerOf(program: string | null | undefined): Producer | null {
  if (!program) return null;
  const base = program.slice(program.lastIndexOf('/') + 1);
  return Object.hasOwn(producers, base) ? producers[base]! : null;
}

/** Whether a command word's text names a program whose listing treeward reads (the rest of its words are then read for it). */
export function listsOutput(program: string | null | undefined): boolean {
  return producerOf(program) !== null;
}

/** What a pipeline element lists on its output, when it is a program whose listing treeward reads. */
export function producerListing(args: Argument[], posixlyCorrect = false): Listing | null {
  const producer = producerOf(args[0]?.text);
  return producer === null ? null : producer(args, posixlyCorrect);
}
