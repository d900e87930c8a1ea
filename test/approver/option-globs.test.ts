// Issue 13 items 5 and 6 through approve(), on a memfs tree: glob matches
// that begin with `-` (src/approver/walk/option-globs.ts), POSIXLY_CORRECT,
// renaming extractions and the links an extraction makes. What each real
// program does with these lines is measured in
// test/programs/gnu-options-sandbox.test.ts (GNU rm 9.1 recurses on a file
// named `-rf`; GNU tar 1.34 runs `--checkpoint-action=exec=…` given
// `--checkpoint=1`; GNU sort reads `-oFILE`); here, the verdicts.

import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';

const tree = '/work/tree';
const home = '/home/agent';

function verdictOf(line: string, names: string[] = [], env: Record<string, string> = {}): string {
  const files: Record<string, string> = { [`${tree}/a.txt`]: '', [`${tree}/b.txt`]: '', [`${tree}/vendor/lib/.git`]: 'gitdir: ../../.git/modules/lib\n',
    [`${tree}/.gitmodules`]: '[submodule "lib"]\n\tpath = vendor/lib\n\turl = x\n', [`${home}/.bashrc`]: '' };
  for (const name of names) files[`${tree}/${name}`] = '';
  const volume = Volume.fromJSON(files);
  volume.mkdirSync(`${tree}/.git/hooks`, { recursive: true });
  const v = approve(line, { dialect: 'bash', tree, home, tempDir: '/tmp', env, fs: fileSystemFrom(volume as never) });
  return v.decision === 'allow' ? 'allow' : v.id;
}

describe('a glob before `--` is read with the option-like names it matches', () => {
  it.each([
    // `-rf` standing in the tree makes the removal recursive: vendor holds a submodule
    ['rm -f *', ['-rf'], 'protected-removal'],
    ['rm -f *', [], 'allow'],
    ['rm -f -- *', ['-rf'], 'allow'],
    ['rm -f ./*', ['-rf'], 'allow'],
    ['rm -f [ab]*', ['-rf'], 'allow'],
    ['rm -f ?*', ['-r'], 'protected-removal'],
    // GNU getopt reads a cluster: `-fr` is -f -r
    ['rm *', ['-fr'], 'protected-removal'],
    // tar runs what a checkpoint action names: here a removal outside the tree
    ['tar -cf /tmp/a.tar *', ['--checkpoint=1', '--checkpoint-action=exec=rm -rf ~'], 'removal-outside-tree'],
    ['tar -cf /tmp/a.tar -- *', ['--checkpoint=1', '--checkpoint-action=exec=rm -rf ~'], 'allow'],
    ['tar -cf /tmp/a.tar *', ['--to-command=rm -rf ~'], 'removal-outside-tree'],
    // sort -o and cp -t take their value from the next match or the name itself: files in the tree, or `..` beside it
    ['sort -o out.txt *', ['-o.bashrc'], 'allow'],
    ['cp * /tmp', ['--target-directory=..'], 'allow'],
    // a name the line made beside an option-like match decides which match the option takes (`-d b.txt …` or `-d sub …`,
    // npm run explore, seed 803567989): read both ways it is two programs, so it is refused
    ['touch c.txt && touch [!a]*', ['-d'], 'dynamic-code'],
    ['touch [!a]*', ['-d'], 'allow'],
    // readers: an option-like name changes only what they print
    ['cat *', ['-n'], 'allow'],
    ['grep -l x *', ['-r'], 'allow'],
  ])('%s with %j in the tree: %s', (line, names, want) => {
    expect(verdictOf(line, names)).toBe(want);
  });
});

describe('where the names cannot be listed, a program whose options matter is refused', () => {
  it.each([
    // the line itself made names it does not fix: an extraction, a write of a name it does not fix, a program treeward does not read
    ['tar -xf a.tar && tar -cf /tmp/b.tar *', 'dynamic-code'],
    ['tar -xf a.tar && tar -cf /tmp/b.tar -- *', 'allow'],
    ['tar -xf a.tar && tar -cf /tmp/b.tar ./*', 'allow'],
    ['./gen.sh && sort -m *', 'dynamic-code'],
    ['make && sort -m *', 'dynamic-code'],
    // names the line fixes are listed with the rest, but one that looks like an option may or may not stand there when the
    // glob expands (`true || touch -- -rf; uniq *[!t]`: the touch never ran, and uniq wrote its second match, found by
    // npm run explore, seed -1344597237): read both ways it is two programs, so it is refused
    ['touch -- x.txt && cp *.txt /tmp', 'allow'],
    ['touch -- -R && chmod -w *', 'dynamic-code'],
    ['touch -- -rf && chmod -w *', 'dynamic-code'],
    ['true || touch -- -rf; uniq *[!t]', 'dynamic-code'],
    // a reader is left alone
    ['tar -xf a.tar && cat *', 'allow'],
    ['tar -xf a.tar && wc -l *', 'allow'],
    // a directory treeward does not know
    ['cd "$d" && tar -cf /tmp/b.tar *', 'dynamic-code'],
    // git writes files of the repository's choosing into the work tree: a file `--checkpoint-action=exec=…` may come with them
    ['git checkout main && tar -cf /tmp/b.tar *', 'dynamic-code'],
    ['git pull && sort -m *', 'dynamic-code'],
    ['git -C . stash pop && tar -cf /tmp/b.tar *', 'dynamic-code'],
    ['git co main && tar -cf /tmp/b.tar *', 'dynamic-code'], // an alias from the user's configuration may check out
    ['git pull && tar -cf /tmp/b.tar -- *', 'allow'],
    ['git status && tar -cf /tmp/b.tar *', 'allow'],
    ['git log --oneline && tar -cf /tmp/b.tar *', 'allow'],
  ])('%s: %s', (line, want) => {
    expect(verdictOf(line)).toBe(want);
  });
});

