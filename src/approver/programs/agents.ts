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
  goose: new Set(['session', 'run', 'web', 'recipe', 'schedule', 'mcp', 'configure', 'info', 'update', 'project', 'projects']),
};

/**
 * Management subcommands that start no session (issue 16): signing in and
 * out, status, listing models or MCP servers, reading the configuration,
 * updating the harness itself, each also with `--help`. Only options may
 * follow them. Subcommands that change what later sessions run (`mcp add`,
 * `config set`) stay launches. Each list with where the harness documents it.
 */
export const managementSubcommands: Record<string, { source: string; subcommands: readonly string[] }> = {
  // https://docs.anthropic.com/en/docs/claude-code/cli-reference
  claude: { source: 'Claude Code CLI reference', subcommands: ['update', 'doctor', 'mcp list', 'mcp get', 'config list', 'config get'] },
  // https://github.com/openai/codex/blob/main/docs/authentication.md, docs/config.md
  codex: { source: 'Codex CLI docs', subcommands: ['login', 'login status', 'logout', 'mcp list', 'mcp get', 'completion'] },
  // https://github.com/google-gemini/gemini-cli/blob/main/docs/cli/commands.md
  gemini: { source: 'Gemini CLI commands', subcommands: ['mcp list', 'extensions list'] },
  qwen: { source: 'Qwen Code (a Gemini CLI fork) commands', subcommands: ['mcp list', 'extensions list'] },
  // https://opencode.ai/docs/cli/
  opencode: { source: 'opencode CLI docs', subcommands: ['auth login', 'auth logout', 'auth list', 'auth ls', 'models', 'upgrade'] },
  // https://docs.cursor.com/en/cli/reference/parameters
  'cursor-agent': { source: 'Cursor CLI parameters', subcommands: ['login', 'logout', 'status', 'update'] },
  // https://ampcode.com/manual
  amp: { source: 'Amp manual', subcommands: ['login', 'logout', 'update'] },
  // https://aider.chat/docs/config/options.html: these are flags that print and exit
  aider: { source: 'aider options', subcommands: ['--list-models', '--models', '--upgrade', '--update'] },
  // https://block.github.io/goose/docs/guides/goose-cli-commands
  goose: { source: 'goose CLI commands', subcommands: ['configure', 'info', 'update'] },
};

/** `claude mcp list`, `codex login --help`: a management subcommand followed only by options (none that turns checks off). */
function isManagement(name: string, rest: readonly (string | null)[]): boolean {
  const table = managementSubcommands[name];
  if (!table) return false;
  return table.subcommands.some((sub) => {
    const words = sub.split(' ');
    if (!words.every((w, i) => rest[i] === w)) return false;
    const after = rest.slice(words.length);
    // aider's `--models PATTERN` takes a value
    const values = name === 'aider' && (sub === '--models' || sub === '--list-models') ? after.slice(1) : after;
    return values.every((t) => t !== null && t.startsWith('-') && !checksOffFlags.includes(t.split('=')[0]!) && !(t.split('=')[0]! in checksOffValues));
  });
}

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
  if (isManagement(name, rest)) return null;
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
