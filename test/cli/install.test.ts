// `treeward install`, `uninstall` and `doctor` (issue 15 item 4) against
// temporary home directories holding real-looking settings files: comments
// where the format allows them, other hooks already installed, unknown keys.
// The result parses, keeps everything else byte for byte, is the same after
// two installs, and uninstall gives the file back; a file that does not parse
// is left untouched with a clear error.

import {
  chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainValue } from '../../src/cli/json-settings.js';
import { parseJsonText } from '../../src/cli/json-with-lines.js';
import { main, type Io } from '../../src/cli/main.js';
import { readTomlTables } from '../../src/cli/toml-tables.js';
import { builtBinary, nativeExecutable, runtimes } from '../hook/support.js';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'treeward-install-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let binary: string;
/** The built bin with a native executable beside it, where Bun is installed (else null). */
let nativeDist: { bin: string; native: string } | null = null;
beforeAll(async () => {
  const built = await builtBinary(base);
  // a dist of its own, without the native executable (install would prefer it), so these hooks run node
  binary = distCopy(built, join(base, 'dist'));
  if (runtimes().some((runtime) => runtime.name === 'native')) {
    const bin = distCopy(built, join(base, 'dist-native'));
    mkdirSync(join(base, 'dist-native', 'native'));
    const native = join(base, 'dist-native', 'native', 'treeward');
    symlinkSync(nativeExecutable(built), native);
    copyFileSync(join(dirname(nativeExecutable(built)), 'treeward.json'), join(base, 'dist-native', 'native', 'treeward.json'));
    nativeDist = { bin, native };
  }
});

/** The bin, its bundles (the whole CLI's, the hook's and the inline readers'), V8's caches, Bun's bytecode and the build's record, copied into `dir`; returns the bin there. */
function distCopy(bin: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const name of ['treeward.cjs', 'treeward-bundle.cjs', 'treeward-bundle.cache', 'treeward-hook-bundle.cjs', 'treeward-hook-bundle.cache',
    'treeward-inline-bundle.cjs', 'treeward-inline-bundle.cache', 'treeward-build.json', 'bun']) {
    if (existsSync(join(dirname(bin), name))) cpSync(join(dirname(bin), name), join(dir, name), { recursive: true });
  }
  return join(dir, 'treeward.cjs');
}

let homes = 0;
/** A fresh home and project, and a bin directory for fake harness programs (first on PATH). */
function makeHome(): { home: string; project: string; bin: string } {
  const root = join(base, `home-${++homes}`);
  const home = join(root, 'home');
  const project = join(root, 'project');
  const bin = join(root, 'bin');
  for (const dir of [home, project, bin]) mkdirSync(dir, { recursive: true });
  return { home, project, bin };
}

function fakeProgram(bin: string, name: string, output: string): void {
  writeFileSync(join(bin, name), `#!/bin/sh\necho '${output}'\n`);
  chmodSync(join(bin, name), 0o755);
}

function run(argv: string[], where: { home: string; project: string; bin: string }, env: Record<string, string> = {}, self?: { runtime: string; script: string }) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    readStdin: () => Buffer.alloc(0), write: (t) => (stdout += t), writeError: (t) => (stderr += t), cwd: () => where.project,
    env: { HOME: where.home, PATH: `${where.bin}:/usr/bin:/bin`, SHELL: '/bin/bash', ...env },
    self: () => self ?? { runtime: process.execPath, script: binary },
  };
  const status = main(argv, io);
  return { status, stdout, stderr };
}

const hookCommand = (format: string) => `${process.execPath} ${binary} hook --format ${format}`;

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Whether every character of `original` stands in `edited`, in order: what an insertion-only edit keeps. */
function keepsEveryByte(original: string, edited: string): boolean {
  let i = 0;
  for (const c of edited) if (c === original[i]) i++;
  return i === original.length;
}

function backupsOf(path: string): string[] {
  return readdirSync(dirname(path)).filter((name) => name.startsWith(`${path.split('/').pop()}.treeward-backup-`));
}

/** A harness, its settings file as a user might have it, and how to find treeward's command in the result. */
interface SettingsCase {
  host: string;
  file: (home: string) => string;
  text: string;
  comments?: boolean;
  /** The commands of treeward's entries in the file's value. */
  commands(value: Json): unknown[];
}
type Json = Record<string, unknown>;

