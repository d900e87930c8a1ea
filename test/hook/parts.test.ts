// The hook's parts, in-process: the configuration reader and its lines, where
// a line is pinned, Gemini CLI's wrapper stripping, format detection, and the
// hook's command line. The JSON reader under the configuration has its own
// tests (test/cli/json-with-lines.test.ts).

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseArguments } from '../../src/cli/arguments.js';
import { ConfigError, readConfig } from '../../src/cli/config.js';
import { geminiStripsWrapper } from '../../src/cli/harness/gemini.js';
import { answerObject, detectFormat, readRequest, sniffFormat } from '../../src/cli/harness/index.js';
import { runHook } from '../../src/cli/hook.js';
import { isInsideOrEqual, placeLine } from '../../src/cli/placement.js';

/** The line and message a text is refused with. */
function refusal(text: string): [number, string] {
  try {
    readConfig(text, '/home/u');
  } catch (error) {
    if (error instanceof ConfigError) return [error.line, error.message];
    throw error;
  }
  throw new Error('the text was accepted');
}

describe('configuration file', () => {
  it('reads every key', () => {
    expect(readConfig(JSON.stringify({
      protected: ['~/notes', '/srv/data'], runDirs: ['/run/agent', '~/runs'], agentNames: ['myagent'], wrappers: ['with-env'], inlineCode: 'refuse', globDots: true,
      log: { maxBytes: 1 << 20, generations: 5 }, packs: ['git-history', 'git-history'], sh: 'bash',
    }), '/home/u')).toEqual({
      protected: ['~/notes', '/srv/data'], runDirs: ['/run/agent', '/home/u/runs'], agentNames: ['myagent'], wrappers: ['with-env'], inlineCode: 'refuse', globDots: true,
      log: { enabled: true, maxBytes: 1 << 20, generations: 5 }, platform: undefined, sh: 'bash', packs: ['git-history'],
    });
    expect(readConfig('{"log": false}', '/home/u').log).toEqual({ enabled: false, maxBytes: 10 << 20, generations: 3 });
  });

  it('reads an empty object, with a byte-order mark, as no configuration', () => {
    expect(readConfig('\ufeff{}\n', '/home/u')).toEqual({
      protected: [], runDirs: [], agentNames: [], wrappers: [], inlineCode: undefined, globDots: undefined, log: { enabled: true, maxBytes: 10 << 20, generations: 3 },
      platform: undefined, sh: undefined, packs: [],
    });
  });

  it.each([
    ['{\n  "protected": ["/a",]\n}', 2, 'a trailing comma before `]` is not JSON'],
    ['{\n  "inlineCode": "scan",\n}', 3, 'a trailing comma before `}` is not JSON'],
    ['{\n  "protected": ["/a\n"]\n}', 2, 'a string runs past the end of its line'],
    ['{\n  "globDots": true\n  "inlineCode": "scan"\n}', 3, 'expected `,` or `}`, found `"`'],
    ['{\n  // mine\n}', 2, 'expected a key in double quotes, found `/`'],
    ['{\n  "protected": ["/a"],\n  "protected": ["/b"]\n}', 3, 'the key "protected" appears twice'],
    ['{\n  "protect": ["/a"]\n}', 2, 'unknown key "protect" (the keys are protected, runDirs, agentNames, wrappers, inlineCode, globDots, log, packs, platform, sh)'],
    ['{\n  "__proto__": {}\n}', 2, 'unknown key "__proto__" (the keys are protected, runDirs, agentNames, wrappers, inlineCode, globDots, log, packs, platform, sh)'],
    ['{\n  "protected": [\n    "notes"\n  ]\n}', 3, '"notes" in `protected` must be an absolute path or one starting with `~/`'],
    ['{\n  "runDirs": "/run"\n}', 2, '`runDirs` must be a list of strings'],
    ['{\n  "agentNames": ["bin/agent"]\n}', 2, '"bin/agent" in `agentNames` must be a program name (no `/`, no spaces)'],
    ['{\n  "globDots": "yes"\n}', 2, '`globDots` must be true or false'],
    ['{\n  "packs": ["git"]\n}', 2, '"git" in `packs` must be "git-history"'],
    ['{\n  "sh": "ash"\n}', 2, '`sh` must be "dash" or "bash"'],
    ['{\n  "packs": "git-history"\n}', 2, '`packs` must be a list of strings'],
    ['{\n  "inlineCode": "sometimes"\n}', 2, '`inlineCode` must be "scan", "refuse" or "allow"'],
    ['{\n  "log": "off"\n}', 2, '`log` must be true, false, or an object with `maxBytes` and `generations`'],
    ['{\n  "log": {\n    "generations": 0\n  }\n}', 3, '`log.generations` must be a whole number from 1 to 20'],
    ['{\n  "log": {"maxBytes": 10.5}\n}', 2, '`log.maxBytes` must be a whole number from 1024 to 1073741824'],
    ['{\n  "log": {"size": 1}\n}', 2, 'unknown key "size" in `log` (the keys are maxBytes, generations)'],
    ['[]', 1, 'the file must hold one JSON object'],
    ['', 1, 'expected a JSON value, found the end of the file'],
    ['{}\n{}', 2, 'unexpected `{` after the end of the JSON value'],
    ['{"a": "\\q"}', 1, '`\\q` is not a JSON escape'],
    [`${'['.repeat(100)}${']'.repeat(100)}`, 1, 'the file nests too deeply'],
  ])('refuses %j at line %i', (text, line, message) => {
    expect(refusal(text)).toEqual([line, message]);
  });
});

