// The in-process plugins (issue 15 item 3): OpenCode's rewrites the bash
// call to the pinned line or throws; Amp's and Pi's, whose hosts run the line
// as written, allow it or refuse it where it runs. Each is driven with the
// host's own call shapes (protocols.md §6, §13), from the sources and as the
// build ships it (dist/plugins/*.js), under node and Bun.

import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import treewardAmpPlugin, { type AmpApi } from '../../src/cli/plugins/amp.js';
import { Treeward } from '../../src/cli/plugins/opencode.js';
import treewardPiExtension, { type PiApi } from '../../src/cli/plugins/pi.js';
import { approverDenial, builtBinary, makeScratch, pinned, root, scriptRuntimes, type Scratch } from './support.js';

const scratch: Scratch = makeScratch();
afterAll(() => scratch.cleanup());
beforeAll(async () => {
  await builtBinary(scratch.dir);
});

// the plugins read the process's environment, as a host's process has it
const savedHome = process.env['HOME'];
const savedTmp = process.env['TMPDIR'];
beforeAll(() => {
  process.env['HOME'] = scratch.home;
  process.env['TMPDIR'] = scratch.temp;
});
afterAll(() => {
  process.env['HOME'] = savedHome;
  process.env['TMPDIR'] = savedTmp;
});

const unpinned = (reason: string, dir: string, host: string) => `${reason} (read as run in ${dir}, unpinned: ${host} runs the line as written, not treeward's rewrite)`;

describe('OpenCode', () => {
  it('rewrites an approved bash call to the line pinned to the tree, keeping its other arguments', async () => {
    const hooks = await Treeward({ directory: scratch.tree, worktree: scratch.tree });
    const output = { args: { command: 'npm test', description: 'Run the tests', timeout: 120000 } as Record<string, unknown> };
    await hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID: 'c' }, output);
    expect(output.args).toEqual({ command: pinned(scratch.tree, 'npm test'), description: 'Run the tests', timeout: 120000 });
  });

  it('judges a workdir as where the line runs, and pins it there', async () => {
    const hooks = await Treeward({ directory: scratch.tree, worktree: scratch.tree });
    const output = { args: { command: 'rm -f main.js.map', workdir: 'src' } as Record<string, unknown> };
    await hooks['tool.execute.before']({ tool: 'bash' }, output);
    expect(output.args['command']).toBe(pinned(join(scratch.tree, 'src'), 'rm -f main.js.map'));
  });

  it('throws the reason for a refused call, and leaves other tools alone', async () => {
    const hooks = await Treeward({ directory: scratch.tree, worktree: scratch.tree });
    const reason = approverDenial('rm -rf .git', scratch, scratch.tree, 'protected-removal');
    await expect(hooks['tool.execute.before']({ tool: 'bash' }, { args: { command: 'rm -rf .git' } })).rejects.toThrow(`treeward protected-removal: ${reason}`);
    await expect(hooks['tool.execute.before']({ tool: 'bash' }, { args: { command: 7 } })).rejects.toThrow('treeward bad-input');
    const read = { args: { filePath: 'README.md' } };
    await hooks['tool.execute.before']({ tool: 'read' }, read);
    expect(read.args).toEqual({ filePath: 'README.md' });
  });
});

function fakeAmp(root: string, shell: { command?: unknown; dir?: unknown } | null): { amp: AmpApi; call: () => unknown } {
  let handler: ((event: unknown) => unknown) | undefined;
  const amp: AmpApi = {
    on: (_event, h) => void (handler = h),
    system: { workspaceRoot: `file://${root}` },
    helpers: { filePathFromURI: (uri) => String(uri).replace(/^file:\/\//, ''), shellCommandFromToolCall: () => shell },
  };
  return { amp, call: () => handler!({ tool: 'Bash', input: {} }) };
}

describe('Amp', () => {
  it('allows a clean line, and refuses one where Amp runs it', () => {
    const ok = fakeAmp(scratch.tree, { command: 'npm test' });
    treewardAmpPlugin(ok.amp);
    expect(ok.call()).toEqual({ action: 'allow' });
    const bad = fakeAmp(scratch.tree, { command: 'rm -rf ../.git', dir: 'src' });
    treewardAmpPlugin(bad.amp);
    const reason = approverDenial('rm -rf ../.git', scratch, join(scratch.tree, 'src'), 'protected-removal');
    expect(bad.call()).toEqual({ action: 'reject-and-continue', message: unpinned(`treeward protected-removal: ${reason}`, join(scratch.tree, 'src'), 'Amp') });
  });

  it('lets a call that runs no shell command through', () => {
    const none = fakeAmp(scratch.tree, null);
    treewardAmpPlugin(none.amp);
    expect(none.call()).toEqual({ action: 'allow' });
  });
});

describe('Pi', () => {
  it('blocks a refused bash call with the reason, and says nothing otherwise', () => {
    let handler: ((event: unknown, context: { cwd: string }) => unknown) | undefined;
    const pi: PiApi = { on: (_event, h) => void (handler = h) };
    treewardPiExtension(pi);
    const reason = approverDenial('rm -rf ~/x', scratch, scratch.tree, 'removal-outside-tree');
    expect(handler!({ toolName: 'bash', input: { command: 'rm -rf ~/x' } }, { cwd: scratch.tree }))
      .toEqual({ block: true, reason: unpinned(`treeward removal-outside-tree: ${reason}`, scratch.tree, 'Pi') });
    expect(handler!({ toolName: 'bash', input: { command: 'ls' } }, { cwd: scratch.tree })).toBeUndefined();
    expect(handler!({ toolName: 'read', input: { path: 'x' } }, { cwd: scratch.tree })).toBeUndefined();
  });
});

describe.each(scriptRuntimes())('the built plugins, loaded under $name', (runtime) => {
  it('each one file, loaded by the host\'s own import, judging in-process', () => {
    for (const host of ['opencode', 'amp', 'pi']) expect(existsSync(join(root, 'dist', 'plugins', `${host}.js`))).toBe(true);
    const script = `
      const { Treeward } = await import(${JSON.stringify(pathToFileURL(join(root, 'dist/plugins/opencode.js')).href)});
      const hooks = await Treeward({ directory: ${JSON.stringify(scratch.tree)} });
      const output = { args: { command: 'ls' } };
      await hooks['tool.execute.before']({ tool: 'bash' }, output);
      let refused = '';
      try { await hooks['tool.execute.before']({ tool: 'bash' }, { args: { command: 'rm -rf .git' } }); } catch (e) { refused = e.message; }
      const pi = (await import(${JSON.stringify(pathToFileURL(join(root, 'dist/plugins/pi.js')).href)})).default;
      let handler; pi({ on: (_e, h) => { handler = h; } });
      console.log(JSON.stringify({ command: output.args.command, refused: refused.split(':')[0], pi: handler({ toolName: 'bash', input: { command: 'rm -rf .git' } }, { cwd: ${JSON.stringify(scratch.tree)} }).block }));
    `;
    const file = join(scratch.dir, `plugin-probe-${runtime.name}.mjs`);
    writeFileSync(file, script);
    const run = spawnSync(runtime.argv[0]!, [...runtime.argv.slice(1), file], { encoding: 'utf8', env: { HOME: scratch.home, TMPDIR: scratch.temp, PATH: '/usr/bin:/bin' } });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ command: pinned(scratch.tree, 'ls'), refused: 'treeward protected-removal', pi: true });
  });
});
