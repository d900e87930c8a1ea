// Probes for the startup files the harness's shell runs before the line
// (issue 13 item 8, syntax/dialect.ts `startupFiles`, `startupFileVariables`,
// `startupDirectoryVariable`): each line runs as `SHELL -c LINE` in the
// sandbox, with the inherited environment the probe gives, where `rm` is a
// logging stub, and
//  (a) the shell must hand rm the operands the probe says: `.git` when a
//      startup file it read turned dot globbing on, not otherwise;
//  (b) treeward, given the same environment and files, must read `*` as
//      matching `.git` (and so refuse `rm -rf *`) wherever the shell did.
// treeward reads more than a `-c` shell does (ENV, ~/.zshrc: a harness may
// start an interactive shell); those probes say so (`extra`).

import { Volume } from 'memfs';
import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/core/fs.js';
import { IN_HOME, IN_WORK, type Layout, type LineResult, readAs, requireSandbox, runLines, type ShellName } from '../support/shells.js';

interface StartupProbe {
  id: string;
  shell: ShellName;
  env: Record<string, string>;
  /** Files in the home directory. */
  home: Record<string, string>;
  /** Whether the shell's `*` matched `.git`. */
  dots: boolean;
  /**
   * treeward reads dot globbing on though the `-c` shell did not: a file only an interactive shell runs, text whose
   * output treeward cannot know (`eval "$(…)"`), or options zsh restores (`emulate -c`) that treeward reads as kept.
   */
  extra?: true;
}

const on = { bash: 'shopt -s dotglob\n', zsh: 'setopt globdots\n', sh: '' };

const probes: StartupProbe[] = [
  { id: 'startup-zdotdir-zshenv', shell: 'zsh', env: { ZDOTDIR: `${IN_HOME}/z` }, home: { 'z/.zshenv': on.zsh }, dots: true },
  { id: 'startup-zdotdir-not-home', shell: 'zsh', env: { ZDOTDIR: `${IN_HOME}/z` }, home: { '.zshenv': on.zsh }, dots: false },
  { id: 'startup-home-zshenv', shell: 'zsh', env: {}, home: { '.zshenv': on.zsh }, dots: true },
  { id: 'startup-zshenv-sources', shell: 'zsh', env: {}, home: { '.zshenv': 'source ~/.zsh/opts\n', '.zsh/opts': 'unsetopt NO_GLOB_DOTS\n' }, dots: true },
  { id: 'startup-zshenv-letter', shell: 'zsh', env: {}, home: { '.zshenv': 'set -4\n' }, dots: true },
  { id: 'startup-zshenv-negated-off', shell: 'zsh', env: {}, home: { '.zshenv': 'setopt no_glob_dots\n' }, dots: false },
  // bash in POSIX mode runs no BASH_ENV (shell.c run_startup_files: only when not posixly_correct), as bash run as sh
  { id: 'startup-bash-env-posix', shell: 'bash-posix', env: { BASH_ENV: `${IN_HOME}/env.sh` }, home: { 'env.sh': on.bash }, dots: false },
  { id: 'startup-bash-env', shell: 'bash', env: { BASH_ENV: `${IN_HOME}/env.sh` }, home: { 'env.sh': on.bash }, dots: true },
  { id: 'startup-bash-env-sources', shell: 'bash', env: { BASH_ENV: `${IN_HOME}/env.sh` }, home: { 'env.sh': '. "$HOME/more.sh"\n', 'more.sh': on.bash },
    dots: true },
  { id: 'startup-zshrc-interactive-only', shell: 'zsh', env: {}, home: { '.zshrc': on.zsh }, dots: false, extra: true },
  // issue 13 item 8: code a startup file hands the shell as text, and sourced output
  { id: 'startup-zshenv-eval-output', shell: 'zsh', env: {}, home: { '.zshenv': 'eval "$(cat ~/opts)"\n', opts: on.zsh }, dots: true },
  { id: 'startup-zshenv-eval-harmless', shell: 'zsh', env: {}, home: { '.zshenv': 'eval "$(echo true)"\n' }, dots: false, extra: true },
  { id: 'startup-zshenv-source-substitution', shell: 'zsh', env: {}, home: { '.zshenv': 'source <(cat ~/opts)\n', opts: on.zsh }, dots: true },
  { id: 'startup-zshenv-source-stdin', shell: 'zsh', env: {}, home: { '.zshenv': 'cat ~/opts | source /dev/stdin\n', opts: on.zsh }, dots: true },
  { id: 'startup-zshenv-emulate-restores', shell: 'zsh', env: {}, home: { '.zshenv': "emulate sh -c '. ~/opts'\n", opts: on.zsh }, dots: false, extra: true },
  { id: 'startup-bash-env-eval-output', shell: 'bash', env: { BASH_ENV: `${IN_HOME}/env.sh` }, home: { 'env.sh': 'eval "$(cat ~/opts.sh)"\n',
    'opts.sh': on.bash }, dots: true },
  // the programs whose output only sets variables (src/approver/core/startup.ts printsOnlyVariables), as Debian's ~/.bashrc evals them
  { id: 'startup-bash-env-eval-dircolors', shell: 'bash', env: { BASH_ENV: `${IN_HOME}/env.sh` }, home: { 'env.sh': 'eval "$(dircolors -b)"\n' },
    dots: false },
  { id: 'startup-env-interactive-only', shell: 'sh', env: { ENV: `${IN_HOME}/.shinit` }, home: { '.shinit': 'GLOBIGNORE=x\n' }, dots: false, extra: true },
];

const available = requireSandbox('test/shells/startup-files.test.ts');

function layoutOf(p: StartupProbe): Layout {
  return { work: { '.git/HEAD': 'ref: refs/heads/main\n', 'a.txt': 'a\n' }, home: p.home, outside: {} };
}

/** Whether treeward reads `*` as matching `.git` under the probe's files and environment: it then refuses `rm -rf *`. */
function treewardRefuses(p: StartupProbe): boolean {
  const files: Record<string, string> = { [`${IN_WORK}/.git/HEAD`]: 'ref\n', [`${IN_WORK}/a.txt`]: 'a\n' };
  for (const [path, text] of Object.entries(p.home)) files[`${IN_HOME}/${path}`] = text;
  const v = explain('rm -rf *', { ...readAs(p.shell), tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', runDirs: [], env: p.env,
    fs: fileSystemFrom(Volume.fromJSON(files) as never) }).verdict;
  return v.decision === 'deny';
}

describe.skipIf(!available)('startup files the harness shell runs, in the real shells', () => {
  let results = new Map<string, LineResult>();
  beforeAll(async () => {
    results = await runLines(probes.map((p) => ({ id: p.id, shell: p.shell, command: 'rm -f *', layout: layoutOf(p), run: true, parseCheck: false,
      env: p.env })), { timeoutSec: 2 });
  });

  for (const p of probes) {
    it(`${p.id} [${p.shell}]`, () => {
      const ran = results.get(p.id)?.ran;
      expect(ran, results.get(p.id)?.error).toBeDefined();
      const rm = ran!.calls.filter((c) => c.argv[0] === 'rm').flatMap((c) => c.argv.slice(1).filter((a) => a !== '-f'));
      expect(rm.includes('.git'), `what the shell handed rm: ${JSON.stringify(rm)}`).toBe(p.dots);
      expect(treewardRefuses(p), 'treeward reads the startup files as the shell does').toBe(p.dots || p.extra === true);
    });
  }
});
