// Each harness's documented shape, written down here, and the hook's answers
// (allow, deny, bad input) checked against it; the recorded requests are
// checked against the input shapes too, so the end-to-end cases feed what the
// harnesses send.
//
// Codex: the JSON Schemas Codex generates from its wire types,
//   openai/codex codex-rs/hooks/schema/generated/pre-tool-use.command.{input,output}.schema.json
//   (PreToolUseCommandInput / PreToolUseCommandOutputWire in codex-rs/hooks/src/schema.rs,
//   all `deny_unknown_fields`), and the rules its parser adds on top
//   (codex-rs/hooks/src/engine/output_parser.rs, parse_pre_tool_use).
// Claude Code: PreToolUseHookInput, PreToolUseHookSpecificOutput and
//   SyncHookJSONOutput in anthropics/claude-agent-sdk-python src/claude_agent_sdk/types.py,
//   and code.claude.com/docs/en/hooks ("PreToolUse decision control").
// Gemini CLI: BeforeToolInput, BeforeToolOutput and HookOutput in
//   google-gemini/gemini-cli packages/core/src/hooks/types.ts, and docs/hooks/reference.md
//   ("BeforeTool": `decision` deny/block, `reason` required if denied,
//   `hookSpecificOutput.tool_input` merged over the model's arguments).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBinary, hookEnv, makeScratch, request, runHook, runtimes, type Scratch } from './support.js';

// ------------------------------------------------------------ a small JSON Schema checker

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: Schema;
  $ref?: string;
  allOf?: Schema[];
  definitions?: Record<string, Schema>;
  default?: unknown;
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** The draft-07 keywords the shapes below use; the paths of every violation. */
function violations(schema: Schema, value: unknown, root: Schema = schema, at = '$'): string[] {
  if (schema.$ref) return violations(root.definitions![schema.$ref.replace('#/definitions/', '')]!, value, root, at);
  const out: string[] = [];
  for (const part of schema.allOf ?? []) out.push(...violations(part, value, root, at));
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) out.push(`${at}: ${actual} is not ${types.join('|')}`);
  }
  if (schema.enum && !schema.enum.includes(value)) out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value) out.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) out.push(`${at}: missing ${key}`);
    for (const [key, item] of Object.entries(object)) {
      const sub = schema.properties?.[key];
      if (sub) out.push(...violations(sub, item, root, `${at}.${key}`));
      else if (schema.additionalProperties === false) out.push(`${at}: unknown field ${key}`);
    }
  }
  if (typeOf(value) === 'array' && schema.items) (value as unknown[]).forEach((item, i) => out.push(...violations(schema.items!, item, root, `${at}[${i}]`)));
  return out;
}

// ------------------------------------------------------------ the shapes

/** codex-rs/hooks/schema/generated/pre-tool-use.command.output.schema.json */
const codexOutput: Schema = {
  additionalProperties: false,
  definitions: {
    HookEventNameWire: { enum: ['PreToolUse', 'PermissionRequest', 'PostToolUse', 'SessionStart', 'UserPromptSubmit', 'Stop'], type: 'string' },
    PreToolUseDecisionWire: { enum: ['approve', 'block'], type: 'string' },
    PreToolUseHookSpecificOutputWire: {
      additionalProperties: false,
      properties: {
        additionalContext: { default: null, type: 'string' },
        hookEventName: { $ref: '#/definitions/HookEventNameWire' },
        permissionDecision: { allOf: [{ $ref: '#/definitions/PreToolUsePermissionDecisionWire' }], default: null },
        permissionDecisionReason: { default: null, type: 'string' },
        updatedInput: { default: null },
      },
      required: ['hookEventName'],
      type: 'object',
    },
    PreToolUsePermissionDecisionWire: { enum: ['allow', 'deny', 'ask'], type: 'string' },
  },
  properties: {
    continue: { default: true, type: 'boolean' },
    decision: { allOf: [{ $ref: '#/definitions/PreToolUseDecisionWire' }], default: null },
    hookSpecificOutput: { allOf: [{ $ref: '#/definitions/PreToolUseHookSpecificOutputWire' }], default: null },
    reason: { default: null, type: 'string' },
    stopReason: { default: null, type: 'string' },
    suppressOutput: { default: false, type: 'boolean' },
    systemMessage: { default: null, type: 'string' },
  },
  type: 'object',
};

