// treeward for OpenCode (issue 15 item 3; ../shared/hosts/protocols.md §6):
// a plugin that judges each call of the `bash` tool in-process, before it
// runs. OpenCode passes the same `args` object it then executes, so setting
// `output.args.command` rewrites the call (the line pinned to the tree), and
// throwing aborts it with the error shown to the model [3p: OpenCode's
// packages/plugin/src/index.ts as quoted in issues #25918, #26521, #27900].
// The bash tool's args: `command`, `timeout`, `workdir`, `description` [3p].
//
// Install: copy or link dist/plugins/opencode.js into ~/.config/opencode/plugin/
// (or a project's .opencode/plugin/), or list its path under "plugin" in
// opencode.json.

import { resolve } from 'node:path';
import { judgeShellCall, pluginHost } from './judge.js';

interface ToolBefore {
  tool: string;
  sessionID?: string;
  callID?: string;
}

const host = pluginHost('OpenCode', true);

/** The plugin: OpenCode calls it with the project's directory and worktree, and calls its hook before every tool. */
export const Treeward = async (context: { directory: string; worktree?: string }) => ({
  'tool.execute.before': async (input: ToolBefore, output: { args: Record<string, unknown> }) => {
    if (input.tool !== 'bash') return;
    const args = output.args ?? {};
    const cwd = typeof args['workdir'] === 'string' && args['workdir'] !== '' ? resolve(context.directory, args['workdir']) : context.directory;
    const verdict = judgeShellCall({ command: args['command'], cwd, tree: context.worktree || context.directory, toolInput: args }, host);
    if (!verdict.allow) throw new Error(verdict.reason);
    if (verdict.command !== null) args['command'] = verdict.command;
  },
});
