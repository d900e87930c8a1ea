// `cd -` after a `cd` the line made (issue 16 item 2): each line runs in the
// real bash, dash and zsh in the sandbox, where `rm` is a logging stub that
// records the directory it ran in. Where treeward approves the line, the
// removal it judged must be the one the shell made: the file in the
// directory the shell was really in. Where the shell's OLDPWD is not the
// line's own (before its first cd, after a cd that may have failed, after
// the line set OLDPWD or PWD), treeward must refuse the relative removal.
//
// What the shells were seen to do (bash 5.2, dash 0.5.12, zsh 5.9): a `cd`
// that succeeds sets OLDPWD to the directory it left, `pushd` and `popd`
// too; one that fails leaves OLDPWD as it was; `cd -- -` is `cd -`; bash's
// `cd` copies PWD, as the line may have assigned it, into OLDPWD (dash and
// zsh keep their own); bash and dash's `cd -` goes to $OLDPWD as the line may
// have set it, zsh's to the directory it keeps itself; `cd -1` is refused by
// bash and is a directory-stack entry in zsh. OLDPWD before the line's first cd is the inherited one (the
// hand-back's own `cd --` sets it to wherever the harness's shell was).

import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/core/fs.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { everyShellOf, IN_HOME, IN_OUTSIDE, IN_WORK, type Layout, type LineResult, readAs, requireSandbox, runLines, type ShellName } from '../support/shells.js';

const available = requireSandbox('test/shells/cd-back.test.ts');

const layout: Layout = {
  work: { 'x.txt': 'x\n', 'sub/x.txt': 'x\n', 'sub/deep/x.txt': 'x\n', 'other/x.txt': 'x\n' },
  outside: { 'x.txt': 'x\n' },
};

interface Back {
  command: string;
  /** Exactly the shells to run it in (absent: bash, dash, bash --posix and zsh). */
  shells?: ShellName[];
  /** Where the shell runs rm, relative to the work dir, as the runner reports a call's cwd ('': rm does not run; absent: not checked). */
  rmIn?: string;
  /** The file rm removes, relative to the work dir (default `x.txt` in `rmIn`). */
  removes?: string;
  /** Whether treeward approves the line. */
  treeward: 'allow' | 'deny';
  /** Variables the shell starts with (its inherited OLDPWD). */
  env?: Record<string, string>;
}

