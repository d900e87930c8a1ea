// What a verdict keeps from the one before (issue 18 item 3: a verdict in tens of microseconds): only
// text worked out from text, never an answer of the filesystem. The protected set's fixed paths are
// made again for other settings, a package.json that changed between two verdicts is read as it is
// now, and the listing a pipeline stage is read for still costs the judging work it always did.

import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom, type FileSystem } from '../../src/approver/fs.js';
import { protectedOwner, protectedSet } from '../../src/approver/core/protected.js';
import { endsAsDirectory } from '../../src/approver/core/path-text.js';
import { budgets } from '../../src/budgets.js';

const tree = '/home/dev/project';
const home = '/home/dev';

function volume(files: Record<string, string>): FileSystem {
  const vol = new Volume();
  vol.mkdirSync(tree, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    vol.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    vol.writeFileSync(path, content);
  }
  return fileSystemFrom(vol as never);
}

describe('the protected set', () => {
  it('is made for the tree, home and extras of each call, one after the other', () => {
    const fs = volume({});
    expect(protectedSet(tree, home, [], fs).paths).toContain('/home/dev/.ssh');
    const other = protectedSet('/srv/t', '/home/other', ['secrets'], fs).paths;
    expect(other).toContain('/home/other/.ssh');
    expect(other).toContain('/srv/t/secrets');
    expect(other).not.toContain('/home/dev/.ssh');
    expect(protectedSet(tree, home, ['~/keys'], fs).paths).toContain('/home/dev/keys');
    expect(protectedSet(tree, home, [], fs).paths).not.toContain('/home/dev/keys');
  });

  it('lists the git paths first and each path once, when a .git file points at a protected name', () => {
    const fs = volume({ [`${tree}/.git`]: 'gitdir: .claude\n' });
    const { paths, keys } = protectedSet(tree, home, [], fs);
    expect(paths.slice(0, 2)).toEqual([`${tree}/.git`, `${tree}/.claude`]);
    expect(paths.filter((p) => p === `${tree}/.claude`)).toHaveLength(1);
    expect(keys).toHaveLength(paths.length);
  });

  it('reads the tree again at each call: a .gitmodules added since is seen', () => {
    expect(protectedSet(tree, home, [], volume({})).paths).not.toContain(`${tree}/libs/a/.git`);
    const fs = volume({ [`${tree}/.gitmodules`]: '[submodule "a"]\n\tpath = libs/a\n' });
    expect(protectedSet(tree, home, [], fs).paths).toContain(`${tree}/libs/a/.git`);
  });
});

describe('the owner of a path', () => {
  const set = () => protectedSet(tree, home, ['~/.claude'], volume({ [`${tree}/.git`]: 'gitdir: .claude\n' }));

  it.each([
    [`${tree}/.claude/settings.json`, `${tree}/.claude`],
    [`${home}/.claude/x`, `${home}/.claude`],
    [`${home}/.SSH/id`, `${home}/.ssh`],
    [`${tree}/src/x`, null],
    ['/a/.git/../b', '/a/.git'],
    ['/a/.GIT/config', '/a/.GIT'],
    ['/a/.git./config', '/a/.git.'],
    ['/a/GIT~1/config', '/a/GIT~1'],
    ['rel/.git/hooks', 'rel/.git'],
    ['rel/.gitx/hooks', null],
  ])('%s → %s', (path, owner) => {
    expect(protectedOwner(path, set())).toBe(owner);
  });
});

describe('package.json between verdicts', () => {
  it('is read as it is now: a script that changed is judged as the new one', () => {
    const options = (scripts: Record<string, string>) => ({
      tree, home, fs: volume({ [`${tree}/package.json`]: JSON.stringify({ name: 'p', scripts }) }),
    });
    expect(approve('npm test', options({ test: 'touch tested' })).decision).toBe('allow');
    const changed = approve('npm test', options({ test: 'rm -rf ~/.ssh' }));
    expect(changed.decision).toBe('deny');
    expect(approve('npm test', options({ test: 'touch tested' })).decision).toBe('allow');
  });

  it('that is no longer JSON is refused although the same text parsed before was not', () => {
    expect(approve('npm test', { tree, home, fs: volume({ [`${tree}/package.json`]: '{"scripts":{"test":"true"}}' }) }).decision).toBe('allow');
    expect(approve('npm test', { tree, home, fs: volume({ [`${tree}/package.json`]: '{"scripts":' }) }).decision).toBe('deny');
  });
});

describe('a pipeline stage read for its listing', () => {
  // each word {a,b}×8 is 256 fields: past the judging work only when the stage's words are read twice
  const braces = `${'{a,b}'.repeat(8)} `;
  const workPerRead = 256 * (budgets.workPerItem + 8);
  const words = Math.ceil(budgets.maxJudgingWork / workPerRead / 2) + 1;

  it('is charged for its words again when its program lists nothing treeward reads', () => {
    const verdict = approve(`echo ${braces.repeat(words)}| cat`, { tree, home });
    expect(verdict.decision).toBe('deny');
    if (verdict.decision === 'deny') expect(verdict.id).toBe('too-complex');
  });

  it('is not past the budget with half the words', () => {
    const verdict = approve(`echo ${braces.repeat(Math.floor(words / 2))}| cat`, { tree, home });
    expect(verdict.decision).toBe('allow');
  });

  it.each([
    ["grep -rl old src | xargs sed -i 's/old/new/'", 'allow'],
    ["/bin/grep -rl old src | xargs sed -i 's/old/new/'", 'allow'],
    ["cat src | xargs sed -i 's/old/new/'", 'deny'],
  ])('still gives a producer, and only a producer, its listing: %s', (line, decision) => {
    expect(approve(line, { tree, home, platform: 'linux' }).decision).toBe(decision);
  });
});

describe('endsAsDirectory', () => {
  it.each([
    ['x/', true], ['x/.', true], ['.', true], ['x/./', true], ['/', true], ['x//.', true],
    ['x', false], ['', false], ['x.', false], ['x/..', false], ['.x', false], ['x/.y', false],
  ])('%j → %s', (path, expected) => {
    expect(endsAsDirectory(path)).toBe(expected);
  });
});