const nestedCommands = (event: string, key = 'command') => (value: Json) =>
  (((value['hooks'] as Json)?.[event] as Json[] | undefined) ?? []).flatMap((group) => (group['hooks'] as Json[] ?? []).map((hook) => hook[key]));
const flatCommands = (event: string, key = 'command') => (value: Json) => (((value['hooks'] as Json)?.[event] as Json[] | undefined) ?? []).map((hook) => hook[key]);

const settingsCases: SettingsCase[] = [
  {
    host: 'claude',
    file: (home) => join(home, '.claude/settings.json'),
    text: `{
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": {
        "allow": ["Bash(npm test:*)", "Read(~/notes/**)"],
        "deny": ["Read(./.env)"]
    },
    "env": { "DISABLE_TELEMETRY": "1" },
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Edit|Write",
                "hooks": [{ "type": "command", "command": "~/.claude/hooks/format.sh", "timeout": 10 }]
            }
        ],
        "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]
    },
    "futureSetting": { "nested": [1, 2, 3] }
}
`,
    commands: nestedCommands('PreToolUse'),
  },
  {
    host: 'codex',
    file: (home) => join(home, '.codex/hooks.json'),
    text: `{
  "description": "my hooks",
  "hooks": {
    "PostToolUse": [{ "matcher": "^Bash$", "hooks": [{ "type": "command", "command": "log-bash", "timeout": 5 }] }]
  }
}
`,
    commands: nestedCommands('PreToolUse'),
  },
  {
    host: 'gemini',
    file: (home) => join(home, '.gemini/settings.json'),
    comments: true,
    text: `// Gemini CLI settings
{
  "theme": "GitHub", // the dark one is too dark
  /* tools */
  "tools": { "sandbox": false },
  "hooks": {
    "BeforeTool": [
      { "matcher": "write_file", "hooks": [{ "name": "guard", "type": "command", "command": "guard-writes", "timeout": 5000 }] }
    ]
  },
  "experimental": { "whatever": true }
}
`,
    commands: nestedCommands('BeforeTool'),
  },
  {
    host: 'cursor',
    file: (home) => join(home, '.cursor/hooks.json'),
    text: '{\n\t"version": 1,\n\t"hooks": {\n\t\t"afterFileEdit": [{ "command": "./hooks/format.sh" }]\n\t}\n}\n',
    commands: (value) => [...flatCommands('preToolUse')(value), ...flatCommands('beforeShellExecution')(value)],
  },
  {
    host: 'droid',
    file: (home) => join(home, '.factory/hooks.json'),
    text: '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Create", "hooks": [{ "type": "command", "command": "lint-new-files" }] }\n    ]\n  }\n}\n',
    commands: nestedCommands('PreToolUse'),
  },
  {
    host: 'qwen',
    file: (home) => join(home, '.qwen/settings.json'),
    comments: true,
    text: '{\n  // model\n  "model": { "name": "qwen3-coder-plus" },\n  "hooks": {}\n}\n',
    commands: nestedCommands('PreToolUse'),
  },
  {
    host: 'crush',
    file: (home) => join(home, '.config/crush/crush.json'),
    text: `{
  "$schema": "https://charm.land/crush.json",
  "providers": { "openai": { "api_key": "$OPENAI_API_KEY" } },
  "lsp": { "go": { "command": "gopls" } },
  "hooks": {
    "PreToolUse": [{ "name": "no-edits-to-lockfiles", "matcher": "^edit$", "command": "check-lockfiles", "timeout": 5 }]
  }
}
`,
    commands: flatCommands('PreToolUse'),
  },
  {
    host: 'windsurf',
    file: (home) => join(home, '.codeium/windsurf/hooks.json'),
    text: '{\n  "hooks": {\n    "post_write_code": [{ "command": "python3 ~/hooks/log.py", "show_output": false }]\n  }\n}\n',
    commands: flatCommands('pre_run_command'),
  },
  {
    host: 'augment',
    file: (home) => join(home, '.augment/settings.json'),
    text: '{\n  "model": "sonnet4.5",\n  "hooks": {\n    "SessionStart": [{ "hooks": [{ "type": "command", "command": "/etc/augment/hooks/start.sh" }] }]\n  }\n}\n',
    commands: nestedCommands('PreToolUse'),
  },
  {
    host: 'kiro',
    file: (home) => join(home, '.kiro/agents/dev.json'),
    text: '{\n  "name": "dev",\n  "tools": ["*"],\n  "allowedTools": ["fs_read"],\n  "hooks": { "agentSpawn": [{ "command": "git status" }] }\n}\n',
    commands: flatCommands('preToolUse'),
  },
];