describe('where the line is pinned', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'treeward-place-')));
  const tree = join(base, 'tree');
  for (const dir of [join(tree, 'src'), join(tree, 'other', 'deep'), join(base, 'outside')]) mkdirSync(dir, { recursive: true });
  symlinkSync(tree, join(base, 'tree-link'));
  symlinkSync(join(base, 'outside'), join(tree, 'escape'));
  symlinkSync(join(tree, 'other', 'deep'), join(tree, 'src', 'inner'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it.each([
    ['the tree itself', () => tree, () => ({ pin: tree, request: tree })],
    ['a directory in the tree', () => join(tree, 'src'), () => ({ pin: join(tree, 'src'), request: join(tree, 'src') })],
    ['a directory outside', () => join(base, 'outside'), () => ({ pin: tree, request: join(base, 'outside') })],
    ['a link in the tree that leads out', () => join(tree, 'escape'), () => ({ pin: tree, request: join(tree, 'escape') })],
    ['a link in the tree that stays in (kept as written)', () => join(tree, 'src', 'inner'), () => ({ pin: join(tree, 'src', 'inner'), request: join(tree, 'src', 'inner') })],
    ['a directory that does not exist', () => join(tree, 'gone'), () => ({ pin: tree, request: join(tree, 'gone') })],
  ])('%s', (_what, dir, expected) => {
    expect(placeLine(dir(), tree, tree)).toEqual(expected());
  });

  it('reads the tree as the harness spelled it (through a link) as the tree', () => {
    const asGiven = join(base, 'tree-link');
    expect(placeLine(join(asGiven, 'src'), asGiven, tree)).toEqual({ pin: join(tree, 'src'), request: join(tree, 'src') });
  });

  it('is inside only at a path boundary', () => {
    expect(isInsideOrEqual('/a/b', '/a')).toBe(true);
    expect(isInsideOrEqual('/a', '/a')).toBe(true);
    expect(isInsideOrEqual('/ab', '/a')).toBe(false);
    expect(isInsideOrEqual('/x', '/')).toBe(true);
  });
});

describe("Gemini CLI's wrapper stripping", () => {
  it.each([
    ['npm test', 'npm test'],
    ['  npm test\n', 'npm test'],
    ["bash -c 'npm test'", 'npm test'],
    ['sh -c "echo hi"', 'echo hi'],
    ['/bin/zsh -lc "ls -la"', 'ls -la'],
    ['bash -c "echo hi" ; echo " ; rm -rf .git ; "', 'echo hi" ; echo " ; rm -rf .git ; '],
    ['bashful -c x', 'bashful -c x'],
  ])('%j runs as %j', (command, runs) => {
    expect(geminiStripsWrapper(command)).toBe(runs);
  });
});

