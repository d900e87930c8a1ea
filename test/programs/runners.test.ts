// The runners (src/approver/programs/runners.ts) and tools
// (src/approver/programs/tools.ts) read directly: the command each runs,
// what cmake -E, patch and sqlite3 write. Every row also hands its words on
// as an unknown program's (`(handed)` actions, readers.test.ts): left out here.

import { describe, expect, it } from 'vitest';
import { described, type Case, type Setting } from '../support/programs.js';

function checkOwnActions(cases: readonly Case[], setting: Setting = {}): void {
  it.each(cases)('%s', (line, ...actions) => {
    expect(described(line, setting).filter((a) => !a.endsWith('(handed)'))).toEqual(actions);
  });
}

const runners: Case[] = [
  // setarch(8): ARCH, its flags, the command; none runs a shell
  ['setarch x86_64 -R rm -rf build', 'run: rm -rf build'],
  ['setarch -R make', 'run: make'],
  ['setarch x86_64 --bogus rm x', 'runs code (unfixed) via `setarch`'],
  ['setarch x86_64', 'runs code (hands-to-shell) via `setarch`'],
  // sg(1): the command goes to /bin/sh -c
  ["sg staff -c 'rm -rf build'", 'shell-code (sh): rm -rf build'],
  ['sg staff make all', 'shell-code (sh): make all'],
  // dbus-run-session(1)
  ['dbus-run-session -- make test', 'run: make test'],
  ['dbus-run-session --dbus-daemon=./d make', 'runs code (runs-program) via `dbus-run-session --dbus-daemon`', 'run: make'],
  // valgrind(1): its options are `--name=value`; the log files it writes
  ['valgrind --leak-check=full ./app arg', 'run: ./app arg'],
  ['valgrind --log-file=vg.log ./app', 'write vg.log', 'run: ./app'],
  ['valgrind --log-file=vg.%p.log ./app', 'write vg.*', 'run: ./app'],
  ["valgrind --db-command='sh -c x' ./app", 'shell-code (sh): sh -c x', 'run: ./app'],
  // perf(1): record/stat run the command after their options; --pre/--post commands; script runs scripts
  ['perf stat -e cycles make', 'run: make'],
  ['perf record -o out.data -g ./app', 'write out.data', 'run: ./app'],
  ["perf stat --pre 'rm -rf x' true", 'shell-code (sh): rm -rf x', 'run: true'],
  ['perf stat --unknown-opt make', 'runs code (unfixed) via `perf stat`'],
  ['perf report -i perf.data'],
  ['perf script -s x.py', 'runs code (unfixed) via `perf script`'],
  // tmux(1), screen(1): listing is fine; a session, a window, keys typed into one are not read
  ['tmux ls'],
  ['tmux has-session -t main'],
  ['tclsh8.6 a.tcl', 'runs code (unfixed) via `tclsh8.6`'],
  ['perf report --objdump=./x', 'runs code (unfixed) via `perf report --objdump`'],
  ['perf annotate --addr2line ./x', 'runs code (unfixed) via `perf annotate --objdump`'],
  ['perf report --stdio'],
  // a format runs `#(…)` with the shell (tmux 3.3a run: `display -p '#(touch F)'` made F)
  ["tmux display -p '#(rm -rf ~)'", 'runs code (unfixed) via `tmux`'],
  ["tmux ls -F '#{session_name} #(id)'", 'runs code (unfixed) via `tmux`'],
  ["tmux ls -F '#{session_name}'"],
  ['tmux new-session -d -s x make', 'runs code (unfixed) via `tmux`'],
  ['tmux send-keys -t x "rm -rf ~" Enter', 'runs code (unfixed) via `tmux`'],
  ['tmux -f conf ls', 'runs code (unfixed) via `tmux -f`'],
  ['screen -ls'],
  ['screen -dmS x make', 'runs code (unfixed) via `screen`'],
  // bwrap(1): the command, unless a mount puts one path at another
  ['bwrap --ro-bind / / --dev /dev --unshare-net make test', 'runs code (unfixed) via `bwrap`'],
  ['bwrap --ro-bind / / --unshare-all make test', 'run: make test'],
  ['bwrap --bind /home/agent/.ssh /work/tree/x rm -rf x', 'runs code (unfixed) via `bwrap`'],
  ['bwrap --ro-bind / / --chdir /work/tree/sub rm -rf y', 'run: rm -rf y in /work/tree/sub'],
  ['bwrap --bogus x rm y', 'runs code (unfixed) via `bwrap`'],
  // Tcl runs anything with `exec`
  ["expect -c 'spawn rm -rf ~'", 'runs code (unfixed) via `expect`'],
  ['tclsh script.tcl', 'runs code (unfixed) via `tclsh`'],
];

