// Item 1 of issue 13: a protected path never reaches a program treeward
// cannot read. The read-only rows (src/approver/programs/readers.ts) read
// nothing; a program the table does not know is handed every path-like
// text of its words (src/approver/programs/unknown.ts) and the rules refuse
// the line when one is protected, as written or resolved (rules/writes.ts).
// The property: for random programs the table does not know, random
// protected paths in every spelling give `protected-write`; for the
// read-only programs the same words do not.

import fc from 'fast-check';
import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { agentPrograms, builtinOf, rowOf } from '../../src/approver/programs/index.js';
import { pathsInWord } from '../../src/approver/programs/unknown.js';
import type { Verdict } from '../../src/approver/types.js';
import { seedsFor } from '../support/seeds.js';
import { checkTable, type Case } from '../support/programs.js';

const handed: Case[] = [
  ['mytool .git/hooks/x', 'write .git/hooks/x (handed)'],
  ['mytool --out=.git/x', 'write --out=.git/x (handed)', 'write .git/x (handed)'],
  ['mytool -o.git/x', 'write -o.git/x (handed)', 'write .git/x (handed)'],
  ['mytool -xvf.git/x', 'write -xvf.git/x (handed)', 'write vf.git/x (handed)', 'write .git/x (handed)'],
  ['mytool -v /a:/b', 'write -v (handed)', 'write /a:/b (handed)', 'write /a (handed)', 'write /b (handed)'],
  ['mytool --key=~/k', 'write --key=~/k (handed)', 'write ~/k (handed)', 'write /home/agent/k (handed)'],
  ['mytool -d @f', 'write -d (handed)', 'write @f (handed)', 'write f (handed)'],
  ['mytool file:///etc/x', 'write file:///etc/x (handed)', 'write /etc/x (handed)', 'write file (handed)', 'write ///etc/x (handed)'],
  ['mytool "$x"', 'write ?parameter (handed)'],
  // the read-only programs, and builtins without a row, read nothing
  ['grep -r foo .git'],
  ['ls -la ~/.ssh'],
  ['sha256sum ~/.bashrc'],
  ['echo .git/config'],
  // rg runs its --pre command on every file
  ['rg --pre=./conv foo', 'runs code (runs-program) via `rg --pre`'],
  ['rg foo .git'],
  // man(1) and ag(1) read, but run the pager an option or the environment names (through sh -c)
  ['man ls'],
  ['man ~/.bashrc'],
  ["man -P 'less -R' ls", 'shell-code (sh): less -R'],
  ['man -Pcat ls', 'shell-code (sh): cat'],
  ['man --pager=cat ls', 'shell-code (sh): cat'],
  ['man --html=firefox ls', 'shell-code (sh): firefox'],
  ['man -Hfirefox ls', 'shell-code (sh): firefox'],
  ['man -k foo'],
  ['man "$x" ls', 'runs code (runs-program) via `man`'],
  ['ag --pager=less foo', 'shell-code (sh): less'],
  ['ag foo .git'],
];

describe('what an unknown program is handed', () => checkTable(handed, { handed: true }));
describe('man runs the pager the line gives it (MANPAGER, PAGER)', () => checkTable([['man ls', 'shell-code (sh): rm -rf x']], { environment: { MANPAGER: 'rm -rf x' } }));

const tree = '/home/dev/project';
const homeDir = '/home/dev';

function volume() {
  const vol = new Volume();
  for (const dir of [`${tree}/.git/hooks`, `${tree}/src`, `${homeDir}/.ssh`, `${homeDir}/outside`, '/tmp']) vol.mkdirSync(dir, { recursive: true });
  vol.writeFileSync(`${homeDir}/.bashrc`, '');
  vol.writeFileSync(`${tree}/.git/config`, '');
  // a link in the tree to a protected directory: a path through it resolves there
  vol.symlinkSync(`${homeDir}/.ssh`, `${tree}/keys`);
  return vol;
}

const fs = fileSystemFrom(volume() as never);
const judge = (line: string): Verdict => approve(line, { dialect: 'bash', tree, home: homeDir, tempDir: '/tmp', fs });
const shown = (v: Verdict) => (v.decision === 'allow' ? 'allow' : `deny ${v.id}`);

