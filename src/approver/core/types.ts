// The approver's public vocabulary: options, verdicts and decision ids.

import type { DialectName } from '../../syntax/dialect.js';
import type { Span } from '../../syntax/ast.js';
import type { FileSystem } from './fs.js';

/** SPEC §3's decision ids, in the order the rules are tried. */
export const specDenyIds = [
  'parse-error',
  'tree-group-broken',
  'removal-unplaced-name',
  'removal-unfixed-target',
  'removal-outside-tree',
  'protected-removal',
  'protected-write',
  'write-unfixed-target',
  'agent-launch',
  'inline-code',
  'dynamic-code',
  'git-command-setting',
  'too-complex',
  'bad-input',
  'internal-error',
] as const;

/** The opt-in rule packs (`packs` in the configuration, `--pack` on `check`), off by default. */
export const packNames = ['git-history'] as const;

export type PackName = (typeof packNames)[number];

/** The ids of the packs' refusals (issue 17), tried after every SPEC rule, in this order. */
export const packDenyIds = [
  'git-discards-changes',
  'git-branch-delete',
  'git-history-rewrite',
  'git-prunes-unreachable',
  'git-remote-overwrite',
] as const;

/** Every decision id: SPEC §3's, then the packs'. */
export const denyIds = [...specDenyIds, ...packDenyIds] as const;

export type DenyId = (typeof denyIds)[number];

export type PackDenyId = (typeof packDenyIds)[number];

export type Verdict =
  | { decision: 'allow'; command: string }
  | { decision: 'deny'; id: DenyId; reason: string; span: Span };

export type InlineCodePolicy = 'scan' | 'refuse' | 'allow';

export interface ApproveOptions {
  /** bash (default), sh or zsh. */
  dialect?: DialectName;
  /**
   * Which `/bin/sh` reads sh (a `dialect: 'sh'` line, and every `sh -c` inside any line): dash, or bash in POSIX mode.
   * Absent: not known, so both readings apply and the line must be clean under each (SPEC §1 `--shell sh`).
   */
  sh?: 'dash' | 'bash';
  /** The working tree: an absolute path. */
  tree: string;
  /**
   * Where the line starts. Default: the tree. Usually inside the tree; the hook
   * also judges a line as run where the harness would run it without the
   * hand-back's `cd`, which may lie outside (its removals there are judged as
   * such; the verdict is the same function of the line either way).
   */
  cwd?: string;
  /** The run's own directories (`--run-dir`): removals inside them are allowed. */
  runDirs?: string[];
  /** `$TMPDIR`, else `/tmp`. */
  tempDir?: string;
  /** The user's home directory, what `~` and `$HOME` stand for. Default: `/root`. */
  home?: string;
  /** The environment the line inherits (CDPATH, TMPDIR, BASH_ENV, …). Default: empty. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra protected paths (absolute, or `~/…`). */
  protected?: readonly string[];
  /** Extra agent program names. */
  agentNames?: readonly string[];
  /** Extra wrappers to read through (programs that run their arguments as a command). */
  wrappers?: readonly string[];
  /** What to do with inline interpreter code. Default: scan. */
  inlineCode?: InlineCodePolicy;
  /** Read every glob as matching dot names. */
  globDots?: boolean;
  /** The filesystem seam: node's fs for the binary, a memfs volume in tests. */
  fs?: FileSystem;
  /** SPEC §3 "Platforms": whose tools run the line (GNU's on linux, BSD's on darwin); absent: not known, so both readings apply. */
  platform?: 'linux' | 'darwin';
  /** Opt-in rule packs to apply after SPEC's rules (`git-history`). Default: none. */
  packs?: readonly PackName[];
}