describe.each(settingsCases)('treeward install $host', (harness) => {
  it('merges the hook into the settings, keeps every other byte, backs the file up, and does nothing the second time', () => {
    const where = makeHome();
    const path = harness.file(where.home);
    write(path, harness.text);
    const first = run(['install', harness.host], where);
    expect(first).toMatchObject({ status: 0, stderr: '' });
    expect(first.stdout).toContain(path);
    const installed = readFileSync(path, 'utf8');
    expect(keepsEveryByte(harness.text, installed)).toBe(true);
    const value = plainValue(parseJsonText(installed, { comments: harness.comments === true })) as Json;
    const expected = harness.host === 'augment' ? join(where.home, '.augment/hooks/treeward.sh') : hookCommand(harness.host);
    expect(harness.commands(value).filter((command) => command === expected).length).toBe(harness.host === 'cursor' || harness.host === 'kiro' ? 2 : 1);
    expect(backupsOf(path).map((name) => readFileSync(join(dirname(path), name), 'utf8'))).toEqual([harness.text]);

    const second = run(['install', harness.host], where);
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('unchanged');
    expect(readFileSync(path, 'utf8')).toBe(installed);
    expect(backupsOf(path)).toHaveLength(1);
  });

  it('uninstall gives the file back as it was', () => {
    const where = makeHome();
    const path = harness.file(where.home);
    write(path, harness.text);
    run(['install', harness.host], where);
    const removed = run(['uninstall', harness.host], where);
    expect(removed.status).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(harness.text);
  });

  it('uninstall after the file changed removes treeward\'s entries only', () => {
    const where = makeHome();
    const path = harness.file(where.home);
    write(path, harness.text);
    run(['install', harness.host], where);
    const edited = readFileSync(path, 'utf8').replace(/\n$/, '\n\n');
    writeFileSync(path, edited);
    expect(run(['uninstall', harness.host], where).status).toBe(0);
    const after = readFileSync(path, 'utf8');
    expect(harness.commands(plainValue(parseJsonText(after, { comments: harness.comments === true })) as Json).filter((c) => /treeward/.test(String(c)))).toEqual([]);
    expect(keepsEveryByte(after, edited)).toBe(true);
    expect(after).not.toContain('treeward');
  });

  it('--dry-run prints the change and writes nothing', () => {
    const where = makeHome();
    const path = harness.file(where.home);
    write(path, harness.text);
    const dry = run(['install', harness.host, '--dry-run'], where);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('dry run');
    expect(readFileSync(path, 'utf8')).toBe(harness.text);
    expect(backupsOf(path)).toEqual([]);
  });

  it('refuses a file it cannot parse, and leaves it as it was', () => {
    const where = makeHome();
    const path = harness.file(where.home);
    const broken = harness.text.replace('{', '{ ,');
    write(path, broken);
    const refused = run(['install', harness.host], where);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`^treeward install ${harness.host}: ${path.replace(/[.]/g, '\\.')} does not parse as JSON.*line \\d+.*; it was left untouched\\n$`));
    expect(readFileSync(path, 'utf8')).toBe(broken);
    expect(backupsOf(path)).toEqual([]);
  });
});

