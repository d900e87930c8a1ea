import type { Span } from '../parser/ast.js';

/** Why treeward could not read a line: a message a person understands, and where. */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly span: Span;

  constructor(message: string, span: Span) {
    super(message);
    this.span = span;
  }
}

/** Thrown when a line is past one of treeward's explicit budgets (nesting depth, size). */
export class BudgetError extends ParseError {
  readonly budget: string;

  constructor(message: string, span: Span, budget: string) {
    super(message, span);
    this.budget = budget;
  }
}
