// su(1) and runuser(1) (src/approver/programs/wrappers.ts `readSu`), from util-linux 2.38's `--help`:
// the command string runs in the shell `-s` names, else in the target user's own shell, which treeward
// does not read (so as sh, bash and zsh each), after startup files treeward does not read (zsh's, a login
// shell's: dot globbing is assumed there); `-l`/`-`
// starts it in the user's home. `runuser -u USER [--] COMMAND` runs COMMAND. An option the table does
// not know is refused. Each line's shape was run as root with the real su and runuser 2.38 in a scratch
// directory: `su root -c 'echo $0' -s /bin/sh` prints sh (options on either side of the user); `su - -c pwd`
// prints /root; `su -c 'echo first' -c 'echo second'` runs the second (treeward judges both);
// `runuser -u root ls -la` refuses `-a` (getopt permutes), `runuser -u root -- ls -la` lists; `su -x` refuses.

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const each = (code: string, where = '') => [`shell-code (sh|bash|zsh): ${code}${where} (startup unread)`];

const su: Case[] = [
  ["su -c 'make' root", ...each('make')],
  ["su root -c 'make'", ...each('make')],
  ['su --command=make', ...each('make')],
  ["su --session-command='make test' root", ...each('make test')],
  ["su -c 'echo first' -c 'echo second'", ...each('echo first'), ...each('echo second')],
  // -s names the shell
  ["su -s /bin/zsh -c 'echo hi'", 'shell-code (zsh): echo hi (startup unread)'],
  // bash and sh run with `-c` read no startup file (BASH_ENV aside); zsh reads `~/.zshenv`, a login shell its login files
  ["su root -c 'echo hi' -s /bin/bash", 'shell-code (bash): echo hi'],
  ["su --shell=dash -c 'rm -rf build'", 'shell-code (sh): rm -rf build'],
  ['su -l -s /bin/bash -c make', 'shell-code (bash): make in ? (startup unread)'],
  ["su -s /usr/bin/fish -c 'echo hi'", 'runs code (unread-shell) via `su -s`', 'shell-code (sh): echo hi'],
  ['su -s "$sh" -c make', 'runs code (unread-shell) via `su -s`', 'shell-code (sh): make'],
  // a login shell starts in the user's home
  ["su - -c 'rm -rf build'", ...each('rm -rf build', ' in ?')],
  ['su -l root -c make', ...each('make', ' in ?')],
  ['su --login -c make', ...each('make', ' in ?')],
  ['su -lc make', ...each('make', ' in ?')],
  // options that change no command
  ['su -p -c make', ...each('make')],
  ['su -m -f -P -c make', ...each('make')],
  ['su -w PATH,HOME -c make', ...each('make')],
  ['su --whitelist-environment=A -g wheel -G adm --supp-group=x -c make', ...each('make')],
  ['su --help'],
  ['su -V'],
  ['su'],
  ['su - root'],
  // what treeward cannot read
  ['su -c "$x"', 'runs code (unfixed) via `su -c`'],
  ['su -x -c make', 'runs code (unknown-option) via `su`'],
  ['su --bogus root', 'runs code (unknown-option) via `su`'],
  ['su -u root -c make', 'runs code (unknown-option) via `su`'],
  ['su $opts -c make', 'runs code (unfixed) via `su`'],
  ['su root script.sh', 'runs code (hands-to-shell) via `su`'],
];

const runuser: Case[] = [
  ['runuser -u root -- rm -rf build', 'run: rm -rf build'],
  ['runuser -u root make', 'run: make'],
  ['runuser --user=root -- make all', 'run: make all'],
  ['runuser -u root -- ls -la', 'run: ls -la'],
  // getopt permutes: `-la` after the command is runuser's (it refuses `-a`)
  ['runuser -u root ls -la', 'runs code (unknown-option) via `runuser`'],
  ['runuser -u root'],
  ['runuser -c make root', ...each('make')],
  ['runuser -l dev -c make', ...each('make', ' in ?')],
  ["runuser -s /bin/bash dev -c 'rm -rf build'", 'shell-code (bash): rm -rf build'],
];

describe('su', () => checkTable(su));
describe('runuser', () => checkTable(runuser));
describe('su reading its program from stdin', () => {
  checkTable([['su', ...each('rm -rf build')]], { stdinText: 'rm -rf build' });
  checkTable([['su root', 'runs code (pipe) via `su`']], { fedByPipe: true });
});
// POSIXLY_CORRECT: getopt stops at the user, so the words after it go to the user's shell; both readings are judged
describe('su under POSIXLY_CORRECT', () => {
  checkTable([
    ['su -c make root', ...each('make')],
    ['su root -c make -s /bin/zsh', 'shell-code (zsh): make (startup unread)', 'runs code (hands-to-shell) via `su`'],
  ], { posixlyCorrect: true });
});
