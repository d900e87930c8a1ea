// find: start points, then an expression. A find that deletes (`-delete`,
// or `-exec`/`-execdir`/`-ok` of a removal) removes what lies below its start
// points; `-fprint`, `-fprintf`, `-fls` write files; `-exec` runs commands.

import type { FindFilter } from '../core/effects.js';
import { rmBsdOptions, rmOptions } from './coreutils-options.js';
import { type Argument, derivedArgument, type Listing, listedArgument, unfixedArgument } from '../core/arguments.js';
import { bsdGetopt, has, readOptions, type Userland, userlandReadings } from '../core/options.js';
import { shellNamed } from '../core/shells.js';
import { type Action, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';

export const rows: ProgramRow[] = [{ names: ['find'], shadowable: true, bsdReading: true, runsCommands: true, read: readFind }];

/**
 * BSD find's options (macOS shell_cmds 329 find/main.c, from FreeBSD
 * usr.bin/find): `getopt(argc, argv, "EHLPXdf:sx")`, before the paths and
 * only there; `-f PATH` is one more start point (find(1): "Specify a file
 * hierarchy for find to traverse"), and a path may then start with `-`. The
 * paths end at the first word that starts with `-` or is `!` or `(`; with
 * none, BSD find is a usage error (no `.` by default, as GNU's has).
 */
const bsdFindOptions = bsdGetopt('EHLPXdf:sx', { f: 'start', L: 'follow', H: 'follow' });

/**
 * BSD find's primaries that take an argument and GNU's do not know (find/option.c, __APPLE__ rows):
 * `-Bmin`, `-Bnewer`, `-Btime`, `-flags`, `-mnewer`, `-xattrname`, and each `-newerXY`.
 */
const bsdArity: Record<string, number> = { '-Bmin': 1, '-Bnewer': 1, '-Btime': 1, '-flags': 1, '-mnewer': 1, '-xattrname': 1 };

function arity(word: string, userland: Userland): number {
  if (userland === 'bsd' && (bsdArity[word] !== undefined || /^-newer[aBcmt][aBcmt]$/.test(word))) return 1;
  return arityOf[word] ?? 0;
}


/** Expression words that take this many arguments. */
const arityOf: Record<string, number> = {
  '-name': 1, '-iname': 1, '-path': 1, '-ipath': 1, '-wholename': 1, '-iwholename': 1, '-regex': 1, '-iregex': 1, '-lname': 1, '-ilname': 1,
  '-type': 1, '-xtype': 1, '-size': 1, '-mtime': 1, '-mmin': 1, '-atime': 1, '-amin': 1, '-ctime': 1, '-cmin': 1, '-used': 1,
  '-newer': 1, '-anewer': 1, '-cnewer': 1, '-user': 1, '-group': 1, '-uid': 1, '-gid': 1, '-perm': 1, '-links': 1, '-inum': 1,
  '-samefile': 1, '-fstype': 1, '-maxdepth': 1, '-mindepth': 1, '-regextype': 1, '-printf': 1, '-fprint': 1, '-fprint0': 1, '-fls': 1,
  '-fprintf': 2, '-context': 1, '-files0-from': 1,
};

const writingActions = new Set(['-fprint', '-fprint0', '-fls', '-fprintf']);
/** The other actions that take no command (those that do, `-exec` and its kin, are read apart). */
const otherActions = new Set(['-delete', '-print', '-print0', '-ls', '-quit', '-prune', '-printf']);
const execActions = new Set(['-exec', '-execdir', '-ok', '-okdir']);

interface Term {
  kind: 'test' | 'action' | 'operator';
  name: string;
  args: Argument[];
  /** For -exec and kin: the command words (without the terminator). */
  command?: Argument[];
}

interface FindCommand {
  starts: Argument[];
  terms: Term[];
  /** `-L`/`-H`: links are followed while walking (or at the start points). */
  followsLinks: boolean;
}

/** Start points and the expression; an expression word the line does not fix is returned as such. */
function parseFind(args: Argument[], userland: Userland): FindCommand | { unfixed: Argument } {
  const leading = userland === 'gnu' ? gnuLeading(args.slice(1)) : bsdLeading(args.slice(1));
  const { rest, starts } = leading;
  let { i, followsLinks } = leading;
  const ends = userland === 'gnu' ? ['(', '!', ','] : ['(', '!'];
  while (i < rest.length) {
    const t = rest[i]!.text;
    if (t !== null && (t.startsWith('-') || ends.includes(t))) break;
    starts.push(rest[i]!);
    i++;
  }
  if (starts.length === 0 && userland === 'gnu') starts.push(derivedArgument(args[0]!, '.'));
  // the expression
  const terms: Term[] = [];
  while (i < rest.length) {
    const arg = rest[i]!;
    const t = arg.text;
    if (t === null) return { unfixed: arg };
    if (t === '(' || t === ')' || t === '!' || t === '-not' || t === '-a' || t === '-and' || t === '-o' || t === '-or' || t === ',') {
      terms.push({ kind: 'operator', name: t === '-not' ? '!' : t === '-and' ? '-a' : t === '-or' ? '-o' : t, args: [] });
      i++;
      continue;
    }
    if (execActions.has(t)) {
      const command: Argument[] = [];
      i++;
      while (i < rest.length && rest[i]!.text !== ';' && rest[i]!.text !== '+') command.push(rest[i++]!);
      i++; // the terminator
      terms.push({ kind: 'action', name: t, args: [], command });
      continue;
    }
    if (t === '-follow') followsLinks = true;
    const n = arity(t, userland);
    const isAction = otherActions.has(t) || writingActions.has(t);
    terms.push({ kind: isAction ? 'action' : 'test', name: t, args: rest.slice(i + 1, i + 1 + n) });
    i += 1 + n;
  }
  return { starts, terms, followsLinks };
}

interface Leading {
  rest: Argument[];
  /** Where the paths start in `rest`. */
  i: number;
  starts: Argument[];
  followsLinks: boolean;
}

/** GNU find's leading options: -H -L -P, -D DEBUGOPTS, -O LEVEL, and `--` before the paths. */
function gnuLeading(rest: Argument[]): Leading {
  let i = 0;
  let followsLinks = false;
  while (i < rest.length) {
    const t = rest[i]!.text;
    if (t === '-H' || t === '-L' || t === '-P') { followsLinks = t !== '-P'; i++; continue; }
    if (t === '-D') { i += 2; continue; }
    // `find -- DIR`: the options end, and the start points follow (issue 12 class 6)
    if (t === '--') { i++; break; }
    if (t !== null && /^-O\d$/.test(t)) { i++; continue; }
    break;
  }
  return { rest, i, starts: [], followsLinks };
}

/** BSD find's leading options, by its getopt string: `-f PATH` adds a start point; the last of -H, -L, -P decides. */
function bsdLeading(rest: Argument[]): Leading {
  const line = readOptions(rest, bsdFindOptions);
  const starts = line.options.filter((o) => o.name === 'start').map((o) => (o.attached ? derivedArgument(o.arg, o.value ?? '') : o.arg));
  const links = line.options.filter((o) => o.name === 'follow' || o.name === 'P').pop();
  // the operands are the paths and the expression, as GNU's reading takes them after its own options
  return { rest: line.operands, i: 0, starts, followsLinks: links !== undefined && links.name === 'follow' };
}

/**
 * What a `find` prints, for `find … | xargs CMD`: entries below its start
 * points, narrowed by the tests joined to its printing action. Null when it
 * does something else too, follows links, or the expression is not read.
 */
export function findListing(args: Argument[]): { starts: Argument[]; filter: FindFilter | null } | null {
  const find = parseFind(args, 'gnu');
  if ('unfixed' in find || find.followsLinks) return null;
  // the listing is read for no platform: BSD find may start elsewhere (`-f PATH`, `find -x DIR`), and then it is not read
  const bsd = parseFind(args, 'bsd');
  if ('unfixed' in bsd || bsd.followsLinks || !sameStarts(bsd.starts, find.starts)) return null;
  const actions = find.terms.map((t, index) => ({ t, index })).filter(({ t }) => t.kind === 'action' && t.name !== '-prune');
  if (actions.some(({ t }) => t.name !== '-print' && t.name !== '-print0')) return null;
  if (actions.length > 1) return null;
  const printing = actions[0] ?? { t: { kind: 'action' as const, name: '-print', args: [] }, index: find.terms.length };
  return { starts: find.starts, filter: withoutDirectories(filterFor(find.terms, printing.index, printing.t, 'gnu')) };
}

/** The same start points (BSD's reading of a find with no path has none, and lists nothing). */
function sameStarts(bsd: Argument[], gnu: Argument[]): boolean {
  return bsd.length === 0 || (bsd.length === gnu.length && bsd.every((a, k) => a.text === gnu[k]!.text));
}

/** A listing names entries one by one; a recursive writer given one is judged as recursive by the rules. */
function withoutDirectories(filter: FindFilter | null): FindFilter | null {
  return filter ? { ...filter, removesDirectories: false } : null;
}

function readFind({ args, userland }: Invocation): Action[] {
  const find = parseFind(args, userland);
  if ('unfixed' in find) return [runsCode(find.unfixed.word.span, { source: 'unfixed', via: '`find`', what: 'find word' })];
  const { starts, terms, followsLinks } = find;
  const out: Action[] = [];
  const removal = (term: Term) => term.name === '-delete' || (term.command !== undefined && removesWith(term.command));
  for (const [index, term] of terms.entries()) {
    if (writingActions.has(term.name) && term.args[0]) out.push({ kind: 'write', arg: term.args[0], by: `find ${term.name}` });
    if (term.command) {
      // `{}` is each path found: below the start points, as the tests narrow it (the removal below covers removals)
      const filters = [withoutDirectories(filterFor(terms, index, term, userland))];
      const listing: Listing = { starts, filters, recursive: true, skipsGitDirectories: false, by: 'find', coveredRemoval: removal(term) };
      // with -L/-H/-follow the entries lie wherever the links lead: not below the start points treeward reads
      const filledIn = (a: Argument) => listedArgument(a, a.text === '{}' &&
        !followsLinks ? listing : null, { source: 'runner-list', runner: 'find', filledIn: true });
      const command = term.command.map((a) => (a.text !== null && a.text.includes('{}') ? filledIn(a) : a));
      const inEachDirectory = term.name === '-execdir' || term.name === '-okdir';
      if (command.length > 0) out.push({ kind: 'run', argv: command, subshell: true, ...(inEachDirectory ? { dirs: null } : {}) });
    }
    if (removal(term)) {
      const filter = filterFor(terms, index, term, userland);
      for (const start of starts) {
        // find -L deletes through the links it follows (issue 13 item 7): what it reaches is not fixed
        const arg = followsLinks ? unfixedArgument(start, { source: 'program-reads', what: 'find -L entries' }) : start;
        out.push({ kind: 'remove', arg, recursive: true, belowOnly: true, ...(filter ? { findFilter: filter } : {}), by: `find ${term.name}` });
      }
    }
  }
  return out;
}

/** Whether an `-exec` command removes what it is given. */
function removesWith(command: Argument[]): boolean {
  const program = command[0]?.text;
  if (!program) return true; // not fixed: assume the worst
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (['rm', 'rmdir', 'unlink', 'shred', 'rimraf', 'trash', 'trash-put', 'del'].includes(base)) return true;
  // a shell or a runner may remove what it is given (`-exec sh -c 'rm "$1"' _ {}`)
  if (shellNamed(base)?.plain === true || ['xargs', 'env', 'sudo', 'nice', 'nohup', 'timeout'].includes(base)) return true;
  if (base === 'mv' || base === 'git') return true;
  return false;
}

/** The tests that match a whole path; before a `-prune`, `-iwholename` is not read. */
const pathTests = new Set(['-path', '-ipath', '-wholename', '-iwholename']);
const prunedPathTests = new Set(['-path', '-ipath', '-wholename']);

/**
 * The tests joined by `-a` to the deleting action at `index` (within its
 * `-o` branch), and the `-prune`s in branches before it. Null when the
 * expression is one treeward does not read (parentheses around the action).
 */
function filterFor(terms: Term[], index: number, action: Term, userland: Userland): FindFilter | null {
  const removesDirectories = action.name !== '-delete' && recursiveRemoval(action.command ?? [], userland);
  const filter: FindFilter = { names: [], paths: [], prunes: [], maxDepth: null, removesDirectories };
  for (const term of terms) {
    if (term.name === '-maxdepth') {
      const n = Number(term.args[0]?.text);
      if (Number.isInteger(n) && n >= 0) filter.maxDepth = filter.maxDepth === null ? n : Math.min(filter.maxDepth, n);
    }
  }
  // the branch of the action: back to the nearest `-o` at top level
  let depth = 0;
  let branchStart = 0;
  for (let k = 0; k < index; k++) {
    const t = terms[k]!;
    if (t.name === '(') depth++;
    else if (t.name === ')') depth--;
    else if (t.name === '-o' && depth === 0) branchStart = k + 1;
  }
  if (depth !== 0) return null;
  // earlier branches: `X -prune -o …` keeps X out
  let k = 0;
  while (k < branchStart) {
    let end = k;
    while (end < branchStart && !(terms[end]!.name === '-o')) end++;
    const branch = terms.slice(k, end).filter((t) => t.name !== '(' && t.name !== ')');
    if (branch.some((t) => t.name === '-prune')) {
      for (const t of branch) {
        if (t.name === '-name' || t.name === '-iname') filter.prunes.push({ pattern: t.args[0]?.text ?? '*', caseless: t.name === '-iname', byPath: false });
        if (prunedPathTests.has(t.name)) filter.prunes.push({ pattern: t.args[0]?.text ?? '*', caseless: t.name === '-ipath', byPath: true });
      }
    }
    k = end + 1;
  }
  for (let j = branchStart; j < index; j++) {
    const t = terms[j]!;
    if (t.kind === 'operator' && t.name !== '-a') return { ...filter, names: [], paths: [] }; // `!` or parentheses: read no name tests
    if (t.name === '-name' || t.name === '-iname') filter.names.push({ pattern: t.args[0]?.text ?? '*', caseless: t.name === '-iname' });
    if (pathTests.has(t.name)) filter.paths.push({ pattern: t.args[0]?.text ?? '*', caseless: t.name.startsWith('-i') });
  }
  return filter;
}

/**
 * Whether an `-exec` removal may take directories: anything but an `rm`
 * that is not recursive (`-r`, `--recursive` or a prefix of it, anywhere, or
 * a word not fixed).
 */
function recursiveRemoval(command: Argument[], userland: Userland): boolean {
  const program = command[0]?.text ?? '';
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base !== 'rm') return true;
  const args = command.slice(1);
  // the rm of the find's own userland (GNU's permutes, BSD's stops at its first operand)
  return args.some((a) => a.text === null) || userlandReadings(args, rmOptions, [userland], rmBsdOptions).some(({ line }) => has(line, 'recursive'));
}

/** A lister's filter: entries whose names match `names`, skipping what `prunes` match. */
export function listingFilter(names: string[], prunes: string[]): FindFilter {
  return {
    names: names.map((pattern) => ({ pattern, caseless: false })),
    paths: [],
    prunes: prunes.map((pattern) => ({ pattern, caseless: false, byPath: false })),
    maxDepth: null,
    removesDirectories: false,
  };
}