describe('lines', () => {
  it.each([
    // ordinary work keeps flowing
    ['grep -r foo .git', 'allow'],
    ['git log -- .git', 'allow'],
    ['cat .git/config', 'allow'],
    ['diff ~/.bashrc src/bashrc', 'allow'],
    ['ls ~/.ssh', 'allow'],
    ['jq . .claude/settings.json', 'allow'],
    ['cargo build --release', 'allow'],
    ['mytool src build/out', 'allow'],
    ['mytool "$X"', 'allow'],
    ['mytool .', 'allow'],
    // writers the table does not read, handed a protected path
    ['split -l 1 src/a ~/.ssh/x', 'deny protected-write'],
    ['shuf -o ~/.bashrc src/a', 'deny protected-write'],
    ['xxd -r src/a .git/hooks/pre-commit', 'deny protected-write'],
    ['openssl enc -in src/a -out ~/.bashrc', 'deny protected-write'],
    ['gpg -o ~/.ssh/authorized_keys -d src/a', 'deny protected-write'],
    ['cc -o .git/hooks/pre-commit src/a.c', 'deny protected-write'],
    ['history -w ~/.bashrc', 'deny protected-write'],
    // the history file is HISTFILE as the line sets it, given to the command or assigned before (bash 5.2 run: both write it)
    ['HISTFILE=~/.bashrc history -w', 'deny protected-write'],
    ['HISTFILE=~/.bashrc; history -a', 'deny protected-write'],
    ['HISTFILE="$X"; history -w', 'deny write-unfixed-target'],
    ['HISTFILE=h.txt history -w', 'allow'],
    ['mytool rm -rf ~', 'deny protected-write'],
    // openssl-env(7): a configuration or module directory the line gives openssl loads code
    ['OPENSSL_CONF=/tmp/x.cnf openssl req -new', 'deny dynamic-code'],
    ['OPENSSL_MODULES=/tmp/m openssl list -providers', 'deny dynamic-code'],
    // Go files the line wrote are run by go run, go test and go generate (its //go:generate lines are commands)
    ["printf 'package main' > m.go && go run m.go", 'deny dynamic-code'],
    ["echo '//go:generate rm -rf ~' > g.go && go generate", 'deny dynamic-code'],
    ['go run .', 'allow'],
    ['zcompile ~/.zshrc', 'deny protected-write'],
    ['mytool --out=src/../.git/hooks/x', 'deny protected-write'],
    ['mytool keys/authorized_keys', 'deny protected-write'],
    ['sudo mytool ~/.bashrc', 'deny protected-write'],
    ['mytool .git/*', 'deny protected-write'],
    // a script treeward does not read is handed its words as an unknown program is
    ['python3 tool.py -o ~/.bashrc', 'deny protected-write'],
    ['node build.js --out=.git/hooks/pre-commit', 'deny protected-write'],
    ['make install PREFIX=/home/dev/.ssh', 'deny protected-write'],
    ['python3 tool.py -o build/out src', 'allow'],
    ['make -C src all', 'allow'],
  ])('%s: %s', (line, expected) => {
    expect(shown(judge(line))).toBe(expected);
  });
});

/** Protected paths in the fixture's volume, each as a line may name it relative to the tree. */
const protectedPaths = fc.constantFrom(
  '.git/hooks/pre-commit', '.git/config', '.claude/settings.json', '~/.bashrc', '~/.ssh/authorized_keys', '~/.gnupg/x', '~/.zshrc',
  '~/.config/git/config', `${homeDir}/.profile`, 'keys/id_ed25519', 'src/../.git/HEAD', '.git/hooks/../config', '.codex/config.toml',
);

/** How the path is spelled in the words of the command. */
const spelling = fc.constantFrom(
  (p: string) => [p],
  (p: string) => ['-o', p],
  (p: string) => [`-o${p}`],
  (p: string) => [`--out=${p}`],
  (p: string) => ['-c', `${p}`, 'x'],
  (p: string) => [`of=${p}`],
  (p: string) => ['-v', `${p}:/mnt`],
);

/** A shell word for the path: `~` expands only where it leads a word. */
const word = (text: string) => (text.startsWith('~/') ? `~/'${text.slice(2)}'` : `'${text}'`);

const unknownProgram = fc.stringMatching(/^[a-z][a-z0-9-]{1,11}$/).filter((name) =>
  rowOf(name) === undefined && builtinOf(name) === undefined && !agentPrograms.has(name) && !['do', 'done', 'fi', 'in', 'then', 'esac'].includes(name));

const readOnly = fc.constantFrom('cat', 'grep', 'ls', 'stat', 'head', 'tail', 'wc', 'diff', 'cmp', 'sha256sum', 'jq', 'file', 'strings', 'od');

describe('property: protected paths handed to programs', () => {
  for (const { seed, runs, replay } of seedsFor('unknown-programs')) {
    it(`a program the table does not know is refused, a read-only one is not (seed ${seed}; replay: ${replay})`, () => {
      fc.assert(
        fc.property(unknownProgram, readOnly, protectedPaths, spelling, fc.boolean(), (program, reader, path, spell, before) => {
          const words = spell(path).map((w) => (w === path ? word(path) : w.includes(path) ? `'${w.slice(0, w.indexOf(path))}'${word(path)}` : w));
          const tail = `${before ? 'src/a ' : ''}${words.join(' ')}`;
          expect(shown(judge(`${program} ${tail}`)), `${program} ${tail}`).toBe('deny protected-write');
          if (spell(path).length === 1 && !/^-o|^--out|^of=/.test(spell(path)[0]!) && !spell(path)[0]!.includes(':')) {
            expect(shown(judge(`${reader} ${tail}`)), `${reader} ${tail}`).toBe('allow');
          }
        }),
        { seed, numRuns: runs },
      );
    });
  }
});

describe('pathsInWord', () => {
  it('bounds the candidates of a long list', () => {
    expect(pathsInWord(Array.from({ length: 500 }, (_, i) => `/p${i}`).join(':'), homeDir).length).toBeLessThanOrEqual(26);
  });
});
