// Parse errors: each is a ParseError with a span inside the source that
// points at the right token, and a message a person understands (SPEC §2,
// last paragraph). Verdicts confirmed with bash -O extglob -n, dash -n,
// zsh -f -n.

import { describe, expect, it } from 'vitest';
import { BudgetError, ParseError, parse, type DialectName } from '../../src/index.js';
import { reject, rejects, table } from './helpers.js';

table('the message names the problem and the span points at its token', [
  ['all', "echo 'abc", rejects('unterminated single quote', [5, 6])],
  ['all', 'echo "abc', rejects('unterminated double quote', [5, 9])],
  ['all', 'echo a\n"b', rejects('unterminated double quote', [7, 9])],
  ['all', 'echo $(ls', rejects('unterminated `$(`', [5, 9])],
  ['all', 'echo ${x', rejects('unterminated parameter expansion', [5, 8])],
  ['all', 'echo `ls', rejects('unterminated backquote', [5, 8])],
  ['bash zsh', "echo $'x", rejects("unterminated `$'`", [5, 8])],
  ['all', 'fi', rejects('`fi` with nothing open', [0, 2])],
  ['all', 'echo ok; fi', rejects('`fi` with nothing open', [9, 11])],
  ['all', 'echo ok; done', rejects('`done` with nothing open', [9, 13])],
  ['all', 'echo ok )', rejects('`)` with nothing open', [8, 9])],
  ['zsh', '}', rejects('`}` with nothing open', [0, 1])],
  ['zsh', 'echo }', rejects('`}` with nothing open', [5, 6])],
  ['zsh', 'echo x}', rejects('`}` with nothing open', [6, 7])],
  ['zsh', '{ echo; } }', rejects('`}` with nothing open', [10, 11])],
  ['bash sh', '{ echo; } }', rejects('`}`', [10, 11])],
  ['all', 'echo "$(echo \'x)"', rejects('unterminated single quote', [13, 14])],
  ['all', 'echo $(fi)', rejects('`fi`', [7, 9])],
  ['all', 'f(a) { b; }', rejects()],
  ['all', 'case x in a b) c;; esac', rejects('`)` or `|`', [12, 13])],
  ['all', 'for i in a b; do c; done x', rejects('`x`', [25, 26])],
  ['bash', 'f() a', rejects('compound command', [4, 5])],
  ['sh', 'exit() { :; }', rejects('exit', [0, 4])],
  ['bash zsh', '[[ a ) ]]', rejects('`)`', [5, 6])],
  ['zsh', 'a | coproc cat', rejects('coproc', [4, 10])],
  ['zsh', 'echo ${a b}', rejects('bad substitution', [5, 11])],
]);

table('an error inside backquotes points into the source', [
  ['zsh', 'echo `fi`', rejects('inside backquotes', [6, 8])],
  ['sh zsh', 'echo `if`', rejects('inside backquotes')],
  // bash (and for a lone closer, dash) read a backquoted body only when they run it.
  // Deliberate refusal: treeward reads every body now and refuses one that does not parse.
  ['bash sh', 'echo `fi`', rejects('inside backquotes')],
  ['bash', 'echo `if`', rejects('inside backquotes')],
]);

// An error at the end of the input still lies inside it (one dialect each: the reading is the same in all three).
const atTheEnd: [DialectName, string, string][] = [
  ['bash', 'echo >', 'after `>`'],
  ['sh', 'cat <<', 'here-document delimiter'],
  ['zsh', 'echo |', 'after `|`'],
  ['bash', 'if true; then echo', '`fi`'],
  ['sh', '{ echo', '`}`'],
  ['zsh', 'for i in a b c', '`;` or a newline'],
];

describe('an error at the end of the input has a span inside the source', () => {
  for (const [dialect, src, message] of atTheEnd) {
    it(`${dialect}: ${JSON.stringify(src)}`, () => {
      const error = reject(src, dialect);
      expect(error.message).toContain(message);
      expect(error.span[0]).toBeGreaterThanOrEqual(0);
      expect(error.span[0]).toBeLessThanOrEqual(error.span[1]);
      expect(error.span[1]).toBeLessThanOrEqual(src.length);
    });
  }
});

describe('what is thrown', () => {
  it('is recognised by instanceof across copies of the class (each bundle carries its own)', () => {
    // another bundle's ParseError: a different class with the same registered mark
    const foreign = Object.assign(new Error('x'), { [Symbol.for('treeward.ParseError')]: true });
    expect(foreign).toBeInstanceOf(ParseError);
    expect(foreign).not.toBeInstanceOf(BudgetError);
    expect({}).not.toBeInstanceOf(ParseError);
    expect(null as unknown).not.toBeInstanceOf(ParseError);
  });

  it('is a ParseError with a name, a message and a span', () => {
    const error = reject('echo "abc', 'bash');
    expect(error).toBeInstanceOf(ParseError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ParseError');
    expect(error.span).toEqual([5, 9]);
  });

  it('nesting past the budget is a BudgetError, which is a ParseError', () => {
    const src = '{ '.repeat(5000) + 'a; ' + '}; '.repeat(5000);
    let caught: unknown;
    try {
      parse(src, { dialect: 'bash' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BudgetError);
    expect(caught).toBeInstanceOf(ParseError);
  });

  it('an unknown dialect is a TypeError, not a ParseError', () => {
    expect(() => parse('echo', { dialect: 'fish' as never })).toThrow(TypeError);
  });

  it('the default dialect is bash', () => {
    expect(parse('echo hi &> f').dialect).toBe('bash');
    expect(() => parse('echo hi &| f')).toThrow(ParseError);
  });
});
