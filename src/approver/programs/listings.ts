// Programs that list paths for another to act on: `grep -rl old src | xargs
// sed -i …`, `find src -name '*.ts' | xargs …`, `git ls-files | xargs …`.
// What they print is not fixed, but it lies below their fixed start points
// and matches their own filters, which is enough to judge a write to it.

import { findListing, listingFilter } from './find.js';
import { type Argument, derivedArgument, type Listing } from '../core/arguments.js';
import { gitLsFilesListing } from './git.js';
import { has, options, readOptions, valuesOf } from '../core/options.js';

/** Hidden entries (and so `.git`, `.claude`…) are skipped, as rg and fd do unless told otherwise. */
const hiddenSkipped = '.*';

const grepTable = options('rRlLe:f:m:A:B:C:d:D:ivwxcnhHsqoEFGPzZUabT', [
  'recursive', 'dereference-recursive', 'files-with-matches', 'files-without-match', ['regexp', 'required'], ['file', 'required'],
  ['max-count', 'required'], ['after-context', 'required'], ['before-context', 'required'], ['context', 'required'],
  ['directories', 'required'], ['devices', 'required'], ['include', 'required'], ['exclude', 'required'], ['exclude-dir', 'required'],
  ['exclude-from', 'required'], ['label', 'required'], ['color', 'optional'], ['colour', 'optional'], ['binary-files', 'required'],
  'ignore-case', 'no-ignore-case', 'invert-match', 'word-regexp', 'line-regexp', 'count', 'line-number', 'no-filename', 'with-filename',
  'no-messages', 'quiet', 'silent', 'only-matching', 'extended-regexp', 'fixed-strings', 'basic-regexp', 'perl-regexp', 'null-data', 'null', 'text',
]);

function grepListing(args: Argument[]): Listing | null {
  const line = readOptions(args.slice(1), grepTable);
  if (line.unfixedOptionLike.length > 0 || line.invalid.length > 0) return null;
  if (!has(line, 'l', 'files-with-matches', 'L', 'files-without-match')) return null;
  if (has(line, 'R', 'dereference-recursive')) return null; // follows links out of the start points
  const recursive = has(line, 'r', 'recursive') || valuesOf(line, 'd', 'directories').some((o) => o.value === 'recurse');
  const patternGiven = has(line, 'e', 'regexp', 'f', 'file');
  const paths = line.operands.slice(patternGiven ? 0 : 1);
  if (paths.length === 0 && !recursive) return null; // reads its input
  const includes = valuesOf(line, 'include');
  const excludedDirs = valuesOf(line, 'exclude-dir');
  if (includes.some((o) => o.value === null) || excludedDirs.some((o) => o.value === null)) return null;
  const prunes = excludedDirs.map((o) => o.value!);
  return {
    starts: paths.length > 0 ? paths : [derivedArgument(args[0]!, '.')],
    filters: includes.length > 0 ? includes.map((o) => listingFilter([o.value!], prunes)) : [listingFilter([], prunes)],
    recursive,
    skipsGitDirectories: false,
    by: 'grep',
    coveredRemoval: false,
  };
}

const rgTable = options('lLe:f:g:t:T:uHSsiwxFm:A:B:C:j:.', [
  'files-with-matches', 'files-without-match', 'files', ['regexp', 'required'], ['file', 'required'], ['glob', 'required'], ['iglob', 'required'],
  ['type', 'required'], ['type-not', 'required'], 'hidden', 'no-hidden', 'no-ignore', 'unrestricted', 'follow', 'ignore-case', 'smart-case', 'case-sensitive',
  'word-regexp', 'line-regexp', 'fixed-strings', ['max-count', 'required'], ['after-context', 'required'], ['before-context', 'required'],
  ['context', 'required'], ['threads', 'required'], 'null', 'no-messages', ['max-depth', 'required'], ['color', 'required'], 'no-heading', 'with-filename',
]);

function rgListing(args: Argument[]): Listing | null {
  const line = readOptions(args.slice(1), rgTable);
  if (line.unfixedOptionLike.length > 0 || line.invalid.length > 0) return null;
  const files = has(line, 'files');
  if (!files && !has(line, 'l', 'files-with-matches', 'L', 'files-without-match')) return null;
  if (has(line, 'L', 'follow')) return null;
  const hidden = has(line, 'hidden', 'u', 'unrestricted', '.');
  const patternGiven = files || has(line, 'e', 'regexp', 'f', 'file');
  const paths = line.operands.slice(patternGiven ? 0 : 1);
  const globs = valuesOf(line, 'g', 'glob');
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

const fdTable = options('HIuLe:t:d:E:g0aFsip', [
  'hidden', 'no-ignore', 'unrestricted', 'follow', ['extension', 'required'], ['type', 'required'], ['max-depth', 'required'], ['exclude', 'required'],
  'glob', 'print0', 'absolute-path', 'fixed-strings', 'case-sensitive', 'ignore-case', 'full-path',
]);

function fdListing(args: Argument[]): Listing | null {
  const line = readOptions(args.slice(1), fdTable);
  if (line.unfixedOptionLike.length > 0 || line.invalid.length > 0) return null;
  if (has(line, 'L', 'follow')) return null;
  const hidden = has(line, 'H', 'hidden', 'u', 'unrestricted');
  const extensions = valuesOf(line, 'e', 'extension');
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

/** What a pipeline element lists on its output, when it is a program whose listing treeward reads. */
export function producerListing(args: Argument[]): Listing | null {
  const program = args[0]?.text;
  if (!program) return null;
  const base = program.slice(program.lastIndexOf('/') + 1);
  switch (base) {
    case 'grep': case 'egrep': case 'fgrep':
      return grepListing(args);
    case 'rg':
      return rgListing(args);
    case 'fd': case 'fdfind':
      return fdListing(args);
    case 'git':
      return gitLsFilesListing(args);
    case 'find': {
      const found = findListing(args);
      return found ? { starts: found.starts, filters: [found.filter], recursive: true, skipsGitDirectories: false, by: 'find', coveredRemoval: false } : null;
    }
    default:
      return null;
  }
}