/** The checks parse_pre_tool_use makes past the schema; an answer failing one counts as a failed hook, and Codex runs the command. */
function codexParserProblems(output: Record<string, unknown>): string[] {
  const specific = output['hookSpecificOutput'] as Record<string, unknown> | undefined;
  const out: string[] = [];
  if (output['continue'] === false || 'stopReason' in output || output['suppressOutput'] === true) out.push('unsupported universal field');
  if (!specific) return out;
  if (specific['updatedInput'] !== undefined && specific['permissionDecision'] !== 'allow') out.push('updatedInput without permissionDecision:allow');
  if (specific['permissionDecision'] === 'allow' && specific['updatedInput'] === undefined) out.push('permissionDecision:allow without updatedInput');
  if (specific['permissionDecision'] === 'ask') out.push('permissionDecision:ask');
  if (specific['permissionDecision'] === 'deny' && !String(specific['permissionDecisionReason'] ?? '').trim()) out.push('deny without a non-empty reason');
  if (specific['permissionDecision'] === undefined && specific['permissionDecisionReason'] !== undefined) out.push('reason without decision');
  return out;
}

/** codex-rs/hooks/schema/generated/pre-tool-use.command.input.schema.json, with `turn_id` (a "Codex extension" in schema.rs). */
const codexInput: Schema = {
  additionalProperties: false,
  properties: {
    cwd: { type: 'string' },
    hook_event_name: { const: 'PreToolUse', type: 'string' },
    model: { type: 'string' },
    permission_mode: { enum: ['default', 'acceptEdits', 'plan', 'dontAsk', 'bypassPermissions'], type: 'string' },
    session_id: { type: 'string' },
    turn_id: { type: 'string' },
    tool_input: { type: 'object' },
    tool_name: { type: 'string' },
    tool_use_id: { type: 'string' },
    transcript_path: { type: ['string', 'null'] },
  },
  required: ['cwd', 'hook_event_name', 'model', 'permission_mode', 'session_id', 'tool_input', 'tool_name', 'tool_use_id', 'transcript_path', 'turn_id'],
  type: 'object',
};

/** SyncHookJSONOutput with PreToolUseHookSpecificOutput (claude_agent_sdk/types.py). */
const claudeOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    continue: { type: 'boolean' },
    suppressOutput: { type: 'boolean' },
    stopReason: { type: 'string' },
    decision: { enum: ['block'] },
    systemMessage: { type: 'string' },
    reason: { type: 'string' },
    hookSpecificOutput: {
      type: 'object',
      additionalProperties: false,
      required: ['hookEventName'],
      properties: {
        hookEventName: { const: 'PreToolUse' },
        permissionDecision: { enum: ['allow', 'deny', 'ask', 'defer'] },
        permissionDecisionReason: { type: 'string' },
        updatedInput: { type: 'object' },
        additionalContext: { type: 'string' },
      },
    },
  },
};

/** PreToolUseHookInput (claude_agent_sdk/types.py) with the Bash tool's input (code.claude.com/docs/en/hooks). */
const claudeInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'tool_name', 'tool_input', 'tool_use_id'],
  properties: {
    session_id: { type: 'string' },
    transcript_path: { type: 'string' },
    cwd: { type: 'string' },
    permission_mode: { type: 'string' },
    agent_id: { type: 'string' },
    agent_type: { type: 'string' },
    hook_event_name: { const: 'PreToolUse' },
    tool_name: { type: 'string' },
    tool_input: { type: 'object' },
    tool_use_id: { type: 'string' },
  },
};

/** BeforeToolOutput over HookOutput (gemini-cli packages/core/src/hooks/types.ts). */
const geminiOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    continue: { type: 'boolean' },
    stopReason: { type: 'string' },
    suppressOutput: { type: 'boolean' },
    systemMessage: { type: 'string' },
    decision: { enum: ['ask', 'block', 'deny', 'approve', 'allow'] },
    reason: { type: 'string' },
    hookSpecificOutput: {
      type: 'object',
      additionalProperties: false,
      required: ['hookEventName'],
      properties: { hookEventName: { const: 'BeforeTool' }, tool_input: { type: 'object' } },
    },
  },
};

