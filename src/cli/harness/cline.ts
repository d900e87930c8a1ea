// Cline's PreToolUse file hook (../shared/hosts/protocols.md §10), from
// cline/cline @ 21cb8d25 [src]. An executable named `PreToolUse` in
// `~/Documents/Cline/Hooks` or `<workspace>/.clinerules/hooks` (both read by
// the SDK, `sdk/packages/shared/src/storage/paths.ts`, and the extension,
// `apps/vscode/src/core/hooks/utils.ts`), run by its shebang. Two payloads:
// - the SDK's (`sdk/packages/core/src/hooks/hook-file-hooks.ts`):
//   `{clineVersion, hookName: "tool_call", taskId, workspaceRoots[],
//   tool_call: {id, name, input}, preToolUse: {toolName, parameters}}`;
// - the extension's (`apps/vscode/src/sdk/hooks-adapter.ts`):
//   `{clineVersion, hookName: "PreToolUse", workspaceRoots[], preToolUse:
//   {toolName, parameters}}`, every parameter value a string (JSON for others).
// Answered `{cancel: true, errorMessage}` to block, `{cancel: false}` to let
// it run (`parseHookControl`; the extension's `validateHookOutput`). The
// SDK's `run_commands` carries several commands, strings or `{command, args}`
// run without a shell (`extensions/tools/helpers.ts`
// normalizeRunCommandsInput), each run on its own in the workspace
// (`executeShellCommands`, /bin/bash by default: `parse/shell.ts`); every one
// is judged there. The SDK honours `overrideInput`, the extension does not, and
// each command starts afresh in the workspace, so none is rewritten.

import { denyText, type HarnessAdapter, type HarnessRequest, isPlainObject, jsonReply, type JsonObject, type KnownTools } from './adapter.js';
import { bad, checkedCommand, shellRequest } from './tool-call.js';

export const cline: HarnessAdapter = {
  format: 'cline',
  title: 'Cline',
  source: 'protocols.md §10 [src: cline/cline @ 21cb8d25 sdk/packages/core/src/hooks, apps/vscode/src/sdk/hooks-adapter.ts]',
  shellTools: [
    { name: 'run_commands', source: '§10 [src: sdk/packages/core/src/extensions/tools/definitions.ts]' },
    { name: 'execute_command', source: '§10 [src: apps/vscode/src/sdk/message-translator.ts, core/hooks/templates.ts]' },
  ],
  detect: (request) => Object.hasOwn(request, 'clineVersion') || Object.hasOwn(request, 'hookName') || isPlainObject(request['preToolUse']),
  sniff: (text) => /"(?:clineVersion|hookName)"\s*:/.test(text),
  read: readClineRequest,
  render(answer) {
    return jsonReply(answer.decision === 'deny' ? { cancel: true, errorMessage: denyText(answer) } : { cancel: false });
  },
  honoursRewrite: () => false,
  projectDirVariables: [],
  defaultDialect: () => 'bash',
  asRunWithoutRewrite: (command) => command,
  install: {
    kind: 'script',
    targets: (scope, context) => [scope === 'user' ? `${context.home}/Documents/Cline/Hooks/PreToolUse` : `${context.project}/.clinerules/hooks/PreToolUse`],
    present: (context) => `${context.home}/Documents/Cline`,
  },
};

function readClineRequest(request: JsonObject, known: KnownTools): HarnessRequest {
  const hookName = request['hookName'];
  if (hookName !== undefined && hookName !== 'tool_call' && hookName !== 'PreToolUse') {
    const named = typeof hookName === 'string' ? `\`${hookName}\`` : 'non-string `hookName`';
    return bad(`the request is a ${named} hook, and \`treeward hook\` answers PreToolUse only; name the file PreToolUse`);
  }
  const call = isPlainObject(request['tool_call']) ? request['tool_call'] : null;
  const pre = isPlainObject(request['preToolUse']) ? request['preToolUse'] : null;
  const toolName = call?.['name'] ?? pre?.['toolName'];
  if (typeof toolName !== 'string') return bad('the request has no `tool_call.name` or `preToolUse.toolName` string');
  if (known.powerShell.has(toolName)) return bad(`treeward reads bash, sh and zsh, not PowerShell, so it cannot judge a ${toolName} command`);
  if (!known.shell.has(toolName)) return { kind: 'other' };
  const input = call && Object.hasOwn(call, 'input') ? call['input'] : parametersInput(pre?.['parameters']);
  const commands = commandsOf(input);
  if (typeof commands === 'string') return bad(`the ${toolName} request's input ${commands}`);
  const checked: string[] = [];
  for (const command of commands) {
    const text = checkedCommand(command, `a command of the ${toolName} request`);
    if (typeof text !== 'string') return text;
    checked.push(text);
  }
  const roots = request['workspaceRoots'];
  const root = Array.isArray(roots) ? roots[0] : undefined;
  return shellRequest(checked, isPlainObject(input) ? input : {}, root, null, root);
}

/** The extension's `parameters`: every value a string, JSON for what was not one. */
function parametersInput(parameters: unknown): unknown {
  if (!isPlainObject(parameters)) return parameters;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (key === 'commands' && typeof value === 'string' && /^\s*[[{"]/.test(value)) {
      try {
        out[key] = JSON.parse(value);
        continue;
      } catch {
        // a command line that only looks like JSON: taken as it is
      }
    }
    out[key] = value;
  }
  return out;
}

/** Every command line the input runs, as Cline's normalizeRunCommandsInput reads it, or what is wrong with it. */
function commandsOf(input: unknown): unknown[] | string {
  if (typeof input === 'string') return [input];
  const entries = Array.isArray(input) ? input : !isPlainObject(input) ? null
    : Object.hasOwn(input, 'commands') ? (Array.isArray(input['commands']) ? input['commands'] : [input['commands']])
    : Object.hasOwn(input, 'args') ? [input] : Object.hasOwn(input, 'command') ? [input['command']] : Object.hasOwn(input, 'cmd') ? [input['cmd']] : null;
  if (entries === null) return 'holds no `commands`, `command` or `cmd`';
  if (entries.length === 0) return 'holds no command';
  const out: unknown[] = [];
  for (const entry of entries) {
    if (!isPlainObject(entry)) {
      out.push(entry);
      continue;
    }
    // `{command, args}` runs the program directly, without a shell: the same argv as the words quoted for sh
    const args = entry['args'] ?? [];
    if (typeof entry['command'] !== 'string' || !Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      return 'holds a structured command that is not `{command, args}` of strings';
    }
    out.push([entry['command'], ...(args as string[])].map(quoteWord).join(' '));
  }
  return out;
}

function quoteWord(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}
