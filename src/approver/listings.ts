// Programs that list paths for another to act on: `grep -rl old src | xargs
// sed -i …`, `find src -name '*.ts' | xargs …`, `git ls-files | xargs …`.
// What they print is not fixed, but it lies below their fixed start points
// and matches their own filters, which is enough to judge a write to it.

import type { FindFilter } from './core/effects.js';
import { findListing } from './find.js';
import type { Argument, Listing } from './core/arguments.js';
import { has, options, readOptions, valuesOf } from './core/options.js';

function derived(from: Argument, text: string): Argument {
  return { word: from.word, value: { kind: 'fixed', fields: [{ text, chunks: [{ text, quoted: true }], glob: false }] }, text };
}

function filter(names: string[], prunes: string[]): FindFilter {
  return {
    names: names.map((pattern) => ({ pattern, caseless: false })),
    paths: [],
    prunes: prunes.map((pattern) => ({ pattern, caseless: false, byPath: false })),
    maxDepth: null,
    removesDirectories: false,
  };
}

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
    starts: paths.length > 0 ? paths : [derived(args[0]!, '.')],
    filters: includes.length > 0 ? includes.map((o) => filter([o.value!], prunes)) : [filter([], prunes)],
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
    starts: paths.length > 0 ? paths : [derived(args[0]!, '.')],
    filters: names.length > 0 && names.length === globs.length ? names.map((n) => filter([n], prunes)) : [filter([], prunes)],
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
    starts: paths.length > 0 ? paths : [derived(args[0]!, '.')],
    filters: extensions.length > 0 ? extensions.map((o) => filter([`*.${o.value!.replace(/^\./, '')}`], prunes)) : [filter([], prunes)],
    recursive: true,
    skipsGitDirectories: false,
    by: 'fd',
    coveredRemoval: false,
  };
}

function gitLsFilesListing(args: Argument[]): Listing | null {
  let i = 1;
  let start: Argument = derived(args[0]!, '.');
  // `git -C dir ls-files`: the only global option read here
  while (i < args.length && args[i]!.text !== 'ls-files') {
    if (args[i]!.text === '-C' && args[i + 1]?.text) {
      start = args[i + 1]!;
      i += 2;
      continue;
    }
    return null;
  }
  if (i >= args.length) return null;
  const specs: Argument[] = [];
  let ended = false;
  for (const arg of args.slice(i + 1)) {
    if (arg.text === null) return null;
    if (!ended && arg.text === '--') { ended = true; continue; }
    if (!ended && arg.text.startsWith('-')) {
      if (/^-(x|X)$|^--(exclude|exclude-from|exclude-per-directory|with-tree|format)$/.test(arg.text)) return null; // takes a value
      continue;
    }
    specs.push(arg);
  }
  if (start.text === null) return null;
  const base = start.text;
  const join = (spec: string) => (base === '.' ? spec : `${base}/${spec}`);
  if (specs.some((s) => s.text!.startsWith(':'))) return null; // pathspec magic
  const literal = specs.filter((s) => !/[*?[]/.test(s.text!));
  const globbed = specs.filter((s) => /[*?[]/.test(s.text!));
  if (literal.length > 0 && globbed.length > 0) return null;
  if (globbed.length > 0) {
    return {
      starts: [start],
      // git's pathspec globs match across `/`, as find's -path does
      filters: globbed.map((s) => ({ ...filter([], []), paths: [{ pattern: `./${s.text!.replace(/^\.\//, '')}`, caseless: false }] })),
      recursive: true,
      skipsGitDirectories: true,
      by: 'git ls-files',
      coveredRemoval: false,
    };
  }
  return {
    starts: literal.length > 0 ? literal.map((s) => derived(s, join(s.text!))) : [start],
    filters: [null],
    recursive: true,
    skipsGitDirectories: true,
    by: 'git ls-files',
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
