// The git-history pack (issue 17, opt-in): git commands that lose work git
// cannot give back: uncommitted changes, stashes, branches, the reflog's
// safety net, or what a remote holds. treeward approves them by default (the
// agent owns its tree); with `packs: ["git-history"]` the rule in
// rules/git-history.ts refuses them. The reader reports every such form it
// finds, whether or not the pack is on: one table of subcommands, each read by
// its own option table the way git's parse-options reads it (unique prefixes
// of long options, `--no-` forms, letter clusters such as `-fd`, `--` ending
// the options, options after operands), and a judge over what was read.
//
// Decided from git's documentation (git-<subcommand>(1), 2.39):
// - `rebase` and `commit --amend` are not refused: the commits they replace
//   stay in the reflog and ORIG_HEAD, which `git reset` brings back;
// - `reset --merge` and `--keep`, `branch -d`, `worktree remove`, `stash pop`
//   and `clean -n` are not refused: git itself stops before losing anything;
// - `checkout X` with one operand that reads as a branch name is a switch;
//   with `--`, a second operand, `.` or a path-like operand it overwrites files.

import type { Span } from '../../syntax/ast.js';
import { type Action, effectAction } from '../core/actions.js';
import type { Argument } from '../core/arguments.js';
import type { GitHistoryForm } from '../core/effects.js';
import { optionLines, type OptionTable, type ParsedOptions, readOptions } from '../core/options.js';
import type { PackDenyId } from '../core/types.js';
import { leadingText } from '../core/words.js';

/** What the judge of a subcommand is given: the reading, the words, and where `--` stood. */
interface Read {
  line: ParsedOptions;
  args: Argument[];
  /** The operands after a `--` (empty when there is none). */
  afterDashes: Argument[];
}

type Found = [PackDenyId, GitHistoryForm] | null;

interface HistoryRow {
  table: OptionTable;
  judge(read: Read): Found;
}

/** The last of the named flags decides, as in parse-options (`-f --no-force` is no force). */
function flagOn(line: ParsedOptions, on: readonly string[], off: readonly string[] = []): boolean {
  let state = false;
  for (const o of line.options) {
    if (on.includes(o.name)) state = true;
    else if (off.includes(o.name)) state = false;
  }
  return state;
}

const count = (line: ParsedOptions, name: string) => line.options.filter((o) => o.name === name).length;

const pushTable = optionLines([
  '-v --verbose', '-q --quiet', '   --repo=REPO', '   --all', '   --branches', '   --mirror', '   --no-mirror', '-d --delete', '   --tags',
  '-n --dry-run', '   --porcelain', '-f --force', '   --no-force', '   --force-with-lease[=X]', '   --no-force-with-lease', '   --force-if-includes',
  '   --recurse-submodules=X', '   --thin', '   --no-thin', '   --receive-pack=X', '   --exec=X', '-u --set-upstream', '   --progress', '   --prune',
  '   --no-prune', '   --no-verify', '   --verify', '   --follow-tags', '   --signed[=X]', '   --no-signed', '   --atomic', '-o --push-option=X', '-4 --ipv4',
  '-6 --ipv6',
]);

const resetTable = optionLines([
  '-q --quiet', '   --no-refresh', '   --refresh', '   --mixed', '   --soft', '   --hard', '   --merge', '   --keep', '   --recurse-submodules[=X]',
  '-p --patch', '-N --intent-to-add', '   --pathspec-from-file=FILE', '   --pathspec-file-nul',
]);

const cleanTable = optionLines(['-q --quiet', '-n --dry-run', '-f --force', '-i --interactive', '-d', '-e --exclude=PATTERN', '-x', '-X']);

const switchLines = [
  '-q --quiet', '   --recurse-submodules[=X]', '   --progress', '-m --merge', '   --conflict=STYLE', '-d --detach', '-t --track[=X]', '-f --force',
  '   --orphan=BRANCH', '   --overwrite-ignore', '   --ignore-other-worktrees', '   --guess', '   --no-guess',
];

