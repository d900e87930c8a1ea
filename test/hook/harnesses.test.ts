// Every harness adapter end to end (issue 15): the built binary, under node
// and Bun, fed each harness's recorded requests (test/hook/requests/, shaped
// from ../shared/hosts/protocols.md and the sources it names), asserting the
// exact output and exit status: an allow, a deny, another tool, every shell
// tool name, bad input, a directory outside the tree, and the harness's own
// quirks. Each answer is also checked against the harness's documented shape
// (./shapes.ts). The answers are written out here as each harness reads them,
// not made by treeward's own renderers.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clineOutput, codexOutput, codexOutputLatest, codexParserProblems, copilotOutput, crushOutput, cursorOutput, exitStatusProblems, kimiOutput, qwenOutput,
  type Schema, violations,
} from './shapes.js';
import { windowsRefusal } from '../../src/cli/platform.js';
import { approverDenial, builtBinary, hookEnv, makeScratch, pinned, request, runHook, runtimes, type Scratch } from './support.js';

const scratch: Scratch = makeScratch();
let binary: string;
beforeAll(async () => {
  binary = await builtBinary(scratch.dir);
});
afterAll(() => scratch.cleanup());

type Json = Record<string, unknown>;
type Run = { status: number | null; stdout: string; stderr: string };

const pinnedReason = (dir: string) => `treeward: approved, run from ${dir}`;
const unpinnedReason = (dir: string) =>
  `treeward: approved as written, to run unpinned in ${dir} (this harness runs the line without treeward's rewrite, so it was judged where it runs)`;
const unpinnedDeny = (text: string, dir: string, title: string) => `${text} (read as run in ${dir}, unpinned: ${title} runs the line as written, not treeward's rewrite)`;
const droppedRewrite = (reason: string, dir: string) =>
  `${reason} (this is the line read as run in ${dir} without treeward's \`cd\`, which is how it runs if the harness drops the rewritten command)`;

/** How each harness reads an answer: the exact output for an allow and for a deny, and the shape it must have. */
interface AnswerForm {
  allow(dir: string, rewrite: { command: string; toolInput: Json } | null): Run;
  deny(text: string): Run;
  schema: Schema | null;
}

const json = (object: Json): Run => ({ status: 0, stdout: JSON.stringify(object) + '\n', stderr: '' });
const claudeForm: AnswerForm = {
  allow: (dir, rewrite) => json({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: rewrite ? pinnedReason(dir) : unpinnedReason(dir),
      ...(rewrite ? { updatedInput: { ...rewrite.toolInput, command: rewrite.command } } : {}),
    },
  }),
  deny: (text) => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: text } }),
  schema: null,
};
const forms: Record<string, AnswerForm> = {
  claude: claudeForm,
  kimi: { ...claudeForm, schema: kimiOutput },
  qwen: { ...claudeForm, schema: qwenOutput },
  codex: {
    allow: (_dir, rewrite) => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { ...rewrite!.toolInput, command: rewrite!.command } } }),
    deny: claudeForm.deny,
    schema: codexOutputLatest,
  },
  gemini: {
    allow: (dir, rewrite) => json({
      decision: 'allow', reason: pinnedReason(dir), hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { ...rewrite!.toolInput, command: rewrite!.command } },
    }),
    deny: (text) => json({ decision: 'deny', reason: text }),
    schema: null,
  },
  cursor: {
    allow: (dir) => json({ permission: 'allow', user_message: unpinnedReason(dir), agent_message: unpinnedReason(dir) }),
    deny: (text) => json({ permission: 'deny', user_message: text, agent_message: text }),
    schema: cursorOutput,
  },
  copilot: {
    allow: (dir) => json({ permissionDecision: 'allow', permissionDecisionReason: unpinnedReason(dir) }),
    deny: (text) => json({ permissionDecision: 'deny', permissionDecisionReason: text }),
    schema: copilotOutput,
  },
  crush: {
    allow: (dir, rewrite) => json({ version: 1, decision: 'allow', reason: pinnedReason(dir), updated_input: { ...rewrite!.toolInput, command: rewrite!.command } }),
    deny: (text) => json({ version: 1, decision: 'deny', reason: text }),
    schema: crushOutput,
  },
  cline: { allow: () => json({ cancel: false }), deny: (text) => json({ cancel: true, errorMessage: text }), schema: clineOutput },
  exit: {
    allow: (dir) => ({ status: 0, stdout: `${unpinnedReason(dir)}\n`, stderr: '' }),
    deny: (text) => ({ status: 2, stdout: '', stderr: `${text}\n` }),
    schema: null,
  },
};

