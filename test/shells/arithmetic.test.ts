// Arithmetic over names the line fixed is fixed (issue 16 item 2, core/arithmetic.ts):
// each line runs in the real bash, dash and zsh in the sandbox, where `rm` is
// a logging stub and `sed` runs for real after logging, and
//  (a) the shell hands the program exactly the words the row says;
//  (b) treeward reads the same: for rm, the removal's path in the work dir
//      (explain()); for sed, an approval of the script (a fixed `p` range is
//      no write), or the refusal the row names.
// Where the shells could differ (a leading zero: octal in bash and dash,
// decimal in zsh; `**`, bases, floats) or the value is not a plain integer,
// treeward leaves the expansion unfixed: the row says `unfixed`.

import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/core/fs.js';
import { volumeOfLayout } from '../regression/sandbox-land.js';
import { everyShellOf, IN_HOME, IN_WORK, type Layout, type LineResult, readAs, requireSandbox, runLines, type ShellName } from '../support/shells.js';

const available = requireSandbox('test/shells/arithmetic.test.ts');

const lines60 = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
const layout: Layout = { work: { 'f.py': lines60, 'a.txt': 'a\n' } };

interface Probe {
  command: string;
  shells?: ShellName[];
  /** The program's words after its name, as the shell passes them. */
  argv: string[];
  program: 'rm' | 'sed';
  /** What treeward makes of it: `fixed` (rm: the path it reads is the shell's; sed: approved), or the refusal's id. */
  treeward: 'fixed' | 'unfixed' | string;
}

const probes: Probe[] = [
  { command: 'line=42; sed -n "$((line-20)),$((line+20))p" f.py', program: 'sed', argv: ['-n', '22,62p', 'f.py'], treeward: 'fixed' },
  { command: 'for n in 10 20; do sed -n "$((n-5)),$((n+5))p" f.py; done', program: 'sed', argv: ['-n', '5,15p', 'f.py', '-n', '15,25p', 'f.py'], treeward: 'fixed' },
  { command: 'sed -n "$(( 42 - 20 )),$(( 42 + 20 ))p" f.py', program: 'sed', argv: ['-n', '22,62p', 'f.py'], treeward: 'fixed' },
  { command: 'n=3; sed -n "$((n*2)),$(( (n+1) * 3 ))p" f.py', program: 'sed', argv: ['-n', '6,12p', 'f.py'], treeward: 'fixed' },
  { command: 'n=7; sed -n "$((n/2)),$((n%4))p" f.py', program: 'sed', argv: ['-n', '3,3p', 'f.py'], treeward: 'fixed' },
  // the script the shell makes, `-3,-3p`, is no sed address: sed's reader refuses it as it refuses the literal
  { command: 'n=7; sed -n "$((-n/2)),$((-n%4))p" f.py', program: 'sed', argv: ['-n', '-3,-3p', 'f.py'], treeward: 'inline-code' },
  { command: 'n=10; sed -n "${n},$(($n+${n}))p" f.py', program: 'sed', argv: ['-n', '10,20p', 'f.py'], treeward: 'fixed' },
  { command: 'n=2; sed -n "$((n))w out.txt" f.py', program: 'sed', argv: ['-n', '2w out.txt', 'f.py'], treeward: 'fixed' },
  { command: `n=2; sed -n "$((n))w ${IN_HOME}/.bashrc" f.py`, program: 'sed', argv: ['-n', `2w ${IN_HOME}/.bashrc`, 'f.py'], treeward: 'protected-write' },
  { command: 'i=4; rm -f "part$((i+1)).txt"', program: 'rm', argv: ['-f', 'part5.txt'], treeward: 'fixed' },
  { command: 'for i in 1 2; do rm -f out.$((i*10)); done', program: 'rm', argv: ['-f', 'out.10', '-f', 'out.20'], treeward: 'fixed' },
  { command: 'x=$((3+4)); rm -f "f$x"', program: 'rm', argv: ['-f', 'f7'], treeward: 'fixed' },
  // left unfixed: the shells differ, or the value is not a plain integer
  { command: 'x=010; rm -f "a$((x))"', shells: ['bash', 'sh'], program: 'rm', argv: ['-f', 'a8'], treeward: 'unfixed' },
  { command: 'x=010; rm -f "a$((x))"', shells: ['zsh'], program: 'rm', argv: ['-f', 'a10'], treeward: 'unfixed' },
  { command: 'x=1+2; rm -f "a$((x*2))"', shells: ['bash', 'zsh'], program: 'rm', argv: ['-f', 'a6'], treeward: 'unfixed' },
  { command: 'rm -f "a$((2**3))"', shells: ['bash', 'zsh'], program: 'rm', argv: ['-f', 'a8'], treeward: 'unfixed' },
  { command: 'rm -f "a$((16#1f))"', shells: ['bash', 'zsh'], program: 'rm', argv: ['-f', 'a31'], treeward: 'unfixed' },
  { command: 'n=5; rm -f "a$((n, 2))"', shells: ['bash', 'zsh'], program: 'rm', argv: ['-f', 'a2'], treeward: 'unfixed' },
  { command: 'IFS=1; rm -f a$((212))b', shells: ['bash', 'sh'], program: 'rm', argv: ['-f', 'a2', '2b'], treeward: 'unfixed' },
];

const cases = probes.flatMap((p, i) => everyShellOf(p.shells ?? ['bash', 'sh', 'zsh']).map((shell) => ({ p, shell, id: `arith:${i}:${shell}` })));

describe.skipIf(!available)('arithmetic over fixed names in the real shells, against treeward', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(cases.map((c) => ({ id: c.id, shell: c.shell, command: c.p.command, layout, run: true, parseCheck: false })), { timeoutSec: 2 });
  });

  for (const c of cases) {
    it(`${c.shell}: ${c.p.command}`, () => {
      const r = results.get(c.id);
      expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
      const calls = r!.ran!.calls.filter((call) => call.argv[0] === c.p.program);
      expect(calls.flatMap((call) => call.argv.slice(1)), `what the shell passed (stderr: ${r!.ran!.stderr})`).toEqual(c.p.argv);

      const seen = explain(c.p.command, { ...readAs(c.shell), tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: { HOME: IN_HOME }, fs: fileSystemFrom(volumeOfLayout(layout) as never) });
      const verdict = seen.verdict.decision === 'allow' ? 'allow' : seen.verdict.id;
      if (c.p.treeward === 'unfixed') {
        expect(verdict, JSON.stringify(seen.verdict)).toMatch(/unfixed-target|dynamic-code/);
      } else if (c.p.treeward !== 'fixed') {
        expect(verdict, JSON.stringify(seen.verdict)).toBe(c.p.treeward);
      } else {
        expect(verdict, JSON.stringify(seen.verdict)).toBe('allow');
        if (c.p.program === 'rm') {
          const paths = seen.effects.filter((e) => e.kind === 'removal').flatMap((e) => e.paths ?? []);
          const named = c.p.argv.filter((a) => a !== '-f').map((a) => `${IN_WORK}/${a}`);
          expect([...new Set(paths)].sort(), JSON.stringify(seen.effects)).toEqual([...new Set(named)].sort());
        }
      }
    });
  }
});
