// The shells agree with the approver (SPEC §3–§4): for every line of
// ./agreement-lines.ts and each of its dialects, real bash, sh (dash) and zsh
// run it in a bubblewrap sandbox (test/support/shells.ts) and treeward's
// `explain()` reads it for the same tree, mirrored in a memfs volume.
//
//  1. Effects. The line runs as written in the scratch work dir. Every path the
//     shell created, modified or deleted (the fs diff), and every path a file
//     tool's argv names (read as the real program reads it: options skipped,
//     operands taken), must be one the approver listed: a listed path equal to
//     it, a listed recursive removal or write of a directory holding it, a
//     listed glob whose fixed directory holds it, or a listed target the
//     approver says it cannot fix (paths null). Paths are compared physically:
//     both sides are resolved through the layout's symlinks (the last
//     component of a listed path either way). The approver may list more than
//     the shell did (a branch not taken), never less.
//  2. Containment. For every line the approver allows, its handed-back text
//     `cd -- '<dir>' && {⏎<line>⏎}` runs with <dir> a directory that does not
//     exist (no command may run, nothing may change), and with <dir> the work
//     dir (every command runs inside the work dir, or where a `cd` in the line
//     itself took it: the line's `leaves`).
//
// The file tools (rm, mv, cp, ln, mkdir, touch, tee, truncate, dd, shred,
// find, install, chmod, …) run for real inside the sandbox, so the fs diff
// shows what they did; git, curl, wget, tar, unzip, make, sudo, npx stay
// log-only stubs and are read from their argv alone.
//
// The approver judges for tree /lab/work, home /lab/home, temp dir
// /tmp (as in the sandbox); ../outside and ../home lie outside the tree and
// the temp dir, as they would on a real machine.
//
// Misses on a line the approver refuses because it says it cannot read the
// code or fix a target (`dynamic-code`, `…-unfixed-target`,
// `removal-unplaced-name`: `… | sh`, `$(echo rm)`, `xargs`) are logged, not
// failed. A line that treeward cannot parse is refused before any walk: only
// its verdict is checked. `TREEWARD_AGREEMENT_DEBUG=<regexp of line ids>`
// prints both sides for those lines.
//
// Needs bubblewrap: without it the file fails in CI and skips, with a notice,
// elsewhere.

import path from 'node:path';
import { Volume } from 'memfs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain, fileSystemFrom, parse, type Explanation } from '../../src/index.js';
import {
  IN_HOME, IN_OUTSIDE, IN_WORK, requireSandbox, runLines,
  type Call, type Case, type Layout, type LineResult, type RunResult, type ShellName, everyShellOf, readAs, treewardReadingOf,
} from '../support/shells.js';
import {
  callEvents as argvEvents, describeListed, diffEvents as runEvents, inside, physical, type PathEvent,
} from '../regression/argv-effects.js';
import { agreementLayout, agreementLines, type AgreementLine } from './agreement-lines.js';

const SHELLS: ShellName[] = ['bash', 'sh', 'zsh'];
/** treeward reads bash as bash with extglob on. */
const BASH_ARGS = ['-O', 'extglob'];
/** Log-only stubs that run for real, so the fs diff shows what they did (they still log their calls). */
const REAL = ['rm', 'rmdir', 'unlink', 'mv', 'cp', 'ln', 'mkdir', 'touch', 'tee', 'truncate', 'dd', 'shred', 'find', 'install', 'chmod'];
const NOPE = '/lab/nope';
const ENV: Record<string, string> = { PATH: '/tw/bin', HOME: IN_HOME, LANG: 'C.UTF-8', USER: 'lab', LOGNAME: 'lab' };

/** `TREEWARD_AGREEMENT_DEBUG=<regexp of line ids>` prints what each side saw for those lines. */
const DEBUG = process.env.TREEWARD_AGREEMENT_DEBUG ? new RegExp(process.env.TREEWARD_AGREEMENT_DEBUG) : null;

const available = requireSandbox('test/approver/shell-agreement.test.ts');

// ------------------------------------------------------------------ the approver's tree

type Vol = InstanceType<typeof Volume>;
const expand = (s: string) => s.replace(/@WORK/g, IN_WORK).replace(/@HOME/g, IN_HOME).replace(/@OUTSIDE/g, IN_OUTSIDE);