describe('POSIXLY_CORRECT: GNU getopt stops at the first operand', () => {
  // split is GNU's only (no BSD reading of its own): with POSIXLY_CORRECT its prefix may be the word GNU reads as an option
  it.each([
    ['split -l 2 a.txt -x', {}, 'allow'],
    ['POSIXLY_CORRECT=1 split -l 2 a.txt ~/.bashrc', {}, 'protected-write'],
  ])('%s: %s', (line, env, want) => {
    expect(verdictOf(line, [], env)).toBe(want);
  });

  // GNU grep 3.8 honours it (measured: `POSIXLY_CORRECT=1 grep -l pat src -r` lists the file `-r` and skips the directory
  // src; `POSIXLY_CORRECT=1 grep -rl x vendor --exclude-dir=.git` lists vendor/.git/config): what `grep -l` feeds xargs is
  // then what either reading lists. `vendor` holds a submodule's `.git`.
  it.each([
    ['grep -l x vendor/lib/a -r | xargs chmod 644', {}, 'allow'],
    ['POSIXLY_CORRECT=1 grep -l x vendor/lib/a -r | xargs chmod 644', {}, 'allow'],
    ['grep -l x a.txt vendor/lib/.git | xargs chmod 644', {}, 'protected-write'],
    ['grep -rl x vendor | xargs chmod 644', {}, 'protected-write'],
    // not permuted, `--exclude-dir=.git` after the operand is a file name and prunes nothing
    ['grep -rl x --exclude-dir=.git vendor | xargs chmod 644', {}, 'allow'],
    ['grep -l x vendor --exclude-dir=.git -r | xargs chmod 644', {}, 'allow'],
    ['POSIXLY_CORRECT=1 grep -rl x vendor --exclude-dir=.git | xargs chmod 644', {}, 'protected-write'],
    ['grep -rl x vendor --exclude-dir=.git | xargs chmod 644', { POSIXLY_CORRECT: '1' }, 'protected-write'],
    ['export POSIXLY_CORRECT=1; grep -rl x vendor --exclude-dir=.git | xargs chmod 644', {}, 'protected-write'],
    // not permuted, `-l` after the pattern is a file: grep prints matching lines, which the listing cannot fix
    ['grep x a.txt -l | xargs chmod 644', {}, 'allow'],
    ['POSIXLY_CORRECT=1 grep x a.txt -l | xargs chmod 644', {}, 'write-unfixed-target'],
  ])('grep -l: %s %j', (line, env, want) => {
    expect(verdictOf(line, [], env)).toBe(want);
  });
});

describe('links an extraction makes', () => {
  it.each([
    ['tar -xzf a.tgz && rm a.tgz', 'allow'],
    ['tar -xzf a.tgz && rm -rf pkg a.tgz', 'allow'],
    ['tar -xf a.tar -C out && rm -rf out/link/x', 'removal-unfixed-target'],
    ['tar -xf a.tar -C out && echo hi > out/link/x', 'write-unfixed-target'],
    ['tar -xzf p.tgz && cd p && rm -rf build', 'removal-unfixed-target'],
    ['unzip a.zip -d out && rm -rf out/x/y', 'removal-unfixed-target'],
    ['tar -xf a.tar -C out && rm -rf build/x', 'allow'],
    ['tar -xf out/a.tar -C out && rm out/a.tar', 'allow'],
    // renaming members: any name below the directory, `.git` among them at the root
    ["bsdtar -xf a.tar -s ',^,.git/hooks/,'", 'protected-write'],
    ["tar -xf a.tar --transform 's,^,x/,'", 'protected-write'],
    ["tar -xf a.tar -C out --transform 's,^,x/,'", 'allow'],
  ])('%s: %s', (line, want) => {
    expect(verdictOf(line)).toBe(want);
  });
});
