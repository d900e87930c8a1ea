// Arithmetic over what the line fixed (issue 16 item 2): `$((line-20))` with
// `line=42`, `$((n+5))` in a `for n in 10 20` loop. A small evaluator of
// `+ - * / %`, unary `+`/`-` and parentheses over decimal integers and names
// whose fixed values are decimal integers; the text is what the shell
// evaluates once `$name` and `${name}` inside it are expanded. Anything else
// (another operator, a base or a leading zero, which bash and dash read as
// octal and zsh as decimal, a name whose value is not a plain integer, which
// bash would evaluate again as an expression, a division by zero, a result
// past 2^53) leaves the expansion not fixed.
//
// bash(1) ARITHMETIC EVALUATION, dash(1) Arithmetic Expansion, zshmisc(1)
// ARITHMETIC EVALUATION: the operators and their precedence are C's, integer
// division truncates toward zero and `%` takes the sign of the dividend, as
// JavaScript's `Math.trunc(a / b)` and `a % b` do.

import type { ArithmeticExpansion } from '../../syntax/ast.js';

/** What the names inside the expression are fixed to, when they are. */
export type FixedValueOf = (name: string) => string | undefined;

/** The digits `$(( … ))` expands to, or null where the line does not fix them. */
export function evaluateArithmetic(part: ArithmeticExpansion, valueOf: FixedValueOf): string | null {
  if (part.invalid !== null) return null;
  let text = '';
  for (const p of part.expression.parts) {
    if (p.type === 'Literal') text += p.value;
    else if (p.type === 'ParameterExpansion' && plainParameter(p)) {
      const value = changing.has(p.name) ? undefined : valueOf(p.name);
      if (value === undefined) return null;
      text += value;
    } else return null;
  }
  const result = new Evaluation(text, valueOf).run();
  return result === null ? null : String(result);
}

/** `$n`, `${n}`: nothing but the name's value. */
function plainParameter(p: Extract<ArithmeticExpansion['expression']['parts'][number], { type: 'ParameterExpansion' }>): boolean {
  return !p.length && !p.indirect && p.flags === null && p.nested === null && p.index === null && p.operator === null && p.invalid === null;
}

/** Names whose value the shell changes by itself (bash(1) Shell Variables, zshparam(1)): an assigned value does not last. */
const changing = new Set([
  'RANDOM', 'SRANDOM', 'SECONDS', 'EPOCHSECONDS', 'EPOCHREALTIME', 'LINENO', 'BASHPID', 'HISTCMD', 'OPTIND', 'COLUMNS', 'LINES', 'SHLVL',
]);

/** A decimal integer as the three shells read it alike: `0`, or digits not starting with `0`. */
const decimal = /^(?:0|[1-9][0-9]*)$/;

/** Thrown to end an evaluation: the value is not fixed. */
class Unread extends Error {}

class Evaluation {
  private at = 0;
  private depth = 0;

  constructor(private readonly text: string, private readonly valueOf: FixedValueOf) {}

  run(): number | null {
    try {
      const value = this.sum();
      this.blanks();
      return this.at === this.text.length ? value : null;
    } catch (error) {
      if (error instanceof Unread) return null;
      throw error;
    }
  }

  private blanks(): void {
    while (this.at < this.text.length && /[ \t\n]/.test(this.text[this.at]!)) this.at++;
  }

  /** The next operator character, when it is one of `ops` and not the first of a two-character operator (`**`, `++`, `--`, `+=`). */
  private operator(ops: string): string | null {
    this.blanks();
    const c = this.text[this.at];
    if (c === undefined || !ops.includes(c)) return null;
    const next = this.text[this.at + 1];
    if (next === '=' || (next === c && '+-*'.includes(c))) throw new Unread();
    this.at++;
    return c;
  }

  private sum(): number {
    let value = this.product();
    for (let op = this.operator('+-'); op !== null; op = this.operator('+-')) value = checked(op === '+' ? value + this.product() : value - this.product());
    return value;
  }

  private product(): number {
    let value = this.unary();
    for (let op = this.operator('*/%'); op !== null; op = this.operator('*/%')) {
      const right = this.unary();
      if (op === '*') value = checked(value * right);
      else if (right === 0) throw new Unread(); // the shell stops with "division by 0"
      else value = checked(op === '/' ? Math.trunc(value / right) : value % right);
    }
    return value;
  }

  private unary(): number {
    const op = this.operator('+-');
    if (op === null) return this.primary();
    const value = this.unary();
    return op === '-' ? checked(-value) : value;
  }

  private primary(): number {
    this.blanks();
    if (this.text[this.at] === '(') {
      if (++this.depth > 64) throw new Unread();
      this.at++;
      const value = this.sum();
      this.blanks();
      if (this.text[this.at] !== ')') throw new Unread();
      this.at++;
      this.depth--;
      return value;
    }
    const token = /^(?:[0-9][0-9A-Za-z_#]*|[A-Za-z_][A-Za-z0-9_]*)/.exec(this.text.slice(this.at, this.at + 64))?.[0];
    if (token === undefined) throw new Unread();
    this.at += token.length;
    const digits = /^[0-9]/.test(token) ? token : changing.has(token) ? undefined : this.valueOf(token);
    if (digits === undefined || !decimal.test(digits) || digits.length > 15) throw new Unread();
    return Number(digits);
  }
}

/** A result JavaScript holds exactly (the shells' 64-bit integers agree with it there). */
function checked(value: number): number {
  if (!Number.isSafeInteger(value)) throw new Unread();
  return value === 0 ? 0 : value; // no -0
}