/** Where a harness's request holds its command and its directory. */
interface RequestShape {
  setCommand(request: Json, command: string): Json;
  setCwd(request: Json, dir: string): Json;
  toolInput(request: Json): Json;
}

const toolInputShape: RequestShape = {
  setCommand: (r, command) => ({ ...r, tool_input: { ...(r['tool_input'] as Json), command } }),
  setCwd: (r, dir) => ({ ...r, cwd: dir }),
  toolInput: (r) => r['tool_input'] as Json,
};
const shapes: Record<string, RequestShape> = {
  toolInput: toolInputShape,
  topLevel: { setCommand: (r, command) => ({ ...r, command }), setCwd: (r, dir) => ({ ...r, cwd: dir }), toolInput: () => ({}) },
  copilot: {
    setCommand: (r, command) => ({ ...r, toolArgs: JSON.stringify({ ...(JSON.parse(r['toolArgs'] as string) as Json), command }) }),
    setCwd: (r, dir) => ({ ...r, cwd: dir }),
    toolInput: (r) => JSON.parse(r['toolArgs'] as string) as Json,
  },
  cline: {
    setCommand: (r, command) => ({
      ...r,
      ...(r['tool_call'] ? { tool_call: { ...(r['tool_call'] as Json), input: { commands: [command] } } } : {}),
      preToolUse: { ...(r['preToolUse'] as Json), parameters: r['tool_call'] ? { commands: JSON.stringify([command]) } : { command, requires_approval: 'false' } },
    }),
    setCwd: (r, dir) => ({ ...r, workspaceRoots: [dir] }),
    toolInput: () => ({}),
  },
  windsurf: {
    setCommand: (r, command) => ({ ...r, tool_info: { ...(r['tool_info'] as Json), command_line: command } }),
    setCwd: (r, dir) => ({ ...r, tool_info: { ...(r['tool_info'] as Json), cwd: dir } }),
    toolInput: (r) => r['tool_info'] as Json,
  },
};

interface HarnessCase {
  format: string;
  title: string;
  /** The recorded shell request, the one of a tool that runs no shell code, and what else its tool is called. */
  shell: string;
  other: string;
  otherNames: string[];
  form: string;
  shape: string;
  /** The harness runs the rewritten command: the allow carries it. */
  pins: boolean;
  /** Where the recorded request's line runs, relative to the tree. */
  dir: string;
}

const cases: HarnessCase[] = [
  { format: 'claude', title: 'Claude Code', shell: 'claude-bash', other: 'claude-read', otherNames: ['Monitor'], form: 'claude', shape: 'toolInput', pins: true, dir: '' },
  { format: 'codex', title: 'Codex', shell: 'codex-bash', other: 'codex-apply-patch', otherNames: ['shell', 'exec_command'], form: 'codex', shape: 'toolInput', pins: true, dir: '' },
  { format: 'gemini', title: 'Gemini CLI', shell: 'gemini-shell', other: 'gemini-read', otherNames: [], form: 'gemini', shape: 'toolInput', pins: true, dir: 'src' },
  { format: 'cursor', title: 'Cursor', shell: 'cursor-pre-tool-use', other: 'cursor-pre-tool-use-read', otherNames: [], form: 'cursor', shape: 'toolInput', pins: false, dir: 'src' },
  { format: 'copilot', title: 'GitHub Copilot CLI', shell: 'copilot-bash', other: 'copilot-view', otherNames: [], form: 'copilot', shape: 'copilot', pins: false, dir: '' },
  { format: 'droid', title: 'Factory Droid', shell: 'droid-execute', other: 'droid-read', otherNames: [], form: 'claude', shape: 'toolInput', pins: true, dir: '' },
  { format: 'qwen', title: 'Qwen Code', shell: 'qwen-shell', other: 'qwen-read', otherNames: [], form: 'qwen', shape: 'toolInput', pins: false, dir: 'src' },
  { format: 'crush', title: 'Crush', shell: 'crush-bash', other: 'crush-view', otherNames: [], form: 'crush', shape: 'toolInput', pins: true, dir: '' },
  { format: 'cline', title: 'Cline', shell: 'cline-sdk-run-commands', other: 'cline-read', otherNames: ['execute_command'], form: 'cline', shape: 'cline', pins: false, dir: '' },
  { format: 'windsurf', title: 'Windsurf (Cascade)', shell: 'windsurf-run-command', other: 'windsurf-read-code', otherNames: [], form: 'exit', shape: 'windsurf', pins: false, dir: '' },
  { format: 'kimi', title: 'Kimi CLI / Kimi Code', shell: 'kimi-shell', other: 'kimi-read', otherNames: ['Bash'], form: 'kimi', shape: 'toolInput', pins: false, dir: '' },
  { format: 'kiro', title: 'Kiro CLI', shell: 'kiro-execute-bash', other: 'kiro-read', otherNames: ['shell'], form: 'exit', shape: 'toolInput', pins: false, dir: '' },
  { format: 'augment', title: 'Augment (Auggie)', shell: 'augment-launch-process', other: 'augment-view', otherNames: [], form: 'exit', shape: 'toolInput', pins: false, dir: '' },
];