/** reference.md: `reason` is "Required if denied"; the rewrite must be an object with the shell tool's `command`. */
function geminiProblems(output: Record<string, unknown>): string[] {
  const out: string[] = [];
  if ((output['decision'] === 'deny' || output['decision'] === 'block') && !output['reason']) out.push('deny without reason');
  const rewrite = (output['hookSpecificOutput'] as { tool_input?: Record<string, unknown> } | undefined)?.tool_input;
  if (rewrite && typeof rewrite['command'] !== 'string') out.push('tool_input without a string command');
  return out;
}

/** BeforeToolInput (types.ts) with the shell tool's parameters (packages/core/src/tools/shell.ts, ShellToolParams). */
const geminiInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp', 'tool_name', 'tool_input'],
  properties: {
    session_id: { type: 'string' },
    transcript_path: { type: 'string' },
    cwd: { type: 'string' },
    hook_event_name: { const: 'BeforeTool' },
    timestamp: { type: 'string' },
    tool_name: { type: 'string' },
    tool_input: { type: 'object' },
    mcp_context: { type: 'object' },
  },
};

const geminiShellInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['command'],
  properties: { command: { type: 'string' }, description: { type: 'string' }, dir_path: { type: 'string' }, is_background: { type: 'boolean' } },
};

// ------------------------------------------------------------ the checks

// made when the file loads: the case tables below are built from it
const scratch: Scratch = makeScratch();
let binary: string;
beforeAll(async () => {
  binary = await builtBinary(scratch.dir);
});
afterAll(() => scratch.cleanup());

const node = runtimes()[0]!;

function outputOf(input: unknown, args: string[] = []): Record<string, unknown> {
  const run = runHook(node, binary, typeof input === 'string' ? input : JSON.stringify(input), { args, env: hookEnv(scratch), cwd: scratch.tree });
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('the recorded requests have the documented input shapes', () => {
  it.each([
    ['claude-bash', claudeInput],
    ['claude-read', claudeInput],
    ['codex-bash', codexInput],
    ['codex-apply-patch', codexInput],
    ['gemini-shell', geminiInput],
    ['gemini-read', geminiInput],
  ] as const)('%s', (name, schema) => {
    expect(violations(schema, request(name, scratch))).toEqual([]);
  });

  it('Codex sends a shell command as { command } only', () => {
    expect(Object.keys(request('codex-bash', scratch)['tool_input'] as object)).toEqual(['command']);
  });

  it("Gemini CLI's shell tool_input has the shell tool's parameters", () => {
    expect(violations(geminiShellInput, request('gemini-shell', scratch)['tool_input'])).toEqual([]);
  });
});

describe('every answer has the harness\'s documented output shape', () => {
  const cases = (name: string) => [
    ['an allow', request(name, scratch), [] as string[]],
    ['a deny', request(name, scratch, { tool_input: { command: 'rm -rf .git' } }), []],
    ['bad input', '{"oops', ['--format', name.split('-')[0]!]],
    ['a malformed configuration', request(name, scratch), ['--config', '/nonexistent/treeward.json']],
  ] as const;

  it.each(cases('claude-bash'))('Claude Code: %s', (_what, input, args) => {
    const output = outputOf(input, [...args]);
    expect(violations(claudeOutput, output)).toEqual([]);
    expect(['allow', 'deny']).toContain((output['hookSpecificOutput'] as Record<string, unknown>)['permissionDecision']);
  });

  it.each(cases('codex-bash'))('Codex: %s', (_what, input, args) => {
    const output = outputOf(input, [...args]);
    expect(violations(codexOutput, output)).toEqual([]);
    expect(codexParserProblems(output)).toEqual([]);
  });

  it.each(cases('gemini-shell'))('Gemini CLI: %s', (_what, input, args) => {
    const output = outputOf(input, [...args]);
    expect(violations(geminiOutput, output)).toEqual([]);
    expect(geminiProblems(output)).toEqual([]);
    expect(['allow', 'deny']).toContain(output['decision']);
  });

  it('the checker itself catches what Codex rejects', () => {
    expect(violations(codexOutput, { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', extra: 1 } })).toEqual(['$.hookSpecificOutput: unknown field extra']);
    expect(codexParserProblems({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } })).toEqual(['permissionDecision:allow without updatedInput']);
    expect(violations(geminiOutput, { decision: 'deny', hookSpecificOutput: { hookEventName: 'PreToolUse' } })).toEqual(['$.hookSpecificOutput.hookEventName: "PreToolUse" is not "BeforeTool"']);
  });
});
