// Generated lines of issue 16's glob clause for the containment proof: a glob
// removal after earlier commands, only some of which can make a link or a
// directory (`ln`, `cp -P`, `cp -r`, `mv` of a link, `mkdir`), the rest of
// which make regular files at most or remove (`touch`, `>`, `tee`, `cp` of
// a file, `mv` of a regular file, `rm`), joined by every separator, a pipe
// among them (its elements run at the same time). The containment test runs
// every line the approver allows in the real shells with the real file tools
// (`globLinePrograms`), so a link the line plants is really there when the
// glob expands (a link planted away from the glob's directory is approved,
// and proven harmless here): none may remove anything outside the tree (the sandbox's
// `outside/keep.txt`, `../outside` from the tree) or the tree's `.git`.

import fc from 'fast-check';
import type { DialectName } from '../../src/syntax/dialect.js';

/** The file tools run for real in these lines, so what they make is what the later glob lists. */
export const globLinePrograms = ['rm', 'ln', 'cp', 'mv', 'mkdir', 'touch', 'tee'];

/** Earlier commands: some plant a link or make a directory where a later glob lists, the others cannot. */
const setups = fc.constantFrom(
  // make a regular file at most, or remove: the glob after them is judged as usual
  'touch t.txt', 'echo x > t.txt', 'echo x >> sub/t.txt', 'rm -f a.txt', 'rm -rf s2', 'cp a.txt c.txt', 'cp a.txt sub/', 'cp -a a.txt c.txt',
  'mv a.txt m.txt', 'mv x.js sub/', 'tee t.txt < a.txt', 'cp sub/x.txt s2',
  // plant a link or make a directory
  'rm -rf sub && ln -s ../outside sub', 'ln -sfn ../outside s2', 'ln -s ../outside l0 && mv l0 s2', 'ln -s ../outside l0; cp -P l0 s2',
  'ln -s ../../outside sub/up', 'cp -r sub s2', 'mkdir -p s2', 'mkdir -p sub/d', 'mv sub s3 && ln -s ../outside sub', 'ln -s .git g0; mv g0 s2',
  // a link made below another link the line made lands where the first leads: s4/up is sub/up
  'ln -s sub s4 && ln -s ../../outside s4/up', 'ln -s sub s4; mv s2 s4/up',
);

/** Glob removals whose wildcards stand in the last name only. */
const globs = fc.constantFrom(
  'rm -rf sub/*', 'rm -f sub/*.txt', 'rm -rf s2/*', 'rm -f ./sub/*', 'rm -rf {sub,s2}/*', 'rm -f *.txt', 'rm -rf s2/*.txt', 'rm -rf sub/up/*', 'rm -rf s4/*',
);

const separators = ['; ', '\n', ' && ', ' || ', ' | '];

/** One line: one to three earlier commands, then one or two glob removals, joined by separators. */
export const globLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(setups, { minLength: 1, maxLength: 3 }),
    fc.array(globs, { minLength: 1, maxLength: 2 }),
    fc.array(fc.constantFrom(...separators), { minLength: 5, maxLength: 5 }),
  )
  .map(([first, then, seps]) => [...first, ...then].map((piece, i) => (i === 0 ? piece : seps[i - 1]! + piece)).join(''));

export const globCase = fc.record({ line: globLine, dialect: fc.constantFrom<DialectName>('bash', 'sh', 'zsh') });
