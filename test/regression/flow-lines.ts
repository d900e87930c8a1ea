// Generated lines of issue 16's work-flow classes for the containment proof:
// copies and moves of regular files, of directories with and without links,
// and of links, then writes and removals through their destinations; `cd -`
// after the line's own cd (and after OLDPWD or PWD was set); arithmetic over
// names the line fixed, in paths and in sed scripts; loops over globs. The containment test
// runs every one the approver allows in the real shells: none may remove,
// write or run anything the approver did not list. Paths aim at the
// sandbox's `outside/keep.txt` (beside the tree, `../outside` from it) and
// the tree's `.git`; no piece leaves the tree by a `cd` on its own.

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';

/** What the line does first: copies and moves, links, cds, names it fixes. */
const setups = fc.constantFrom(
  'cp a.txt c.txt', 'cp a.txt sub/', 'cp -r sub s2', 'cp -a sub s2', 'mv x.js sub/', 'mv a.txt m', 'mv sub s2', 'cp -P sub s3',
  'ln -s ../outside sub/l', 'ln -s ../../outside s2', 'ln -sf ../outside c.txt', 'cp -s "$PWD/a.txt" c.txt', 'cp -l a.txt c.txt',
  'mkdir -p s2', 'tar -xf none.tar', 'cd sub', 'cd sub && cd -', 'cd sub; cd -- -', 'pushd sub', 'popd', 'OLDPWD=..', 'PWD=..',
  'eval OLDPWD=..', 'n=2', 'n=010', 'x=$((1+1))', 'for n in 1 2; do :; done', 'line=3',
);

/** What the setups change the meaning of: writes and removals through what was placed, relative names after `cd -`, arithmetic. */
const uses = fc.constantFrom(
  'rm -rf c.txt/keep.txt', 'echo hi > c.txt', 'echo hi >> c.txt/keep.txt', 'rm -rf sub/l/keep.txt', 'rm -rf s2/l/keep.txt', 'rm -rf s2/keep.txt',
  'rm -rf s3/keep.txt', 'echo hi > s2/l/z', 'echo hi > m', 'rm -rf m/keep.txt', 'rm -f sub/a.txt', 'sed -i s/a/b/ c.txt',
  'cd - && rm -f a.txt', 'cd - && touch z', 'cd -; rm -f x.txt', 'rm -f "$OLDPWD/a.txt"', 'rm -f ~-/a.txt', 'cd -- - && rm -rf sub',
  'rm -f "a$((n+1)).txt"', 'touch "../outside/z$((n))"', 'rm -f "../outside/keep$((x)).txt"', 'rm -rf "../outside/keep.txt$((n-n))"',
  'sed -n "$((line-1)),$((line+1))p" a.txt', 'sed -n "$((n))w ../outside/z" a.txt', 'sed -n "$((line))w .git/z" a.txt',
  'for i in 1 2; do rm -f "sub/p$((i*2))"; done', 'rm -rf "$((n))/../../outside"',
  // a loop variable over a glob is one of its matches (words.ts globMatchParameter): a planted link among them, a name below one
  'for f in *.txt; do echo hi >> "$f"; done', 'for f in s2/*; do rm -rf "$f"; done', 'for f in sub/*; do rm -rf "$f"/keep.txt; done',
  'for f in ../out*; do rm -rf "$f"; done', 'for f in *; do touch "$f"; done', 'for f in s*; do rm -rf $f; done',
);

const separators = ['; ', '\n', ' && ', ' || '];

/** One line: one to three setups, then one or two uses, joined by separators. */
export const flowLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(setups, { minLength: 1, maxLength: 3 }),
    fc.array(uses, { minLength: 1, maxLength: 2 }),
    fc.array(fc.constantFrom(...separators), { minLength: 5, maxLength: 5 }),
  )
  .map(([first, then, seps]) => [...first, ...then].map((piece, i) => (i === 0 ? piece : seps[i - 1]! + piece)).join(''));

export const flowCase = fc.record({ line: flowLine, dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh') });
