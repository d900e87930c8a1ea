// git read directly (src/approver/programs/git.ts): its global options by
// their table (`-C`, `--work-tree`, `-c`), each subcommand by the reader of
// the `gitSubcommands` table, and the settings whose value git runs as a
// command. A removal git makes never reaches a `.git` directory
// (`not .git`).

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const removals: Case[] = [
  // each with the git-history pack's finding too, which refuses only with the pack on (programs/git-history.ts)
  ['git clean -fdx', 'remove . (recursive, below only, filtered, not .git)', 'git-history git-discards-changes (clean --force)'],
  ['git -C sub clean -fd', 'remove . in /work/tree/sub (recursive, below only, filtered, not .git)', 'git-history git-discards-changes (clean --force)'],
  ['git --work-tree=../other clean -fd', 'remove . in /work/tree/../other (recursive, below only, filtered, not .git)',
    'git-history git-discards-changes (clean --force)'],
  ['git clean -n -fd'],
  ['git rm -r old', 'remove old (recursive)'],
  ['git rm --cached file'],
  ['git mv a b', 'write b (recursive)', 'place b', 'remove a (recursive)'],
  ['git worktree remove ../wt', 'remove ../wt (recursive)'],
];

const writes: Case[] = [
  ['git worktree add ../wt', 'write ../wt (recursive)'],
  ['git clone https://example.com/repo.git', 'write repo (recursive)'],
  ['git clone https://example.com/repo.git dest', 'write dest (recursive)'],
  ['git config --global alias.co checkout', 'write /home/agent/.gitconfig'],
  ['git status'],
  ['git checkout -- file', 'git-history git-discards-changes (checkout -- paths)'],
  ['git stash'],
];

const commands: Case[] = [
  // -c settings git runs as commands, judged as the command they name
  ['git -c core.pager=less log', 'git setting core.pager: less'],
  ["git -c alias.x='!rm -rf ~' x", 'git setting alias.x: rm -rf ~'],
  // any other alias is git's own command line, read through (git.c handle_alias; alias.c split_cmdline's quoting)
  ["git -c alias.x='clean -fdx ..' x", 'remove .. (recursive, below only, filtered, not .git)', 'git-history git-discards-changes (clean --force)'],
  ["git -c alias.x='worktree remove \"../w t\"' x", 'remove ../w t (recursive)'],
  ["git -c alias.x='worktree add' x ../wt", 'write ../wt (recursive)'],
  ["git -c alias.x=y -c alias.y='!rm -rf ~' x", 'git setting alias.y: rm -rf ~'],
  ['git -c alias.x=x x', 'git setting alias.x: ?nesting'],
  ["git -c alias.x='log \"' x", 'git setting alias.x: ?nesting'],
  ["git -c core.sshCommand='ssh -i key' fetch", 'git setting core.sshCommand: ssh -i key'],
  ['git config core.hooksPath hooks', 'git setting core.hooksPath: hooks in /work/tree/hooks'],
  // the commands subcommands run
  ["git rebase --exec 'make test' main", 'git setting git rebase --exec: make test'],
  ["git fetch --upload-pack='rm -rf /' origin", 'git setting git fetch --upload-pack: rm -rf /'],
  ['git push ext::sh', 'git setting ext:: URL: sh'],
  ['git bisect run make test', 'run: make test'],
  ["git submodule foreach 'git pull'", 'shell-code (sh): git pull in ?'],
  // what treeward does not follow
  // the todo list opens in the user's configured editor, as git commit's message does (issue 16)
  ['git rebase -i HEAD~3'],
  ["git filter-branch --tree-filter 'rm x' HEAD", 'git setting git filter-branch --tree-filter: rm x', 'git-history git-history-rewrite (filter-branch)'],
  ["git filter-branch -d /tmp/t --tree-filter 'rm x' HEAD", 'runs code (changes-commands) via `git filter-branch`', 'git-history git-history-rewrite (filter-branch)'],
  ['git filter-repo --path x', 'runs code (changes-commands) via `git filter-repo`', 'git-history git-history-rewrite (filter-branch)'],
];

describe('git: removals', () => checkTable(removals));
describe('git: writes', () => checkTable(writes));
describe('git: commands it runs', () => checkTable(commands));