const checkoutTable = optionLines([
  ...switchLines, '-b BRANCH', '-B BRANCH', '-l', '   --overlay', '   --no-overlay', '-2 --ours', '-3 --theirs', '-p --patch',
  '   --ignore-skip-worktree-bits', '   --pathspec-from-file=FILE', '   --pathspec-file-nul',
]);

const switchTable = optionLines([...switchLines, '-c --create=BRANCH', '-C --force-create=BRANCH', '   --discard-changes']);

const restoreTable = optionLines([
  '-s --source=TREE', '-S --staged', '-W --worktree', '   --ignore-unmerged', '   --overlay', '   --no-overlay', '-q --quiet', '   --recurse-submodules[=X]',
  '   --progress', '-m --merge', '   --conflict=STYLE', '-2 --ours', '-3 --theirs', '-p --patch', '   --ignore-skip-worktree-bits',
  '   --pathspec-from-file=FILE', '   --pathspec-file-nul',
]);

const branchTable = optionLines([
  '-v --verbose', '-q --quiet', '-t --track[=X]', '   --no-track', '-u --set-upstream-to=X', '   --unset-upstream', '   --color[=X]', '   --no-color',
  '-r --remotes', '   --contains=X', '   --no-contains=X', '   --abbrev[=X]', '   --no-abbrev', '-a --all', '-d --delete', '-D', '-m --move', '-M',
  '-c --copy', '-C',
  '-l --list', '   --show-current', '   --create-reflog', '   --edit-description', '-f --force', '   --no-force', '   --merged=X', '   --no-merged=X',
  '   --column[=X]', '   --no-column', '   --sort=X', '   --points-at=X', '-i --ignore-case', '   --recurse-submodules', '   --format=X',
]);

const tagTable = optionLines([
  '-l --list', '-n', '-d --delete', '-v --verify', '-a --annotate', '-m --message=MSG', '-F --file=FILE', '-e --edit', '-s --sign', '   --cleanup=MODE',
  '-u --local-user=KEY', '-f --force', '   --no-force', '   --create-reflog', '   --column[=X]', '   --contains=X', '   --no-contains=X', '   --merged=X',
  '   --no-merged=X', '   --sort=X', '   --points-at=X', '   --format=X', '   --color[=X]', '-i --ignore-case',
]);

const gcTable = optionLines([
  '-q --quiet', '   --prune[=DATE]', '   --no-prune', '   --cruft', '   --aggressive', '   --auto', '   --force', '   --keep-largest-pack',
]);

const pruneTable = optionLines(['-n --dry-run', '-v --verbose', '   --progress', '   --expire=DATE', '   --exclude-promisor-objects']);

const updateRefTable = optionLines(['-m REASON', '-d', '   --no-deref', '-z', '   --stdin', '   --create-reflog']);

const worktreeRemoveTable = optionLines(['-f --force']);

const noOptions = optionLines([]);

