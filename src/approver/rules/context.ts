// What a rule is given (the line's tree, run and temp dirs, the protected
// set, the fs seam and its lookup budget) and what it returns: a denial with
// its id, its sentence (reasons.ts) and its span, or null.

import type { Span } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Effect } from '../core/effects.js';
import type { FileSystem } from '../core/fs.js';
import type { LookupBudget } from '../core/path-reading.js';
import type { ProtectedSet } from '../core/protected.js';
import type { DenyId, PackName } from '../core/types.js';

export interface JudgeContext {
  tree: string;
  runDirs: readonly string[];
  /** `$TMPDIR`, and `/tmp`, which is a temp dir on every platform (SPEC §3 Inputs). */
  tempDirs: readonly string[];
  home: string;
  fs: FileSystem;
  budget: LookupBudget;
  protected: ProtectedSet;
  dialect: Dialect;
  /** Every glob matches dot names (configured, or the user's startup files turn dotglob on). */
  globDots: boolean;
  /** The opt-in packs in force (issue 17). */
  packs: readonly PackName[];
}

export interface Denial {
  id: DenyId;
  reason: string;
  span: Span;
}

/** One rule of SPEC §3: the denial an effect earns under it, or null. */
export type Rule = (effect: Effect, ctx: JudgeContext) => Denial | null;

/** Thrown when the filesystem lookups a line needs are past the budget. */
export class LookupsExhausted extends Error {}

export function deny(id: DenyId, span: Span, reason: string): Denial {
  return { id, span, reason };
}
