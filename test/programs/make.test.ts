// make (src/approver/programs/make.ts): a makefile the line wrote holds recipes treeward does not read, wherever make
// finds it: `-f FILE`, `./GNUmakefile`, `./makefile` or `./Makefile` in the directory `-C` moves it to, and each word
// of MAKEFILES (make(1); GNU make manual §3.4 "The Variable MAKEFILES": read before the others, given by the line or
// inherited) (issue 13 item 3).

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const written: Case[] = [
  ['make', 'runs code (written-by-line) via make'],
  ['make -f m.mk all', 'runs code (written-by-line) via make'],
  ['make --file=m.mk', 'runs code (written-by-line) via make'],
  ['make -C sub', 'runs code (written-by-line) via make'],
  ['make -f other.mk'],
  ['make -C elsewhere'],
];

describe('a makefile the line wrote', () => checkTable(written, { written: { Makefile: null, 'm.mk': 'all:\n\ttrue\n', 'sub/Makefile': null } }));
describe('MAKEFILES', () => {
  checkTable([['make -f other.mk', 'runs code (written-by-line) via make']], { written: { 'm.mk': null }, environment: { MAKEFILES: 'm.mk' } });
  checkTable([['make -f other.mk', 'runs code (written-by-line) via make']], { written: { 'm.mk': null }, env: { MAKEFILES: 'x.mk m.mk' } });
  checkTable([['make -f other.mk']], { written: { 'm.mk': null }, environment: { MAKEFILES: 'other-files.mk' } });
  checkTable([['make -f other.mk', 'runs code (written-by-line) via make']], { written: { 'm.mk': null }, environment: { MAKEFILES: null } });
  checkTable([['make -f other.mk']], { environment: { MAKEFILES: null } });
});
// a program that is not a shell, given BASH_ENV or ZDOTDIR: any bash or zsh it starts runs the file first (bash(1) INVOCATION)
describe('startup files given to a program that is not a shell', () => {
  checkTable([
    ['make all', 'runs code (startup-file)'],
    ['./run.sh', 'runs code (startup-file)'],
    ['bash x.sh', 'runs code (startup-file)'],
    ['nohup bash x.sh', 'run: bash x.sh'],
    ['echo hi'],
  ], { environment: { BASH_ENV: 'e.sh' } });
  checkTable([['node app.js']], { environment: { ENV: 'production' } });
  checkTable([['./run.sh', 'runs code (written-by-line) via `run.sh`'], ['bash -c true', 'runs code (written-by-line) via `bash`']],
    { written: { 'e.sh': null }, env: { BASH_ENV: '/work/tree/e.sh' } });
  checkTable([['zsh -c true', 'runs code (written-by-line) via `zsh`']], { written: { 'z/.zshenv': 'echo' }, env: { ZDOTDIR: '/work/tree/z' } });
});