/** Directories of Windows as harnesses there send them (issue 14 item 6): a drive with either slash, a UNC share. */
const windowsDirectories = ['C:\\Users\\me\\app', 'D:/work/app', '\\\\fileserver\\share\\app'];

/** The run's output, checked against the harness's documented shape, and returned as the Run to compare. */
function checked(run: Run, form: AnswerForm, decision: 'allow' | 'deny'): Run {
  if (form.schema && run.stdout) expect(violations(form.schema, JSON.parse(run.stdout))).toEqual([]);
  if (form === forms['codex'] && run.stdout) {
    expect(violations(codexOutput, JSON.parse(run.stdout))).toEqual([]);
    expect(codexParserProblems(JSON.parse(run.stdout) as Json)).toEqual([]);
  }
  if (form === forms['exit']) expect(exitStatusProblems(run, decision)).toEqual([]);
  return run;
}

describe.each(runtimes())('under $name', (runtime) => {
  const hook = (input: unknown, args: string[] = []) =>
    runHook(runtime, binary, typeof input === 'string' ? input : JSON.stringify(input), { args, env: hookEnv(scratch), cwd: scratch.tree });

  describe.each(cases)('$title (--format $format)', (harness) => {
    const form = forms[harness.form]!;
    const shape = shapes[harness.shape]!;
    const recorded = () => request(harness.shell, scratch);
    const dir = () => join(scratch.tree, harness.dir);
    const rewriteOf = (r: Json, command: string, at: string) => (harness.pins ? { command: pinned(at, command), toolInput: shape.toolInput(r) } : null);

    it('allows a line in the tree, in the harness\'s form', () => {
      const r = recorded();
      // every harness that pins sends one line, in its tool input's `command`
      const expected = form.allow(dir(), harness.pins ? rewriteOf(r, shape.toolInput(r)['command'] as string, dir()) : null);
      expect(checked(hook(r), form, 'allow')).toEqual(expected);
      expect(checked(hook(r, ['--format', harness.format]), form, 'allow')).toEqual(expected);
    });

    it('denies rm -rf .git with the approver\'s reason', () => {
      const line = harness.dir ? 'rm -rf ../.git' : 'rm -rf .git';
      const reason = `treeward protected-removal: ${approverDenial(line, scratch, dir(), 'protected-removal')}`;
      const expected = form.deny(harness.pins ? reason : unpinnedDeny(reason, dir(), harness.title));
      expect(checked(hook(shape.setCommand(recorded(), line)), form, 'deny')).toEqual(expected);
    });

    it('says nothing about a tool that runs no shell code', () => {
      expect(hook(request(harness.other, scratch))).toEqual({ status: 0, stdout: '', stderr: '' });
    });

    it.each(harness.otherNames)('judges its shell tool under the name %s too', (name) => {
      const named = harness.shape === 'cline' ? { ...recorded(), tool_call: undefined, preToolUse: { toolName: name, parameters: { command: 'rm -rf ~/x' } } }
        : { ...shape.setCommand(recorded(), 'rm -rf ~/x'), tool_name: name };
      const reason = `treeward removal-outside-tree: ${approverDenial('rm -rf ~/x', scratch, dir(), 'removal-outside-tree')}`;
      expect(checked(hook(named), form, 'deny')).toEqual(form.deny(harness.pins ? reason : unpinnedDeny(reason, dir(), harness.title)));
    });

    it('answers input that is not JSON with a deny in its form', () => {
      expect(checked(hook('{"oops', ['--format', harness.format]), form, 'deny')).toEqual(form.deny('treeward bad-input: the request on stdin is not JSON'));
    });

    it.each(windowsDirectories)('answers a request from the Windows directory %s with a deny in its form', (dir) => {
      const run = hook(shape.setCwd(recorded(), dir));
      expect(checked(run, form, 'deny')).toEqual(form.deny(`treeward bad-input: ${windowsRefusal(dir)}`));
    });

    it('with the line\'s directory outside the tree: judged where it really runs', () => {
      const outside = shape.setCwd(shape.setCommand(recorded(), 'rm -rf build'), scratch.outside);
      const stripped = harness.format === 'cursor' ? { ...outside, tool_input: { command: 'rm -rf build' } }
        : harness.dir ? withoutDirectory(outside) : outside;
      const reason = `treeward removal-outside-tree: ${approverDenial('rm -rf build', scratch, scratch.outside, 'removal-outside-tree')}`;
      const run = hook(stripped, ['--tree', scratch.tree]);
      const expected = harness.pins ? droppedRewrite(reason, scratch.outside) : unpinnedDeny(reason, scratch.outside, harness.title);
      expect(checked(run, form, 'deny')).toEqual(form.deny(expected));
    });
  });
});