/** A memfs volume holding the layout at the sandbox's own absolute paths. */
function volumeOf(layout: Layout): Vol {
  const vol = new Volume();
  for (const d of [IN_WORK, IN_HOME, IN_OUTSIDE]) vol.mkdirSync(d, { recursive: true });
  const areas: [keyof Layout, string][] = [['work', IN_WORK], ['home', IN_HOME], ['outside', IN_OUTSIDE]];
  for (const [area, base] of areas) {
    for (const [key, v] of Object.entries(layout[area] ?? {})) {
      const p = `${base}/${key.replace(/\/+$/, '')}`;
      vol.mkdirSync(path.posix.dirname(p), { recursive: true });
      if (key.endsWith('/') || v === null || (typeof v === 'object' && !('symlink' in v) && !('content' in v))) vol.mkdirSync(p, { recursive: true });
      else if (typeof v === 'string') vol.writeFileSync(p, expand(v));
      else if ('symlink' in v) vol.symlinkSync(expand(v.symlink), p);
      else vol.writeFileSync(p, expand(v.content));
    }
  }
  return vol;
}

const volumes = new Map<Layout, Vol>();
function volumeFor(layout: Layout): Vol {
  let v = volumes.get(layout);
  if (!v) volumes.set(layout, (v = volumeOf(layout)));
  return v;
}

// ------------------------------------------------------------------ what the shell did

/** What the shell removed or wrote: the run's own changes, and what each logged stub call names (test/regression/argv-effects.ts reads argv as the real programs do). */
type ShellEvent = PathEvent;
const diffEvents = (ran: RunResult) => runEvents(ran, IN_WORK);
const callEvents = (call: Call, vol: Vol) => argvEvents(call, vol, IN_WORK);

// ------------------------------------------------------------------ what the approver listed

type Listed = Explanation['effects'][number];


