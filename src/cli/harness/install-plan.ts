// Where each harness reads its hooks and what `treeward install HOST` writes
// there: data each adapter holds, which src/cli/install.ts carries out
// (merging into the file byte for byte where it does not touch it) and
// src/cli/doctor.ts checks.

import { join } from 'node:path';

type JsonObject = Record<string, unknown>;

export type Scope = 'user' | 'project';

export interface InstallContext {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The project directory (`--project`, doctor): the current directory. */
  project: string;
  /** The command the harness runs, already quoted for a shell: `'<runtime>' '<bin>' hook --format NAME`. */
  hookCommand: string;
  /** The harness's version where install could tell (`claude --version`), else null. */
  version: string | null;
}

/** One array in a JSON settings file and the entry treeward keeps in it. */
export interface JsonEntry {
  /** The keys from the root to the array: `["hooks", "PreToolUse"]`. */
  path: readonly string[];
  /** The entry: a matcher group holding the hook (`nested`), or the hook itself. */
  value: JsonObject;
  /** `value.hooks` holds the hook (Claude Code's shape); else `value` is the hook (Cursor's, Crush's). */
  nested: boolean;
}

export interface JsonPlan {
  kind: 'json';
  /** Comments are allowed in the file (the harness strips them before parsing). */
  comments: boolean;
  /** The files to write for a scope, or why there is none. */
  targets(scope: Scope, context: InstallContext): string[] | { error: string };
  /** Keys the file's root must hold (Cursor's and Copilot's `"version": 1`), added where missing. */
  root?: JsonObject;
  entries(context: InstallContext): JsonEntry[];
  /** The hook object's key holding its command (Copilot: `bash`). */
  commandKey: string;
  /** A script the entry's command names (Augment runs `.sh` files only), written beside the settings. */
  script?: (scope: Scope, context: InstallContext) => string;
}

/** `[[hooks]]` tables in a TOML file (Kimi). */
export interface TomlPlan {
  kind: 'toml';
  targets(scope: Scope, context: InstallContext): string[] | { error: string };
  /** The table's keys and values, in order. */
  table(context: InstallContext): [string, string | number][];
}

/** An executable file the harness finds by its name (Cline). */
export interface ScriptPlan {
  kind: 'script';
  targets(scope: Scope, context: InstallContext): string[] | { error: string };
}

export type InstallPlan = (JsonPlan | TomlPlan | ScriptPlan) & {
  /** The directory whose presence says the harness is on this machine, for doctor. */
  present(context: InstallContext): string;
  /** How to ask the harness its version: the program and arguments. */
  versionCommand?: readonly string[];
  /** What is known to go wrong with a version of the harness (protocols.md §1.5), one sentence each. */
  knownIssues?(version: string): string[];
};

/** A shell script that runs the hook, for harnesses that take a file rather than a command line. */
export function hookScript(hookCommand: string, host: string): string {
  return `#!/bin/sh
# treeward: written by \`treeward install ${host}\`; \`treeward uninstall ${host}\` removes it.
exec ${hookCommand}
`;
}

/** `~/…` and `$VAR/…` as the harnesses spell their directories. */
export function homePath(context: InstallContext, ...parts: string[]): string {
  return join(context.home, ...parts);
}

/** The directory `variable` names, else the default under the home directory. */
export function envOrHome(context: InstallContext, variable: string, ...fallback: string[]): string {
  const value = context.env[variable];
  return value ? value : join(context.home, ...fallback);
}

/** Version strings compared part by part as numbers: `2.1.9` < `2.1.10`. Null when either does not read as one. */
export function compareVersions(a: string, b: string): number | null {
  const parse = (text: string) => /(\d+)\.(\d+)\.(\d+)/.exec(text)?.slice(1).map(Number) ?? null;
  const x = parse(a);
  const y = parse(b);
  if (x === null || y === null) return null;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}