function withoutDirectory(r: Json): Json {
  const input = { ...(r['tool_input'] as Json) };
  delete input['dir_path'];
  delete input['directory'];
  return { ...r, tool_input: input };
}

// Each harness's own quirks, under node (the forms are the same under Bun: the cases above run both).
describe('quirks', () => {
  const node = runtimes()[0]!;
  const hook = (input: unknown, args: string[] = []) =>
    runHook(node, binary, typeof input === 'string' ? input : JSON.stringify(input), { args, env: hookEnv(scratch), cwd: scratch.tree });
  const src = () => join(scratch.tree, 'src');

  describe('Cursor', () => {
    it('beforeShellExecution: the command at the top level, judged in `cwd`, answered in Cursor\'s form', () => {
      expect(hook(request('cursor-before-shell', scratch))).toEqual(forms['cursor']!.allow(scratch.tree, null));
      const reason = `treeward protected-removal: ${approverDenial('rm -rf .git', scratch, scratch.tree, 'protected-removal')}`;
      expect(hook({ ...request('cursor-before-shell', scratch), command: 'rm -rf .git' })).toEqual(forms['cursor']!.deny(unpinnedDeny(reason, scratch.tree, 'Cursor')));
    });

    it('Claude Code\'s hooks run by Cursor (tool Shell): answered as Claude Code is, pinned', () => {
      const r = request('cursor-claude-shell', scratch);
      expect(hook(r)).toEqual(claudeForm.allow(scratch.tree, { command: pinned(scratch.tree, 'npm test'), toolInput: r['tool_input'] as Json }));
    });

    it('a working_directory that is not a string is bad input', () => {
      const r = { ...request('cursor-pre-tool-use', scratch), tool_input: { command: 'ls', working_directory: 3 } };
      expect(hook(r)).toEqual(forms['cursor']!.deny("treeward bad-input: the request's `tool_input.working_directory` is not a string"));
    });
  });

  describe('GitHub Copilot CLI', () => {
    it('toolArgs that is not JSON is bad input, for the shell tool', () => {
      expect(hook({ ...request('copilot-bash', scratch), toolArgs: '{"command": ' })).toEqual(forms['copilot']!.deny("treeward bad-input: the bash request's `toolArgs` is not JSON"));
    });

    it('toolArgs sent as an object is read the same', () => {
      const r = { ...request('copilot-bash', scratch), toolArgs: { command: 'rm -rf ~/x' } };
      const reason = `treeward removal-outside-tree: ${approverDenial('rm -rf ~/x', scratch, scratch.tree, 'removal-outside-tree')}`;
      expect(hook(r)).toEqual(forms['copilot']!.deny(unpinnedDeny(reason, scratch.tree, 'GitHub Copilot CLI')));
    });

    it('refuses a powershell command: treeward does not read PowerShell', () => {
      expect(hook(request('copilot-powershell', scratch))).toEqual(forms['copilot']!.deny(
        'treeward bad-input: treeward reads bash, sh and zsh, not PowerShell, so it cannot judge a powershell command; run it with the shell tool (Bash) instead'));
    });
  });

  describe('Cline', () => {
    it('run_commands: every command is judged, and one bad command denies them all', () => {
      const r = request('cline-sdk-run-commands', scratch);
      const bad = { ...r, tool_call: { ...(r['tool_call'] as Json), input: { commands: ['npm test', { command: 'rm', args: ['-rf', '/'] }] } } };
      const reason = `treeward removal-outside-tree: ${approverDenial("'rm' '-rf' '/'", scratch, scratch.tree, 'removal-outside-tree')}`;
      expect(hook(bad)).toEqual(forms['cline']!.deny(unpinnedDeny(reason, scratch.tree, 'Cline')));
    });

    it('the extension\'s payload: parameters as strings, the command read from them', () => {
      expect(hook(request('cline-extension-execute', scratch))).toEqual(forms['cline']!.allow(scratch.tree, null));
      const r = request('cline-extension-execute', scratch);
      const bad = { ...r, preToolUse: { toolName: 'execute_command', parameters: { command: 'rm -rf .git', requires_approval: 'true' } } };
      const reason = `treeward protected-removal: ${approverDenial('rm -rf .git', scratch, scratch.tree, 'protected-removal')}`;
      expect(hook(bad)).toEqual(forms['cline']!.deny(unpinnedDeny(reason, scratch.tree, 'Cline')));
    });

    it('a run_commands input with no command is bad input', () => {
      const r = { ...request('cline-sdk-run-commands', scratch), tool_call: { id: 'x', name: 'run_commands', input: { commands: [] } } };
      expect(hook(r)).toEqual(forms['cline']!.deny("treeward bad-input: the run_commands request's input holds no command"));
    });
  });

  describe('Windsurf', () => {
    it('an action it does not know is bad input (exit 2); a read runs no shell code', () => {
      const r = { ...request('windsurf-run-command', scratch), agent_action_name: 'pre_do_something' };
      expect(hook(r)).toEqual(forms['exit']!.deny('treeward bad-input: the request is a `pre_do_something` hook, and `treeward hook` answers pre_run_command only; register it there'));
    });
  });

  describe('Crush', () => {
    it('working_dir is where the line runs, and the line is pinned there', () => {
      const r = { ...request('crush-bash', scratch), tool_input: { command: 'rm -rf ../build', working_dir: src() } };
      expect(hook(r)).toEqual(forms['crush']!.allow(src(), { command: pinned(src(), 'rm -rf ../build'), toolInput: r.tool_input }));
    });
  });

  describe('Kimi Code', () => {
    it('tool Bash with tool_input.cwd: judged in that directory', () => {
      expect(hook(request('kimi-code-bash', scratch))).toEqual(forms['kimi']!.allow(src(), null));
    });
  });

  describe('Qwen Code', () => {
    it('reads a `bash -c` line as Qwen Code runs it, once its wrapper is stripped', () => {
      const command = 'bash -c "echo hi" ; echo " ; rm -rf .git ; "';
      const r = { ...request('qwen-shell', scratch), tool_input: { command, directory: '' } };
      const reason = `treeward protected-removal: ${approverDenial('echo hi" ; echo " ; rm -rf .git ; ', scratch, scratch.tree, 'protected-removal')}`;
      expect(hook(r)).toEqual(forms['qwen']!.deny(unpinnedDeny(reason, scratch.tree, 'Qwen Code')));
    });
  });

  describe('a request no adapter knows', () => {
    it.each([
      ['a bare command', { command: 'rm -rf ~/x' }, 'the fields `command`'],
      ['Antigravity\'s shape', { toolCall: { name: 'run_command', args: { CommandLine: 'rm -rf ~/x', Cwd: '/' } } }, 'the fields `toolCall`'],
      ['an empty object', {}, 'no fields'],
    ])('%s is bad input naming the fields it has', (_what, input, fields) => {
      expect(hook(input)).toEqual(claudeForm.deny(`treeward bad-input: the request matches no harness treeward knows (it has ${fields}); start the hook with \`--format NAME\` `
        + '(augment, claude, cline, codex, copilot, crush, cursor, droid, gemini, kimi, kiro, qwen, windsurf)'));
    });

    it('is read as the harness --format names', () => {
      const r = request('kimi-shell', scratch);
      expect(hook(r, ['--format', 'claude'])).toEqual(claudeForm.allow(scratch.tree, { command: pinned(scratch.tree, 'npm test'), toolInput: r['tool_input'] as Json }));
    });
  });

  it.each(['windsurf', 'cline', 'cursor', 'copilot', 'crush'])('denies (internal-error) in %s\'s form when the binary cannot load its bundle', async (format) => {
    const { copyFileSync, mkdirSync } = await import('node:fs');
    const lonely = join(scratch.dir, `lonely-${format}`);
    mkdirSync(lonely, { recursive: true });
    copyFileSync(binary, join(lonely, 'treeward.cjs'));
    const run = runHook(node, join(lonely, 'treeward.cjs'), '{}', { args: ['--format', format], env: hookEnv(scratch), cwd: scratch.tree });
    const text = run.stdout ? JSON.stringify(JSON.parse(run.stdout)) : run.stderr;
    expect(text).toMatch(/treeward internal-error: treeward could not start \(.*treeward-bundle\.cjs.*\); nothing was approved/);
    expect(run.status).toBe(format === 'windsurf' ? 2 : 0);
  });
});
