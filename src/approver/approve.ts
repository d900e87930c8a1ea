// approve(): judge one command line for a working tree, and hand it back
// pinned there (`cd -- '<dir>' && {⏎<command>⏎}`) or refuse it with an id,
// a reason the agent can act on, and the span that caused it. It never
// throws and never approves by accident: any failure inside is a deny.

import { budgets } from '../budgets.js';
import { dialects } from '../syntax/dialect.js';
import { BudgetError, ParseError } from '../syntax/errors.js';
import type { Script, Span } from '../syntax/ast.js';
import { parse } from '../parser/parser.js';
import { agentPrograms } from './programs/index.js';
import { emptyFileSystem, FsError, snapshotFileSystem } from './core/fs.js';
import { handBackProblem, wrapInTree } from './handback.js';
import { lookupBudget, resolveThroughLinks } from './core/path-reading.js';
import { normalizeLexically } from './core/path-text.js';
import { protectedSet } from './core/protected.js';
import { judge, LookupsExhausted } from './rules/index.js';
import { startupGlobDots } from './core/startup.js';
import type { ApproveOptions, DenyId, Verdict } from './core/types.js';
import { Walker } from './walk/walker.js';

/** Lookups (lstat, readlink, readdir) one line may spend. */
export const maxLookups = budgets.maxLookups;

export function approve(command: string, options: ApproveOptions): Verdict {
  try {
    return approveOrThrow(command, options);
  } catch (error) {
    // A RangeError is a stack or a string or array past what the runtime holds: whatever its wording
    // (V8's and Bun's differ), the line is past what treeward can judge.
    if (error instanceof BudgetError || error instanceof LookupsExhausted || error instanceof RangeError) {
      return deny('too-complex', [0, Math.min(command.length, 1)], 'the line is past treeward\'s budget for filesystem lookups or nesting; split it into simpler commands');
    }
    const what = error instanceof FsError ? error.code === 'ECHANGED' ? `the filesystem changed at \`${error.path}\` while treeward read it` : `reading \`${error.path}\` failed (${error.code})` : 'an internal error';
    return deny('internal-error', [0, Math.min(command.length, 1)], `treeward could not judge the line: ${what}; nothing was approved, try a simpler command`);
  }
}

function deny(id: DenyId, span: Span, reason: string): Verdict {
  return { decision: 'deny', id, reason, span };
}

function approveOrThrow(command: string, options: ApproveOptions): Verdict {
  const dialect = dialects[options.dialect ?? 'bash'];
  if (!options.tree || !options.tree.startsWith('/')) throw new TypeError('approve() needs an absolute `tree`');
  const tree = normalizeLexically(options.tree);
  const cwd = options.cwd ? normalizeLexically(options.cwd) : tree;
  const home = normalizeLexically(options.home ?? '/root');
  const tempDir = normalizeLexically(options.tempDir ?? '/tmp');
  const tempDirs = [...new Set([tempDir, '/tmp'])];
  const runDirs = (options.runDirs ?? []).map(normalizeLexically);
  const fs = snapshotFileSystem(options.fs ?? emptyFileSystem);

  // 1. parse-error (a closer with nothing open, a final backslash: tree-group-broken)
  let script: Script;
  try {
    script = parse(command, { dialect: dialect.name });
  } catch (error) {
    if (error instanceof BudgetError) return deny('too-complex', error.span, `${error.message}; split the line into simpler commands`);
    if (error instanceof ParseError) {
      if (error.kind === 'stray-closer') {
        return deny('tree-group-broken', error.span, `${error.message}: inside \`cd -- DIR && { … }\` it would close the group early and run the rest outside the tree; remove the stray closer`);
      }
      return deny('parse-error', error.span, `the line does not parse as ${dialect.name}: ${error.message}; fix the syntax (treeward refuses what it cannot read)`);
    }
    throw error;
  }
  // 2. tree-group-broken
  if (script.body.length === 0) return deny('tree-group-broken', [0, command.length], 'the line is empty or only comments; there is nothing to run');
  if (endsInBackslash(command)) return deny('tree-group-broken', [command.length - 1, command.length], 'the line ends in a backslash, which would join it to the closing `}` of the group it runs in; remove the final backslash');
  const problem = handBackProblem(cwd, command, dialect);
  if (problem) return deny('tree-group-broken', [0, command.length], `${problem}; treeward runs the line as \`cd -- DIR && { … }\` and it must stay one group`);

  // 3. the walk, and the rules in order
  const walker = new Walker({
    dialect, home, tempDir, env: options.env ?? {},
    agentNames: new Set([...agentPrograms, ...(options.agentNames ?? [])]),
    wrappers: new Set(options.wrappers ?? []),
    globDots: false,
    inlineCode: options.inlineCode ?? 'scan',
  }, script.body);
  walker.walkLine(script.body, cwd);
  const budget = lookupBudget(maxLookups);
  const denial = judge(walker.effects, {
    tree, runDirs, tempDirs, home, fs, budget, dialect,
    protected: protectedSet(tree, home, options.protected ?? [], fs),
    globDots: options.globDots === true || startupGlobDots(home, dialect, fs),
  });
  if (denial) return { decision: 'deny', ...denial };
  return { decision: 'allow', command: wrapInTree(cwd, command) };
}

