// su -c through approve(), on a memfs tree (src/approver/programs/wrappers.ts `readSu`): the command string is
// read in each shell the user may have, each reading from where the line stands (walk/line-facts.ts
// `alternatives`: one reading's removal is not an earlier part of the next), after startup files treeward
// does not read, which may turn dot globbing on (so `*` may match `.git`).

import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom } from '../../src/approver/fs.js';

const tree = '/work/tree';
const home = '/home/agent';

function verdictOf(line: string): string {
  const volume = Volume.fromJSON({ [`${tree}/a.txt`]: '', [`${tree}/build/x.o`]: '', [`${tree}/.git/HEAD`]: 'ref: refs/heads/main\n' });
  const v = approve(line, { dialect: 'bash', tree, home, tempDir: '/tmp', env: {}, fs: fileSystemFrom(volume as never) });
  return v.decision === 'allow' ? 'allow' : v.id;
}

describe('su -c: the command string in the user\'s shell', () => {
  it.each([
    // each reading starts where the line stands: the link the sh reading makes last is not in the bash reading's way
    ["su -c 'rm -rf d/x; ln -s /tmp d'", 'allow'],
    ["su -c 'ln -s /tmp d; rm -rf d/x'", 'removal-unfixed-target'],
    ["runuser -u root -- rm -rf build", 'allow'],
    ['su -c make root', 'allow'],
    // bash reads `*` without dot names; the user's own startup files may turn dot globbing on
    ['rm -rf *', 'allow'],
    ["su -c 'rm -rf *'", 'protected-removal'],
    ["su -c 'rm -rf build/*'", 'protected-removal'],
    ["su -s /bin/zsh -c 'rm -rf *'", 'protected-removal'],
    ["su -l -s /bin/bash -c 'rm -rf /work/tree/*'", 'protected-removal'],
    // bash with `-c` reads no startup file
    ["su -s /bin/bash -c 'rm -rf *'", 'allow'],
    // a login shell starts in the user's home
    ["su - -c 'rm -rf build'", 'removal-unplaced-name'],
    ["su -c 'rm -rf ../x'", 'removal-outside-tree'],
    ["su root -c 'claude -p hi'", 'agent-launch'],
    ['su --frobnicate -c make', 'dynamic-code'],
  ])('%s: %s', (line, want) => {
    expect(verdictOf(line)).toBe(want);
  });
});
