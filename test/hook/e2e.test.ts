// `treeward hook` end to end (SPEC §1 "Hook protocol", issue 4): the built
// binary, under node and under Bun, fed recorded requests of Claude Code, Codex
// and Gemini CLI; each case asserts the exact object printed and exit status 0.

import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approverDenial, builtBinary, hookEnv, makeScratch, nativeExecutable, pinned, request, runHook, runtimes, type Scratch,
} from './support.js';

let scratch: Scratch;
let binary: string;

beforeAll(async () => {
  scratch = makeScratch();
  binary = await builtBinary(scratch.dir);
});
afterAll(() => scratch?.cleanup());

/** The one object the hook printed (and nothing else), and its exit status. */
function answer(run: { status: number | null; stdout: string }): { status: number | null; output: unknown } {
  expect(run.stdout.endsWith('\n')).toBe(true);
  expect(run.stdout.indexOf('\n')).toBe(run.stdout.length - 1);
  return { status: run.status, output: JSON.parse(run.stdout) };
}

const claudeDeny = (reason: string) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
const droppedRewrite = (reason: string, dir: string) => `${reason} (this is the line read as run in ${dir} without treeward's \`cd\`, which is how it runs if the harness drops the rewritten command)`;

describe.each(runtimes())('under $name', (runtime) => {
  const hook = (input: unknown, options: { args?: string[]; env?: Record<string, string>; cwd?: string } = {}) =>
    runHook(runtime, binary, typeof input === 'string' || Buffer.isBuffer(input) ? input : JSON.stringify(input), {
      args: options.args, env: options.env ?? hookEnv(scratch), cwd: options.cwd ?? scratch.tree,
    });

  describe('Claude Code (PreToolUse, Bash)', () => {
    it('allows a line in the tree, pinned there, with every tool_input field echoed', () => {
      const run = hook(request('claude-bash', scratch), { args: ['--format', 'claude'] });
      expect(answer(run)).toEqual({
        status: 0,
        output: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            permissionDecisionReason: `treeward: approved, run from ${scratch.tree}`,
            updatedInput: { command: pinned(scratch.tree, 'npm test'), description: 'Run the unit tests', timeout: 120000, run_in_background: false },
          },
        },
      });
    });

    it('pins to the request cwd when it lies in the tree (the tree from CLAUDE_PROJECT_DIR)', () => {
      const src = join(scratch.tree, 'src');
      const run = hook(request('claude-bash', scratch, { cwd: src, tool_input: { command: 'rm -f main.js.map' } }), {
        env: hookEnv(scratch, { CLAUDE_PROJECT_DIR: scratch.tree }),
      });
      expect(answer(run)).toEqual({
        status: 0,
        output: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            permissionDecisionReason: `treeward: approved, run from ${src}`,
            updatedInput: { command: pinned(src, 'rm -f main.js.map'), description: 'Run the unit tests', timeout: 120000, run_in_background: false },
          },
        },
      });
    });

    it('denies with `treeward <id>: <sentence>` and no updatedInput', () => {
      const run = hook(request('claude-bash', scratch, { tool_input: { command: 'rm -rf .git' } }));
      const reason = approverDenial('rm -rf .git', scratch, scratch.tree, 'protected-removal');
      expect(answer(run)).toEqual({ status: 0, output: claudeDeny(`treeward protected-removal: ${reason}`) });
    });

    it('says nothing about another tool', () => {
      expect(hook(request('claude-read', scratch))).toEqual({ status: 0, stdout: '', stderr: '' });
    });

    it('with cwd outside the tree: judges from the tree, pins to it, and also reads the line as run in cwd', () => {
      const env = hookEnv(scratch, { CLAUDE_PROJECT_DIR: scratch.tree });
      const allowed = hook(request('claude-bash', scratch, { cwd: scratch.outside }), { env });
      expect(answer(allowed)).toEqual({
        status: 0,
        output: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            permissionDecisionReason: `treeward: approved, run from ${scratch.tree}`,
            updatedInput: { command: pinned(scratch.tree, 'npm test'), description: 'Run the unit tests', timeout: 120000, run_in_background: false },
          },
        },
      });
      // `rm -rf build` is clean in the tree, but not where the harness runs it if it drops the rewrite
      const denied = hook(request('claude-bash', scratch, { cwd: scratch.outside, tool_input: { command: 'rm -rf build' } }), { env });
      const reason = approverDenial('rm -rf build', scratch, scratch.outside, 'removal-outside-tree');
      expect(answer(denied)).toEqual({ status: 0, output: claudeDeny(`treeward removal-outside-tree: ${droppedRewrite(reason, scratch.outside)}`) });
    });

    it.each([
      ['not JSON', 'rm -rf .git', 'the request on stdin is not JSON'],
      ['empty', '', 'the hook received no request on stdin'],
      ['a JSON array', '[1,2]', 'the request is not a JSON object'],
    ])('denies %s input as bad-input', (_what, input, sentence) => {
      expect(answer(hook(input, { args: ['--format', 'claude'] }))).toEqual({ status: 0, output: claudeDeny(`treeward bad-input: ${sentence}`) });
    });

    it.each([
      ['a missing command', { description: 'x' }, "the Bash request's `tool_input.command` is missing"],
      ['a non-string command', { command: ['rm', '-rf', '/'] }, "the Bash request's `tool_input.command` is not a string"],
    ])('denies %s as bad-input', (_what, toolInput, sentence) => {
      const recorded = { ...request('claude-bash', scratch), tool_input: toolInput };
      expect(answer(hook(recorded))).toEqual({ status: 0, output: claudeDeny(`treeward bad-input: ${sentence}`) });
    });

    it('denies a request over 4 MiB without reading past it', () => {
      const huge = JSON.stringify({ ...request('claude-bash', scratch), padding: 'x'.repeat(5 << 20) });
      expect(answer(hook(huge))).toEqual({
        status: 0,
        output: claudeDeny('treeward bad-input: the request is over 4 MiB; treeward reads requests up to 4 MiB and commands up to 1 MiB'),
      });
    });

    it('denies a command over 1 MiB', () => {
      const run = hook(request('claude-bash', scratch, { tool_input: { command: `echo ${'a'.repeat(1 << 20)}` } }));
      expect(answer(run)).toEqual({ status: 0, output: claudeDeny('treeward bad-input: the command is over 1 MiB; split the work into smaller commands') });
    });

    it('denies every command when started with a wrong command line, in the detected format', () => {
      const run = hook(request('claude-bash', scratch), { args: ['--format', 'nope'] });
      expect(answer(run)).toEqual({
        status: 0,
        output: claudeDeny('treeward bad-input: `treeward hook` was started with a wrong command line (--format takes augment, claude, cline, codex, copilot, crush, '
          + "cursor, droid, gemini, kimi, kiro, qwen or windsurf); fix the hook's command in the harness settings"),
      });
    });

    it('denies a request for another event than PreToolUse', () => {
      const run = hook({ ...request('claude-bash', scratch), hook_event_name: 'PostToolUse' });
      expect(answer(run)).toEqual({
        status: 0,
        output: claudeDeny('treeward bad-input: the request is a `PostToolUse` event, and `treeward hook` answers PreToolUse only; register it under PreToolUse'),
      });
    });
  });

  // Shell tools under other names, in Claude Code's protocol (issue 10; ../shared/hosts/protocols.md
  // §1.2, §1.6, §4, §7). The requests are shaped from that record, not captured: Cursor's
  // (§4) and Droid's (§7) are [3p]/[docs] there.
  describe('shell tools under other names (Claude Code\'s protocol)', () => {
    it.each([
      ['Cursor running Claude Code\'s hooks: Shell', 'cursor-claude-shell'],
      ['Claude Code: Monitor', 'claude-monitor'],
      ['Factory Droid: Execute', 'droid-execute'],
    ])('%s: allows a line in the tree, pinned there, echoing tool_input', (_what, name) => {
      const recorded = request(name, scratch);
      const toolInput = recorded['tool_input'] as Record<string, unknown>;
      expect(answer(hook(recorded))).toEqual({
        status: 0,
        output: {
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'allow',
            permissionDecisionReason: `treeward: approved, run from ${scratch.tree}`,
            updatedInput: { ...toolInput, command: pinned(scratch.tree, toolInput['command'] as string) },
          },
        },
      });
    });

    it.each([
      ['Shell', 'cursor-claude-shell'],
      ['Monitor', 'claude-monitor'],
      ['Execute', 'droid-execute'],
    ])('%s: denies rm -rf ~/x (removal-outside-tree), as for Bash', (_tool, name) => {
      const run = hook(request(name, scratch, { tool_input: { command: 'rm -rf ~/x' } }));
      const reason = approverDenial('rm -rf ~/x', scratch, scratch.tree, 'removal-outside-tree');
      expect(answer(run)).toEqual({ status: 0, output: claudeDeny(`treeward removal-outside-tree: ${reason}`) });
    });

    it('refuses a PowerShell command with a reason: treeward does not read PowerShell', () => {
      expect(answer(hook(request('claude-powershell', scratch)))).toEqual({
        status: 0,
        output: claudeDeny('treeward bad-input: treeward reads bash, sh and zsh, not PowerShell, so it cannot judge a PowerShell command; run it with the shell tool (Bash) instead'),
      });
    });

    it('says nothing about a Monitor that runs no command (the WebSocket form)', () => {
      const recorded = { ...request('claude-monitor', scratch), tool_input: { url: 'ws://localhost:9000/events', description: 'Watch events' } };
      expect(hook(recorded)).toEqual({ status: 0, stdout: '', stderr: '' });
    });

    it('denies a Monitor whose command is not a string as bad-input', () => {
      const recorded = { ...request('claude-monitor', scratch), tool_input: { command: ['tail', '-f', 'x'] } };
      expect(answer(hook(recorded))).toEqual({ status: 0, output: claudeDeny("treeward bad-input: the Monitor request's `tool_input.command` is not a string") });
    });
  });

  describe('Codex (PreToolUse with turn_id)', () => {
    it('allows with only the fields its schema accepts, updatedInput carrying the pinned command', () => {
      expect(answer(hook(request('codex-bash', scratch)))).toEqual({
        status: 0,
        output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: pinned(scratch.tree, 'ls -la') } } },
      });
    });

    it('denies with a reason', () => {
      const run = hook(request('codex-bash', scratch, { tool_input: { command: 'cd .. && rm -rf tree' } }));
      const reason = approverDenial('cd .. && rm -rf tree', scratch, scratch.tree, 'protected-removal');
      expect(answer(run)).toEqual({ status: 0, output: claudeDeny(`treeward protected-removal: ${reason}`) });
    });

    it('says nothing about apply_patch, whose tool_input also has a `command`', () => {
      expect(hook(request('codex-apply-patch', scratch))).toEqual({ status: 0, stdout: '', stderr: '' });
    });

    it('answers input that is not JSON as a deny Codex reads', () => {
      const run = hook('{"session_id":"s","turn_id":"t","tool_input":{"command":"ls"', { args: ['--format', 'codex'] });
      expect(answer(run)).toEqual({ status: 0, output: claudeDeny('treeward bad-input: the request on stdin is not JSON') });
    });

    it('with cwd outside the tree: pins to the tree given by --tree', () => {
      const run = hook(request('codex-bash', scratch, { cwd: scratch.outside }), { args: ['--tree', scratch.tree] });
      expect(answer(run)).toEqual({
        status: 0,
        output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: pinned(scratch.tree, 'ls -la') } } },
      });
    });
  });

  describe('Gemini CLI (BeforeTool, run_shell_command)', () => {
    const geminiAllow = (dir: string, command: string, toolInput: Record<string, unknown>) => ({
      decision: 'allow',
      reason: `treeward: approved, run from ${dir}`,
      hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { ...toolInput, command: pinned(dir, command) } },
    });

    it('judges dir_path as the directory the line runs in, and pins there', () => {
      const src = join(scratch.tree, 'src');
      expect(answer(hook(request('gemini-shell', scratch)))).toEqual({
        status: 0,
        output: geminiAllow(src, 'npm run build', { description: 'Build the project', dir_path: 'src' }),
      });
    });

    it('reads relative targets from dir_path', () => {
      // from the tree `rm -rf ../.git` would leave it; from dir_path `src` it is the tree's own .git
      const run = hook(request('gemini-shell', scratch, { tool_input: { command: 'rm -rf ../.git' } }));
      const reason = approverDenial('rm -rf ../.git', scratch, join(scratch.tree, 'src'), 'protected-removal');
      expect(answer(run)).toEqual({ status: 0, output: { decision: 'deny', reason: `treeward protected-removal: ${reason}` } });
    });

    it('with dir_path outside the tree: pins to the tree, and reads the line in dir_path too', () => {
      const toolInput = { description: 'Build the project', dir_path: scratch.outside };
      expect(answer(hook(request('gemini-shell', scratch, { tool_input: { dir_path: scratch.outside } })))).toEqual({
        status: 0,
        output: geminiAllow(scratch.tree, 'npm run build', toolInput),
      });
      const denied = hook(request('gemini-shell', scratch, { tool_input: { command: 'rm -rf build', dir_path: scratch.outside } }));
      const reason = approverDenial('rm -rf build', scratch, scratch.outside, 'removal-outside-tree');
      expect(answer(denied)).toEqual({ status: 0, output: { decision: 'deny', reason: `treeward removal-outside-tree: ${droppedRewrite(reason, scratch.outside)}` } });
    });

    it('reads a `bash -c` line also as Gemini CLI runs it when it strips the wrapper', () => {
      const command = 'bash -c "echo hi" ; echo " ; rm -rf .git ; "';
      const run = hook(request('gemini-shell', scratch, { tool_input: { command, dir_path: '' } }));
      const reason = approverDenial('echo hi" ; echo " ; rm -rf .git ; ', scratch, scratch.tree, 'protected-removal');
      expect(answer(run)).toEqual({ status: 0, output: { decision: 'deny', reason: `treeward protected-removal: ${droppedRewrite(reason, scratch.tree)}` } });
    });

    it('says nothing about another tool', () => {
      expect(hook(request('gemini-read', scratch))).toEqual({ status: 0, stdout: '', stderr: '' });
    });

    it('answers bad input in its own form', () => {
      expect(answer(hook('{"hook_event_name":"BeforeTool",', { args: ['--format', 'gemini'] }))).toEqual({
        status: 0, output: { decision: 'deny', reason: 'treeward bad-input: the request on stdin is not JSON' },
      });
      const notString = hook(request('gemini-shell', scratch, { tool_input: { dir_path: 7 } }));
      expect(answer(notString)).toEqual({ status: 0, output: { decision: 'deny', reason: "treeward bad-input: the request's `tool_input.dir_path` is not a string" } });
    });
  });

  // the node bin's loader and its caches; the native executable holds its bundle and bytecode inside
  if (runtime.name !== 'native') it('denies (internal-error) when the binary cannot load its bundle, rather than fail open', () => {
    const lonely = join(scratch.dir, `lonely-${runtime.name}`);
    mkdirSync(lonely, { recursive: true });
    copyFileSync(binary, join(lonely, 'treeward.cjs'));
    const run = runHook(runtime, join(lonely, 'treeward.cjs'), JSON.stringify(request('gemini-shell', scratch)), { args: ['--format', 'gemini'], env: hookEnv(scratch), cwd: scratch.tree });
    const { status, output } = answer(run);
    expect(status).toBe(0);
    expect(output).toEqual({ decision: 'deny', reason: expect.stringMatching(/^treeward internal-error: treeward could not start \(.*treeward-bundle\.cjs.*\); nothing was approved$/s) });
  });

  if (runtime.name !== 'native') it('answers the same from the code cache (V8\'s, or Bun\'s bytecode), without it, and with the bundle alone beside the bin', () => {
    const input = JSON.stringify(request('claude-bash', scratch));
    const cached = answer(runHook(runtime, binary, input, { env: hookEnv(scratch), cwd: scratch.tree }));
    expect(cached.output).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    const uncached = answer(runHook(runtime, binary, input, { env: hookEnv(scratch, { TREEWARD_CODE_CACHE: '0' }), cwd: scratch.tree }));
    expect(uncached).toEqual(cached);
    // a bin with its bundle and nothing else: no V8 cache, no Bun bytecode
    const bare = join(scratch.dir, `bundle-only-${runtime.name}`);
    mkdirSync(bare, { recursive: true });
    copyFileSync(binary, join(bare, 'treeward.cjs'));
    copyFileSync(join(dirname(binary), 'treeward-bundle.cjs'), join(bare, 'treeward-bundle.cjs'));
    expect(answer(runHook(runtime, join(bare, 'treeward.cjs'), input, { env: hookEnv(scratch), cwd: scratch.tree }))).toEqual(cached);
  });

  // the bin runs the hook's own bundle (src/cli/hook-main.ts) for a hook, and the whole CLI's for everything else
  if (runtime.name !== 'native') it('runs the hook\'s own bundle for a hook, and the whole CLI\'s for --help and every other command', () => {
    const split = join(scratch.dir, `split-${runtime.name}`);
    mkdirSync(split, { recursive: true });
    copyFileSync(binary, join(split, 'treeward.cjs'));
    copyFileSync(join(dirname(binary), 'treeward-bundle.cjs'), join(split, 'treeward-bundle.cjs'));
    writeFileSync(join(split, 'treeward-hook-bundle.cjs'), 'throw new Error("the hook bundle ran");\n');
    const input = JSON.stringify(request('gemini-shell', scratch));
    const run = runHook(runtime, join(split, 'treeward.cjs'), input, { args: ['--format', 'gemini'], env: hookEnv(scratch), cwd: scratch.tree });
    expect(answer(run).output).toEqual({ decision: 'deny', reason: 'treeward internal-error: treeward could not start (the hook bundle ran); nothing was approved' });
    const spawn = (args: string[]) => spawnSync(runtime.argv[0]!, [...runtime.argv.slice(1), join(split, 'treeward.cjs'), ...args], { env: hookEnv(scratch), encoding: 'utf8' });
    const help = spawn(['hook', '--help']);
    expect({ status: help.status, usage: help.stdout.startsWith('usage: treeward hook') }).toEqual({ status: 0, usage: true });
    expect(spawn(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+/);
    // the whole bundle answers a hook when the hook's is missing, and the hook's answers as it does
    rmSync(join(split, 'treeward-hook-bundle.cjs'));
    const whole = answer(runHook(runtime, join(split, 'treeward.cjs'), input, { args: ['--format', 'gemini'], env: hookEnv(scratch), cwd: scratch.tree }));
    copyFileSync(join(dirname(binary), 'treeward-hook-bundle.cjs'), join(split, 'treeward-hook-bundle.cjs'));
    rmSync(join(split, 'treeward-bundle.cjs'));
    expect(whole.output).toMatchObject({ decision: 'allow' });
    expect(answer(runHook(runtime, join(split, 'treeward.cjs'), input, { args: ['--format', 'gemini'], env: hookEnv(scratch), cwd: scratch.tree }))).toEqual(whole);
  });

  // the inline readers are a bundle of their own, which a hook loads at the first line that runs inline code (scripts/binary.mjs)
  describe('inline code, read by the readers the hook loads when a line needs them', () => {
    const inlineLines: [string, RegExp | null][] = [
      [`python3 -c "open('out.txt', 'w').write('x')"`, null],
      [`node -e "require('fs').rmSync('/usr/local/lib/x', { recursive: true })"`, /^treeward removal-outside-tree: /],
      ['ruby -e \'File.write("notes.txt", "x")\'', null],
    ];
    it.each(inlineLines)('judges %s as the approver does', (command, deny) => {
      const run = hook(request('claude-bash', scratch, { tool_input: { command } }));
      const decision = deny === null ? { permissionDecision: 'allow' } : { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(deny) };
      expect(answer(run).output).toMatchObject({ hookSpecificOutput: decision });
    });
  });

  if (runtime.name === 'node') it('keeps the inline readers out of the hook\'s bundle, and denies an inline line (internal-error) when their bundle is missing', () => {
    const dist = dirname(binary);
    expect(readFileSync(join(dist, 'treeward-hook-bundle.cjs'), 'latin1')).not.toContain('make_symlink');
    expect(readFileSync(join(dist, 'treeward-inline-bundle.cjs'), 'latin1')).toContain('make_symlink');
    const partial = join(scratch.dir, 'without-inline-readers');
    mkdirSync(partial, { recursive: true });
    for (const name of ['treeward.cjs', 'treeward-bundle.cjs', 'treeward-hook-bundle.cjs', 'treeward-hook-bundle.cache']) copyFileSync(join(dist, name), join(partial, name));
    const run = (command: string) => answer(runHook(runtime, join(partial, 'treeward.cjs'), JSON.stringify(request('claude-bash', scratch, { tool_input: { command } })),
      { env: hookEnv(scratch), cwd: scratch.tree })).output;
    expect(run('ls -la')).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    expect(run(`python3 -c "print(1)"`)).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^treeward internal-error: .*nothing was approved/) },
    });
  });

  if (runtime.name === 'native') {
    it('is one file that answers alone, as the node bin does, whatever TREEWARD_CODE_CACHE says', () => {
      const alone = join(scratch.dir, 'native-alone');
      mkdirSync(alone, { recursive: true });
      copyFileSync(nativeExecutable(binary), join(alone, 'treeward'));
      chmodSync(join(alone, 'treeward'), 0o755);
      const input = JSON.stringify(request('claude-bash', scratch));
      const run = (program: string, env: Record<string, string>) =>
        spawnSync(program, ['hook'], { input, env, cwd: scratch.tree, encoding: 'utf8' });
      const byNode = runHook(runtimes()[0]!, binary, input, { env: hookEnv(scratch), cwd: scratch.tree });
      for (const env of [hookEnv(scratch), hookEnv(scratch, { TREEWARD_CODE_CACHE: '0' })]) {
        const native = run(join(alone, 'treeward'), env);
        expect({ status: native.status, stdout: native.stdout, stderr: native.stderr }).toEqual(byNode);
      }
    });

    it('reads no bunfig.toml and no .env from the tree it starts in', () => {
      const tree = join(scratch.dir, 'tree-with-bunfig-native');
      mkdirSync(join(tree, '.git'), { recursive: true });
      writeFileSync(join(tree, 'preload.js'), 'require("node:fs").writeSync(1, "forged\\n"); process.exit(0);\n');
      writeFileSync(join(tree, 'bunfig.toml'), 'preload = ["./preload.js"]\n');
      writeFileSync(join(tree, '.env'), `CLAUDE_PROJECT_DIR=${scratch.outside}\n`);
      const input = JSON.stringify(request('claude-bash', scratch, { cwd: tree, tool_input: { command: `rm -rf ${join(scratch.outside, 'x')}` } }));
      expect(answer(runHook(runtime, binary, input, { env: hookEnv(scratch), cwd: tree })).output)
        .toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^treeward removal-outside-tree: /) } });
    });
  }

  if (runtime.name === 'bun') {
    it('finds the Bun bytecode the build made beside the bundle', () => {
      expect(existsSync(join(dirname(binary), 'bun', 'treeward-bundle.js'))).toBe(true);
      expect(existsSync(join(dirname(binary), 'bun', 'treeward-bundle.js.jsc'))).toBe(true);
      expect(existsSync(join(dirname(binary), 'bun', 'treeward-hook-bundle.js.jsc'))).toBe(true);
    });

    it('run as installed, reads no bunfig.toml and no .env from the tree it starts in', () => {
      // what an agent could write in its own tree: a preload that answers allow, and a .env that names another tree
      const tree = join(scratch.dir, 'tree-with-bunfig');
      mkdirSync(join(tree, '.git'), { recursive: true });
      const forged = JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'forged' } });
      writeFileSync(join(tree, 'preload.js'), `require('node:fs').writeSync(1, ${JSON.stringify(forged + '\n')}); process.exit(0);\n`);
      writeFileSync(join(tree, 'bunfig.toml'), 'preload = ["./preload.js"]\n');
      const input = JSON.stringify(request('claude-bash', scratch, { cwd: tree, tool_input: { command: 'rm -rf .git' } }));
      const installed = answer(runHook(runtime, binary, input, { env: hookEnv(scratch), cwd: tree }));
      expect(installed).toMatchObject({ status: 0, output: { hookSpecificOutput: { permissionDecision: 'deny' } } });
      // the same hook run as a bare `bun FILE`: Bun 1.4.5 runs the tree's preload, which is why install writes the flags
      const bare = runHook({ name: 'bun', argv: [runtime.argv[0]!] }, binary, input, { env: hookEnv(scratch), cwd: tree });
      expect(bare.stdout).toBe(forged + '\n');
      rmSync(join(tree, 'bunfig.toml'));
      writeFileSync(join(tree, '.env'), `CLAUDE_PROJECT_DIR=${scratch.outside}\n`);
      const outside = JSON.stringify(request('claude-bash', scratch, { cwd: tree, tool_input: { command: `rm -rf ${join(scratch.outside, 'x')}` } }));
      expect(answer(runHook(runtime, binary, outside, { env: hookEnv(scratch), cwd: tree })).output)
        .toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^treeward removal-outside-tree: /) } });
      // bare, the .env makes the directory outside the tree, and the removal in it is approved
      expect(answer(runHook({ name: 'bun', argv: [runtime.argv[0]!] }, binary, outside, { env: hookEnv(scratch), cwd: tree })).output)
        .toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
    });
  }

  describe('configuration', () => {
    it('adds protected paths from --config', () => {
      const config = join(scratch.dir, 'config.json');
      writeFileSync(config, JSON.stringify({ protected: [join(scratch.tree, 'build')] }));
      const run = hook(request('claude-bash', scratch, { tool_input: { command: 'rm -rf build' } }), { args: ['--config', config] });
      const output = answer(run).output as { hookSpecificOutput: { permissionDecisionReason: string } };
      expect(output.hookSpecificOutput.permissionDecisionReason).toMatch(/^treeward protected-removal: /);
    });

    it('denies everything, naming the file and the line, when the file is malformed', () => {
      const config = join(scratch.dir, 'broken.json');
      writeFileSync(config, '{\n  "protected": ["~/notes"],\n  "inlineCode": "sometimes"\n}\n');
      const run = hook(request('claude-bash', scratch), { args: ['--config', config] });
      expect(answer(run)).toEqual({
        status: 0,
        output: claudeDeny(`treeward bad-input: the configuration file ${config} is malformed at line 3: \`inlineCode\` must be "scan", "refuse" or "allow"; treeward refuses every command until it is fixed`),
      });
    });

    it('reads ~/.config/treeward/config.json, and a syntax error there names its line', () => {
      const dir = join(scratch.home, '.config', 'treeward');
      const config = join(dir, 'config.json');
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(config, '{\n  "runDirs": ["/srv/run",]\n}\n');
        const run = hook(request('claude-bash', scratch));
        expect(answer(run)).toEqual({
          status: 0,
          output: claudeDeny(`treeward bad-input: the configuration file ${config} is malformed at line 2: a trailing comma before \`]\` is not JSON; treeward refuses every command until it is fixed`),
        });
      } finally {
        writeFileSync(config, '{}');
      }
    });

    it('never reads configuration from inside the tree', () => {
      const config = join(scratch.tree, 'treeward.json');
      writeFileSync(config, '{"inlineCode": "allow"}');
      const run = hook(request('claude-bash', scratch), { args: ['--config', config] });
      expect(answer(run)).toEqual({
        status: 0,
        output: claudeDeny(`treeward bad-input: the configuration file ${config} lies inside the tree ${scratch.tree}, where the agent can change it, and treeward never reads configuration from the tree; keep it outside the tree (for example ~/.config/treeward/config.json)`),
      });
    });
  });
});