/** What the approver found a line doing, for tests and for `treeward check --explain`: its verdict and its effects. */
export interface Explanation {
  verdict: Verdict;
  /** Removals and writes, each with the absolute paths it names (as written, and as resolved through links), or null when not fixed. */
  effects: { kind: 'removal' | 'write'; by: string; paths: string[] | null; glob: boolean; recursive: boolean; span: Span }[];
}

export function explain(command: string, options: ApproveOptions): Explanation {
  const verdict = approve(command, options);
  const dialect = dialects[options.dialect ?? 'bash'];
  const tree = normalizeLexically(options.tree);
  const effects: Explanation['effects'] = [];
  let script: Script;
  try {
    script = parse(command, { dialect: dialect.name });
  } catch {
    return { verdict, effects };
  }
  const walker = new Walker({
    dialect, home: normalizeLexically(options.home ?? '/root'), tempDir: normalizeLexically(options.tempDir ?? '/tmp'), env: options.env ?? {},
    agentNames: new Set([...agentPrograms, ...(options.agentNames ?? [])]), wrappers: new Set(options.wrappers ?? []), globDots: false, inlineCode: options.inlineCode ?? 'scan',
  }, script.body);
  try {
    walker.walkLine(script.body, options.cwd ? normalizeLexically(options.cwd) : tree);
  } catch {
    return { verdict, effects };
  }
  const fs = options.fs ?? emptyFileSystem;
  const budget = lookupBudget(maxLookups);
  for (const e of walker.effects) {
    if (e.kind !== 'removal' && e.kind !== 'write') continue;
    // a write to what a program lists below a directory reaches everything there its filters allow
    const recursive = e.recursive || (e.kind === 'write' && e.below !== undefined) || (e.kind === 'removal' && e.belowOnly);
    if (e.value.kind !== 'fixed' || e.dirs === null) {
      effects.push({ kind: e.kind, by: e.by, paths: null, glob: false, recursive, span: e.span });
      continue;
    }
    const paths = new Set<string>();
    let glob = false;
    for (const field of e.value.fields) {
      glob ||= field.glob;
      for (const dir of field.text.startsWith('/') ? ['/'] : e.dirs) {
        const raw = field.text.startsWith('/') ? field.text : `${dir}/${field.text}`;
        paths.add(normalizeLexically(raw));
        // as resolved too: `cd link && rm ../x` removes beside the link's target
        if (field.glob) continue;
        const followLast = e.kind === 'write' || /\/\.?$/.test(field.text);
        const resolution = resolveThroughLinks(raw, fs, { followLast, budget });
        if (resolution.ok) paths.add(resolution.path);
      }
    }
    effects.push({ kind: e.kind, by: e.by, paths: [...paths], glob, recursive, span: e.span });
  }
  return { verdict, effects };
}

/** A final backslash that escapes nothing (an odd run of backslashes at the very end). */
function endsInBackslash(command: string): boolean {
  let n = 0;
  for (let i = command.length - 1; i >= 0 && command[i] === '\\'; i--) n++;
  return n % 2 === 1;
}
