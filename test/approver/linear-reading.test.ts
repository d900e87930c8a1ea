// Texts the approver reads with regular expressions, from files the agent can
// write (`.gitmodules`, a `.git` file) and from the line itself (arithmetic,
// paths, URLs, package names, sed scripts): read line by line, scanned once,
// or with names tried once each, so that no text makes a pattern restart at
// every line or character. Each of these took minutes before (a multiline
// `^\s*` over a file of blank lines, `/\/+$/` over a run of slashes, a name
// tried at each of its characters); here they must simply finish, with the
// right answer. `npm run bench` scans every regular expression in src/ for
// the same (bench/regex-scan.mjs).

import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom, type FileSystem } from '../../src/approver/fs.js';
import { protectedSet } from '../../src/approver/core/protected.js';

const tree = '/home/dev/project';
const home = '/home/dev';

function volume(files: Record<string, string>): FileSystem {
  const vol = new Volume();
  vol.mkdirSync(home, { recursive: true });
  for (const [path, content] of Object.entries(files)) {
    vol.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    vol.writeFileSync(path, content);
  }
  return fileSystemFrom(vol as never);
}

describe('reading files of the tree', () => {
  it('finds submodule paths in a .gitmodules with CRLF line ends', () => {
    const fs = volume({ [`${tree}/.gitmodules`]: '[submodule "a"]\r\n\tpath = libs/a\r\n\turl = x\r\n' });
    expect(protectedSet(tree, home, [], fs).paths).toContain(`${tree}/libs/a/.git`);
  });

  it('follows a .git file with a CRLF line end', () => {
    const fs = volume({ [`${tree}/.git`]: 'gitdir: ../.git/modules/x\r\n' });
    expect(protectedSet(tree, home, [], fs).paths).toContain('/home/dev/.git/modules/x');
  });

  it('reads a .gitmodules of 1 MiB of blank lines, and one long line of blanks, to the end', () => {
    const blank = volume({ [`${tree}/.gitmodules`]: `${'\n'.repeat((1 << 20) - 20)}\tpath = libs/z\n` });
    expect(protectedSet(tree, home, [], blank).paths).toContain(`${tree}/libs/z/.git`);
    const wide = volume({ [`${tree}/.gitmodules`]: `\tpath = x${' '.repeat((1 << 20) - 20)}y\n` });
    expect(protectedSet(tree, home, [], wide).paths.some((p) => p.startsWith(`${tree}/x `))).toBe(true);
  });
});

describe('reading the line', () => {
  it('reads an arithmetic name of 200,000 characters once', () => {
    const name = 'a'.repeat(200_000);
    expect(approve(`echo $(( ${name} ))`, { tree, home, fs: volume({}) }).decision).toBe('allow');
    expect(approve(`(( ${name} ))`, { tree, home, fs: volume({}) }).decision).toBe('allow');
  });

  it.each([
    ['cp a b', `b${'/'.repeat(500_000)}x`],
    ['rm -rf', `a${'/'.repeat(500_000)}x`],
    ['mkdir -p', `a${'/'.repeat(500_000)}x`],
    ['curl -O', `'https://example.com/a${'?\n'.repeat(250_000)}'`],
    ['wget -e', `'output_document = x${' '.repeat(500_000)}y'`],
    ['pip install', `'aider-chat${'['.repeat(500_000)}]'`],
    ['sed -e', `';${' '.repeat(500_000)}x'`],
    ['ls', `${'?/'.repeat(250_000)}x`],
    ['echo', "a'b'".repeat(125_000)],
  ])('judges `%s` with a word of 500,000 repeated characters', (command, word) => {
    const verdict = approve(`${command} ${word}`, { tree, home, fs: volume({}) });
    expect(['allow', 'deny']).toContain(verdict.decision);
  });

  it('matches a glob of many stars against a long name the tree holds', () => {
    const fs = volume({ [`${tree}/${'a'.repeat(200)}`]: 'x', [`${tree}/.git/HEAD`]: 'ref: refs/heads/main\n' });
    expect(approve(`rm -f ${'*a'.repeat(40)}*b`, { tree, home, fs }).decision).toBe('allow');
    expect(approve(`find . -name '${'*a'.repeat(40)}*b' -delete`, { tree, home, fs }).decision).toBe('allow');
  });

  it('still knows the names arithmetic sets', () => {
    // `f` is set by the arithmetic, so the removal's target is not fixed
    const verdict = approve('f=build; (( f = 1 )); rm -rf "$f"', { tree, home, fs: volume({}) });
    expect(verdict.decision === 'deny' && verdict.id).toBe('removal-unfixed-target');
  });
});
