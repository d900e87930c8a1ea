// The shells read directly (src/approver/programs/shells.ts, by the one table
// of src/approver/core/shells.ts): `-c CODE` is code read in the shell's
// dialect; a shell treeward does not read (fish, ksh) runs code nobody
// judged; a script file a shell runs is judged where the line wrote it.

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const shells: Case[] = [
  ["bash -c 'echo hi'", 'shell-code (bash): echo hi'],
  ["sh -c 'rm -rf build'", 'shell-code (sh): rm -rf build'],
  ["zsh -c 'echo hi'", 'shell-code (zsh): echo hi'],
  ["dash -c 'echo hi'", 'shell-code (sh): echo hi'],
  // options before -c, and the words after its code ($0, $1 …)
  ["bash -O extglob -c 'echo hi'", 'shell-code (bash): echo hi'],
  // posix mode changes how bash reads its code (assignments before special builtins persist): refused (issue 12 class 1)
  ["bash -o posix -c 'echo hi'", 'runs code (shell-state)'],
  ["zsh -o globsubst -c 'echo hi'", 'runs code (shell-state)'],
  ["bash -k -c 'echo hi'", 'runs code (shell-state)'],
  ["sh -c -- 'echo hi'", 'shell-code (sh): echo hi'],
  ["bash --norc -c 'echo hi'", 'shell-code (bash): echo hi'],
  ["sh -e -c 'echo hi' name arg", 'shell-code (sh): echo hi'],
  ['bash -c "$x"', 'runs code (unfixed) via `bash -c`'],
  // a script on disk that the line did not write, or stdin
  ['bash script.sh'],
  ['bash -x script.sh'],
  ['bash'],
  // shells treeward does not read
  // read as sh too, so that an agent or a removal in it is refused as that (issue 12 class 6)
  ["fish -c 'echo hi'", 'shell-code (sh): echo hi', 'runs code (unread-shell) via `fish`'],
  ["ksh -c 'echo hi'", 'shell-code (sh): echo hi', 'runs code (unread-shell) via `ksh`'],
];


const written: Case[] = [
  ['bash script.sh', 'shell-code (bash): rm -rf build'],
  ['sh ./script.sh', 'shell-code (sh): rm -rf build'],
];

describe('the shells', () => checkTable(shells));
describe('a script the line wrote', () => checkTable(written, { written: { 'script.sh': 'rm -rf build' } }));
