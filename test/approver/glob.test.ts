// Glob matching (src/approver/glob.ts): the same answers as the regular
// expressions it used to build, on random patterns and names, and no pattern
// whose time grows with the power of its stars (`*a*a*a…b` against a name of
// many `a`: a backtracking regex took seconds at six stars, minutes at eight).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPathMatches, findPatternMatches, matchesName } from '../../src/approver/core/glob.js';

/** The matcher treeward used before: the pattern as one anchored regular expression. */
function byRegex(pattern: string, text: string, caseless: boolean, starCrossesSlash: boolean): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') source += starCrossesSlash ? '.*' : '[^/]*';
    else if (c === '?') source += starCrossesSlash ? '.' : '[^/]';
    else if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '!' || pattern[j] === '^') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      if (j >= pattern.length) { source += '\\['; continue; }
      let body = pattern.slice(i + 1, j);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      // a `]` first is one of the class's characters (bash: `[!][h]` matches `a`); a regular expression reads `[^]` as anything
      const lead = body.startsWith(']') ? '\\]' : '';
      source += `[${negated ? '^' : ''}${lead}${(lead ? body.slice(1) : body).replace(/\\/g, '\\\\')}]`;
      i = j;
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, caseless ? 'is' : 's').test(text);
}

const patternChar = fc.constantFrom('*', '?', 'a', 'b', '.', '[', ']', '!', '^', '-', 'A', '/', 'x');
const textChar = fc.constantFrom('a', 'b', '.', 'A', 'x', '-', '/', '!');
const pattern = fc.array(patternChar, { maxLength: 8 }).map((a) => a.join(''));
const text = fc.array(textChar, { maxLength: 10 }).map((a) => a.join(''));

describe('glob matching', () => {
  it('answers as the anchored regular expression did: names, find -name and find -path, either case', () => {
    // a class whose range is out of order (`[?-*]`) throws in both, which approve() turns into a deny
    const outcome = (f: () => boolean) => {
      try {
        return f();
      } catch (error) {
        if (error instanceof SyntaxError) return 'throws';
        throw error;
      }
    };
    fc.assert(fc.property(pattern, text, fc.boolean(), (p, t, caseless) => {
      const name = t.replaceAll('/', '');
      if (!name.startsWith('.') && name !== '' && !p.includes('/')) {
        expect(outcome(() => matchesName([{ text: p, quoted: false }], name, true))).toBe(outcome(() => byRegex(p, name, false, false)));
      }
      expect(outcome(() => findPatternMatches(p, name, caseless))).toBe(outcome(() => byRegex(p, name, caseless, false)));
      expect(outcome(() => findPathMatches(p, t, caseless))).toBe(outcome(() => byRegex(p, t, caseless, true)));
    }), { numRuns: 20_000 });
  });

  it('reads quoted text literally', () => {
    expect(matchesName([{ text: '*', quoted: true }], 'a', true)).toBe(false);
    expect(matchesName([{ text: '*', quoted: true }], '*', true)).toBe(true);
    expect(matchesName([{ text: 'a', quoted: false }, { text: '*', quoted: true }, { text: '*', quoted: false }], 'a*z', true)).toBe(true);
  });

  it('matches patterns of thousands of stars against long names in time pattern × name', () => {
    const stars = `${'*a'.repeat(5000)}*b`;
    expect(matchesName([{ text: stars, quoted: false }], 'a'.repeat(255), true)).toBe(false);
    expect(findPatternMatches(stars, 'a'.repeat(255), false)).toBe(false);
    expect(findPathMatches(stars, `${'a/'.repeat(2000)}b`, false)).toBe(false);
    expect(findPathMatches(`${'*a'.repeat(2000)}*b`, `${'a/'.repeat(2000)}b`, false)).toBe(true);
  });
});
