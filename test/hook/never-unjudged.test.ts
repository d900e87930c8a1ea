// Issue 15, "What must hold": for every adapter and every request shape, a
// line that `treeward check` denies is never answered with an allow, and no
// request for a tool that runs shell code is answered with empty output. The
// hook runs in-process here (the same code as the binary: test/hook/
// harnesses.test.ts spawns it), fed each harness's recorded shell requests
// with the line put where that harness carries it; `check` runs in-process too,
// with the same environment, for the directory where the request's line runs.

import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adapters, readRequest } from '../../src/cli/harness/index.js';
import { answerHook } from '../../src/cli/hook.js';
import { main, type Io } from '../../src/cli/main.js';
import { makeScratch, request, type Scratch } from './support.js';

const scratch: Scratch = makeScratch();
afterAll(() => scratch.cleanup());

type Json = Record<string, unknown>;

/** Every recorded shell request, with how to put a line in it and the directory (relative to the tree) it runs in. */
const shapes: { name: string; setCommand(r: Json, command: string): Json; dir: string }[] = [
  ...['claude-bash', 'claude-monitor', 'codex-bash', 'cursor-claude-shell', 'droid-execute', 'crush-bash', 'kimi-shell', 'kiro-execute-bash', 'kiro-shell', 'augment-launch-process']
    .map((name) => ({ name, setCommand: (r: Json, command: string) => ({ ...r, tool_input: { ...(r['tool_input'] as Json), command } }), dir: '' })),
  ...['gemini-shell', 'qwen-shell', 'cursor-pre-tool-use', 'kimi-code-bash']
    .map((name) => ({ name, setCommand: (r: Json, command: string) => ({ ...r, tool_input: { ...(r['tool_input'] as Json), command } }), dir: 'src' })),
  { name: 'cursor-before-shell', setCommand: (r, command) => ({ ...r, command }), dir: '' },
  { name: 'copilot-bash', setCommand: (r, command) => ({ ...r, toolArgs: JSON.stringify({ command, description: 'x' }) }), dir: '' },
  { name: 'windsurf-run-command', setCommand: (r, command) => ({ ...r, tool_info: { ...(r['tool_info'] as Json), command_line: command } }), dir: '' },
  {
    name: 'cline-sdk-run-commands', dir: '',
    setCommand: (r, command) => ({ ...r, tool_call: { ...(r['tool_call'] as Json), input: { commands: ['git status', command] } } }),
  },
  { name: 'cline-extension-execute', setCommand: (r, command) => ({ ...r, preToolUse: { toolName: 'execute_command', parameters: { command } } }), dir: '' },
];

/** Lines of the kinds treeward refuses and approves, to be joined. */
const fragments = [
  'rm -rf .git', 'rm -rf ~/x', 'rm -rf ../elsewhere', 'ls -la', 'npm test', 'echo hi > README.md', 'echo x > ~/.bashrc', 'cd .. && rm -rf tree', 'git status --short',
  'rm -rf build', "cat <<'EOF' > notes.md\nhi\nEOF", 'eval "$X"', "bash -c 'rm -rf /'", 'find . -delete', 'find . -name "*.o" -delete', 'claude -p hi',
  'echo $(rm -rf ~)', 'rm -rf "$DIR"', 'cd src && rm -f main.js.map', 'git -c core.pager=evil log', 'rm -rf *', 'rm -rf .*', '}', 'echo "unterminated',
  'bash -c "echo hi" ; echo " ; rm -rf .git ; "', 'chmod -R 777 ~', 'tar -xf a.tar -C /', 'mv README.md ~/x',
];

function quietIo(env: Json): Io & { out: () => string } {
  let stdout = '';
  return {
    readStdin: () => Buffer.alloc(0), write: (t) => (stdout += t), writeError: () => undefined, env: env as Record<string, string>, cwd: () => scratch.tree,
    out: () => stdout,
  };
}

/** `treeward check --json` on the line, for the directory it runs in. */
function checkDenies(line: string, dir: string, env: Json): boolean {
  const io = quietIo(env);
  const status = main(['check', '--json', '--shell', 'bash', '--tree', scratch.tree, '--cwd', dir, '--', line], io);
  expect([0, 1]).toContain(status);
  return status === 1;
}

/** What a harness's answer says: an allow, a deny, or nothing at all. */
function decisionOf(reply: { stdout: string; stderr: string; exitCode: number }): 'allow' | 'deny' | 'none' {
  if (reply.exitCode === 2) return 'deny';
  if (reply.stdout === '' && reply.exitCode === 0) return 'none';
  let answer: Json;
  try {
    answer = JSON.parse(reply.stdout) as Json;
  } catch {
    return 'allow';
  }
  const specific = (answer['hookSpecificOutput'] ?? {}) as Json;
  const denied = specific['permissionDecision'] === 'deny' || answer['decision'] === 'deny' || answer['permission'] === 'deny'
    || answer['permissionDecision'] === 'deny' || answer['cancel'] === true;
  return denied ? 'deny' : 'allow';
}

describe('nothing passes unjudged', () => {
  const env = { ...process.env, SHELL: '/bin/bash' } as Json;

  it('every recorded request shape is a shell request of its harness', () => {
    for (const shape of shapes) {
      const read = readRequest(request(shape.name, scratch), detected(request(shape.name, scratch)));
      expect(read.kind, shape.name).toBe('shell');
    }
  });

  it('a line `treeward check` denies is never allowed, through any adapter and request shape, and no shell request gets empty output', () => {
    let refused = 0;
    let approved = 0;
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 3 }), fc.constantFrom(' && ', '; ', ' | ', '\n', ' || '), fc.constantFrom(...shapes),
      fc.boolean(),
      (parts, separator, shape, forced) => {
        const line = parts.join(separator);
        const r = shape.setCommand(request(shape.name, scratch), line);
        const format = detected(r);
        const args = { format: forced ? format : null, config: null, shell: 'bash' as const, tree: null, runDirs: [], usageError: null };
        const decision = decisionOf(answerHook(Buffer.from(JSON.stringify(r)), args, { env: env as Record<string, string>, cwd: scratch.tree }));
        expect(decision, `${shape.name}: empty output for a shell request`).not.toBe('none');
        if (checkDenies(line, join(scratch.tree, shape.dir), env)) {
          refused++;
          expect(decision, `${shape.name} allowed ${JSON.stringify(line)}, which check denies`).toBe('deny');
        } else if (decision === 'allow') approved++;
      },
    ), { numRuns: 600 });
    // the property is not empty: both kinds of line were met, through the adapters
    expect(refused).toBeGreaterThan(100);
    expect(approved).toBeGreaterThan(20);
  });

  it('covers every adapter', () => {
    expect(new Set(shapes.map((shape) => detected(request(shape.name, scratch))))).toEqual(new Set(adapters.map((adapter) => adapter.format)));
  });
});

function detected(r: Json): string {
  const adapter = adapters.find((candidate) => candidate.detect(r));
  if (!adapter) throw new Error(`no adapter claims ${JSON.stringify(r).slice(0, 120)}`);
  return adapter.format;
}
