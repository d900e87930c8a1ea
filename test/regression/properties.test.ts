// Properties of the approver over the corpus (fixtures/corpus/) and over
// random trees, with fast-check on the seeds of test/seeds.json:
//
//  1. Every deny stays denied under every wrapper and nesting of ./wrapping.ts
//     (program wrappers with their options, `bash -c`/`sh -c`/`zsh -c` in three
//     quotings, a subshell, a brace group, `true &&`, `$( )`, split over lines),
//     one at a time for every case, and in random chains of up to three.
//  2. Every allow stays allowed under harmless wrappers (`time`, `nice`,
//     `env FOO=1`, a subshell, a brace group).
//  3. Random trees with symlinks (memfs): no removal whose target really
//     resolves outside the tree (or onto the tree itself, or into `.git`) is
//     approved; the target is resolved as the kernel does, physically.
//
// Known approver bugs (./known-failures.ts) are reported, not failed.

import { posix } from 'node:path';
import fc from 'fast-check';
import { Volume } from 'memfs';
import { afterAll, describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom, type FileSystem } from '../../src/approver/fs.js';
import type { ApproveOptions } from '../../src/approver/types.js';
import type { DialectName } from '../../src/syntax/dialect.js';
import { approveOptions, buildVolume, conventions } from '../fixtures/load.js';
import { caseKey, loadCorpus, type CorpusCase } from './corpus.js';
import { KnownLedger, kindOf } from './known.js';
import { knownFailures } from './known-failures.js';
import { exploring, seedsFor } from '../support/seeds.js';
import { allowWrappers, denyWrappers, shapeOf, type Wrapper } from './wrapping.js';

const cases: CorpusCase[] = loadCorpus().flatMap((file) => file.cases);
const ledger = new KnownLedger();

interface Judged {
  c: CorpusCase;
  dialect: DialectName;
  key: string;
  options: ApproveOptions;
}

function judged(want: 'allow' | 'deny'): Judged[] {
  const out: Judged[] = [];
  for (const c of cases) {
    if (c.expect.decision !== want) continue;
    const fs: FileSystem = fileSystemFrom(buildVolume(c) as never);
    for (const dialect of c.dialects) {
      const options = { ...approveOptions(c, dialect), fs };
      // a case the approver gets wrong is the corpus test's to report; properties start from what it says
      const verdict = approve(c.command, options);
      if (verdict.decision !== want) continue;
      out.push({ c, dialect, key: caseKey(c, dialect), options });
    }
  }
  return out;
}

/**
 * A tree-group-broken line is refused for its closer, which a string wrapper
 * quotes harmlessly; one that is empty or only comments is refused for having
 * nothing to run, which any wrapper gives it.
 */
const exempt = (j: Judged, wrappers: readonly Wrapper[]) =>
  j.c.expect.decision === 'deny' && j.c.expect.id === 'tree-group-broken' && (wrappers.some((w) => w.kind === 'string') || (shapeOf(j.c.command, j.dialect)?.script.body.length ?? 1) === 0);

function applyChain(line: string, dialect: DialectName, chain: readonly Wrapper[]): string | null {
  let out = line;
  for (const w of chain) {
    const next = w.wrap(out, dialect);
    if (next === null) return null;
    out = next;
  }
  return out;
}

const counts = { denyWrapped: 0, denyChains: 0, allowWrapped: 0, trees: 0, treesApproved: 0 };