/** A pathspec rather than a branch: `.`, `:/…`, a glob, or a path spelled from here. */
function pathLike(text: string): boolean {
  return text === '.' || text === '..' || text.startsWith(':') || /[*?[]/.test(text) || text.startsWith('./') || text.startsWith('../') ||
    text.startsWith('/');
}

/** `git push`: a forced update, a deletion, or a mirror of the remote's refs. */
function judgePush({ line }: Read): Found {
  if (flagOn(line, ['force'], ['no-force'])) return ['git-remote-overwrite', 'push --force'];
  if (flagOn(line, ['mirror'], ['no-mirror'])) return ['git-remote-overwrite', 'push --mirror'];
  if (flagOn(line, ['delete'])) return ['git-remote-overwrite', 'push --delete'];
  if (flagOn(line, ['prune'], ['no-prune'])) return ['git-remote-overwrite', 'push --prune'];
  // the first operand is the repository unless --repo names it; the rest are refspecs
  const refspecs = line.operands.slice(line.options.some((o) => o.name === 'repo') ? 0 : 1);
  for (const r of refspecs) {
    if (r.text?.startsWith('+')) return ['git-remote-overwrite', 'push +refspec'];
    if (r.text !== null && r.text.startsWith(':') && r.text !== ':') return ['git-remote-overwrite', 'push :ref'];
  }
  return null;
}

function judgeCheckout({ line, afterDashes }: Read): Found {
  if (flagOn(line, ['force'])) return ['git-discards-changes', 'checkout --force'];
  if (line.options.some((o) => o.name === 'B')) return ['git-history-rewrite', 'checkout -B'];
  if (line.options.some((o) => o.name === 'pathspec-from-file')) return ['git-discards-changes', 'checkout -- paths'];
  if (line.options.some((o) => o.name === 'b' || o.name === 'orphan')) return null;
  const before = line.operands.filter((a) => !afterDashes.includes(a));
  if (afterDashes.length > 0 || before.length > 1 || (before[0]?.text != null && pathLike(before[0].text))) {
    return ['git-discards-changes', 'checkout -- paths'];
  }
  return null;
}

function judgeBranch({ line }: Read): Found {
  const force = flagOn(line, ['force'], ['no-force']);
  const has = (name: string) => line.options.some((o) => o.name === name);
  if (has('D') || (has('delete') && force)) return ['git-branch-delete', 'branch -D'];
  if (has('delete')) return null;
  if (has('M') || has('C') || ((has('move') || has('copy')) && force)) return ['git-history-rewrite', 'branch -M'];
  if (force && line.operands.length > 0) return ['git-history-rewrite', 'branch --force'];
  return null;
}

/** The subcommands the pack reads, each by its options table and its judge. */
const historyRows = new Map<string, HistoryRow>([
  ['push', { table: pushTable, judge: judgePush }],
  ['reset', {
    table: resetTable,
    // the last mode given is the one git uses
    judge: ({ line }) => (flagOn(line, ['hard'], ['soft', 'mixed', 'merge', 'keep']) ? ['git-discards-changes', 'reset --hard'] : null),
  }],
  ['clean', {
    table: cleanTable,
    // without --dry-run it removes untracked files (clean.requireForce, which makes it ask for -f, is the user's setting: not read)
    judge: ({ line }) => (count(line, 'dry-run') > 0 && !flagOn(line, ['interactive']) ? null : ['git-discards-changes', 'clean --force']),
  }],
  ['checkout', { table: checkoutTable, judge: judgeCheckout }],
  ['switch', {
    table: switchTable,
    judge: ({ line }) => {
      if (flagOn(line, ['force', 'discard-changes'])) return ['git-discards-changes', 'switch --discard-changes'];
      return line.options.some((o) => o.name === 'force-create') ? ['git-history-rewrite', 'switch -C'] : null;
    },
  }],
  ['restore', {
    table: restoreTable,
    // the working tree is restored unless only --staged is given
    judge: ({ line }) => (flagOn(line, ['staged']) && !flagOn(line, ['worktree']) ? null : ['git-discards-changes', 'restore']),
  }],
  ['branch', { table: branchTable, judge: judgeBranch }],
  ['tag', {
    table: tagTable,
    judge: ({ line }) => {
      if (flagOn(line, ['delete'])) return ['git-history-rewrite', 'tag --delete'];
      return flagOn(line, ['force'], ['no-force']) ? ['git-history-rewrite', 'tag --force'] : null;
    },
  }],
  ['update-ref', { table: updateRefTable, judge: () => ['git-history-rewrite', 'update-ref'] }],
  ['filter-branch', { table: noOptions, judge: () => ['git-history-rewrite', 'filter-branch'] }],
  ['filter-repo', { table: noOptions, judge: () => ['git-history-rewrite', 'filter-branch'] }],
  ['gc', {
    table: gcTable,
    judge: ({ line }) => {
      const prune = line.options.filter((o) => o.name === 'prune' || o.name === 'no-prune').at(-1);
      // the default keeps two weeks of unreachable objects; `--prune` with no date is that default too
      if (!prune || prune.name === 'no-prune' || prune.attached === false) return null;
      return prune.value !== null && /^(never|false)$/i.test(prune.value) ? null : ['git-prunes-unreachable', 'gc --prune'];
    },
  }],
  ['prune', {
    table: pruneTable,
    judge: ({ line }) => (flagOn(line, ['dry-run']) ? null : ['git-prunes-unreachable', 'prune']),
  }],
]);

/** Subcommands with subcommands: `stash drop`, `reflog expire`, `worktree remove --force`. */
function judgeNested(sub: string, args: Argument[]): Found {
  const word = args.find((a) => !(a.text ?? '').startsWith('-'));
  const action = word?.text;
  if (sub === 'stash' && (action === 'drop' || action === 'clear')) return ['git-discards-changes', action === 'drop' ? 'stash drop' : 'stash clear'];
  if (sub === 'reflog' && (action === 'expire' || action === 'delete')) return ['git-prunes-unreachable', 'reflog expire'];
  if (sub === 'worktree' && action === 'remove') {
    const line = readOptions(args.slice(args.indexOf(word!) + 1), worktreeRemoveTable);
    return line.options.some((o) => o.name === 'force') ? ['git-discards-changes', 'worktree remove --force'] : null;
  }
  return null;
}

/** A word the line does not fix where git reads options and operands, that could be an option or a refspec (`$flags`, `"+$ref"`). */
function unfixedWord(args: readonly Argument[]): Argument | null {
  for (const a of args) {
    if (a.text !== null) continue;
    const lead = leadingText(a.word).text;
    if (lead === '' || /^[-+:.]/.test(lead)) return a;
  }
  return null;
}

const nestedSubs = new Set(['stash', 'reflog', 'worktree']);

/** The pack's findings for `git SUB ARGS…` (git.ts calls this with git's subcommand word). */
export function gitHistoryActions(sub: Argument, args: Argument[], span: Span): Action[] {
  const name = sub.text;
  if (name === null) return [];
  const row = historyRows.get(name);
  if (!row && !nestedSubs.has(name)) return [];
  const found = (at: Span, [id, form]: NonNullable<Found>): Action[] => [effectAction({ kind: 'git-history', id, form, span: at })];
  if (row) {
    const read = readWith(row.table, args);
    const unfixed = unfixedWord(read.line.operands);
    if (unfixed) return found(unfixed.word.span, [packIdOf(name), { unfixed: name }]);
    const result = row.judge(read);
    return result ? found(span, result) : [];
  }
  const action = args.find((a) => !(a.text ?? '').startsWith('-'));
  if (action && action.text === null) return found(action.word.span, [packIdOf(name), { unfixed: name }]);
  const result = judgeNested(name, args);
  return result ? found(span, result) : [];
}

/** The id a subcommand's refusals take when a word it reads is not fixed. */
function packIdOf(sub: string): PackDenyId {
  if (sub === 'push') return 'git-remote-overwrite';
  if (sub === 'branch') return 'git-branch-delete';
  if (sub === 'gc' || sub === 'prune' || sub === 'reflog') return 'git-prunes-unreachable';
  if (sub === 'tag' || sub === 'update-ref' || sub === 'filter-branch' || sub === 'filter-repo') return 'git-history-rewrite';
  return 'git-discards-changes';
}

function readWith(table: OptionTable, args: Argument[]): Read {
  const line = readOptions(args, table);
  const dashes = args.findIndex((a) => a.text === '--');
  // `--` is an option's value only when the option before it takes one; readOptions knows: operands after the index are after `--`
  const afterDashes = dashes < 0 ? [] : line.operands.filter((a) => args.indexOf(a) > dashes);
  return { line, args, afterDashes };
}
