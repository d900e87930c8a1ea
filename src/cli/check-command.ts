// `treeward check`: judge one line for a tree, for a person (verdict, id,
// reason, a caret under the span) or as one JSON object.

import { approve } from '../approver/approve.js';
import { fileSystemFrom } from '../approver/fs.js';
import type { Verdict } from '../approver/types.js';
import { caretLine } from './caret.js';
import { type Arguments, UsageError } from './arguments.js';
import { defaultLogSettings, recordVerdict } from './audit-log.js';
import { loadConfig } from './config-file.js';
import { absoluteDirectory, nodeFileSystem, resolvedPath, shellFromEnvironment } from './environment.js';
import { binShOf, platformOf } from './platform.js';
import { version } from './version.js';

export function runCheck(command: string, args: Arguments): { exitCode: number; stdout: string; stderr: string } {
  const tree = absoluteDirectory(args.tree ?? process.cwd());
  if (tree === null) throw new UsageError(`--tree ${args.tree ?? '.'} is not a directory`);
  const cwd = args.cwd === null ? tree : absoluteDirectory(args.cwd, false);
  if (cwd === null) throw new UsageError(`--cwd ${args.cwd} is not a directory`);
  const dialect = args.shell ?? shellFromEnvironment(process.env['SHELL']) ?? 'bash';
  const started = performance.now();
  const platform = args.platform ?? platformOf(process.platform);
  const binSh = args.sh ?? binShOf(resolvedPath, process.platform);
  const verdict: Verdict = approve(command, {
    ...(platform === undefined ? {} : { platform }),
    ...(binSh === undefined ? {} : { sh: binSh }),
    dialect,
    tree,
    cwd,
    runDirs: args.runDirs.map((d) => absoluteDirectory(d, false) ?? d),
    tempDir: process.env['TMPDIR'] || '/tmp',
    home: process.env['HOME'] || '/',
    env: Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string')),
    fs: fileSystemFrom(nodeFileSystem),
    ...(args.packs.length > 0 ? { packs: args.packs } : {}),
  });
  const verdictMs = performance.now() - started;
  const problem = args.log ? logCheck(command, verdict, { tree, cwd, dialect, platform: platform ?? null, verdictMs }) : null;
  const stderr = problem === null ? '' : `treeward: ${problem}, so this verdict was not logged\n`;
  if (args.json) return { exitCode: verdict.decision === 'allow' ? 0 : 1, stdout: JSON.stringify(verdict) + '\n', stderr };
  if (verdict.decision === 'allow') return { exitCode: 0, stdout: `allow\n${verdict.command}\n`, stderr };
  return { exitCode: 1, stdout: `deny ${verdict.id}: ${verdict.reason}\n${caretLine(command, verdict.span)}`, stderr };
}

/**
 * `check --log`: the verdict in the audit log, as the hook writes its own
 * (harness `check`). Asked for by name, so written even where the
 * configuration turns the hook's log off; its rotation is the configuration's.
 */
function logCheck(
  command: string, verdict: Verdict, where: { tree: string; cwd: string; dialect: string; platform: string | null; verdictMs: number },
): string | null {
  const home = process.env['HOME'] || '/';
  const config = loadConfig(null, process.cwd(), home, where.tree, where.tree);
  const settings = { ...(typeof config === 'string' ? defaultLogSettings : config.log), enabled: true };
  return recordVerdict({
    time: new Date().toISOString(),
    harness: 'check',
    session: null,
    tree: where.tree,
    directory: where.cwd,
    dialect: where.dialect,
    platform: where.platform,
    command,
    decision: verdict.decision,
    id: verdict.decision === 'deny' ? verdict.id : null,
    reason: verdict.decision === 'deny' ? verdict.reason : null,
    span: verdict.decision === 'deny' ? verdict.span : null,
    version,
    verdictMs: Math.round(where.verdictMs * 100) / 100,
  }, settings, process.env);
}
