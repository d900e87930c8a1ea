// Reading the user's startup files for dot globbing (src/approver/startup.ts):
// the same answers as the plain regular expressions it replaced, each line on
// its own, and no input that makes it restart at every line.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnsOnDotGlob } from '../../src/approver/core/startup.js';

/** The regular expressions treeward used to run over the whole file, with their blanks kept inside a line (`[^\S\n]` for `\s`). */
function byWholeTextRegex(text: string): boolean {
  return /\bshopt[^\S\n]+(-\w+[^\S\n]+)*-s[^\S\n]+[^\n;#]*\bdotglob\b/.test(text)
    || /\bset(opt)?[^\S\n]+[^\n;#]*\b(glob_?dots|GLOB_?DOTS)\b/i.test(text)
    || /\bset[^\S\n]+-o[^\S\n]+(glob_?dots)\b/i.test(text)
    || /^[^\S\n]*(export[^\S\n]+)?GLOBIGNORE=/m.test(text);
}

describe('startup files: does a line turn dot globbing on', () => {
  it.each([
    ['shopt -s dotglob', true],
    ['shopt -q -s extglob dotglob', true],
    ['shopt -s extglob; shopt -u dotglob', false],
    ['shopt -u dotglob', false],
    ['shopt x -s dotglob', false],
    ['shopt -s nodotglob', false],
    ['setopt globdots', true],
    ['setopt GLOB_DOTS', true],
    ['set -o globdots', true],
    ['setopt extendedglob', false],
    ['# setopt globdots', true],
    ['  export GLOBIGNORE=.:..', true],
    ['GLOBIGNORE=', true],
    ['echo GLOBIGNORE=x', false],
    ['alias ll="ls -la"\n\nshopt -s histappend\n', false],
  ])('%j: %s', (text, expected) => {
    expect(turnsOnDotGlob(text)).toBe(expected);
    expect(byWholeTextRegex(text)).toBe(expected);
  });

  it('answers as the whole-text expressions do, on texts built from their pieces', () => {
    const piece = fc.constantFrom('shopt', 'set', 'setopt', 'SETOPT', ' ', '  ', '\t', '-s', '-q', '-u', '-o', '-s-', 'dotglob', 'nodotglob', 'globdots', 'glob_dots', 'GLOB_DOTS', 'x', ';', '#', '\n', 'export', 'GLOBIGNORE=', '=');
    fc.assert(fc.property(fc.array(piece, { maxLength: 14 }).map((p) => p.join('')), (text) => {
      expect(turnsOnDotGlob(text)).toBe(byWholeTextRegex(text));
    }), { numRuns: 20_000 });
  });

  it('reads a file of the largest size read (1 MiB) without restarting at every line or word', () => {
    // each of these made the whole-text expressions quadratic: minutes at this size
    expect(turnsOnDotGlob('\n'.repeat(1 << 20))).toBe(false);
    expect(turnsOnDotGlob('set '.repeat(1 << 18))).toBe(false);
    expect(turnsOnDotGlob(`shopt${' -s'.repeat(300_000)} x`)).toBe(false);
    expect(turnsOnDotGlob(`${'shopt -q x '.repeat(100_000)}-s dotglob`)).toBe(false);
    expect(turnsOnDotGlob(`${'shopt -q '.repeat(100_000)}-s dotglob`)).toBe(true);
    expect(turnsOnDotGlob(`${'\n'.repeat(1 << 19)}setopt globdots`)).toBe(true);
  });
});