describe('formats', () => {
  it('tells the harness from the request', () => {
    expect(detectFormat({ turn_id: 't', tool_name: 'Bash' })).toBe('codex');
    expect(detectFormat({ hook_event_name: 'BeforeTool', tool_name: 'read_file' })).toBe('gemini');
    expect(detectFormat({ tool_name: 'run_shell_command' })).toBe('gemini');
    expect(detectFormat({ hook_event_name: 'PreToolUse', tool_name: 'Bash' })).toBe('claude');
  });

  it('tells it from the text when the text is not JSON', () => {
    expect(sniffFormat('{"session_id": "s", "turn_id": "t", "tool_input": {')).toBe('codex');
    expect(sniffFormat('{"hook_event_name":"BeforeTool",')).toBe('gemini');
    expect(sniffFormat('garbage')).toBe('claude');
  });

  it('judges a shell tool under any format, and nothing else', () => {
    const shell = (toolName: string) => readRequest({ tool_name: toolName, tool_input: { command: 'ls' } }, 'claude').kind;
    expect(['Bash', 'run_shell_command', 'exec_command', 'shell'].map(shell)).toEqual(['shell', 'shell', 'shell', 'shell']);
    expect(['Read', 'apply_patch', 'mcp__x__run', 'read_file'].map(shell)).toEqual(['other', 'other', 'other', 'other']);
  });

  it('refuses a relative cwd', () => {
    expect(readRequest({ tool_name: 'Bash', cwd: 'src', tool_input: { command: 'ls' } }, 'claude')).toEqual({ kind: 'bad', reason: "the request's `cwd` is not an absolute path" });
  });

  it("echoes every field of the request's input under the rewrite", () => {
    const toolInput = { command: 'ls', description: 'd', timeout: 5, run_in_background: true, dangerouslyDisableSandbox: false };
    expect(answerObject('claude', { decision: 'allow', command: 'X', dir: '/t' }, toolInput)).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'treeward: approved, run from /t',
        updatedInput: { ...toolInput, command: 'X' },
      },
    });
  });
});

describe('the hook command line', () => {
  it('takes the hook options', () => {
    expect(parseArguments(['hook', '--format=codex', '--config', '/c.json', '--tree', '/t', '--run-dir', '/r', '--shell', 'zsh'])).toMatchObject({
      subcommand: 'hook', format: 'codex', config: '/c.json', tree: '/t', runDirs: ['/r'], shell: 'zsh', command: null,
    });
  });

  it.each([
    [['hook', 'ls'], 'hook reads its request as JSON on stdin and takes no COMMAND'],
    [['hook', '--format', 'cursorr'], '--format takes augment, claude, cline, codex, copilot, crush, cursor, droid, gemini, kimi, kiro, qwen or windsurf'],
    [['hook', '--json'], 'hook does not take --json'],
    [['check', '--format', 'claude', 'ls'], 'check does not take --format'],
    [['parse', '--config', 'x', 'ls'], 'parse does not take --config'],
    [['check', '--pack', 'git', 'ls'], '--pack takes git-history'],
    [['hook', '--pack', 'git-history'], 'hook does not take --pack'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArguments(argv)).toThrow(message);
  });
});

describe('the check command line', () => {
  it('takes --pack, once for each pack however often it is given', () => {
    expect(parseArguments(['check', '--pack', 'git-history', '--pack=git-history', 'git reset --hard']).packs).toEqual(['git-history']);
    expect(parseArguments(['check', 'ls']).packs).toEqual([]);
  });
});

describe('a failure inside the hook', () => {
  it('is a deny (internal-error) in the harness\'s form, with no stack trace', () => {
    const failing = new Proxy({}, { get: () => { throw new Error('environment unreadable'); } });
    const input = Buffer.from(JSON.stringify({ hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', cwd: '/', tool_input: { command: 'ls' } }));
    const out = runHook(input, { format: null, config: null, shell: null, tree: null, runDirs: [], usageError: null }, { env: failing, cwd: '/' });
    expect(JSON.parse(out)).toEqual({
      decision: 'deny',
      reason: 'treeward internal-error: treeward failed while judging the request (Error: environment unreadable); nothing was approved, try the command again or a simpler one',
    });
  });
});
