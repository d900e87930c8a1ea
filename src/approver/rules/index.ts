// The rules of SPEC §3, tried in the table's order over everything the walk
// found: the first rule any effect breaks decides the verdict, with a
// sentence (reasons.ts) that says what was refused and what the agent can do
// instead, and the span of the word that caused it. Where the rule for an id
// lives: removals.ts (removal-unplaced-name, removal-unfixed-target,
// removal-outside-tree, protected-removal), writes.ts (protected-write,
// write-unfixed-target), code.ts (agent-launch, inline-code, dynamic-code,
// git-command-setting, too-complex); parse-error and tree-group-broken are
// approve.ts's, read before the walk.

import type { Effect } from '../core/effects.js';
import { agentLaunch, dynamicCode, gitCommandSetting, inlineCode, tooComplex } from './code.js';
import type { Denial, JudgeContext, Rule } from './context.js';
import { gitHistory } from './git-history.js';
import { protectedRemoval, removalOutsideTree, removalUnfixedTarget, removalUnplacedName } from './removals.js';
import { protectedWrite, writeUnfixedTarget } from './writes.js';

export { LookupsExhausted, type Denial, type JudgeContext } from './context.js';

/** Judge the effects: the first denial by the first rule in SPEC order, or null to approve. */
export function judge(effects: readonly Effect[], ctx: JudgeContext): Denial | null {
  for (const rule of rules) {
    for (const effect of effects) {
      const denial = rule(effect, ctx);
      if (denial) return denial;
    }
  }
  return null;
}

const rules: Rule[] = [
  removalUnplacedName,
  removalUnfixedTarget,
  removalOutsideTree,
  protectedRemoval,
  protectedWrite,
  writeUnfixedTarget,
  agentLaunch,
  inlineCode,
  dynamicCode,
  gitCommandSetting(judge),
  tooComplex,
  // the opt-in packs' rules, after SPEC's (their ids follow SPEC's in core/types.ts)
  gitHistory,
];
