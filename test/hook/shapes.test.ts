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
import {
  claudeInput, claudeOutput, clineInput, codexInput, codexOutput, codexOutputLatest, codexParserProblems, copilotInput, crushInput, cursorShellInput, cursorToolInput,
  geminiInput, geminiOutput, geminiProblems, geminiShellInput, kimiInput, kiroInput, qwenInput, type Schema, violations, windsurfInput,
} from './shapes.js';

/** Droid's requests: Claude Code's shape, with neither `transcript_path` nor `tool_use_id` required [docs: hooks-reference]. */
function claudeInputOf(required: string[]): Schema {
  return { ...claudeInput, required: ['session_id', 'cwd', 'hook_event_name', 'tool_name', 'tool_input', ...required] };
}

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
    ['cursor-before-shell', cursorShellInput],
    ['cursor-pre-tool-use', cursorToolInput],
    ['cursor-pre-tool-use-read', cursorToolInput],
    ['copilot-bash', copilotInput],
    ['copilot-view', copilotInput],
    ['copilot-powershell', copilotInput],
    ['droid-execute', claudeInputOf(['permission_mode'])],
    ['qwen-shell', qwenInput],
    ['qwen-read', qwenInput],
    ['crush-bash', crushInput],
    ['crush-view', crushInput],
    ['cline-sdk-run-commands', clineInput],
    ['cline-extension-execute', clineInput],
    ['cline-read', clineInput],
    ['windsurf-run-command', windsurfInput],
    ['windsurf-read-code', windsurfInput],
    ['kimi-shell', kimiInput],
    ['kimi-code-bash', kimiInput],
    ['kimi-read', kimiInput],
    ['kiro-execute-bash', kiroInput],
    ['kiro-shell', kiroInput],
    ['kiro-read', kiroInput],
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
    expect(violations(codexOutputLatest, output)).toEqual([]);
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
