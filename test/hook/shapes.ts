// Each harness's documented shape, written down here from
// ../shared/hosts/protocols.md and the harnesses' own sources, with a small
// JSON Schema checker: test/hook/shapes.test.ts checks the recorded requests
// and the hook's answers against them, test/hook/harnesses.test.ts every
// answer it asserts.
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

// ------------------------------------------------------------ a small JSON Schema checker

export type Schema = {
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
export function violations(schema: Schema, value: unknown, root: Schema = schema, at = '$'): string[] {
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
export const codexOutput: Schema = {
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
export function codexParserProblems(output: Record<string, unknown>): string[] {
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
export const codexInput: Schema = {
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
export const claudeOutput: Schema = {
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
export const claudeInput: Schema = {
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
export const geminiOutput: Schema = {
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
export function geminiProblems(output: Record<string, unknown>): string[] {
  const out: string[] = [];
  if ((output['decision'] === 'deny' || output['decision'] === 'block') && !output['reason']) out.push('deny without reason');
  const rewrite = (output['hookSpecificOutput'] as { tool_input?: Record<string, unknown> } | undefined)?.tool_input;
  if (rewrite && typeof rewrite['command'] !== 'string') out.push('tool_input without a string command');
  return out;
}

/** BeforeToolInput (types.ts) with the shell tool's parameters (packages/core/src/tools/shell.ts, ShellToolParams). */
export const geminiInput: Schema = {
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

export const geminiShellInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['command'],
  properties: { command: { type: 'string' }, description: { type: 'string' }, dir_path: { type: 'string' }, is_background: { type: 'boolean' } },
};

/**
 * codex-rs/hooks/schema/generated/pre-tool-use.command.output.schema.json as
 * `write_schema_fixtures` makes it from PreToolUseCommandOutputWire @ 72cdcc98
 * (protocols.md §2.3, exact text): `hookEventName` is the constant now.
 */
export const codexOutputLatest: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  additionalProperties: false,
  definitions: {
    PreToolUseDecisionWire: { enum: ['approve', 'block'], type: 'string' },
    PreToolUseHookSpecificOutputWire: {
      additionalProperties: false,
      properties: {
        additionalContext: { default: null, type: 'string' },
        hookEventName: { const: 'PreToolUse', type: 'string' },
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
  title: 'pre-tool-use.command.output',
  type: 'object',
} as Schema;

/** Cursor's `beforeShellExecution` and `preToolUse` answers (protocols.md §4 [3p]: cupcake reference, cc-safety-net cursor/hook.ts). */
export const cursorOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['permission'],
  properties: {
    permission: { enum: ['allow', 'deny', 'ask'] },
    user_message: { type: 'string' },
    agent_message: { type: 'string' },
    continue: { type: 'boolean' },
    updated_input: { type: 'object' },
  },
};

/** `beforeShellExecution` input (§4 [3p]). */
export const cursorShellInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['hook_event_name', 'conversation_id', 'generation_id', 'workspace_roots', 'command', 'cwd'],
  properties: {
    hook_event_name: { const: 'beforeShellExecution' },
    conversation_id: { type: 'string' },
    generation_id: { type: 'string' },
    workspace_roots: { type: 'array', items: { type: 'string' } },
    model: { type: 'string' },
    cursor_version: { type: 'string' },
    user_email: { type: 'string' },
    command: { type: 'string' },
    cwd: { type: 'string' },
  },
};

/** `preToolUse` input (§4 [3p]: cc-safety-net CursorHookInput). */
export const cursorToolInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['hook_event_name', 'tool_name', 'tool_input', 'cwd'],
  properties: {
    hook_event_name: { const: 'preToolUse' },
    conversation_id: { type: 'string' },
    generation_id: { type: 'string' },
    cursor_version: { type: 'string' },
    workspace_roots: { type: 'array', items: { type: 'string' } },
    tool_name: { type: 'string' },
    tool_input: { type: 'object' },
    cwd: { type: 'string' },
  },
};

/** Copilot CLI's preToolUse output (§5 [docs: cli-hooks-reference; 3p: cc-safety-net CopilotCliHookOutput]). */
export const copilotOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['permissionDecision'],
  properties: {
    permissionDecision: { enum: ['allow', 'deny', 'ask'] },
    permissionDecisionReason: { type: 'string' },
    modifiedArgs: { type: 'object' },
    additionalContext: { type: 'string' },
    suppressOutput: { type: 'boolean' },
  },
};

/** Copilot CLI's preToolUse input: `toolArgs` a JSON string (§5 [3p]). */
export const copilotInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['timestamp', 'cwd', 'toolName', 'toolArgs'],
  properties: { sessionId: { type: 'string' }, timestamp: { type: 'integer' }, cwd: { type: 'string' }, toolName: { type: 'string' }, toolArgs: { type: 'string' } },
};

/** Crush's envelope (§9 [src]: internal/hooks/input.go parseStdout). */
export const crushOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    version: { type: 'integer' },
    decision: { enum: ['allow', 'deny'] },
    halt: { type: 'boolean' },
    reason: { type: 'string' },
    context: { type: ['string', 'array'] },
    updated_input: { type: ['object', 'string'] },
  },
};

/** Crush's payload (§9 [src]: BuildPayload). */
export const crushInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['event', 'session_id', 'cwd', 'tool_name', 'tool_input'],
  properties: { event: { const: 'PreToolUse' }, session_id: { type: 'string' }, cwd: { type: 'string' }, tool_name: { type: 'string' }, tool_input: { type: 'object' } },
};

/** Cline's hook control (§10 [src]: parseHookControl, the extension's validateHookOutput). */
export const clineOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    cancel: { type: 'boolean' },
    review: { type: 'boolean' },
    errorMessage: { type: 'string' },
    context: { type: 'string' },
    contextModification: { type: 'string' },
    overrideInput: {},
  },
};