describe('harnesses with their own kind of file', () => {
  it('Copilot CLI: a file of treeward\'s own among the user\'s hook files', () => {
    const where = makeHome();
    write(join(where.home, '.copilot/hooks/mine.json'), '{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}');
    expect(run(['install', 'copilot'], where).status).toBe(0);
    const ours = JSON.parse(readFileSync(join(where.home, '.copilot/hooks/treeward.json'), 'utf8')) as Json;
    expect(ours).toEqual({ version: 1, hooks: { preToolUse: [{ type: 'command', bash: hookCommand('copilot'), cwd: '.', timeoutSec: 30 }] } });
    expect(readFileSync(join(where.home, '.copilot/hooks/mine.json'), 'utf8')).toContain('echo hi');
    expect(run(['uninstall', 'copilot'], where).status).toBe(0);
    expect(existsSync(join(where.home, '.copilot/hooks/treeward.json'))).toBe(false);
  });

  it('Cline: an executable PreToolUse script; a file of that name that is not treeward\'s is left alone', () => {
    const where = makeHome();
    const dir = join(where.home, 'Documents/Cline/Hooks');
    write(join(dir, 'TaskStart'), '#!/bin/sh\necho started\n');
    expect(run(['install', 'cline'], where).status).toBe(0);
    const script = join(dir, 'PreToolUse');
    expect(readFileSync(script, 'utf8')).toBe(`#!/bin/sh\n# treeward: written by \`treeward install cline\`; \`treeward uninstall cline\` removes it.\nexec ${hookCommand('cline')}\n`);
    expect(statSync(script).mode & 0o111).not.toBe(0);
    expect(run(['install', 'cline'], where).stdout).toContain('unchanged');
    expect(run(['uninstall', 'cline'], where).status).toBe(0);
    expect(existsSync(script)).toBe(false);
    write(script, '#!/bin/sh\nexit 0\n');
    const refused = run(['install', 'cline'], where);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('exists and is not treeward\'s');
    expect(readFileSync(script, 'utf8')).toBe('#!/bin/sh\nexit 0\n');
    expect(readFileSync(join(dir, 'TaskStart'), 'utf8')).toBe('#!/bin/sh\necho started\n');
  });

  it('Augment: the settings name a script, which runs the hook', () => {
    const where = makeHome();
    expect(run(['install', 'augment'], where).status).toBe(0);
    const script = join(where.home, '.augment/hooks/treeward.sh');
    expect(readFileSync(script, 'utf8')).toContain(`exec ${hookCommand('augment')}`);
    expect(run(['uninstall', 'augment'], where).status).toBe(0);
    expect(existsSync(script)).toBe(false);
    expect(existsSync(join(where.home, '.augment/settings.json'))).toBe(false);
  });

  it('Kimi: a [[hooks]] table appended to config.toml, comments and other tables kept', () => {
    const where = makeHome();
    const path = join(where.home, '.kimi/config.toml');
    const text = '# Kimi config\ndefault_model = "kimi-k2"\n\n[models."kimi-k2"]\nprovider = "moonshot" # the default\nmax_context_size = 262_144\n\n'
      + "[[hooks]]\nevent = 'Stop'\ncommand = \"\"\"notify-send\n'done'\"\"\"\n";
    write(path, text);
    expect(run(['install', 'kimi'], where).status).toBe(0);
    const installed = readFileSync(path, 'utf8');
    expect(installed.startsWith(text)).toBe(true);
    const tables = readTomlTables(installed).tables.filter((table) => table.name === 'hooks');
    expect(tables.map((table) => table.values.get('command'))).toEqual(["notify-send\n'done'", hookCommand('kimi')]);
    expect(tables[1]!.values.get('matcher')).toBe('Shell|Bash');
    expect(run(['install', 'kimi'], where).stdout).toContain('unchanged');
    expect(run(['uninstall', 'kimi'], where).status).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(text);
    write(path, 'hooks = [ { event = "Stop", command = "x" } ]\n');
    expect(run(['install', 'kimi'], where)).toMatchObject({ status: 1, stderr: expect.stringContaining('sets `hooks` inline') });
    write(path, '[models\nx = 1\n');
    expect(run(['install', 'kimi'], where)).toMatchObject({ status: 1, stderr: expect.stringMatching(/does not parse as TOML \(line 1: .*\); it was left untouched/) });
    expect(run(['install', 'kimi', '--project'], where)).toMatchObject({ status: 1, stderr: expect.stringContaining('user\'s config.toml only') });
  });

  it('Kiro: every agent configuration, and none when there is no agent', () => {
    const where = makeHome();
    expect(run(['install', 'kiro'], where)).toMatchObject({ status: 1, stderr: expect.stringContaining('holds none; create your agent first') });
    write(join(where.home, '.kiro/agents/a.json'), '{"name": "a"}\n');
    write(join(where.home, '.kiro/agents/b.json'), '{"name": "b", "hooks": {"preToolUse": [{"matcher": "fs_write", "command": "guard"}]}}\n');
    expect(run(['install', 'kiro'], where).status).toBe(0);
    for (const name of ['a', 'b']) {
      const value = JSON.parse(readFileSync(join(where.home, `.kiro/agents/${name}.json`), 'utf8')) as Json;
      expect(flatCommands('preToolUse')(value).filter((command) => command === hookCommand('kiro'))).toHaveLength(2);
    }
  });
});

