// The rules on code and launches, in SPEC order: `agent-launch`,
// `inline-code`, `dynamic-code`, `git-command-setting` (seeds 2040, 1930),
// and `too-complex`.

import type { Effect, GitSetting } from '../core/effects.js';
import { deny, type Denial, type JudgeContext, type Rule } from './context.js';
import { insideTreeBoth, read } from './readings.js';
import {
  agentLaunch as launchSentence, dynamicCode as codeSentence, gitProblem, gitSetting, inlineCode as inlineSentence, tooComplex as tooComplexSentence,
} from './reasons.js';

export const agentLaunch: Rule = (effect) => {
  if (effect.kind !== 'agent') return null;
  return deny('agent-launch', effect.span, launchSentence(effect.name, effect.checksOff, effect.settings));
};

export const inlineCode: Rule = (effect) => {
  if (effect.kind !== 'inline-code' || effect.finding === null) return null;
  return deny('inline-code', effect.span, inlineSentence(effect.language, effect.finding));
};

export const dynamicCode: Rule = (effect) => {
  if (effect.kind !== 'runs-code') return null;
  return deny('dynamic-code', effect.span, codeSentence(effect));
};

/** `git-command-setting`; `judge` judges the effects of the command the setting names, by every rule. */
export function gitCommandSetting(judge: (effects: readonly Effect[], ctx: JudgeContext) => Denial | null): Rule {
  return (effect, ctx) => (effect.kind === 'git-setting' ? gitSettingDenial(effect, ctx, judge) : null);
}

function gitSettingDenial(effect: GitSetting, ctx: JudgeContext, judge: (effects: readonly Effect[], ctx: JudgeContext) => Denial | null): Denial | null {
  const refuse = (why: string) => deny('git-command-setting', effect.span, gitSetting.refused(effect.setting, why));
  if (effect.problem) return refuse(gitProblem(effect.problem, effect.setting));
  if (effect.gitDirs === null) return refuse(gitSetting.unknownDirectory());
  for (const dir of effect.gitDirs) {
    const reading = read(dir, '/', ctx, true);
    if (!insideTreeBoth(reading, ctx)) return refuse(gitSetting.outsideTree(reading));
  }
  if (effect.wroteBefore) return refuse(gitSetting.afterWrites());
  const inner = judge(effect.effects, ctx);
  if (inner) return refuse(gitSetting.commandRefused(inner.id, inner.reason));
  return null;
}

export const tooComplex: Rule = (effect) => {
  if (effect.kind !== 'too-complex') return null;
  return deny('too-complex', effect.span, tooComplexSentence(effect.past));
};