const lines: Back[] = [
  { command: 'cd sub && cd - >/dev/null && rm -f x.txt', rmIn: '.', treeward: 'allow' },
  { command: 'cd sub && true && cd - >/dev/null && rm -f x.txt', rmIn: '.', treeward: 'allow' },
  { command: 'cd sub/deep && cd ../.. && cd - >/dev/null && rm -f x.txt', rmIn: 'sub/deep', treeward: 'allow' },
  { command: 'cd sub && cd -- - >/dev/null && rm -f x.txt', rmIn: '.', treeward: 'allow' },
  { command: 'cd sub && cd deep && cd - >/dev/null && rm -f x.txt', rmIn: 'sub', treeward: 'allow' },
  { command: 'cd sub && (cd - >/dev/null && rm -f x.txt)', rmIn: '.', treeward: 'allow' },
  { command: 'cd sub && rm -f "$OLDPWD/x.txt"', rmIn: 'sub', removes: 'x.txt', treeward: 'allow' },
  { command: 'cd nosuch 2>/dev/null && cd - && rm -f x.txt', rmIn: '', treeward: 'allow' },
  { command: 'pushd sub >/dev/null && cd - >/dev/null && rm -f x.txt', shells: ['bash', 'bash-posix', 'zsh'], rmIn: '.', treeward: 'allow' },
  // popd sets OLDPWD to the directory it left: `cd -` goes back to sub/deep (treeward reads sub/deep, and the tree, where sub was reached from)
  { command: 'cd sub && pushd deep >/dev/null && popd >/dev/null && cd - >/dev/null && rm -f x.txt', shells: ['bash', 'bash-posix', 'zsh'], rmIn: 'sub/deep', treeward: 'allow' },
  // OLDPWD is not the line's own: refused
  { command: 'cd - >/dev/null && rm -f x.txt', shells: ['bash', 'bash-posix', 'sh'], rmIn: '../outside', treeward: 'deny', env: { OLDPWD: IN_OUTSIDE } },
  { command: 'cd nosuch 2>/dev/null; cd - >/dev/null && rm -f x.txt', shells: ['bash', 'bash-posix', 'sh'], rmIn: '../outside', treeward: 'deny', env: { OLDPWD: IN_OUTSIDE } },
  // zsh sets OLDPWD to its start directory when it starts (zshparam(1) OLDPWD: "set when the shell initializes"); still not the line's own
  { command: 'cd - >/dev/null && rm -f x.txt', shells: ['zsh'], rmIn: '.', treeward: 'deny', env: { OLDPWD: IN_OUTSIDE } },
  { command: `cd sub && OLDPWD=${IN_OUTSIDE} && cd - >/dev/null && rm -f x.txt`, shells: ['bash', 'bash-posix', 'sh'], rmIn: '../outside', treeward: 'deny' },
  { command: `cd sub && eval OLDPWD=${IN_OUTSIDE} && cd - >/dev/null && rm -f x.txt`, shells: ['bash', 'bash-posix', 'sh'], rmIn: '../outside', treeward: 'deny' },
  // zsh's `cd -` goes to the directory it keeps itself, whatever OLDPWD was set to; treeward does not read that difference
  { command: `cd sub && OLDPWD=${IN_OUTSIDE} && cd - >/dev/null && rm -f x.txt`, shells: ['zsh'], rmIn: '.', treeward: 'deny' },
  { command: `PWD=${IN_OUTSIDE}; cd sub && cd - >/dev/null && rm -f x.txt`, shells: ['bash', 'bash-posix'], rmIn: '../outside', treeward: 'deny' },
  { command: `PWD=${IN_OUTSIDE}; cd sub && cd - >/dev/null && rm -f x.txt`, shells: ['sh', 'zsh'], rmIn: '.', treeward: 'deny' },
  // a shell of its own has the OLDPWD it inherits, exported or not
  { command: 'cd sub && bash -c \'cd - >/dev/null && rm -f x.txt\'', treeward: 'deny', env: { OLDPWD: IN_OUTSIDE } },
  { command: 'cd sub && cd -1 2>/dev/null; rm -f x.txt', shells: ['zsh'], rmIn: 'sub', treeward: 'deny' },
];

const cases = lines.flatMap((line, i) => (line.shells ?? everyShellOf(['bash', 'sh', 'zsh'])).map((shell) => ({ line, shell, id: `cd-back:${i}:${shell}` })));

describe.skipIf(!available)('cd - in the real shells, against treeward', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(cases.map((c) => ({
      id: c.id, shell: c.shell, command: c.line.command, layout, run: true, parseCheck: false, ...(c.line.env ? { env: c.line.env } : {}),
    })), { timeoutSec: 2 });
  });

  for (const c of cases) {
    it(`${c.shell}: ${c.line.command}`, () => {
      const r = results.get(c.id);
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const rm = r!.ran!.calls.filter((call) => call.argv[0] === 'rm');
      if (c.line.rmIn === '') expect(rm, 'rm never ran').toEqual([]);
      else if (c.line.rmIn !== undefined) expect(rm.map((call) => call.cwd), `where rm ran (stderr: ${r!.ran!.stderr})`).toEqual([c.line.rmIn]);

      const env = { HOME: IN_HOME, ...c.line.env };
      const seen = explain(c.line.command, { ...readAs(c.shell), tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env, fs: fileSystemFrom(volumeOfLayout(layout) as never) });
      expect(seen.verdict.decision, JSON.stringify(seen.verdict)).toBe(c.line.treeward);
      if (seen.verdict.decision === 'allow' && c.line.rmIn) {
        // the removal treeward judged is the file the shell's rm removed, in the directory it ran in (among others it may be in)
        const removal = seen.effects.filter((e) => e.kind === 'removal');
        const file = c.line.removes ?? (c.line.rmIn === '.' ? 'x.txt' : `${c.line.rmIn}/x.txt`);
        expect(removal.flatMap((e) => e.paths ?? []), JSON.stringify(removal)).toContain(`${IN_WORK}/${file}`);
      }
    });
  }
});
