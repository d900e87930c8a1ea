// The git-history pack (issue 17) against the real git: each form the pack
// refuses is run, for real, on a scratch repository in the bubblewrap sandbox
// of test/support/shells.ts, and a check after it prints LOST when git lost
// what the pack's reason says it loses (an uncommitted change, an untracked
// file, a stash, the only ref to a commit, a remote's commit or branch, a
// reflog entry, an unreachable object). The forms the pack approves are run
// the same way and print KEPT. Every form is judged by approve() as well:
// refused with its id with the pack on, approved with it off.
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import { beforeAll, describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import type { DenyId } from '../../src/approver/types.js';
import { IN_HOME, IN_WORK, requireSandbox, runLines, type LineResult } from '../support/shells.js';

const available = requireSandbox('test/programs/git-history.test.ts');

const ENV: Record<string, string> = {
  PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com',
  GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com',
};

/** A repository `r` in the work dir with one commit of `f` (`one`), `f` changed to `two` and not committed, and an untracked `u`. */
const repo = `cd ${IN_WORK} && git init -q -b main r && cd r && echo one > f && git add f && git commit -qm one && echo two > f && echo u > u`;
/** …and a bare remote `../remote.git` holding main at commit A, where the local main then moved to a commit that replaces A. */
const remote = `${repo} && git init -q --bare ../remote.git && git remote add origin ../remote.git && git push -q origin main 2>/dev/null && ` +
  'A=$(git rev-parse HEAD) && git commit -q --amend -m replaced && git push -q origin main:old 2>/dev/null';
/** The remote's main is no longer commit A. */
const remoteLost = '[ "$(git --git-dir=../remote.git rev-parse -q --verify main)" = "$A" ] && echo KEPT || echo LOST';
/** The remote still has the branch. */
const remoteHas = (name: string) => `git --git-dir=../remote.git rev-parse -q --verify ${name} >/dev/null && echo KEPT || echo LOST`;
/** A commit `B` that only the branch `old` holds, on top of the repository. */
const branch = `${repo} && git stash -q && git switch -q -c old && echo b > g && git add g && git commit -qm b && B=$(git rev-parse HEAD) && ` +
  'git switch -q main';
/** No branch holds commit B any more. */
const branchLost = '[ -n "$(git branch --contains "$B" 2>/dev/null)" ] && echo KEPT || echo LOST';

interface Form {
  run: string;
  setup: string;
  check: string;
  /** The pack's id, or null for a form it approves. */
  id: DenyId | null;
}

const forms: Form[] = [
  // uncommitted changes and untracked files
  { run: 'git reset --hard', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git reset --har', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git reset --hard --keep', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: null },
  { run: 'git reset --soft HEAD', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: null },
  { run: 'git checkout -- .', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git checkout .', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git checkout HEAD f', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git checkout -f main', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git checkout -b feature', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: null },
  { run: 'git switch --discard other', setup: `${repo} && git branch other`, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git restore f', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git restore --staged f', setup: repo, check: 'grep -q two f && echo KEPT || echo LOST', id: null },
  { run: 'git clean -f', setup: repo, check: '[ -e u ] && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git clean -xdf', setup: repo, check: '[ -e u ] && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git clean -nd', setup: repo, check: '[ -e u ] && echo KEPT || echo LOST', id: null },
  { run: 'git stash drop', setup: `${repo} && git stash -q`, check: 'git stash list | grep -q . && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git stash clear', setup: `${repo} && git stash -q`, check: 'git stash list | grep -q . && echo KEPT || echo LOST', id: 'git-discards-changes' },
  { run: 'git stash pop', setup: `${repo} && git stash -q`, check: 'grep -q two f && echo KEPT || echo LOST', id: null },
  {
    run: 'git worktree remove --force wt', setup: `${repo} && git worktree add -q wt && echo w > wt/new`,
    check: '[ -e wt/new ] && echo KEPT || echo LOST', id: 'git-discards-changes',
  },
  {
    run: 'git worktree remove wt', setup: `${repo} && git worktree add -q wt && echo w > wt/new`,
    check: '[ -e wt/new ] && echo KEPT || echo LOST', id: null,
  },
  // branches and refs
  { run: 'git branch -D old', setup: branch, check: branchLost, id: 'git-branch-delete' },
  { run: 'git branch -df old', setup: branch, check: branchLost, id: 'git-branch-delete' },
  { run: 'git branch --delete --forc old', setup: branch, check: branchLost, id: 'git-branch-delete' },
  { run: 'git branch -d old', setup: branch, check: branchLost, id: null },
  { run: 'git branch -f old main', setup: branch, check: branchLost, id: 'git-history-rewrite' },
  {
    run: 'git branch -M old main', setup: `${branch} && echo c > h && git add h && git commit -qm c && C=$(git rev-parse HEAD) && git switch -q old`,
    check: '[ -n "$(git branch --contains "$C" 2>/dev/null)" ] && echo KEPT || echo LOST', id: 'git-history-rewrite',
  },
  { run: 'git checkout -B old main', setup: branch, check: branchLost, id: 'git-history-rewrite' },
  { run: 'git switch -C old main', setup: branch, check: branchLost, id: 'git-history-rewrite' },
  { run: 'git update-ref -d refs/heads/old', setup: branch, check: branchLost, id: 'git-history-rewrite' },
  { run: 'git tag -d v1', setup: `${repo} && git tag v1`, check: 'git rev-parse -q --verify v1 >/dev/null && echo KEPT || echo LOST', id: 'git-history-rewrite' },
  // the safety net: reflog entries and unreachable objects
  {
    run: 'git reflog expire --expire=now --all', setup: `${branch} && git branch -D old >/dev/null`,
    check: 'git log -g --format=%H --all | grep -q "$B" && echo KEPT || echo LOST', id: 'git-prunes-unreachable',
  },
  {
    run: 'git gc -q --prune=now', setup: `${branch} && git branch -D old >/dev/null && git reflog expire --expire=now --all`,
    check: 'git cat-file -e "$B" 2>/dev/null && echo KEPT || echo LOST', id: 'git-prunes-unreachable',
  },
  {
    run: 'git prune', setup: `${branch} && git branch -D old >/dev/null && git reflog expire --expire=now --all`,
    check: 'git cat-file -e "$B" 2>/dev/null && echo KEPT || echo LOST', id: 'git-prunes-unreachable',
  },
  {
    run: 'git gc -q', setup: `${branch} && git branch -D old >/dev/null && git reflog expire --expire=now --all`,
    check: 'git cat-file -e "$B" 2>/dev/null && echo KEPT || echo LOST', id: null,
  },
  // the remote
  { run: 'git push -q --force origin main', setup: remote, check: remoteLost, id: 'git-remote-overwrite' },
  { run: 'git push -qf origin main', setup: remote, check: remoteLost, id: 'git-remote-overwrite' },
  { run: 'git push -q origin +main', setup: remote, check: remoteLost, id: 'git-remote-overwrite' },
  { run: 'git push -q origin +HEAD:refs/heads/main', setup: remote, check: remoteLost, id: 'git-remote-overwrite' },
  { run: 'git push -q --mir origin', setup: remote, check: remoteLost, id: 'git-remote-overwrite' },
  { run: 'git push -q origin :old', setup: remote, check: remoteHas('old'), id: 'git-remote-overwrite' },
  { run: 'git push -q origin --delete old', setup: remote, check: remoteHas('old'), id: 'git-remote-overwrite' },
  {
    run: 'git push -q --prune origin refs/heads/*:refs/heads/*', setup: `${remote} && git --git-dir=../remote.git branch gone main`,
    check: remoteHas('gone'), id: 'git-remote-overwrite',
  },
  { run: 'git push -q origin main', setup: remote, check: remoteLost, id: null },
  { run: 'git push -q --forc origin main', setup: remote, check: remoteLost, id: null },
  { run: 'git push -q -f --no-force origin main', setup: remote, check: remoteLost, id: null },
  {
    // someone else moved the remote's main (pushed by URL, so the local origin/main does not know): the lease refuses
    run: 'git push -q --force-with-lease origin main',
    setup: `${remote} && X=$(git commit-tree -p "$A" -m other "$(git rev-parse "$A^{tree}")") && git push -q -f ../remote.git "$X:refs/heads/main" && A=$X`,
    check: remoteLost, id: null,
  },
];

const tree = '/home/dev/project';
const results = new Map<string, LineResult>();

describe.skipIf(!available)('the git-history pack against the real git', () => {
  beforeAll(async () => {
    const cases = forms.map((f, i) => ({
      id: `git-history:${i}`, shell: 'sh' as const, command: `${f.setup} && { ${f.run}; } >/dev/null 2>&1; ${f.check}`, run: true, env: ENV,
      parseCheck: false,
    }));
    const got = await runLines(cases, { timeoutSec: 30, real: ['git'], jobs: 1 });
    for (const [id, r] of got) results.set(id, r);
  }, 600_000);

  forms.forEach((form, i) => {
    it(`${form.run}: ${form.id ?? 'approved'}`, () => {
      const r = results.get(`git-history:${i}`);
      expect(r?.error, r?.error).toBeUndefined();
      const said = (r?.ran?.stdout ?? '').trim().split('\n').at(-1);
      expect(said, `stdout ${JSON.stringify(r?.ran?.stdout)}, stderr ${JSON.stringify(r?.ran?.stderr)}`).toBe(form.id === null ? 'KEPT' : 'LOST');
      const on = approve(form.run, { tree, packs: ['git-history'] });
      expect(on.decision === 'deny' ? on.id : null).toBe(form.id);
      expect(approve(form.run, { tree }).decision).toBe('allow');
    });
  });
});