describe('every deny stays denied under each wrapper', () => {
  const denies = judged('deny');

  afterAll(() => {
    console.log(`regression properties: ${denies.length} denied case×dialect, ${counts.denyWrapped} wrapped lines, ${counts.denyChains} random chains`);
  });

  // the fixed wrappings are the same in every run: an exploration tries only the random chains
  for (const w of exploring ? [] : denyWrappers) {
    it(w.id, () => {
      const problems: string[] = [];
      for (const j of denies) {
        if (exempt(j, [w])) continue;
        const line = w.wrap(j.c.command, j.dialect);
        if (line === null) continue;
        counts.denyWrapped++;
        const verdict = approve(line, j.options);
        const problem = verdict.decision === 'allow' ? `${w.id} › ${j.key}: the wrapped line is allowed\n  ${JSON.stringify(line)}` : null;
        const failure = ledger.settle(`${w.id} › ${j.key}`, problem);
        if (failure) problems.push(failure);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  for (const { seed, runs, replay } of seedsFor('wrapper-chains')) it(`in random chains of up to three wrappers (seed ${seed})`, () => {
    const chainArb = fc.record({
      j: fc.constantFrom(...denies),
      chain: fc.array(fc.constantFrom(...denyWrappers), { minLength: 2, maxLength: 3 }),
    });
    fc.assert(
      fc.property(chainArb, ({ j, chain }) => {
        if (exempt(j, chain)) return true;
        const line = applyChain(j.c.command, j.dialect, chain);
        if (line === null) return true;
        counts.denyChains++;
        const verdict = approve(line, j.options);
        if (verdict.decision !== 'allow') return true;
        const test = `${chain.map((w) => w.id).join(' + ')} › ${j.key}`;
        // a chain holding a wrapper already known to let this case through fails for that known reason
        const known = knownFailures.find((k) => chain.some((w) => k.test === `${w.id} › ${j.key}`));
        if (known) {
          ledger.report.failed.push({ test, entry: known, detail: `${test}: the wrapped line is allowed\n  ${JSON.stringify(line)}` });
          return true;
        }
        throw new Error(`${test}: the wrapped line is allowed\n  ${JSON.stringify(line)}\n  replay: ${replay}`);
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
  });
});

describe.skipIf(exploring)('every allow stays allowed under harmless wrappers', () => {
  const allows = judged('allow');

  for (const w of allowWrappers) {
    it(w.id, () => {
      const problems: string[] = [];
      for (const j of allows) {
        const line = w.wrap(j.c.command, j.dialect);
        if (line === null) continue;
        counts.allowWrapped++;
        const verdict = approve(line, j.options);
        const problem = verdict.decision === 'deny' ? `${w.id} › ${j.key}: the wrapped line is refused: ${verdict.id}: ${verdict.reason}\n  ${JSON.stringify(line)}` : null;
        const failure = ledger.settle(`${w.id} › ${j.key}`, problem);
        if (failure) problems.push(failure);
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});

// ------------------------------------------------------------------ random trees with symlinks

const T = conventions.tree;
const names = ['a', 'b', 'l1', 'l2'];
const linkTargets = [
  '/home/dev/outside', '/home/dev', '/', '/etc', '/home/dev/outside/deep', T, `${T}/.git`, `${T}/a`, '.git', '..', '../..',
  '../../..', '.', 'a', 'a/b', '../a', '../.git', '/tmp', '/tmp/x', 'nope', '/var/lib/treeward/run/brief', 'l1', 'l2',
];

interface TreeSpec {
  entries: { parent: number; name: string; kind: 'dir' | 'file' | 'link'; target: string }[];
}

const treeArb: fc.Arbitrary<TreeSpec> = fc.record({
  entries: fc.array(
    fc.record({
      parent: fc.nat({ max: 7 }),
      name: fc.constantFrom(...names),
      kind: fc.constantFrom<'dir' | 'file' | 'link'>('dir', 'dir', 'link', 'link', 'file'),
      target: fc.constantFrom(...linkTargets),
    }),
    { maxLength: 8 },
  ),
});

type Vol = InstanceType<typeof Volume>;

/** The random tree in a volume with the fixed places; returns it and the directories made (as written). */
function buildTree(spec: TreeSpec): { vol: Vol; dirs: string[] } {
  const vol = new Volume();
  for (const d of [T, conventions.home, conventions.outside, `${conventions.outside}/deep`, '/etc', '/tmp/x', ...conventions.runDirs, `${T}/.git/hooks`, `${T}/.git/objects`]) vol.mkdirSync(d, { recursive: true });
  vol.writeFileSync(`${T}/.git/HEAD`, 'ref: refs/heads/main\n');
  vol.writeFileSync(`${conventions.outside}/deep/keep.txt`, 'keep\n');
  const dirs: string[] = [T];
  for (const e of spec.entries) {
    const parent = dirs[e.parent % dirs.length]!;
    const p = `${parent}/${e.name}`;
    if (exists(vol, p)) continue;
    if (e.kind === 'dir') {
      vol.mkdirSync(p);
      dirs.push(p);
    } else if (e.kind === 'file') vol.writeFileSync(p, '');
    else vol.symlinkSync(e.target, p);
  }
  return { vol, dirs };
}

function exists(vol: Vol, p: string): boolean {
  try {
    vol.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** What the kernel opens for `p` from `cwd`: components walked physically, links followed (the last only if asked); null when it fails. */
function resolvePhysical(vol: Vol, cwd: string, p: string, followLast: boolean): string | null {
  const queue = (p.startsWith('/') ? p : `${cwd}/${p}`).split('/').filter(Boolean);
  let cur = '/';
  let hops = 0;
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (name === '.') continue;
    if (name === '..') {
      cur = posix.dirname(cur);
      continue;
    }
    const next = cur === '/' ? `/${name}` : `${cur}/${name}`;
    let st;
    try {
      st = vol.lstatSync(next);
    } catch {
      // a missing last component names nothing; a missing parent fails
      return queue.length === 0 ? next : null;
    }
    const last = queue.length === 0;
    if (st.isSymbolicLink() && (!last || followLast)) {
      if (++hops > 40) return null;
      const target = String(vol.readlinkSync(next));
      if (target.startsWith('/')) cur = '/';
      queue.unshift(...target.split('/').filter(Boolean));
      continue;
    }
    if (!last && !st.isDirectory()) return null;
    cur = next;
  }
  return cur;
}

const within = (p: string, dir: string) => p.startsWith(dir + '/');
const atOrWithin = (p: string, dir: string) => p === dir || within(p, dir);

/**
 * Null when the removal harms nothing but the tree's own unprotected entries
 * and what lies in the temp dir and the run dirs; else what it harms. A
 * recursive removal (rm -r, find -delete, mv of a directory) also takes what
 * lies below the entry. The entry itself is removed unless the target ends in
 * `.`/`..` or is a link written with a trailing slash (rm and find refuse those;
 * they remove only what lies below).
 */
function harm(vol: Vol, cwd: string, target: string, recursive: boolean): string | null {
  const entry = resolvePhysical(vol, cwd, target, /\/\.?$/.test(target));
  if (entry === null || !exists(vol, entry)) return null;
  const unslashed = target.replace(/\/+$/, '');
  const viaLink = target.endsWith('/') && unslashed !== '' && isLink(vol, resolvePhysical(vol, cwd, unslashed, false));
  const self = !/(^|\/)\.\.?\/?$/.test(target) && !viaLink;
  const places = [T, '/tmp', ...conventions.runDirs];
  const git = `${T}/.git`;
  if (self && !places.some((d) => within(entry, d))) return `removes ${entry}, which is not inside the tree, the temp dir or a run dir`;
  if (self && (atOrWithin(entry, git) || within(git, entry))) return `removes ${entry}, which is or holds .git`;
  if (!recursive || !isDirectory(vol, entry)) return null;
  if (!places.some((d) => atOrWithin(entry, d))) return `removes what lies below ${entry}, outside the tree, the temp dir and the run dirs`;
  if (atOrWithin(entry, git) || atOrWithin(git, entry)) return `removes what lies below ${entry}, which is or holds .git`;
  return null;
}

function isLink(vol: Vol, p: string | null): boolean {
  if (p === null) return false;
  try {
    return vol.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function isDirectory(vol: Vol, p: string): boolean {
  try {
    return vol.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

const targetArb = fc.record({
  prefix: fc.constantFrom('', '', './', `${T}/`),
  parts: fc.array(fc.constantFrom('a', 'b', 'l1', 'l2', '..', '.', '.git'), { minLength: 1, maxLength: 4 }),
  suffix: fc.constantFrom('', '', '/', '/.'),
});
const commandArb = fc.constantFrom('rm -rf', 'rm -f', 'rmdir', 'unlink', 'find', 'cd', 'mv', 'shred -u');

describe('random trees with symlinks', () => {
  it.skipIf(exploring)('are judged by a harm check that sees through links (a check of the check)', () => {
    const { vol } = buildTree({
      entries: [
        { parent: 0, name: 'l1', kind: 'link', target: '/home/dev/outside' },
        { parent: 0, name: 'l2', kind: 'link', target: '.git' },
        { parent: 0, name: 'a', kind: 'dir', target: '' },
      ],
    });
    expect(harm(vol, T, 'l1', true)).toBeNull();
    expect(harm(vol, T, 'l1/', true)).toMatch(/below \/home\/dev\/outside/);
    expect(harm(vol, T, 'l1/deep', true)).toMatch(/removes \/home\/dev\/outside\/deep/);
    expect(harm(vol, T, 'l2/hooks', true)).toMatch(/\.git/);
    expect(harm(vol, T, 'a/..', true)).toMatch(/holds \.git/);
    expect(harm(vol, T, 'a', true)).toBeNull();
    expect(harm(vol, `${T}/a`, '../..', true)).toMatch(/\/home\/dev/);
  });

  for (const { seed, runs, replay } of seedsFor('random-trees')) it(`never approve a removal whose target resolves outside the tree (seed ${seed})`, () => {
    fc.assert(
      fc.property(treeArb, targetArb, commandArb, fc.constantFrom<DialectName>('bash', 'sh', 'zsh'), fc.constantFrom(...names), (spec, t, program, dialect, dir) => {
        const { vol } = buildTree(spec);
        const target = `${t.prefix}${t.parts.join('/')}${t.suffix}`;
        let command: string;
        let cwd: string | null = T;
        if (program === 'find') command = `find ${target} -delete`;
        else if (program === 'mv') command = `mv ${target} /tmp/moved`;
        else if (program === 'cd') {
          command = `cd ${dir} && rm -rf ${target}`;
          cwd = resolvePhysical(vol, T, dir, true);
          if (cwd !== null) {
            try {
              if (!vol.statSync(cwd).isDirectory()) cwd = null;
            } catch {
              cwd = null;
            }
          }
        } else command = `${program} ${target}`;
        counts.trees++;
        const verdict = approve(command, {
          dialect, tree: T, home: conventions.home, tempDir: '/tmp', runDirs: [...conventions.runDirs], env: {}, fs: fileSystemFrom(vol as never),
        });
        if (verdict.decision !== 'allow') return true;
        counts.treesApproved++;
        if (cwd === null) return true; // the cd fails, and && runs nothing
        const why = harm(vol, cwd, target, program === 'rm -rf' || program === 'find' || program === 'cd' || program === 'mv');
        const listing = spec.entries.map((e) => `${e.kind} ${e.name}${e.kind === 'link' ? ` -> ${e.target}` : ''} (in #${e.parent})`).join('; ');
        const problem = why ? `random tree [${dialect}]: \`${command}\` is approved but ${why}\n  tree: ${listing}\n  replay: ${replay}` : null;
        const failure = ledger.settle(`random tree › ${command}`, problem, command);
        if (failure) throw new Error(failure);
        return true;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
    console.log(`regression properties: ${counts.trees} removals in random trees, ${counts.treesApproved} approved, each resolved and checked`);
  });
});

describe('the known-failure list', () => {
  it.skipIf(exploring)('names only wrapped lines that were tried', () => {
    if (ledger.report.failed.length) console.log(ledger.summary('properties'));
    const stale = knownFailures.filter((k) => k.test !== undefined && kindOf(k.test) === 'properties' && !k.test.includes(' + ') && !k.test.startsWith('random tree › ')
      && !ledger.report.failed.some((f) => f.test === k.test) && !ledger.report.passed.some((p) => p.test === k.test));
    expect(stale.map((k) => k.test), 'known failures of the properties that no test tried').toEqual([]);
  });
});
