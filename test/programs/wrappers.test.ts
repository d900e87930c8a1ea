// The wrappers read directly (src/approver/programs/wrappers.ts): each
// runs a command (`run:`), read past its own options by its table, with the
// files its options write and the directory or environment it gives the
// command; xargs and parallel run theirs on their input (`?input`).

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const wrappers: Case[] = [
  ['nice make all', 'run: make all'],
  ['nohup ./run.sh', 'run: ./run.sh'],
  ['timeout 5 make', 'run: make'],
  ['ionice -c3 make', 'run: make'],
  ['setsid make', 'run: make'],
  ['stdbuf -oL make', 'run: make'],
  ['command make', 'run: make'],
  ['builtin cd /', 'run: cd /'],
  ['exec make', 'run: make'],
  ['sudo make install', 'run: make install'],
  ['sudo -e /etc/hosts', 'runs code (editor)', 'run: /etc/hosts'],
  // the files a wrapper's options write
  ['/usr/bin/time -o t.txt make', 'write t.txt', 'run: make'],
  ['strace -o trace.txt make', 'write trace.txt', 'run: make'],
  ['flock lock make', 'write lock (no content)', 'run: make'],
  // watch hands its words to sh
  ['watch make', 'shell-code (sh): make'],
];

const env: Case[] = [
  ['env A=1 make', 'run: A=1 make'],
  ['env -i make', 'run: make'],
  ['env -u HOME make', 'run: make'],
  ['env -C sub make', 'run: make in /work/tree/sub'],
  ["env -S 'make all'", 'run: make all'],
];

const runners: Case[] = [
  ['xargs rm', 'run: rm ?input'],
  ['xargs -I{} mv {} dst', 'run: mv ?input dst'],
  // BSD xargs has no -a (xargs.c optstr): read on past it as a flag, its command is `list.txt`
  ['xargs -a list.txt rm', 'run: rm ?input', 'run: list.txt rm ?input'],
  ['parallel rm ::: a b', 'run: rm a', 'run: rm b'],
  ['parallel gzip', 'run: gzip ?input'],
];

describe('wrappers', () => checkTable(wrappers));
describe('env', () => checkTable(env));
describe('xargs and parallel', () => checkTable(runners));
