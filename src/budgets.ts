// treeward's explicit budgets, in one place. Past any of them a line is
// refused (BudgetError, and the approver's `too-complex`), never approved and
// never left running. Each is far above what a real command line needs.

export const budgets = {
  /**
   * Constructs open at once while reading a line: compound commands,
   * substitutions, quotes and `${…}` nested in each other. Low enough that
   * the recursive descent can never overflow V8's stack, even in a cold
   * process before the code is compiled.
   */
  maxNesting: 200,
};
