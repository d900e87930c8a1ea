// find: start points, then an expression. A find that deletes (`-delete`,
// or `-exec`/`-execdir`/`-ok` of a removal) removes what lies below its start
// points; `-fprint`, `-fprintf`, `-fls` write files; `-exec` runs commands.

import type { FindFilter } from '../core/effects.js';
import { rmOptions } from './coreutils-options.js';
import { type Argument, derivedArgument, type Listing, listedArgument, unfixedArgument } from '../core/arguments.js';
import { has, platformReadings } from '../core/options.js';
import { shellNamed } from '../core/shells.js';
import { type Action, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';

export const rows: ProgramRow[] = [{ names: ['find'], shadowable: true, read: readFind }];


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
function parseFind(args: Argument[]): FindCommand | { unfixed: Argument } {
  const rest = args.slice(1);
  let i = 0;
  let followsLinks = false;
  // leading options -H -L -P -D x -O1
  while (i < rest.length) {
    const t = rest[i]!.text;
    if (t === '-H' || t === '-L' || t === '-P') { followsLinks = t !== '-P'; i++; continue; }
    if (t === '-D') { i += 2; continue; }
    // `find -- DIR`: the options end, and the start points follow (issue 12 class 6)
    if (t === '--') { i++; break; }
    if (t !== null && /^-O\d$/.test(t)) { i++; continue; }
    break;
  }
  const starts: Argument[] = [];
  while (i < rest.length) {
    const t = rest[i]!.text;
    if (t !== null && (t.startsWith('-') || t === '(' || t === '!' || t === ',')) break;
    starts.push(rest[i]!);
    i++;
  }
  if (starts.length === 0) starts.push(derivedArgument(args[0]!, '.'));
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
    const n = arityOf[t] ?? 0;
    const isAction = otherActions.has(t) || writingActions.has(t);
    terms.push({ kind: isAction ? 'action' : 'test', name: t, args: rest.slice(i + 1, i + 1 + n) });
    i += 1 + n;
  }
  return { starts, terms, followsLinks };
}

/**
 * What a `find` prints, for `find … | xargs CMD`: entries below its start
 * points, narrowed by the tests joined to its printing action. Null when it
 * does something else too, follows links, or the expression is not read.
 */
export function findListing(args: Argument[]): { starts: Argument[]; filter: FindFilter | null } | null {
  const find = parseFind(args);
  if ('unfixed' in find || find.followsLinks) return null;
  const actions = find.terms.map((t, index) => ({ t, index })).filter(({ t }) => t.kind === 'action' && t.name !== '-prune');
  if (actions.some(({ t }) => t.name !== '-print' && t.name !== '-print0')) return null;
  if (actions.length > 1) return null;
  const printing = actions[0] ?? { t: { kind: 'action' as const, name: '-print', args: [] }, index: find.terms.length };
  return { starts: find.starts, filter: withoutDirectories(filterFor(find.terms, printing.index, printing.t)) };
}

/** A listing names entries one by one; a recursive writer given one is judged as recursive by the rules. */
function withoutDirectories(filter: FindFilter | null): FindFilter | null {
  return filter ? { ...filter, removesDirectories: false } : null;
}

function readFind({ args }: Invocation): Action[] {
  const find = parseFind(args);
  if ('unfixed' in find) return [runsCode(find.unfixed.word.span, { source: 'unfixed', via: '`find`', what: 'find word' })];
  const { starts, terms, followsLinks } = find;
  const out: Action[] = [];
  const removal = (term: Term) => term.name === '-delete' || (term.command !== undefined && removesWith(term.command));
  for (const [index, term] of terms.entries()) {
    if (writingActions.has(term.name) && term.args[0]) out.push({ kind: 'write', arg: term.args[0], by: `find ${term.name}` });
    if (term.command) {
      // `{}` is each path found: below the start points, as the tests narrow it (the removal below covers removals)
      const filters = [withoutDirectories(filterFor(terms, index, term))];
      const listing: Listing = { starts, filters, recursive: true, skipsGitDirectories: false, by: 'find', coveredRemoval: removal(term) };
      // with -L/-H/-follow the entries lie wherever the links lead: not below the start points treeward reads
      const filledIn = (a: Argument) => listedArgument(a, a.text === '{}' &&
        !followsLinks ? listing : null, { source: 'runner-list', runner: 'find', filledIn: true });
      const command = term.command.map((a) => (a.text !== null && a.text.includes('{}') ? filledIn(a) : a));
      const inEachDirectory = term.name === '-execdir' || term.name === '-okdir';
      if (command.length > 0) out.push({ kind: 'run', argv: command, subshell: true, ...(inEachDirectory ? { dirs: null } : {}) });
    }
    if (removal(term)) {
      const filter = filterFor(terms, index, term);
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
function filterFor(terms: Term[], index: number, action: Term): FindFilter | null {
  const removesDirectories = action.name !== '-delete' && recursiveRemoval(action.command ?? []);
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
function recursiveRemoval(command: Argument[]): boolean {
  const program = command[0]?.text ?? '';
  const base = program.slice(program.lastIndexOf('/') + 1);
  if (base !== 'rm') return true;
  const args = command.slice(1);
  return args.some((a) => a.text === null) || platformReadings(args, rmOptions).some((line) => has(line, 'recursive'));
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