/** Cline's payload, the SDK's and the extension's (§10 [src]: createPayloadBase, hooks-adapter.ts). */
export const clineInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['clineVersion', 'hookName', 'timestamp', 'taskId', 'workspaceRoots', 'preToolUse'],
  properties: {
    clineVersion: { type: 'string' },
    hookName: { enum: ['tool_call', 'PreToolUse'] },
    timestamp: { type: 'string' },
    taskId: { type: 'string' },
    sessionContext: { type: 'object' },
    workspaceRoots: { type: 'array', items: { type: 'string' } },
    workspaceInfo: { type: 'object' },
    userId: { type: 'string' },
    agent_id: { type: 'string' },
    parent_agent_id: { type: ['string', 'null'] },
    iteration: { type: 'integer' },
    tool_call: { type: 'object', required: ['id', 'name', 'input'], properties: { id: { type: 'string' }, name: { type: 'string' }, input: {} } },
    preToolUse: { type: 'object', required: ['toolName', 'parameters'], properties: { toolName: { type: 'string' }, parameters: { type: 'object' } } },
  },
};

/** Qwen Code's HookOutput and PreToolUseOutput (§8 [src]: hooks/types.ts). */
export const qwenOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    continue: { type: 'boolean' },
    stopReason: { type: 'string' },
    suppressOutput: { type: 'boolean' },
    systemMessage: { type: 'string' },
    terminalSequence: { type: 'string' },
    decision: { enum: ['ask', 'block', 'deny', 'approve', 'allow'] },
    reason: { type: 'string' },
    hookSpecificOutput: {
      type: 'object',
      required: ['hookEventName', 'permissionDecision'],
      properties: { hookEventName: { const: 'PreToolUse' }, permissionDecision: { enum: ['allow', 'deny', 'ask'] }, permissionDecisionReason: { type: 'string' } },
    },
  },
};

/** Qwen Code's PreToolUseInput (§8 [src]: hooks/types.ts HookInput + PreToolUseInput). */
export const qwenInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'timestamp', 'permission_mode', 'tool_name', 'tool_input', 'tool_use_id'],
  properties: {
    session_id: { type: 'string' },
    source_type: { type: 'string' },
    source_id: { type: 'string' },
    transcript_path: { type: 'string' },
    cwd: { type: 'string' },
    hook_event_name: { const: 'PreToolUse' },
    timestamp: { type: 'string' },
    permission_mode: { enum: ['default', 'plan', 'auto_edit', 'auto', 'yolo'] },
    agent_id: { type: 'string' },
    prompt_id: { type: 'string' },
    tool_name: { type: 'string' },
    tool_input: { type: 'object' },
    tool_use_id: { type: 'string' },
    tool_call_id: { type: 'string' },
  },
};

/** kimi-cli's PreToolUse payload (§12 [src]: hooks/events.py pre_tool_use). */
export const kimiInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['hook_event_name', 'session_id', 'cwd', 'tool_name', 'tool_input', 'tool_call_id'],
  properties: {
    hook_event_name: { const: 'PreToolUse' }, session_id: { type: 'string' }, cwd: { type: 'string' }, tool_name: { type: 'string' }, tool_input: { type: 'object' },
    tool_call_id: { type: 'string' },
  },
};

/** What kimi-cli's runner.py reads of an exit-0 answer: `hookSpecificOutput.permissionDecision` (deny blocks) and its reason. */
export const kimiOutput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['hookSpecificOutput'],
  properties: {
    hookSpecificOutput: {
      type: 'object',
      additionalProperties: false,
      required: ['permissionDecision'],
      properties: { hookEventName: { const: 'PreToolUse' }, permissionDecision: { enum: ['allow', 'deny'] }, permissionDecisionReason: { type: 'string' } },
    },
  },
};

/** Windsurf's `pre_run_command` payload (§11 [docs, 3p]). */
export const windsurfInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['agent_action_name', 'trajectory_id', 'execution_id', 'timestamp', 'tool_info'],
  properties: {
    agent_action_name: { type: 'string' }, trajectory_id: { type: 'string' }, execution_id: { type: 'string' }, timestamp: { type: 'string' }, tool_info: { type: 'object' },
  },
};

/** Kiro CLI's hook event (§13 [docs]: `{hook_event_name, cwd}` and, for tool hooks, `tool_name`, `tool_input`). */
export const kiroInput: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['hook_event_name', 'cwd', 'tool_name', 'tool_input'],
  properties: { hook_event_name: { const: 'preToolUse' }, cwd: { type: 'string' }, tool_name: { type: 'string' }, tool_input: { type: 'object' } },
};

/** What an exit-status harness reads (Windsurf §11, Kiro §13, Augment §13 [docs]): exit 2 with a reason on stderr blocks; exit 0 runs the line. */
export function exitStatusProblems(run: { status: number | null; stdout: string; stderr: string }, decision: 'allow' | 'deny'): string[] {
  const out: string[] = [];
  if (decision === 'deny' && (run.status !== 2 || run.stderr.trim() === '')) out.push('a deny must exit 2 with its reason on stderr');
  if (decision === 'allow' && run.status !== 0) out.push('an allow must exit 0');
  return out;
}
