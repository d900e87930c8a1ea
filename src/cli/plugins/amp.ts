// treeward for Amp (issue 15 item 3; ../shared/hosts/protocols.md §13): a
// plugin that judges each tool call that runs a shell command, in-process.
// Amp's `tool.call` event is answered `{action: "allow"}` or `{action:
// "reject-and-continue", message}`, and `amp.helpers.shellCommandFromToolCall`
// gives the call's `{command, dir?}` [3p: kenryu42/cc-safety-net
// src/integrations/amp/ @ ac31f4e9, read]. No rewrite was seen, so the line is
// judged where Amp runs it (`dir`, else the workspace root), unpinned.
//
// Install: put dist/plugins/amp.js in your Amp plugins (the personal plugins
// repository, formerly ~/.config/amp/plugins/).

import { resolve } from 'node:path';
import { judgeShellCall, pluginHost } from './judge.js';

export interface AmpApi {
  on(event: 'tool.call', handler: (event: unknown) => AmpAnswer): void;
  system: { workspaceRoot: unknown };
  helpers: { filePathFromURI(uri: unknown): string; shellCommandFromToolCall(event: unknown): { command?: unknown; dir?: unknown } | null };
}

type AmpAnswer = { action: 'allow' } | { action: 'reject-and-continue'; message: string };

const host = pluginHost('Amp', false);

export default function treewardAmpPlugin(amp: AmpApi): void {
  amp.on('tool.call', (event) => {
    let shell: { command?: unknown; dir?: unknown } | null;
    let root: string;
    try {
      shell = amp.helpers.shellCommandFromToolCall(event);
      if (shell === null) return { action: 'allow' };
      root = amp.helpers.filePathFromURI(amp.system.workspaceRoot);
    } catch (error) {
      return { action: 'reject-and-continue', message: `treeward bad-input: treeward could not read the tool call (${String(error).slice(0, 200)})` };
    }
    const cwd = typeof shell.dir === 'string' && shell.dir !== '' ? resolve(root, shell.dir) : root;
    const verdict = judgeShellCall({ command: shell.command, cwd, tree: root }, host);
    return verdict.allow ? { action: 'allow' } : { action: 'reject-and-continue', message: verdict.reason };
  });
}
