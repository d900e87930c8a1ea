// The inline-code readers on inputs far past what a program needs
// (src/approver/programs/inline/): deep brackets, long chains, many
// f-string fields and templates, a `/` after `}` on and on. Each must end,
// never throw, and never approve what it could not read: the code is
// refused (a problem) or read, within the tokenizers' budgets.

import { describe, expect, it } from 'vitest';
import { readJavascript } from '../../src/approver/programs/inline/javascript.js';
import { readPerl } from '../../src/approver/programs/inline/perl.js';
import { readPython } from '../../src/approver/programs/inline/python.js';

const anchors = { home: '/home/u', tempDir: '/tmp' };
const n = 200_000;

const shapes: [string, string, boolean][] = [
  // [name, code, whether it must be refused]
  ['deep parentheses', '('.repeat(n) + ')'.repeat(n), true],
  ['deep brackets around a removal', '['.repeat(300) + "__import__('os').remove('/x')" + ']'.repeat(300), true],
  ['a long member chain', 'a' + '.b'.repeat(n / 4), false],
  ['many statements', "x = 'a'\n".repeat(n / 8), false],
  ['one long string', `'${'a'.repeat(n * 4)}'`, false],
  ['many f-string fields', `f"${'{x}'.repeat(n / 4)}"`, false],
  ['nested f-strings', 'f"{'.repeat(40) + 'x' + '}"'.repeat(40), true],
  ['past the token budget', 'a,'.repeat(n * 2), true],
  ['an unterminated string', "'" + 'a'.repeat(n), true],
];

const jsShapes: [string, string, boolean][] = [
  ['deep parentheses', '('.repeat(n) + ')'.repeat(n), true],
  ['a long member chain', 'a' + '.b'.repeat(n / 4), false],
  ['many declarations', "const x = 'a';\n".repeat(n / 16), false],
  ['a slash after a brace, again and again', '}/'.repeat(n / 4), true],
  ['nested templates', '`${'.repeat(40) + 'x' + '}`'.repeat(40), true],
  ['many template fields', '`' + '${x}'.repeat(n / 4) + '`', false],
  ['a long regular expression', `/${'a'.repeat(n)}/.test(s)`, false],
  ['past the token budget', 'a,'.repeat(n * 2), true],
  ['an unterminated comment', '/*' + 'a'.repeat(n), true],
];

const perlShapes: [string, string, boolean][] = [
  ['deep parentheses', '('.repeat(n) + ')'.repeat(n), true],
  ['calls inside calls without parentheses', 'unlink '.repeat(n / 2) + '"x";', true],
  ['many statements', "my $x = 'a';\n".repeat(n / 8), false],
  ['many calls', 'unlink "a";\n'.repeat(n / 8), false],
  ['one long string', `'${'a'.repeat(n * 4)}'`, false],
  ['nested interpolation', '"@{['.repeat(40) + '1' + ']}"'.repeat(40), true],
  ['many interpolations', `"${'$h{x}'.repeat(n / 8)}"`, false],
  ['past the token budget', 'a,'.repeat(n * 2), true],
  ['an unterminated here-document', 'print <<EOT;\n' + 'a\n'.repeat(n), true],
];

describe('perl: huge inputs end, and what is not read is refused', () => {
  it.each(perlShapes)('%s', (_name, code, refused) => {
    const reading = readPerl(code, anchors);
    expect(reading.problem !== null, JSON.stringify(reading.problem)).toBe(refused);
  });
});

describe('python: huge inputs end, and what is not read is refused', () => {
  it.each(shapes)('%s', (_name, code, refused) => {
    const reading = readPython(code, anchors);
    expect(reading.problem !== null, JSON.stringify(reading.problem)).toBe(refused);
  });
});

describe('javascript: huge inputs end, and what is not read is refused', () => {
  it.each(jsShapes)('%s', (_name, code, refused) => {
    const reading = readJavascript(code, anchors);
    expect(reading.problem !== null, JSON.stringify(reading.problem)).toBe(refused);
  });
});
