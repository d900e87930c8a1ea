// Probes for the options a line may set (issue 12 class 1, syntax/dialect.ts
// `options a line may set`): each line runs in the real shell in the
// sandbox, where `rm` is a logging stub, and
//  (a) the shell must hand rm exactly the operands the probe says (so the
//      probe pins how the option changes the reading, beside a control line
//      without it that the shell reads the default way);
//  (b) treeward must read the same operands for rm (`same`), or refuse the
//      line where it does not model the option (`refuses`).
// The shell is the judge: a probe whose (a) fails means the row is wrong.

import { posix } from 'node:path';
import { Volume } from 'memfs';
import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/core/fs.js';
import { IN_HOME, IN_WORK, type Layout, type LineResult, readAs, requireSandbox, runLines, type ShellName } from '../support/shells.js';

interface StateProbe {
  id: string;
  shell: ShellName;
  command: string;
  /** rm's operands as the shell passes them (relative ones as written). */
  operands: string[];
  /**
   * `same`: treeward's walk reads those operands for rm (whatever it then
   * decides); `refuses`: treeward denies the line (the option is not
   * modelled); `allows`: a glob read the default way, which treeward approves.
   */
  treeward: 'same' | 'refuses' | 'allows';
  /** The logging stub whose argv is compared (default `rm`, its `-f` dropped). */
  program?: string;
}

const layout: Layout = {
  work: { '.git/HEAD': 'ref: refs/heads/main\n', 'a.txt': 'a\n', 'sub/x.txt': 'x\n', 'sub/.y': 'y\n' },
  home: { '.keep': 'home\n' },
  outside: { 'keep.txt': 'keep\n' },
};

