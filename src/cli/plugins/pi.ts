// treeward for Pi (badlogic/pi-mono; issue 15 item 3; ../shared/hosts/protocols.md
// §13): an extension that judges each `bash` tool call in-process. Pi's
// `tool_call` event carries `{toolName, input}` with the bash tool's
// `{command, timeout?}` and a context with `cwd`; returning `{block: true,
// reason}` blocks it [src: pi-mono @ 83378aad, as protocols.md reads it; 3p:
// cc-safety-net src/integrations/pi/]. Rewriting `event.input` in place is not
// an API, so the line is judged where Pi runs it, unpinned.
//
// Install: copy or link dist/plugins/pi.js into ~/.pi/agent/extensions/ (or a
// project's .pi/extensions/).

import { judgeShellCall, pluginHost } from './judge.js';

export interface PiApi {
  on(event: 'tool_call', handler: (event: unknown, context: { cwd: string }) => { block: true; reason: string } | undefined): void;
}

const host = pluginHost('Pi', false);

export default function treewardPiExtension(pi: PiApi): void {
  pi.on('tool_call', (event, context) => {
    const call = (event ?? {}) as { toolName?: unknown; input?: { command?: unknown } };
    if (call.toolName !== 'bash') return undefined;
    const verdict = judgeShellCall({ command: call.input?.command, cwd: context.cwd, tree: context.cwd }, host);
    return verdict.allow ? undefined : { block: true, reason: verdict.reason };
  });
}