const tools: Case[] = [
  // cmake(1) -E
  ['cmake -E rm -rf build', 'remove build (recursive)'],
  ['cmake -E remove_directory build', 'remove build (recursive)'],
  ['cmake -E remove a b', 'remove a', 'remove b'],
  ['cmake -E copy a b dest', 'write dest', 'write dest/a', 'write dest/b', 'place dest', 'place dest/a', 'place dest/b'],
  ['cmake -E copy_directory src out', 'write out (recursive)', 'place out'],
  ['cmake -E rename a b', 'remove a (recursive)', 'write b', 'place b'],
  ['cmake -E create_symlink t l', 'write l', 'place l'],
  ['cmake -E make_directory out', 'write out (no content)'],
  ['cmake -E touch f', 'write f (no content)'],
  ['cmake -E chdir sub rm -rf x', 'run: rm -rf x in /work/tree/sub'],
  ['cmake -E env A=1 make', 'run: A=1 make'],
  ['cmake -E tar xf a.tar', 'write . (extraction, recursive)'],
  ['cmake -E sha256sum f'],
  ['cmake -E server', 'runs code (unfixed) via `cmake -E server`'],
  ['cmake -P x.cmake', 'runs code (unfixed) via `cmake -P`'],
  ['cmake -S . -B build'],
  // patch(1): the file named, -o, or the diff's names (-p strips, -d places); an unread diff names anything
  ['patch a.c fix.diff', 'write a.c'],
  ['patch -o out.c a.c fix.diff', 'write out.c'],
  ['patch -p1 -i fix.diff', 'write ?program-reads'],
  ['patch -p1', 'write ?program-reads'],
  ['patch --dry-run -p1 -i fix.diff'],
  ['patch -e a.c', 'runs code (unfixed) via `patch -e`'],
];

const heredoc = { stdinText: '--- a/src/x.c\t2024-01-01\n+++ b/src/x.c\n@@ -1 +1 @@\n-a\n+b\n--- a/.git/hooks/pre-commit\n+++ b/.git/hooks/pre-commit\n' };
const edScript = { stdinText: '1c\n!rm -rf ~\n.\nw\n' };

describe('runners', () => checkOwnActions(runners));
describe('cmake -E and patch', () => checkOwnActions(tools));
describe('patch with a literal diff', () => {
  checkOwnActions([['patch -p1', 'write src/x.c', 'write .git/hooks/pre-commit']], heredoc);
  checkOwnActions([['patch -p1 -d sub', 'write sub/src/x.c', 'write sub/.git/hooks/pre-commit']], heredoc);
  checkOwnActions([['patch', 'write a/src/x.c', 'write x.c', 'write b/src/x.c', 'write a/.git/hooks/pre-commit', 'write pre-commit',
    'write b/.git/hooks/pre-commit']], heredoc);
  checkOwnActions([['patch -p1', 'write ?program-reads']], edScript);
});

// patch(1) 2.7.6 honours POSIXLY_CORRECT (getopt_long: no permutation). Measured in a scratch directory:
// `POSIXLY_CORRECT=1 patch a.txt --dry-run` reads its diff from a file named `--dry-run` and patches a.txt, and
// `POSIXLY_CORRECT=1 patch a.txt -o out.txt` stops at `extra operand` where GNU's permuting reading writes out.txt.
describe('patch under POSIXLY_CORRECT: both readings', () => {
  checkOwnActions([
    ['patch a.c --dry-run', 'write a.c'],
    ['patch a.c -o out.c', 'write out.c', 'write a.c'],
    ['patch -o out.c a.c', 'write out.c'],
    ['patch a.c fix.diff -r rej', 'write rej', 'write a.c'],
  ], { posixlyCorrect: true });
  checkOwnActions([['patch a.c --dry-run'], ['patch a.c -o out.c', 'write out.c']]);
});

describe('sqlite3', () => {
  checkOwnActions([
    ["sqlite3 db.sqlite 'select 1'", 'write db.sqlite'],
    ['sqlite3 -readonly db.sqlite .tables'],
    ["sqlite3 db.sqlite '.output out.txt' 'select 1'", 'write db.sqlite', 'write out.txt'],
    ["sqlite3 db.sqlite '.once /home/agent/.bashrc'", 'write db.sqlite', 'write /home/agent/.bashrc'],
    // sqlite3 does not expand `~` (sqlite3 3.40 run: `.output ~/x` fails on a missing `~` directory)
    ["sqlite3 db.sqlite '.output ~/x'", 'write db.sqlite', 'write ~/x'],
    ["sqlite3 db.sqlite '.shell rm -rf build'", 'write db.sqlite', 'shell-code (sh): rm -rf build'],
    ["sqlite3 db.sqlite '.system rm -rf build'", 'write db.sqlite', 'shell-code (sh): rm -rf build'],
    ["sqlite3 db.sqlite '.load ./evil'", 'write db.sqlite', 'runs code (unfixed) via `sqlite3 .load`'],
    ["sqlite3 db.sqlite \"select writefile('x', 'y')\"", 'write db.sqlite', 'runs code (unfixed) via `sqlite3`'],
    ["sqlite3 db.sqlite \"attach '/home/agent/.ssh/x' as x\"", 'write db.sqlite', 'runs code (unfixed) via `sqlite3`'],
    ["sqlite3 -cmd '.output o.txt' db.sqlite 'select 1'", 'write db.sqlite', 'write o.txt'],
    ['sqlite3 db.sqlite', 'write db.sqlite', 'runs code (unfixed) via `sqlite3`'],
    // the first word that is not an option is the file, and `|` makes it a command of every word after it (shell.c; sqlite3 3.40
    // run: `.output |rm -rf DIR` removed DIR), whatever the words after it look like
    ["sqlite3 db.sqlite '.output |rm -rf ~'", 'write db.sqlite', 'shell-code (sh): rm -rf ~'],
    ["sqlite3 db.sqlite '.once |sh -c x'", 'write db.sqlite', 'shell-code (sh): sh -c x'],
    ["sqlite3 db.sqlite '.output --bom out.txt'", 'write db.sqlite', 'write out.txt'],
  ]);
  checkOwnActions([['sqlite3 db.sqlite', 'write db.sqlite', 'write x.txt', 'shell-code (sh): ls']], { stdinText: 'select 1;\n.output x.txt\n.system ls\n' });
});
