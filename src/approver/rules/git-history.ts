// The git-history pack's rule (issue 17): opt-in (`packs: ["git-history"]`,
// `--pack git-history`), tried after every SPEC rule, so a line SPEC refuses
// keeps its SPEC id. Each form the reader found (programs/git-history.ts) is
// refused with its own id and a sentence that says what is lost and the safer
// form (reasons.ts, section "issue 17").

import { deny, type Rule } from './context.js';
import { gitHistory as sentence } from './reasons.js';

export const gitHistory: Rule = (effect, ctx) => {
  if (effect.kind !== 'git-history' || !ctx.packs.includes('git-history')) return null;
  return deny(effect.id, effect.span, sentence(effect.form));
};
