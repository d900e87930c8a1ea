// `treeward/parse`: the parser alone, without the approver, for a program
// that only reads lines: it loads in a fraction of the time the whole library
// takes (see the module-load figures of `npm run bench`). Its ParseError and
// BudgetError are its own classes: catch them with the ones this entry exports.
export { parse, type ParseOptions } from './parser.js';
export { ParseError, BudgetError } from '../syntax/errors.js';
export { dialects, dialectNames, type Dialect, type DialectName } from '../syntax/dialect.js';
export type * from '../syntax/ast.js';
export { budgets } from '../budgets.js';