describe('install and its choices', () => {
  it('--project writes the project\'s settings', () => {
    const where = makeHome();
    expect(run(['install', 'claude', '--project'], where).status).toBe(0);
    expect(nestedCommands('PreToolUse')(JSON.parse(readFileSync(join(where.project, '.claude/settings.json'), 'utf8')) as Json)).toEqual([hookCommand('claude')]);
    expect(existsSync(join(where.home, '.claude/settings.json'))).toBe(false);
  });

  it('Claude Code: onFailure "block" where the build has it, left out (and said) where it does not', () => {
    const where = makeHome();
    fakeProgram(where.bin, 'claude', '2.1.300 (Claude Code)');
    run(['install', 'claude'], where);
    const hook = () => ((JSON.parse(readFileSync(join(where.home, '.claude/settings.json'), 'utf8')) as Json)['hooks'] as { PreToolUse: { hooks: Json[] }[] }).PreToolUse[0]!.hooks[0]!;
    expect(hook()).toEqual({ type: 'command', command: hookCommand('claude'), timeout: 30, onFailure: 'block' });
    fakeProgram(where.bin, 'claude', '2.1.250 (Claude Code)');
    const older = run(['install', 'claude'], where);
    expect(hook()).toEqual({ type: 'command', command: hookCommand('claude'), timeout: 30 });
    expect(older.stdout).toContain('replaced treeward\'s entry');
    expect(older.stdout).toContain('predates onFailure (2.1.295)');
    expect(older.stdout).toContain('#90725');
  });

  it('a moved treeward: install points the entry at this one, in place', () => {
    const where = makeHome();
    const path = join(where.home, '.claude/settings.json');
    write(path, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/old/treeward/dist/treeward.cjs hook --format claude"}]}]}}\n`);
    expect(run(['install', 'claude'], where).stdout).toContain('replaced treeward\'s entry in hooks.PreToolUse');
    expect(nestedCommands('PreToolUse')(JSON.parse(readFileSync(path, 'utf8')) as Json)).toEqual([hookCommand('claude')]);
  });

  it.each([
    [['install'], 'treeward: missing HOST; the hosts are augment, claude, cline, codex, copilot, crush, cursor, droid, gemini, kimi, kiro, qwen, windsurf'],
    [['install', 'vim'], 'treeward: unknown HOST vim; the hosts are augment, claude, cline, codex, copilot, crush, cursor, droid, gemini, kimi, kiro, qwen, windsurf'],
  ])('%j is a usage error', (argv, message) => {
    const result = run(argv, makeHome());
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(message);
  });
});

describe('treeward doctor', () => {
  it('one line per check: hooks that run this treeward, one that runs another, a harness without one, versions, the cache, the dialect', () => {
    const where = makeHome();
    fakeProgram(where.bin, 'claude', '2.1.249 (Claude Code)');
    fakeProgram(where.bin, 'gemini', '0.56.0');
    run(['install', 'claude'], where);
    run(['install', 'gemini'], where);
    write(join(where.home, '.cursor/hooks.json'), '{"version": 1, "hooks": {"beforeShellExecution": [{"command": "/gone/treeward.cjs hook --format cursor"}]}}\n');
    mkdirSync(join(where.home, '.codex'));
    const report = run(['doctor'], where, { SHELL: '/usr/bin/zsh' });
    expect(report.status).toBe(1);
    const lines = report.stdout.trimEnd().split('\n');
    expect(lines).toContain(`ok   claude: the hook in ${join(where.home, '.claude/settings.json')} runs this treeward (${binary})`);
    expect(lines).toContain(`ok   gemini: the hook in ${join(where.home, '.gemini/settings.json')} runs this treeward (${binary})`);
    expect(lines).toContain('ok   gemini: Gemini CLI 0.56.0, no known problem with treeward\'s hook');
    expect(lines.some((line) => line.startsWith('warn claude: Claude Code 2.1.249 replaces the input but drops its other fields') && line.includes('#90725'))).toBe(true);
    expect(lines).toContain(`fix  cursor: the hook in ${join(where.home, '.cursor/hooks.json')} runs /gone/treeward.cjs, which is missing or cannot be run; run \`treeward install cursor\` to point it here`);
    expect(lines).toContain('fix  codex: Codex is here but runs no treeward hook; run `treeward install codex`');
    expect(lines.some((line) => /^--   not on this machine .*: augment, cline, copilot, crush, droid, kimi, kiro, qwen, windsurf$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith(`ok   code cache: valid for node ${process.version} (${process.execPath})`))).toBe(true);
    expect(lines.find((line) => line.includes('dialect:'))).toMatch(/^ok   dialect: \$SHELL is \/usr\/bin\/zsh, which is zsh\. .*Claude Code.*: zsh.*Gemini CLI.*: bash/);
  });

  it('a hook run by Bun gets the flags that keep Bun from reading the tree\'s .env and bunfig.toml; one without them needs fixing', () => {
    const where = makeHome();
    const bun = join(where.bin, 'bun');
    fakeProgram(where.bin, 'bun', '1.4.5');
    run(['install', 'codex'], where, {}, { runtime: bun, script: binary });
    const file = join(where.home, '.codex/hooks.json');
    const installed = JSON.parse(readFileSync(file, 'utf8')) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } };
    expect(installed.hooks.PreToolUse[0]!.hooks[0]!.command).toBe(`${bun} --no-env-file --config=/dev/null ${binary} hook --format codex`);
    expect(run(['doctor'], where, {}, { runtime: bun, script: binary }).stdout)
      .toContain(`ok   codex: the hook in ${file} runs this treeward (${binary})`);
    write(file, JSON.stringify({ hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: `${bun} ${binary} hook --format codex` }] }] } }));
    const report = run(['doctor'], where, {}, { runtime: bun, script: binary });
    expect(report.stdout).toContain(`fix  codex: the hook in ${file} runs Bun without \`--no-env-file\` and \`--config=/dev/null\`, so a \`.env\` or \`bunfig.toml\``);
    expect(report.status).toBe(1);
  });

  describe.skipIf(!runtimes().some((runtime) => runtime.name === 'native'))('with the native executable beside the bin', () => {
    const settings = (home: string) => JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')) as { hooks: { PreToolUse: { hooks: { command: string }[] }[] } };

    it('install writes a hook that runs it, says so, and the hook answers', () => {
      const where = makeHome();
      const { bin, native } = nativeDist!;
      const result = run(['install', 'claude'], where, {}, { runtime: process.execPath, script: bin });
      expect(result.stdout).toMatch(new RegExp(`\n  the hook runs the native executable ${native} \\(\\d+\\.\\d MB, Bun \\d+\\.\\d+\\.\\d+, ${process.platform}-${process.arch}\\)\n`));
      const command = settings(where.home).hooks.PreToolUse[0]!.hooks[0]!.command;
      expect(command).toBe(`${native} hook --format claude`);
      mkdirSync(join(where.project, '.git'));
      const request = { session_id: 's', transcript_path: '/t', cwd: where.project, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf .git' } };
      const ran = spawnSync('/bin/sh', ['-c', command], { input: JSON.stringify(request), env: { HOME: where.home, PATH: '/usr/bin:/bin' }, cwd: where.project, encoding: 'utf8' });
      expect(ran.status).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringMatching(/^treeward protected-removal: /) } });
    });

    it('doctor reports it, the hooks that run it, and those that still run node', () => {
      const where = makeHome();
      const { bin, native } = nativeDist!;
      const self = { runtime: process.execPath, script: bin };
      run(['install', 'claude'], where, {}, self);
      write(join(where.home, '.codex/hooks.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: '^Bash$', hooks: [{ type: 'command', command: `${process.execPath} ${bin} hook --format codex` }] }] } }));
      const lines = run(['doctor'], where, {}, self).stdout.trimEnd().split('\n');
      expect(lines).toContain(`ok   claude: the hook in ${join(where.home, '.claude/settings.json')} runs this treeward (${native})`);
      expect(lines).toContain(`ok   codex: the hook in ${join(where.home, '.codex/hooks.json')} runs this treeward (${bin})`);
      expect(lines.find((line) => line.includes('native:'))).toMatch(
        new RegExp(`^warn native: ${native} \\(.* MB, Bun .*\\), made from this bundle, but the hooks of codex run ${process.execPath}; run \`treeward install codex\``));
      rmSync(join(where.home, '.codex'), { recursive: true });
      expect(run(['doctor'], where, {}, self).stdout).toMatch(new RegExp(`\nok   native: ${native} \\(.*\\), made from this bundle; the hooks of claude run it\n`));
    });

    it('run itself, installs hooks that run it', () => {
      const where = makeHome();
      const native = realpathSync(nativeDist!.native);
      const ran = spawnSync(native, ['install', 'claude', '--dry-run'], { env: { HOME: where.home, PATH: '/usr/bin:/bin' }, cwd: where.project, encoding: 'utf8' });
      expect(ran.status).toBe(0);
      expect(ran.stdout).toContain(`"command":"${native} hook --format claude"`);
      expect(ran.stdout).toContain(`\n  the hook runs the native executable ${native}\n`);
    });

    it('one made from another bundle is not installed, and a hook that runs it needs fixing', () => {
      const where = makeHome();
      const dir = join(base, `dist-stale-${homes}`);
      const bin = distCopy(nativeDist!.bin, dir);
      mkdirSync(join(dir, 'native'));
      symlinkSync(nativeDist!.native, join(dir, 'native', 'treeward'));
      const record = JSON.parse(readFileSync(join(dirname(nativeDist!.native), 'treeward.json'), 'utf8')) as Record<string, unknown>;
      writeFileSync(join(dir, 'native', 'treeward.json'), JSON.stringify({ ...record, bundleSha256: '0'.repeat(64) }));
      const self = { runtime: process.execPath, script: bin };
      const installed = run(['install', 'claude'], where, {}, self);
      expect(installed.stdout).toContain(`note: the hook runs ${process.execPath}, not the native executable ${join(dir, 'native', 'treeward')}: it was made from another bundle than ${join(dir, 'treeward-bundle.cjs')}`);
      expect(settings(where.home).hooks.PreToolUse[0]!.hooks[0]!.command).toBe(`${process.execPath} ${bin} hook --format claude`);
      write(join(where.home, '.claude/settings.json'), JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `${join(dir, 'native', 'treeward')} hook --format claude` }] }] } }));
      const report = run(['doctor'], where, {}, self);
      expect(report.stdout).toContain(`fix  native: ${join(dir, 'native', 'treeward')} is not current: it was made from another bundle`);
      expect(report.status).toBe(1);
    });

    it('one made from another hook bundle (what a hook runs) is not installed either', () => {
      const where = makeHome();
      const dir = join(base, `dist-stale-hook-${homes}`);
      const bin = distCopy(nativeDist!.bin, dir);
      mkdirSync(join(dir, 'native'));
      symlinkSync(nativeDist!.native, join(dir, 'native', 'treeward'));
      const record = JSON.parse(readFileSync(join(dirname(nativeDist!.native), 'treeward.json'), 'utf8')) as Record<string, unknown>;
      expect(record['hookBundleSha256']).toMatch(/^[0-9a-f]{64}$/);
      writeFileSync(join(dir, 'native', 'treeward.json'), JSON.stringify({ ...record, hookBundleSha256: '0'.repeat(64) }));
      const installed = run(['install', 'claude'], where, {}, { runtime: process.execPath, script: bin });
      expect(installed.stdout).toContain(`not the native executable ${join(dir, 'native', 'treeward')}: it was made from another bundle than ${join(dir, 'treeward-hook-bundle.cjs')}`);
      expect(settings(where.home).hooks.PreToolUse[0]!.hooks[0]!.command).toBe(`${process.execPath} ${bin} hook --format claude`);
    });
  });

  it('without a native executable, says how to build one', () => {
    expect(run(['doctor'], makeHome()).stdout).toContain('--   native: none built (`npm run build:native` makes dist/native/treeward');
  });

  it('exits 0 when everything installed is right', () => {
    const where = makeHome();
    fakeProgram(where.bin, 'claude', '2.1.320 (Claude Code)');
    run(['install', 'claude'], where);
    const report = run(['doctor'], where);
    expect(report.stdout).toContain('ok   claude: Claude Code 2.1.320, no known problem');
    expect(report.status).toBe(0);
  });
});
