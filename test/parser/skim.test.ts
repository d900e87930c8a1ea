// The one raw look-ahead (src/lexer/skim.ts) against the real scanner: on
// random text, where the skim says a quoted string or a subscript ends is
// where the lexer, reading it for real, ends it, and the skim fails exactly
// where the lexer finds it unterminated. The alphabets leave out what only
// the real scanner reads (`$(`, `${`, backquotes inside double quotes), where
// the lexer does not skim but reads.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError, parse, type DialectName, type WordPart } from '../../src/index.js';
import { closingBracket, skipAnsiCQuoted, skipBackquoted, skipQuoted } from '../../src/lexer/skim.js';

const Bracket = { left: '['.charCodeAt(0), right: ']'.charCodeAt(0) };

/** The parts of the first argument of `echo …`, or the error the line gives. */
function firstArgument(src: string, dialect: DialectName = 'bash'): WordPart[] | ParseError {
  try {
    const command = parse(src, { dialect }).body[0]!.andOr.pipelines[0]!.commands[0]!;
    if (command.type !== 'SimpleCommand') throw new Error(`not a simple command: ${JSON.stringify(src)}`);
    return command.words[1]!.parts;
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
}

const text = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((chars) => chars.join(''));

describe('skim agrees with the lexer', () => {
  it('on where "…" ends', () => {
    fc.assert(fc.property(text(['a', ' ', '\\', '"', "'", '\n', '$', 'b']), (body) => {
      const src = 'echo "' + body;
      const end = skipQuoted(src, 5, src.length);
      if (end < 0) {
        const error = firstArgument(src);
        expect(error).toBeInstanceOf(ParseError);
        expect((error as ParseError).message).toMatch(/unterminated double quote/);
        return;
      }
      const parts = firstArgument(src.slice(0, end));
      expect(Array.isArray(parts) && parts.length === 1 && parts[0]!.type === 'DoubleQuoted' ? parts[0]!.span : parts).toEqual([5, end]);
    }), { numRuns: 3000 });
  });

  it("on where '…' ends", () => {
    fc.assert(fc.property(text(['a', ' ', '\\', '"', "'", '\n']), (body) => {
      const src = "echo '" + body;
      const end = skipQuoted(src, 5, src.length);
      if (end < 0) {
        expect(firstArgument(src)).toBeInstanceOf(ParseError);
        return;
      }
      const parts = firstArgument(src.slice(0, end));
      expect(Array.isArray(parts) && parts.length === 1 && parts[0]!.type === 'SingleQuoted' ? parts[0]!.span : parts).toEqual([5, end]);
    }), { numRuns: 2000 });
  });

  it('on where `…` ends', () => {
    fc.assert(fc.property(text(['a', ' ', '\\', '`', '$']), (body) => {
      const src = 'echo `' + body;
      const end = skipBackquoted(src, 5, src.length);
      const parts = firstArgument(end < 0 ? src : src.slice(0, end));
      if (end < 0) {
        expect(parts).toBeInstanceOf(ParseError);
        expect((parts as ParseError).message).toMatch(/unterminated backquote/);
        return;
      }
      // the body is read as commands of its own, which may fail; where it ends is all that is compared
      if (parts instanceof ParseError) expect(parts.message).toMatch(/^inside backquotes/);
      else expect(parts.length === 1 && parts[0]!.type === 'CommandSubstitution' ? parts[0]!.span : parts).toEqual([5, end]);
    }), { numRuns: 2000 });
  });

  it("on where $'…' ends", () => {
    fc.assert(fc.property(text(['a', ' ', '\\', "'", '"', 'n']), (body) => {
      const src = "echo $'" + body;
      const end = skipAnsiCQuoted(src, 6, src.length);
      const parts = firstArgument(end < 0 ? src : src.slice(0, end));
      if (end < 0) expect(parts).toBeInstanceOf(ParseError);
      else expect(Array.isArray(parts) && parts.length === 1 && parts[0]!.type === 'AnsiCQuoted' ? parts[0]!.span : parts).toEqual([5, end]);
    }), { numRuns: 2000 });
  });

  it('on where the subscript of ${a[…]} ends (read by the lexer with its own bracket matching)', () => {
    fc.assert(fc.property(text(['a', ' ', '\\', '"', "'", '[', ']', '1']), (subscript) => {
      const src = 'echo ${a[' + subscript + ']}';
      const close = closingBracket(src, 8, Bracket.left, Bracket.right, src.length);
      const parts = firstArgument(src);
      if (parts instanceof ParseError || parts.length !== 1 || parts[0]!.type !== 'ParameterExpansion') return;
      const parameter = parts[0]!;
      // where the lexer found a subscript closing before the `}`, the skim finds the same `]`
      if (parameter.index !== null) expect(parameter.index.span[1]).toBe(close);
      else expect(close < 0 || close >= parameter.span[1] - 2).toBe(true);
    }), { numRuns: 3000 });
  });
});

describe('skim', () => {
  it.each([
    ['"a\\"b', -1],
    ['"a\\"b"c', 6],
    ["'a\\'b", 4],
    ['\\x', 2],
  ])('skipQuoted(%j) is %i', (source, expected) => {
    expect(skipQuoted(source, 0, source.length)).toBe(expected);
  });

  it('stops at the end it is given', () => {
    expect(skipQuoted("'abc'", 0, 3)).toBe(-1);
    expect(closingBracket('[a]', 0, Bracket.left, Bracket.right, 2)).toBe(-1);
    expect(closingBracket('[a"]"[b]]', 0, Bracket.left, Bracket.right, 9)).toBe(8);
  });
});