export const stateProbes: StateProbe[] = [
  // braceccl (zsh): `{.}git` is `.git`; without it a literal name
  { id: 'shell-state-braceccl', shell: 'zsh', command: 'setopt braceccl; rm -f {.}git', operands: ['.git'], treeward: 'same' },
  { id: 'shell-state-braceccl-in-tree', shell: 'zsh', command: 'setopt braceccl; rm -f {a}.txt', operands: ['a.txt'], treeward: 'same' },
  { id: 'shell-state-braceccl-range', shell: 'zsh', command: 'setopt brace_ccl; rm -f {a-b}.txt', operands: ['a.txt', 'b.txt'], treeward: 'same' },
  { id: 'shell-state-braceccl-off', shell: 'zsh', command: 'rm -f {.}git', operands: ['{.}git'], treeward: 'same' },
  // nocaseglob: `.G*` matches `.git`
  { id: 'shell-state-nocaseglob', shell: 'zsh', command: 'setopt nocaseglob; rm -f .G*', operands: ['.git'], treeward: 'refuses' },
  { id: 'shell-state-nocaseglob-bash', shell: 'bash', command: 'shopt -s nocaseglob; rm -f .G*', operands: ['.git'], treeward: 'refuses' },
  { id: 'shell-state-nocaseglob-off', shell: 'bash', command: 'rm -f A.tx?', operands: ['A.tx?'], treeward: 'same' },
  // magicequalsubst (zsh): `~` after `=` expands
  { id: 'shell-state-magicequalsubst', shell: 'zsh', command: 'setopt magicequalsubst; rm -f of=~/x', operands: [`of=${IN_HOME}/x`], treeward: 'same' },
  { id: 'shell-state-magicequalsubst-off', shell: 'zsh', command: 'rm -f of=~/x', operands: ['of=~/x'], treeward: 'same' },
  // shwordsplit (zsh): an unquoted parameter splits
  { id: 'shell-state-shwordsplit', shell: 'zsh', command: "setopt shwordsplit; x='a.txt b.txt'; rm -f $x", operands: ['a.txt', 'b.txt'], treeward: 'same' },
  { id: 'shell-state-shwordsplit-off', shell: 'zsh', command: "x='a.txt b.txt'; rm -f $x", operands: ['a.txt b.txt'], treeward: 'same' },
  // globsubst (zsh): a parameter's value globs; not modelled
  { id: 'shell-state-globsubst', shell: 'zsh', command: "setopt globsubst; x='.g*'; rm -f $x", operands: ['.git'], treeward: 'refuses' },
  // extendedglob (zsh): `#` is an operator; not modelled
  { id: 'shell-state-extendedglob', shell: 'zsh', command: 'setopt extendedglob; rm -f .gi#t', operands: ['.git'], treeward: 'refuses' },
  { id: 'shell-state-extendedglob-unsetopt', shell: 'zsh', command: 'unsetopt noextendedglob; rm -f .gi#t', operands: ['.git'], treeward: 'refuses' },
  { id: 'shell-state-extendedglob-off', shell: 'zsh', command: 'rm -f a#t', operands: ['a#t'], treeward: 'same' },
  // globskipdots off (bash 5.2): `.[!x]*` matches `..`
  { id: 'shell-state-globskipdots', shell: 'bash', command: 'shopt -u globskipdots; rm -f sub/.[!g]*', operands: ['sub/..', 'sub/.y'], treeward: 'refuses' },
  { id: 'shell-state-globskipdots-on', shell: 'bash', command: 'rm -f sub/.[!g]*', operands: ['sub/.y'], treeward: 'allows' },
  // zsh's brace ranges of any character
  { id: 'shell-state-brace-range', shell: 'zsh', command: 'rm -f sub{/../}x.txt', operands: ['sub/x.txt'], treeward: 'same' },
  { id: 'shell-state-brace-range-bash', shell: 'bash', command: 'rm -f sub{/../}x.txt', operands: ['sub{/../}x.txt'], treeward: 'same' },
  // set -k (bash): `NAME=value` after the command name goes to its environment
  { id: 'shell-state-keyword', shell: 'bash', command: 'set -k; rm -f X=1 a.txt', operands: ['a.txt'], treeward: 'refuses' },
  { id: 'shell-state-keyword-off', shell: 'bash', command: 'rm -f X=1', operands: ['X=1'], treeward: 'same' },
  // brace expansion before tilde expansion
  { id: 'shell-state-brace-tilde', shell: 'bash', command: 'rm -f {~,x}/y', operands: [`${IN_HOME}/y`, 'x/y'], treeward: 'same' },
  { id: 'shell-state-brace-tilde-zsh', shell: 'zsh', command: 'rm -f {~,x}/y', operands: [`${IN_HOME}/y`, 'x/y'], treeward: 'same' },
  // sh as bash in POSIX mode reads it (`bash --posix`, /bin/sh on macOS, Fedora, RHEL, Arch; syntax/dialect.ts column bash-posix), beside bash
  // timePlainBeforeDash: `time -f …` runs /usr/bin/time, which runs rm; in bash `time` times the command `-f`
  { id: 'posix-time-dash', shell: 'bash-posix', command: 'time -f %e rm -f a.txt', operands: ['a.txt'], treeward: 'same' },
  { id: 'posix-time-dash-bash', shell: 'bash', command: 'time -f %e rm -f a.txt', operands: [], treeward: 'same' },
  { id: 'posix-time-dash-dash', shell: 'sh', command: 'time -f %e rm -f a.txt', operands: ['a.txt'], treeward: 'same' },
  // tildeAfterEqualsInArguments: bash expands `~` after `=` in any argument, its POSIX mode only in assignments
  { id: 'posix-tilde-after-equals', shell: 'bash-posix', command: 'rm -f a=~/y', operands: ['a=~/y'], treeward: 'same' },
  { id: 'posix-tilde-after-equals-bash', shell: 'bash', command: 'rm -f a=~/y', operands: [`a=${IN_HOME}/y`], treeward: 'same' },
  // aliasesApplyToLaterLines, aliasesReachCodeParsedLater, aliasesReachSubstitutions: aliases always expand in POSIX mode
  { id: 'posix-alias-later-line', shell: 'bash-posix', command: "alias r='rm -f'\nr a.txt", operands: ['a.txt'], treeward: 'refuses' },
  { id: 'posix-alias-later-line-bash', shell: 'bash', command: "alias r='rm -f'\nr a.txt", operands: [], treeward: 'allows' },
  { id: 'posix-alias-eval', shell: 'bash-posix', command: "alias r='rm -f'; eval 'r a.txt'", operands: ['a.txt'], treeward: 'refuses' },
  { id: 'posix-alias-backquote', shell: 'bash-posix', command: "alias r='rm -f'; echo `r a.txt`", operands: ['a.txt'], treeward: 'refuses' },
  // brace expansion, which dash does not do: `{~,x}` names the home directory
  { id: 'posix-brace-tilde', shell: 'bash-posix', command: 'rm -f {~,x}/y', operands: [`${IN_HOME}/y`, 'x/y'], treeward: 'same' },
  { id: 'posix-brace-tilde-dash', shell: 'sh', command: 'rm -f {~,x}/y', operands: ['{~,x}/y'], treeward: 'same' },
  // `$'…'`, which dash reads as `$` and a quoted string
  { id: 'posix-ansi-c', shell: 'bash-posix', command: "rm -f $'a.\\x74xt'", operands: ['a.txt'], treeward: 'same' },
  { id: 'posix-ansi-c-dash', shell: 'sh', command: "rm -f $'a.\\x74xt'", operands: ['$a.\\x74xt'], treeward: 'same' },
  // zsh groups without extendedglob
  { id: 'shell-state-zsh-group', shell: 'zsh', command: 'rm -f .g(i)t', operands: ['.git'], treeward: 'same' },
  // nullglob (bash, zsh) and zsh's (N): a glob that matches nothing is no word, and find's start point is then `.`
  { id: 'shell-state-nullglob', shell: 'bash', command: 'shopt -s nullglob; find *.none -delete', operands: ['-delete'], treeward: 'refuses', program: 'find' },
  { id: 'shell-state-nullglob-off', shell: 'bash', command: 'find sub/*.none -delete', operands: ['sub/*.none', '-delete'], treeward: 'allows', program: 'find' },
  { id: 'shell-state-nullglob-zsh', shell: 'zsh', command: 'setopt nullglob; find *.none -delete', operands: ['-delete'], treeward: 'refuses', program: 'find' },
  { id: 'shell-state-nullglob-qualifier', shell: 'zsh', command: 'find *.none(N) -delete', operands: ['-delete'], treeward: 'refuses', program: 'find' },
  // the setter after `&&` did not run: the glob stayed a word; treeward reads both ways, so refuses the line
  { id: 'shell-state-nullglob-conditional', shell: 'bash', command: '[ -f nope ] && shopt -s nullglob; find *.none -delete', operands: ['*.none', '-delete'],
    treeward: 'refuses', program: 'find' },
  { id: 'shell-state-nullglob-subshell', shell: 'bash', command: '(shopt -s nullglob); find sub/*.none -delete', operands: ['sub/*.none', '-delete'],
    treeward: 'allows', program: 'find' },
  // functions only zsh calls by their name (dialect row functionsTheShellCalls)
  { id: 'shell-state-trap-functions-bash', shell: 'bash', command: 'TRAPEXIT() { rm -f a.txt; }; zshexit() { rm -f a.txt; }; chpwd() { rm -f a.txt; }; cd .',
    operands: [], treeward: 'allows' },
  { id: 'shell-state-trap-functions-sh', shell: 'sh', command: 'TRAPEXIT() { rm -f a.txt; }; command_not_found_handle() { rm -f a.txt; }; nosuchcmd 2>/dev/null',
    operands: [], treeward: 'allows' },
  { id: 'shell-state-trap-functions-zsh', shell: 'zsh', command: 'TRAPEXIT() { rm -f a.txt; }; chpwd() { rm -f b.txt; }; cd .', operands: ['b.txt', 'a.txt'],
    treeward: 'same' },
  // zsh reads `[…]` after an unbraced parameter as its subscript; bash as text
  { id: 'shell-state-unbraced-subscript', shell: 'zsh', command: 's=x.git; rm -f $s[2,5]', operands: ['.git'], treeward: 'refuses' },
  { id: 'shell-state-unbraced-subscript-quoted', shell: 'zsh', command: 's=x.git; rm -f "$s[2,5]"', operands: ['.git'], treeward: 'refuses' },
  { id: 'shell-state-unbraced-subscript-bash', shell: 'bash', command: 's=x.git; rm -f $s[2,5]', operands: ['x.git[2,5]'], treeward: 'same' },
  // ksharrays (zsh): `$s[1]` is `$s` and a glob (here matching nothing: no command runs); arrays from 0; scalars as before
  { id: 'shell-state-ksharrays-subscript', shell: 'zsh', command: 'setopt ksharrays; s=a.txt; rm -f $s[1]', operands: [], treeward: 'refuses' },
  { id: 'shell-state-ksharrays-scalar', shell: 'zsh', command: 'setopt ksharrays; s=a.txt; rm -f $s x$s "$s"', operands: ['a.txt', 'xa.txt', 'a.txt'], treeward: 'same' },
  { id: 'shell-state-ksharrays-array', shell: 'zsh', command: 'setopt ksh_arrays; a=(a.txt .git); rm -f $a', operands: ['a.txt'], treeward: 'refuses' },
  { id: 'shell-state-ksharrays-glob', shell: 'zsh', command: 'setopt ksharrays; rm -f sub/*', operands: ['sub/x.txt'], treeward: 'allows' },
  // rcexpandparam (zsh): an array beside text joins it element by element; a scalar as before
  { id: 'shell-state-rcexpandparam', shell: 'zsh', command: 'setopt rcexpandparam; a=(a .git); rm -f x$a', operands: ['xa', 'x.git'], treeward: 'refuses' },
  { id: 'shell-state-rcexpandparam-off', shell: 'zsh', command: 'a=(a .git); rm -f x$a', operands: ['xa', '.git'], treeward: 'refuses' },
  { id: 'shell-state-rcexpandparam-scalar', shell: 'zsh', command: 'setopt rcexpandparam; s=a.txt; rm -f x$s', operands: ['xa.txt'], treeward: 'same' },
  // HOME set by the line: `~` after it is the new HOME in every shell; a nested shell given HOME expands `~` from it
  { id: 'shell-state-home-tilde', shell: 'sh', command: 'HOME=/lab/outside; rm -f ~/keep.txt', operands: ['/lab/outside/keep.txt'], treeward: 'same' },
  { id: 'shell-state-home-tilde-zsh', shell: 'zsh', command: 'HOME=/lab/outside; rm -f ~/keep.txt', operands: ['/lab/outside/keep.txt'], treeward: 'same' },
  { id: 'shell-state-home-tilde-of-tilde', shell: 'bash', command: 'HOME=~/x; rm -f ~/y', operands: [`${IN_HOME}/x/y`], treeward: 'refuses' },
  { id: 'shell-state-home-nested', shell: 'bash', command: "HOME=/lab/outside sh -c 'rm -f ~/keep.txt'", operands: ['/lab/outside/keep.txt'], treeward: 'refuses' },
  { id: 'shell-state-home-cd', shell: 'zsh', command: 'HOME=/lab/outside; cd; rm -f keep.txt', operands: ['keep.txt'], treeward: 'refuses' },
  // deferred code judged in the state where it runs: the EXIT trap runs with the parameter as the line left it
  { id: 'shell-state-trap-later-value', shell: 'bash', command: 'trap \'rm -f "$d"\' EXIT; d=a.txt', operands: ['a.txt'], treeward: 'refuses' },
  // a DEBUG trap runs before each later command, here once in the tree and once in the directory above it (judged there)
  { id: 'shell-state-trap-debug', shell: 'bash', command: 'trap \'rm -f b.txt\' DEBUG; cd ..; cd work', operands: ['b.txt', 'b.txt'], treeward: 'refuses' },
  { id: 'shell-state-trap-debug-in-tree', shell: 'bash', command: 'trap \'rm -f b.txt\' DEBUG; cd sub; true', operands: ['b.txt', 'b.txt'], treeward: 'allows' },
];

