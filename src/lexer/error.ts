import type { Span } from '../parser/ast.js';

// Each bundle (`treeward`, `treeward/parse`, the binary) carries its own copy
// of these classes; a registered symbol marks the instances, so `instanceof`
// answers the same whichever copy made the error and whichever asks.
const parseErrorMark = Symbol.for('treeward.ParseError');
const budgetErrorMark = Symbol.for('treeward.BudgetError');

function marked(value: unknown, mark: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[mark] === true;
}

/** Why treeward could not read a line: a message a person understands, and where. */
export class ParseError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return marked(value, parseErrorMark);
  }

  override readonly name: string = 'ParseError';
  readonly span: Span;
  readonly [parseErrorMark] = true;

  constructor(message: string, span: Span) {
    super(message);
    this.span = span;
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
    super(message, span);
    this.budget = budget;
  }
}
