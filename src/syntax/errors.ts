import type { Span } from './span.js';

// Each bundle (`treeward`, `treeward/parse`, the binary) carries its own copy
// of these classes; a registered symbol marks the instances, so `instanceof`
// answers the same whichever copy made the error and whichever asks.
const parseErrorMark = Symbol.for('treeward.ParseError');
const budgetErrorMark = Symbol.for('treeward.BudgetError');

function marked(value: unknown, mark: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === true;
}

/**
 * What kind of failure a ParseError is, for the code that branches on it
 * (mvdan/sh's `ParseError.Incomplete`, `LangError.Feature`); the message is
 * for people and is never read by code.
 * - `syntax`: the shell itself refuses the line;
 * - `stray-closer`: a `}`, `)`, `fi`, `done` or `esac` with nothing open for
 *   it, which would close the hand-back's group early (`tree-group-broken`);
 * - `unsupported`: the shells accept the line but read it differently from
 *   one another, or in a way treeward does not model: refused;
 * - `budget`: past one of treeward's explicit budgets (a BudgetError).
 */
export type ParseErrorKind = 'syntax' | 'stray-closer' | 'unsupported' | 'budget';

/** Why treeward could not read a line: a message a person understands, where, and what kind of failure. */
export class ParseError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return marked(value, parseErrorMark);
  }

  override readonly name: string = 'ParseError';
  readonly span: Span;
  readonly kind: ParseErrorKind;
  readonly [parseErrorMark] = true;

  constructor(message: string, span: Span, kind: ParseErrorKind = 'syntax') {
    super(message);
    this.span = span;
    this.kind = kind;
  }
}

/** Thrown when a line is past one of treeward's explicit budgets (nesting depth, size). */
export class BudgetError extends ParseError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return marked(value, budgetErrorMark);
  }

  override readonly name: string = 'BudgetError';
  readonly budget: string;
  readonly [budgetErrorMark] = true;

  constructor(message: string, span: Span, budget: string) {
    super(message, span, 'budget');
    this.budget = budget;
  }
}