/** The directory a glob's wildcards stand below. */
function globDirectory(p: string): string {
  const parts = p.split('/');
  const i = parts.findIndex((c) => /[*?[]/.test(c));
  return i < 0 ? p : parts.slice(0, i).join('/') || '/';
}

/** `mktemp` names stand in the approver's list as `tmp.XXXXXXXXXX`. */
function placeholder(p: string, recursive: boolean): RegExp | null {
  if (!/X{6,}/.test(p)) return null;
  const src = p.split(/X{6,}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[A-Za-z0-9]{6,}');
  return new RegExp(`^${src}${recursive ? '(/.*)?' : ''}$`);
}

/** One glob component as a regular expression (`*`, `?`, `[…]`, `[!…]`). */
function componentRegExp(c: string): RegExp {
  let src = '';
  for (let i = 0; i < c.length; i++) {
    const ch = c[i]!;
    if (ch === '*') src += '.*';
    else if (ch === '?') src += '.';
    else if (ch === '[' && c.indexOf(']', i + 2) > 0) {
      const end = c.indexOf(']', i + 2);
      const body = c.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
      src += `[${body}]`;
      i = end;
    } else src += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}$`);
}

/**
 * The directories a glob names by matching `.` or `..` itself: only sh (dash)
 * lets a final `.*`-style component match them; bash (globskipdots) and zsh never do.
 */
function dotEntries(q: string, dialect: ShellName): string[] {
  if (dialect !== 'sh') return [];
  const dir = globDirectory(q);
  const last = q.slice(dir === '/' ? 1 : dir.length + 1);
  if (last.includes('/') || !last.startsWith('.')) return [];
  const re = componentRegExp(last);
  return [...(re.test('.') ? [dir] : []), ...(re.test('..') ? [path.posix.dirname(dir)] : [])];
}

function covers(e: Listed, ev: ShellEvent, vol: Vol, dialect: ShellName): boolean {
  if (e.kind !== ev.kind) return false;
  if (e.paths === null) return true;
  for (const q of e.paths) {
    const re = placeholder(q, e.recursive);
    if (re) {
      if (re.test(ev.path)) return true;
      continue;
    }
    if (e.glob) {
      const dir = globDirectory(q);
      for (const d of [physical(vol, dir, false), physical(vol, dir, true)]) if (inside(ev.path, d)) return true;
      for (const d of dotEntries(q, dialect).map((x) => physical(vol, x, true))) {
        if (ev.path === d || (e.recursive && inside(ev.path, d))) return true;
      }
    }
    for (const c of new Set([physical(vol, q, false), physical(vol, q, true)])) {
      if (ev.path === c && (!ev.recursive || e.recursive)) return true;
      if (e.recursive && inside(ev.path, c)) return true;
    }
  }
  return false;
}

/** mkdir -p, install -D and cp --parents make the parents of what they were asked for: a created directory above what they list. */
function parentOfListedMkdir(effects: readonly Listed[], ev: ShellEvent, vol: Vol): boolean {
  if (!ev.createdDir) return false;
  return effects.some((e) => e.kind === 'write' && (e.by === 'mkdir' || e.by === 'install' || e.by === 'cp') && (e.paths ?? []).some((q) => inside(physical(vol, q, true), ev.path)));
}

// ------------------------------------------------------------------ plans

interface Plan {
  line: AgreementLine;
  dialect: ShellName;
  layout: Layout;
  vol: Vol;
  parsed: boolean;
  explanation: Explanation;
  /** The handed-back text, pinned to the work dir and to a directory that does not exist. */
  handBack: { work: string; nope: string } | null;
  handBackProblem: string | null;
}

const quoteDir = (d: string) => `'${d.replace(/'/g, `'\\''`)}'`;

function plan(line: AgreementLine, dialect: ShellName): Plan {
  const layout = line.layout ?? agreementLayout;
  const vol = volumeFor(layout);
  let parsed = true;
  try {
    parse(line.command, { dialect: treewardReadingOf[dialect].parse });
  } catch {
    parsed = false;
  }
  const explanation = explain(line.command, {
    ...readAs(dialect), tree: IN_WORK, home: IN_HOME, tempDir: '/tmp', env: ENV, fs: fileSystemFrom(vol as never),
  });
  let handBack: Plan['handBack'] = null;
  let handBackProblem: string | null = null;
  const v = explanation.verdict;
  if (v.decision === 'allow') {
    const head = `cd -- ${quoteDir(IN_WORK)} && {\n`;
    const want = `${head}${line.command}\n}`;
    if (v.command !== want) handBackProblem = `the handed-back text is not \`cd -- '<tree>' && {⏎<line>⏎}\`: ${JSON.stringify(v.command)}`;
    if (v.command.startsWith(head)) handBack = { work: v.command, nope: `cd -- ${quoteDir(NOPE)} && {\n${v.command.slice(head.length)}` };
  }
  return { line, dialect, layout, vol, parsed, explanation, handBack, handBackProblem };
}

const plans: Plan[] = [];
for (const line of agreementLines) for (const d of everyShellOf(line.dialects ?? SHELLS)) plans.push(plan(line, d));

const caseId = (kind: 'as-written' | 'pinned-nope' | 'pinned-work', p: Plan) => `${kind}:${p.line.id}:${p.dialect}`;

function cases(): Case[] {
  const out: Case[] = [];
  for (const p of plans) {
    const base = { shell: p.dialect, layout: p.layout, run: true, bashArgs: BASH_ARGS };
    out.push({ ...base, id: caseId('as-written', p), command: p.line.command });
    if (p.handBack) {
      out.push({ ...base, id: caseId('pinned-nope', p), command: p.handBack.nope });
      out.push({ ...base, id: caseId('pinned-work', p), command: p.handBack.work });
    }
  }
  return out;
}

// ------------------------------------------------------------------ judging one plan

const verdictText = (p: Plan) => {
  const v = p.explanation.verdict;
  return v.decision === 'allow' ? 'allow' : `deny ${v.id} (${v.reason})`;
};

interface Finding {
  plan: Plan;
  /** `miss`: the shell did what the approver did not list; `contain`: the handed-back text ran outside its group; `runner`: the sandbox itself. */
  kind: 'miss' | 'contain' | 'runner';
  soft: boolean;
  text: string;
}

const findings: Finding[] = [];
const stats = { events: 0, runsWithEvents: 0, allowed: 0, pinnedCalls: 0 };

/**
 * Refusals in which the approver itself says it cannot place a target or read
 * the code: a miss on such a line is logged, not failed (its list cannot be complete).
 */
const SOFT_IDS = new Set<string>(['dynamic-code', 'removal-unfixed-target', 'write-unfixed-target', 'removal-unplaced-name']);

function judge(p: Plan, results: Map<string, LineResult>): Finding[] {
  const out: Finding[] = [];
  const header = `\`${p.line.command}\` [${p.dialect}] — approver: ${verdictText(p)}`;
  const add = (kind: Finding['kind'], text: string, soft = false) => out.push({ plan: p, kind, soft, text: `${header}\n  ${text}` });
  const v = p.explanation.verdict;

  // 1. effects, as written
  const r = results.get(caseId('as-written', p));
  if (!r?.ran || r.error) add('runner', `the as-written run failed: ${r?.error ?? 'no result'}`);
  else if (r.ran.timedOut) add('runner', 'the as-written run timed out');
  else if (!p.parsed) {
    if (v.decision !== 'deny') add('miss', 'treeward cannot parse the line, yet the approver allowed it');
  } else {
    const events = [...diffEvents(r.ran), ...r.ran.calls.flatMap((c) => callEvents(c, p.vol))];
    stats.events += events.length;
    if (DEBUG && DEBUG.test(p.line.id)) {
      console.log(`${header}\n  shell: ${events.map((e) => `${e.kind} ${e.path}${e.recursive ? '/**' : ''} (${e.from})`).join('\n         ') || 'nothing'}` +
        `\n  approver: ${p.explanation.effects.map(describeListed).join('\n            ') || 'nothing'}` +
        `\n  calls: ${r.ran.calls.map((c) => `${c.argv.join(' ')} @${c.cwd}`).join('; ')}\n  exit ${r.ran.exit} stderr: ${r.ran.stderr.trim()}`);
    }
    if (events.length > 0) stats.runsWithEvents++;
    const listed = p.explanation.effects.map(describeListed);
    const soft = v.decision === 'deny' && SOFT_IDS.has(v.id);
    const seen = new Set<string>();
    for (const ev of events) {
      if (p.explanation.effects.some((e) => covers(e, ev, p.vol, p.dialect)) || parentOfListedMkdir(p.explanation.effects, ev, p.vol)) continue;
      const key = `${ev.kind} ${ev.path} ${ev.from}`;
      if (seen.has(key)) continue;
      seen.add(key);
      add('miss', `shell: ${ev.kind} of ${ev.path}${ev.recursive ? ' and below' : ''} (${ev.from})\n  approver listed: ${listed.length ? listed.join(' | ') : 'nothing'}`, soft);
    }
  }

  // 2. containment, for what the approver allows
  if (p.handBackProblem) add('contain', p.handBackProblem);
  if (p.handBack) {
    stats.allowed++;
    const nope = results.get(caseId('pinned-nope', p));
    if (!nope?.ran || nope.error) add('runner', `the pinned run in a missing directory failed: ${nope?.error ?? 'no result'}`);
    else {
      const calls = nope.ran.calls.map((c) => `${c.argv.join(' ')} (in ${c.cwd})`);
      const changed = diffEvents(nope.ran).map((e) => `${e.kind} of ${e.path} (${e.from})`);
      if (calls.length) add('contain', `with \`cd -- '${NOPE}'\` failing, commands still ran: ${calls.join('; ')}`);
      if (changed.length) add('contain', `with \`cd -- '${NOPE}'\` failing, the tree still changed: ${changed.join('; ')}`);
    }
    const work = results.get(caseId('pinned-work', p));
    if (!work?.ran || work.error) add('runner', `the pinned run in the work dir failed: ${work?.error ?? 'no result'}`);
    else {
      const leaves = p.line.leaves ?? [];
      const ok = (cwd: string) => cwd === '.' || (!cwd.startsWith('/') && !cwd.startsWith('..')) || leaves.some((l) => cwd === l || cwd.startsWith(l + '/'));
      stats.pinnedCalls += work.ran.calls.length;
      for (const c of work.ran.calls) {
        if (!ok(c.cwd)) add('contain', `pinned to the work dir, \`${c.argv.join(' ')}\` ran in ${c.cwd}, outside the tree`);
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ the tests

describe.skipIf(!available)('the shells agree with the approver', () => {
  let results = new Map<string, LineResult>();

  beforeAll(async () => {
    const t0 = Date.now();
    const all = cases();
    results = await runLines(all, { timeoutSec: 2, real: REAL });
    console.log(`shell-agreement: ${agreementLines.length} lines, ${plans.length} line×dialect, ${all.length} runs in ${Date.now() - t0} ms`);
    // sh lines run in dash and in bash --posix: on a loaded machine the runs take longer than the default hook limit
  }, 900_000);

  afterAll(() => {
    console.log(`shell-agreement: compared ${stats.events} shell events from ${stats.runsWithEvents} as-written runs; ` +
      `${stats.allowed} allowed line×dialect ran pinned (${stats.pinnedCalls} commands in the work dir, none allowed in a missing one)`);
    if (findings.length === 0) return;
    const by = (k: Finding['kind'], soft: boolean) => findings.filter((f) => f.kind === k && f.soft === soft);
    const section = (title: string, fs: Finding[]) => (fs.length ? `\n== ${title} (${fs.length})\n${fs.map((f) => f.text).join('\n')}\n` : '');
    console.log(
      'shell-agreement findings:' +
        section('the shell did what the approver did not list', by('miss', false)) +
        section('containment', by('contain', false)) +
        section('sandbox/runner', by('runner', false)) +
        section('not failed: misses on lines refused as unreadable or unfixed', by('miss', true)),
    );
  });

  for (const p of plans) {
    it(`${p.line.id} [${p.dialect}]: ${JSON.stringify(p.line.command)}`, () => {
      const found = judge(p, results);
      findings.push(...found);
      const hard = found.filter((f) => !f.soft).map((f) => `${f.kind}: ${f.text}`);
      expect(hard, `${p.line.note}\n${hard.join('\n')}`).toEqual([]);
    });
  }
});
