// Agent launches (dcn-2610162040034117): a mistake filter that steers an
// agent away from starting another coding-agent harness by an ordinary
// route — by name, through a wrapper or package runner, or by the package
// that ships it — naming the flags that turn the harness's checks off and
// the settings variables the same command sets.

import type { Span } from '../../syntax/ast.js';
import type { AgentLaunch } from '../core/effects.js';
import type { Argument } from '../core/arguments.js';
import type { ProgramContext } from '../core/actions.js';
import { beforeFirst, withoutExtras } from '../core/path-text.js';

/** Harness program names. */
export const agentPrograms = new Set([
  'claude', 'codex', 'gemini', 'aider', 'opencode', 'cursor-agent', 'amp', 'qwen', 'crush', 'copilot', 'droid', 'kimi', 'cline', 'openhands',
]);

/** Names other common tools share: the agent only with these subcommands. */
export const sharedAgentNames: Record<string, ReadonlySet<string>> = {
  goose: new Set(['session', 'run', 'web', 'recipe', 'schedule', 'mcp', 'configure', 'project', 'projects']),
};

/** Packages that ship a harness, and the harness they ship. */
export const agentPackages: Record<string, string> = {
  '@anthropic-ai/claude-code': 'claude',
  '@openai/codex': 'codex',
  '@google/gemini-cli': 'gemini',
  'aider-chat': 'aider',
  'aider-install': 'aider',
  'opencode-ai': 'opencode',
  '@sourcegraph/amp': 'amp',
  '@qwen-code/qwen-code': 'qwen',
  '@github/copilot': 'copilot',
  '@charmland/crush': 'crush',
  '@vibe-kit/grok-cli': 'grok',
  'openhands-ai': 'openhands',
  '@factory/cli': 'droid',
  'kimi-cli': 'kimi',
  'cline': 'cline',
};

/** Flags that turn a harness's own checks off. */
export const checksOffFlags = [
  '--dangerously-skip-permissions', '--dangerously-bypass-approvals-and-sandbox', '--yolo', '--full-auto', '--yes-always', '--yes',
  '--allow-all-tools', '--auto-approve', '--always-approve', '--no-confirm', '--trust', '--skip-permissions-unsafe',
];

/** Values of options that turn checks off: `--permission-mode bypassPermissions`, `--approval-mode yolo`. */
const checksOffValues: Record<string, ReadonlySet<string>> = {
  '--permission-mode': new Set(['bypassPermissions', 'acceptEdits']),
  '--approval-mode': new Set(['yolo', 'auto_edit', 'full-auto']),
  '--sandbox': new Set(['danger-full-access']),
  '-s': new Set(['danger-full-access']),
  '--ask-for-approval': new Set(['never']),
  '-a': new Set(['never']),
};

/** The names, as patterns, of the variables a harness reads its settings from. */
const agentVariables = [
  'CLAUDE_CONFIG_DIR',
  'CLAUDE_CODE_.*',
  'ANTHROPIC_.*',
  'CODEX_HOME',
  'CODEX_.*',
  'GEMINI_.*',
  'AIDER_.*',
  'OPENCODE_.*',
  'AMP_.*',
  'QWEN_.*',
  'CRUSH_.*',
  'COPILOT_.*',
  'DROID_.*',
  'KIMI_.*',
  'CLINE_.*',
  'OPENHANDS_.*',
  'GOOSE_.*',
];
const agentVariable = new RegExp(`^(?:${agentVariables.join('|')})$`);

/** Variables a harness reads its settings from. */
export function isAgentSettingsVariable(name: string): boolean {
  return agentVariable.test(name);
}

/** If this command starts a harness, the launch; else null. */
export function agentLaunch(program: string, args: readonly Argument[], ctx: ProgramContext, span: Span): AgentLaunch | null {
  const name = harnessName(program, args, ctx);
  if (name === null) return null;
  const rest = args.slice(1).map((a) => a.text);
  // `--version` and `--help` alone start nothing
  if (rest.length === 1 && (rest[0] === '--version' || rest[0] === '-v' || rest[0] === '--help' || rest[0] === '-h' || rest[0] === '-V')) return null;
  const checksOff: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const t = rest[i];
    if (t === null || t === undefined) continue;
    const [flag, attached] = t.includes('=') ? [t.slice(0, t.indexOf('=')), t.slice(t.indexOf('=') + 1)] : [t, null];
    if (checksOffFlags.includes(flag)) checksOff.push(flag);
    const values = checksOffValues[flag];
    if (values) {
      const value = attached ?? rest[i + 1];
      if (value && values.has(value)) checksOff.push(`${flag} ${value}`);
    }
  }
  const settings: string[] = [];
  for (const key of ctx.environment.keys()) if (isAgentSettingsVariable(key)) settings.push(key);
  return { kind: 'agent', span, name, checksOff, settings };
}

function harnessName(program: string, args: readonly Argument[], ctx: ProgramContext): string | null {
  if (agentPrograms.has(program) || ctx.agentNames.has(program)) return program;
  const subcommands = sharedAgentNames[program];
  if (subcommands) {
    const sub = args[1]?.text;
    return sub && subcommands.has(sub) ? program : null;
  }
  return null;
}

/** The harness a package spec (`@openai/codex@latest`, `npm:@google/gemini-cli`) ships, if any. */
export function packageHarness(spec: string): string | null {
  let name = spec.replace(/^npm:/, '').replace(/^jsr:/, '');
  // strip a version: `pkg@1.2`, `@scope/pkg@latest`
  const at = name.lastIndexOf('@');
  if (at > 0) name = name.slice(0, at);
  name = withoutExtras(beforeFirst(name, '=<>~!')); // python specifiers and extras: aider-chat==0.50, aider-chat[playwright]
  return agentPackages[name] ?? (agentPrograms.has(name) ? name : null);
}