const available = requireSandbox('test/shells/shell-state.test.ts');

function treewardReading(p: StateProbe): { denied: boolean; paths: string[] } {
  const files: Record<string, string> = {};
  for (const [area, root] of [['work', IN_WORK], ['home', IN_HOME], ['outside', '/lab/outside']] as const) {
    for (const [path, text] of Object.entries(layout[area] ?? {})) files[`${root}/${path}`] = typeof text === 'string' ? text : '';
  }
  const explanation = explain(p.command, {
    ...readAs(p.shell), tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', runDirs: [], fs: fileSystemFrom(Volume.fromJSON(files) as never),
  });
  return { denied: explanation.verdict.decision === 'deny', paths: explanation.effects.filter((e) => e.kind === 'removal').flatMap((e) => e.paths ?? ['?']) };
}

/** An operand as an absolute path, read in the tree, as treeward writes paths (`..` taken lexically). */
const absolute = (operand: string) => posix.normalize(operand.startsWith('/') ? operand : `${IN_WORK}/${operand}`);

describe.skipIf(!available)('options the line sets, in the real shells', () => {
  let results = new Map<string, LineResult>();
  beforeAll(async () => {
    results = await runLines(stateProbes.map((p) => ({ id: p.id, shell: p.shell, command: p.command, layout, run: true, parseCheck: false })), { timeoutSec: 2 });
  });

  for (const p of stateProbes) {
    it(`${p.id} [${p.shell}] ${JSON.stringify(p.command)}`, () => {
      const ran = results.get(p.id)?.ran;
      expect(ran, results.get(p.id)?.error).toBeDefined();
      const program = p.program ?? 'rm';
      const rm = ran!.calls.filter((c) => c.argv[0] === program).flatMap((c) => c.argv.slice(1).filter((a) => program !== 'rm' || a !== '-f'));
      expect(rm, `what the shell handed ${program}`).toEqual(p.operands);
      const read = treewardReading(p);
      if (p.treeward === 'refuses') expect(read.denied, 'treeward approved a line whose reading it does not model').toBe(true);
      else if (p.treeward === 'allows') expect(read.denied).toBe(false);
      else for (const operand of p.operands) expect(read.paths).toContain(absolute(operand));
    });
  }
});
