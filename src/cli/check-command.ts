// `treeward check`: judge one line for a tree, for a person (verdict, id,
// reason, a caret under the span) or as one JSON object.

import { approve } from '../approver/approve.js';
import { fileSystemFrom } from '../approver/fs.js';
import type { Verdict } from '../approver/types.js';
import { caretLine } from './caret.js';
import { type Arguments, UsageError } from './arguments.js';
import { absoluteDirectory, nodeFileSystem, shellFromEnvironment } from './environment.js';

export function runCheck(command: string, args: Arguments): { exitCode: number; stdout: string } {
  const tree = absoluteDirectory(args.tree ?? process.cwd());
  if (tree === null) throw new UsageError(`--tree ${args.tree ?? '.'} is not a directory`);
  const cwd = args.cwd === null ? tree : absoluteDirectory(args.cwd, false);
  if (cwd === null) throw new UsageError(`--cwd ${args.cwd} is not a directory`);
  const verdict: Verdict = approve(command, {
    dialect: args.shell ?? shellFromEnvironment(process.env['SHELL']) ?? 'bash',
    tree,
    cwd,
    runDirs: args.runDirs.map((d) => absoluteDirectory(d, false) ?? d),
    tempDir: process.env['TMPDIR'] || '/tmp',
    home: process.env['HOME'] || '/',
    env: Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string')),
    fs: fileSystemFrom(nodeFileSystem),
  });
  if (args.json) return { exitCode: verdict.decision === 'allow' ? 0 : 1, stdout: JSON.stringify(verdict) + '\n' };
  if (verdict.decision === 'allow') return { exitCode: 0, stdout: `allow\n${verdict.command}\n` };
  return { exitCode: 1, stdout: `deny ${verdict.id}: ${verdict.reason}\n${caretLine(command, verdict.span)}` };
}
