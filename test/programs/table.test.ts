// The program table itself (src/approver/programs/index.ts): every family
// file exports rows of the one shape, the merge refuses a name registered
// twice, and the names a function or alias may not take are those the
// table reads (before the redesign, a hand-kept list in the walk).

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ProgramRow } from '../../src/approver/core/actions.js';
import { isShadowable, programTable, rowOf } from '../../src/approver/programs/index.js';
import { builtins } from '../../src/approver/programs/shell-builtins.js';

const directory = new URL('../../src/approver/programs/', import.meta.url);

/** The files of programs/ that hold no family: the table, and what families share. */
const helpers = new Set([
  'index.ts', // the table
  'invocation.ts', // reading a command by a row
  'agents.ts', // harness launches, checked by name before the table
  'inline-code.ts', // the inline-code policy and its scan
  'environment.ts', // what an assignment's name means
  'listings.ts', // grep, rg, fd and git ls-files as listers in a pipeline
  'sed-script.ts', // sed's script language
  'coreutils-options.ts', // the option tables of files.ts
  'git-history.ts', // the git-history pack's reading of git's subcommands, which git.ts calls
  'package-scripts.ts', // the package managers' scripts, which package-runners.ts and interpreters.ts read
  'unknown.ts', // what a program the table does not read is assumed to do with its words
  'git-config.ts', // what git reads besides its -c settings, for git.ts
  'home-variables.ts', // HOME and the XDG directories a program started with them writes below, for index.ts
  'interpreter-options.ts', // the option tables of interpreters.ts
  'loading.ts', // modules the line wrote that an interpreter finds by name, for interpreters.ts and inline-code.ts
]);

const families = readdirSync(directory).filter((file) => file.endsWith('.ts') && !helpers.has(file));

describe('the families', () => {
  it.each(families)('%s exports rows of the one shape', async (file) => {
    const module = (await import(new URL(file, directory).href)) as { rows?: ProgramRow[] };
    expect(Array.isArray(module.rows)).toBe(true);
    for (const row of module.rows!) {
      expect(row.names.length).toBeGreaterThan(0);
      expect(typeof row.read).toBe('function');
      for (const name of row.names) expect(rowOf(name), name).toBe(row);
    }
  });
});

describe('the merge', () => {
  const row: ProgramRow = { names: ['x'], read: () => [] };
  it('reads each name by its row', () => {
    expect(programTable([[row], [{ ...row, names: ['y'] }]]).get('x')).toBe(row);
  });
  it('refuses a name registered twice', () => {
    expect(() => programTable([[row], [{ ...row, names: ['y', 'x'] }]])).toThrow('the program table reads `x` twice');
  });
});

describe('names a function or alias may not take', () => {
  // the walk's own list before the redesign (src/approver/walk.ts `shadowableNames`)
  const before = [
    'cd', 'pushd', 'popd', 'builtin', 'command', 'exec', 'eval', 'source', '.', 'alias', 'unalias', 'set', 'shopt', 'setopt',
    'export', 'declare', 'typeset', 'local', 'readonly', 'unset', 'trap', 'read', 'printf', 'echo', 'test', '[', 'true', 'false',
    'rm', 'rmdir', 'unlink', 'mv', 'cp', 'ln', 'install', 'mkdir', 'touch', 'truncate', 'dd', 'tee', 'chmod', 'chown', 'chgrp',
    'find', 'xargs', 'git', 'tar', 'unzip', 'rsync', 'sed', 'perl', 'python', 'python3', 'node', 'env', 'sudo', 'sh', 'bash', 'zsh', 'dash',
    'shred', 'curl', 'wget', 'nohup', 'nice', 'timeout', 'time', 'npx', 'npm', 'pnpm', 'yarn', 'bunx', 'bun', 'uvx', 'uv', 'pipx',
  ];

  // and the rows added since that read a program a function could stand in for (issue 14: chflags)
  const since = ['chflags'];

  it('are the builtins and rows marked shadowable: the same names as before', async () => {
    const names = Object.keys(builtins).filter((name) => builtins[name]!.shadowable === true);
    for (const file of families) {
      const { rows } = (await import(new URL(file, directory).href)) as { rows: ProgramRow[] };
      for (const row of rows) if (row.shadowable) names.push(...row.names);
    }
    expect([...new Set(names)].sort()).toEqual([...before, ...since].sort());
    for (const name of before) expect(isShadowable(name), name).toBe(true);
  });

  it.each(['make', 'ls', 'grep', 'claude', 'ssh'])('%s may be shadowed', (name) => {
    expect(isShadowable(name)).toBe(false);
  });
});
