// The arithmetic evaluator (src/approver/core/arithmetic.ts): a table of
// expressions with the digits they give or null (not fixed), and generated
// expressions over `+ - * / %`, unary signs, parentheses, digits and fixed
// names, each also evaluated by the real bash, dash and zsh in the sandbox
// (`rm -f "v$(( … ))"`, whose argv the sandbox's rm stub logs): where treeward fixes a
// value, every shell gives that value. The generator is seeded by a constant,
// so every run checks the same expressions.

import { beforeAll, describe, expect, it } from 'vitest';
import type { ArithmeticExpansion } from '../../src/syntax/ast.js';
import { evaluateArithmetic } from '../../src/approver/core/arithmetic.js';
import { parse } from '../../src/parser/parser.js';
import { type LineResult, requireSandbox, runLines, type ShellName } from '../support/shells.js';

/** The `$(( … ))` part of `echo $(( text ))`, as the parser reads it. */
function expansion(text: string): ArithmeticExpansion {
  const script = parse(`echo $((${text}))`, { dialect: 'bash' });
  const command = script.body[0]!.andOr.pipelines[0]!.commands[0]!;
  if (command.type !== 'SimpleCommand') throw new Error('not a simple command');
  const part = command.words[1]!.parts[0]!;
  if (part.type !== 'ArithmeticExpansion') throw new Error(`not an arithmetic expansion: ${text}`);
  return part;
}

const fixed: Record<string, string> = { n: '10', line: '42', zero: '0', neg: '-5', octal: '010', expr: '1+2', big: '9007199254740993', SECONDS: '5' };
const valueOf = (name: string) => fixed[name];

const table: [string, string | null][] = [
  ['1+2', '3'],
  ['line-20', '22'],
  ['line+20', '62'],
  [' n * 2 + 1 ', '21'],
  ['(n+2)*3', '36'],
  ['-n', '-10'],
  ['- -n', '10'],
  ['+n', '10'],
  ['7/2', '3'],
  ['-7/2', '-3'],
  ['-7%3', '-1'],
  ['7%-3', '1'],
  ['$n-1', '9'],
  ['${line}+1', '43'],
  ['0', '0'],
  ['zero*-1', '0'],
  // not fixed: what the shells would read otherwise, or what treeward does not read
  ['1/0', null],
  ['n%zero', null],
  ['010', null],
  ['octal+1', null],
  ['0x10', null],
  ['16#ff', null],
  ['2**3', null],
  ['n++', null],
  ['n+=1', null],
  ['n=1', null],
  ['n,1', null],
  ['n>1', null],
  ['n?1:2', null],
  ['expr*2', null],
  ['neg+1', null],
  ['unset+1', null],
  ['SECONDS+1', null],
  ['big', null],
  ['4503599627370496*4', null],
  ['1.5+1', null],
  ['', null],
  ['1 2', null],
];

describe('the arithmetic evaluator', () => {
  for (const [text, digits] of table) {
    it(`$((${text})) is ${digits ?? 'not fixed'}`, () => {
      expect(evaluateArithmetic(expansion(text), valueOf)).toBe(digits);
    });
  }

  it('nests parentheses only so deep', () => {
    expect(evaluateArithmetic(expansion(`${'('.repeat(200)}1${')'.repeat(200)}`), valueOf)).toBe(null);
    expect(evaluateArithmetic(expansion(`${'('.repeat(20)}1${')'.repeat(20)}`), valueOf)).toBe('1');
  });
});

// ------------------------------------------------------------------ against the real shells

/** A fixed-seed generator of expressions over digits and the names `a` and `b`. */
function expressions(count: number): string[] {
  let seed = 20261202;
  const next = (k: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  const term = (depth: number): string => {
    const pick = next(depth > 2 ? 3 : 6);
    if (pick === 0) return String(next(50));
    if (pick === 1) return ['a', 'b', '$a', '${b}'][next(4)]!;
    if (pick === 2) return `${['-', '+', ''][next(3)]}${String(next(9) + 1)}`;
    if (pick === 3) return `(${term(depth + 1)} ${'+-*/%'[next(5)]} ${term(depth + 1)})`;
    return `${term(depth + 1)}${'+-*/%'[next(5)]}${term(depth + 1)}`;
  };
  return Array.from({ length: count }, () => term(0));
}

const available = requireSandbox('test/approver/arithmetic.test.ts');
const generated = expressions(60);
const shells: ShellName[] = ['bash', 'sh', 'zsh'];

describe.skipIf(!available)('generated arithmetic, against the real shells', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    results = await runLines(generated.flatMap((text, i) => shells.map((shell) => ({
      id: `arith:${i}:${shell}`, shell, command: `a=12; b=5; rm -f "v$((${text}))"`, run: true, parseCheck: false,
    }))), { timeoutSec: 2 });
  });

  generated.forEach((text, i) => {
    it(`$((${text})) with a=12 b=5`, () => {
      const digits = evaluateArithmetic(expansion(text), (name) => ({ a: '12', b: '5' } as Record<string, string>)[name]);
      for (const shell of shells) {
        const r = results.get(`arith:${i}:${shell}`)!;
        expect(r?.ran && !r.error, `the sandbox run failed: ${r?.error ?? 'no result'}`).toBeTruthy();
        const named = r.ran!.calls.find((c) => c.argv[0] === 'rm')?.argv[2];
        // treeward fixes a value only where every shell gives it (a division by zero stops the shell before rm)
        if (digits !== null) expect(named, `${shell} (stderr: ${r.ran!.stderr})`).toBe(`v${digits}`);
      }
    });
  });

  it('fixes most of them', () => {
    const fixedCount = generated.filter((text) => evaluateArithmetic(expansion(text), (n) => ({ a: '12', b: '5' } as Record<string, string>)[n]) !== null).length;
    expect(fixedCount).toBeGreaterThan(generated.length / 2);
  });
});
