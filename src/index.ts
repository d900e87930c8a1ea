// treeward's library surface (SPEC §1 "Library"). The hook's surface is its own entry, `treeward/hook` (src/hook.ts).
export { parse, type ParseOptions } from './parser/parser.js';
export { ParseError, BudgetError } from './syntax/errors.js';
export { dialects, dialectNames, type Dialect, type DialectName } from './syntax/dialect.js';
export type * from './syntax/ast.js';
export { budgets } from './budgets.js';
export { approve, explain, type Explanation } from './approver/approve.js';
export { denyIds, type ApproveOptions, type DenyId, type Verdict, type InlineCodePolicy } from './approver/types.js';
export { fileSystemFrom, FsError, type FileSystem } from './approver/fs.js';
